/**
 * Bench section: the writes a dealer makes many times a day and their own post page (a write in
 * ≤ 3 sequential D1 round trips, a page in ≤ 2). Fresh dealers make the writes, so the hourly limits of
 * worker/domain/rate-limits/index.ts (30 posts per dealer) never refuse one: each row is timed one request at a
 * time after a few warm-ups, with its round trips from Server-Timing.
 *
 *   GET /post/{id}      a fresh dealer's own Requesting post for a Ford F-150, whose matches the page lists
 *   POST /api/inventory a For Sale post with two vehicles, back to back (each also pays for the previous post's
 *                       deal alerts, delivered in the same process locally), and each on its own: the next post
 *                       waits until the one before is matched and no DealAlertFanout holds a pending delivery
 *                       (read from their storage files)
 *   POST /api/messages  the first message to another dealer (the chat is created) and a next one in that chat
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1TripsOf, otherDealers, signUpBenchDealer, stats } from "./bench-dealer.mjs";

export const title = "Writes and one's own post";

const WARM_UP = 5;
const POSTS_PER_DEALER = 25;

/**
 * The bench's new listing: two Silverado 1500s, a model with many open requests (3 on the 20 000-post network,
 * 57 on the national one), so each post alerts them all.
 */
export const silverados = (i) => ({
  title: `2018 Chevrolet Silverado 1500 LT #${i}`,
  description: "Two clean trucks, one owner each",
  type: "for-sale",
  vehicles: [
    { year: 2018, make: "Chevrolet", model: "Silverado 1500", trim: "LT", price: 27500 },
    { year: 2017, make: "Chevrolet", model: "Silverado 1500", price: 24000 },
  ],
  photoUrls: [],
});

const signUp = (baseUrl, label) =>
  signUpBenchDealer(baseUrl, { label, dealershipName: `Bench Writes ${label}` });

/**
 * Resolves once every DealAlertFanout's storage (one SQLite file per object under the state directory) holds no
 * pending delivery and no post still to match: the alerts of the posts before are delivered. A delivery is crossed off only once done.
 */
export async function alertsDelivered(persistTo, timeoutMs = 30_000) {
  const dir = path.join(persistTo, "v3", "do", "dealerlane-DealAlertFanout");
  const pending = (file) => {
    const db = new DatabaseSync(path.join(dir, file), { readOnly: true });
    try {
      return db
        .prepare("select count(*) as n from _cf_KV where key like 'pending:%' or key like 'match:%'")
        .get().n;
    } catch {
      return 0; // an object that never stored anything has no table yet
    } finally {
      db.close();
    }
  };
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sqlite")) : [];
    if (files.every((f) => pending(f) === 0)) return;
    if (performance.now() > deadline) throw new Error("deal alerts still pending after 30 s");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * How long a post's deal matching may take after its answer before its deliveries are stored: a check for
 * pending deliveries made sooner passes before they exist, and the next post then runs beside that whole fan-out
 * (57 deliveries nationally) and is timed with it.
 */
const MATCHING_SETTLES_MS = 500;

/** The alerts of every post made so far are delivered: none pending, and none still being matched. */
export async function alertsSettled(persistTo) {
  await alertsDelivered(persistTo);
  await new Promise((r) => setTimeout(r, MATCHING_SETTLES_MS));
  await alertsDelivered(persistTo);
}

/** One request, read to the end: its time (ms), status, Server-Timing round trips and JSON answer. */
async function timed(baseUrl, cookie, method, path, body, accept) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Origin: baseUrl,
      Cookie: cookie,
      ...(body ? { "Content-Type": "application/json" } : {}),
      ...(accept ? { Accept: accept } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
  return { ms, trips: d1TripsOf(res.headers.get("Server-Timing")), json: accept ? null : JSON.parse(text) };
}

/** `count` timed calls of `once(i)` after the warm-ups; the row keeps the last call's round trips. */
async function series(count, once) {
  const samples = [];
  let trips = null;
  for (let i = 0; i < WARM_UP + count; i++) {
    const result = await once(i);
    trips = result.trips;
    if (i >= WARM_UP) samples.push(result.ms);
  }
  return { ...stats(samples), ...(trips ? { trips } : {}) };
}

export async function run(ctx) {
  const { baseUrl } = ctx;
  const n = ctx.n;
  const rows = [];

  // One's own post page: a Requesting post for a popular truck, with its matches listed on the page.
  const owner = await signUp(baseUrl, "owner");
  const request = await timed(baseUrl, owner.cookie, "POST", "/api/inventory", {
    title: "Wanted: Ford F-150",
    description: "Looking for Ford F-150s, any year",
    type: "request",
    vehicles: [{ make: "Ford", model: "F-150" }],
    photoUrls: [],
  });
  const matches = await timed(
    baseUrl,
    owner.cookie,
    "GET",
    `/api/inventory/${request.json.id}/matches?limit=10`,
  );
  rows.push({
    name: "GET /post/{id} (one's own request, its matches listed)",
    ...(await series(n, () =>
      timed(baseUrl, owner.cookie, "GET", `/post/${request.json.id}`, undefined, "text/html"),
    )),
    note: `${matches.json.length} matches on the page`,
  });

  // New posts, from as many fresh dealers as the hourly post limit needs: back to back as a dealer posting a
  // lot would, then each on its own (the previous post's alerts delivered first, so none of their work is in it).
  const newPosts = async (label, before) => {
    const posters = [];
    for (let i = 0; i < Math.ceil((WARM_UP + n) / POSTS_PER_DEALER); i++)
      posters.push(await signUp(baseUrl, `${label}${i}`));
    return series(n, async (i) => {
      await before();
      return timed(
        baseUrl,
        posters[Math.floor(i / POSTS_PER_DEALER)].cookie,
        "POST",
        "/api/inventory",
        silverados(i),
      );
    });
  };
  rows.push({
    name: "POST /api/inventory (For Sale, two vehicles)",
    ...(await newPosts("poster", async () => {})),
    note: "back to back: locally each also pays for the previous post's deal alerts",
  });
  rows.push({
    name: "POST /api/inventory (For Sale, two vehicles, the previous post's alerts delivered)",
    ...(await newPosts("alone", () => alertsSettled(ctx.persistTo))),
  });

  // Messages: each first message goes to a dealer never written to (the chat is created), then one chat.
  const sender = await signUp(baseUrl, "sender");
  const receivers = await otherDealers(baseUrl, sender.cookie, WARM_UP + n, [sender.id, owner.id]);
  rows.push({
    name: "POST /api/messages (first message between two dealers)",
    ...(await series(n, (i) =>
      timed(baseUrl, sender.cookie, "POST", "/api/messages", { receiverId: receivers[i], content: "Hello" }),
    )),
  });
  rows.push({
    name: "POST /api/messages (in an existing chat)",
    ...(await series(n, (i) =>
      timed(baseUrl, sender.cookie, "POST", "/api/messages", {
        receiverId: receivers[0],
        content: `Still available? (${i})`,
      }),
    )),
  });
  return rows;
}
