/**
 * Deal-alert benchmark section: fresh sellers create For Sale posts that match the open
 * requests of REQUESTERS fresh dealers (plus any seeded request they answer), each requester listening on its
 * DealerInbox socket. Figures: the create request itself, with and without alerts (alternating, so both see the
 * same machine load; matching and the fan-out run after the answer), and from the request to the deal-alert
 * frame on the last requester's socket.
 */
import { call, openSocket, signUpBenchDealer, stats } from "./bench-dealer.mjs";

export const title = "Deal alerts";

const REQUESTERS = 8;
const WARM_UP = 3;
const POSTS_PER_SELLER = 25;

const signUp = (baseUrl, label, i) =>
  signUpBenchDealer(baseUrl, {
    label: `alerts-${label}${i}`,
    firstName: "Alert",
    dealershipName: `Bench Buyers ${i}`,
  });

async function createPost(baseUrl, cookie, text, type = "for-sale") {
  const post = { title: text.slice(0, 200), description: text, type, vehicles: [], photoUrls: [] };
  const res = await call(baseUrl, cookie, "POST", "/api/inventory", post);
  // The worker's own time for the request (Server-Timing total), apart from what the client waited.
  const total = /total;dur=([\d.]+)/.exec(res.headers.get("Server-Timing") ?? "");
  return { id: (await res.json()).id, workerMs: total ? Number(total[1]) : NaN };
}

/** A requester's inbox: records when each deal-alert frame (by the post it links to) arrived. */
async function listen(baseUrl, dealer, arrivals) {
  const ws = await openSocket(baseUrl, dealer.cookie, `dealer-inbox/${dealer.id}`);
  ws.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type !== "notification" || frame.notification.type !== "deal-alert") return;
    const link = frame.notification.link;
    const seen = arrivals.get(link) ?? new Map();
    if (!seen.has(dealer.id)) seen.set(dealer.id, performance.now());
    arrivals.set(link, seen);
  };
  return ws;
}

async function lastArrival(arrivals, link, dealers, timeoutMs = 15_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const seen = arrivals.get(link);
    if (seen && dealers.every((d) => seen.has(d.id))) return Math.max(...dealers.map((d) => seen.get(d.id)));
    if (performance.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * REQUESTERS fresh dealers, each with an open request for a Cayenne and listening on its inbox, and enough fresh
 * sellers for `posts` posts of each kind: `alertPost(i)` posts a Cayenne they all asked for and answers the
 * create's time and the time until the deal-alert frame reached the last of them (null past 15 s); `plainPost(i)`
 * posts a lot nobody asked for. The bench's section and bench-side-by-side's `--alerts` both post through it.
 */
export async function alertAudience(baseUrl, label, posts) {
  const requesters = [];
  for (let i = 0; i < REQUESTERS; i++) requesters.push(await signUp(baseUrl, label, i));
  for (const r of requesters)
    await createPost(baseUrl, r.cookie, "Looking for a 2019-2021 Porsche Cayenne under $80k", "request");
  const arrivals = new Map();
  const sockets = await Promise.all(requesters.map((r) => listen(baseUrl, r, arrivals)));
  // Posts are limited per dealer (worker/domain/rate-limits/index.ts, 30 an hour): fresh sellers take turns.
  const sellers = [];
  for (let i = 0; i < Math.ceil((posts * 2) / POSTS_PER_SELLER); i++)
    sellers.push(await signUp(baseUrl, `${label}-seller`, 100 + i));
  let posted = 0;
  const nextSeller = () => sellers[Math.floor(posted++ / POSTS_PER_SELLER)].cookie;
  return {
    async plainPost(i) {
      const started = performance.now();
      const { workerMs } = await createPost(
        baseUrl,
        nextSeller(),
        `Lot clean-up ${label}-${i}: six trades, sold as-is, where-is`,
      );
      return { ms: performance.now() - started, workerMs };
    },
    async alertPost(i) {
      const started = performance.now();
      const { id, workerMs } = await createPost(
        baseUrl,
        nextSeller(),
        `2020 Porsche Cayenne S, 31k miles, $68,500 (${label}-${i})`,
      );
      const createMs = performance.now() - started;
      const last = await lastArrival(arrivals, `/post/${id}`, requesters);
      return { createMs, workerMs, deliveryMs: last === null ? null : last - started };
    },
    close: () => sockets.forEach((ws) => ws.close()),
  };
}

export async function run(ctx) {
  const { baseUrl } = ctx;
  const run = Date.now().toString(36);
  const count = Number(process.env.BENCH_ALERT_POSTS || 50);
  const audience = await alertAudience(baseUrl, run, count + WARM_UP);
  const plain = [];
  const withAlerts = [];
  const delivery = [];
  let missed = 0;
  const settle = () => new Promise((r) => setTimeout(r, 400));
  const plainWorker = [];
  const alertWorker = [];
  const { plainPost, alertPost } = audience;
  for (let i = 0; i < count + WARM_UP; i++) {
    // Alternate which goes first, and let each post's background work (fan-out, e-mails) finish before the
    // next request, so neither figure pays for the other's alerts.
    let plainResult;
    let alert;
    if (i % 2 === 0) {
      plainResult = await plainPost(i);
      await settle();
      alert = await alertPost(i);
    } else {
      alert = await alertPost(i);
      await settle();
      plainResult = await plainPost(i);
    }
    await settle();
    if (i < WARM_UP) continue;
    plain.push(plainResult.ms);
    plainWorker.push(plainResult.workerMs);
    withAlerts.push(alert.createMs);
    alertWorker.push(alert.workerMs);
    if (alert.deliveryMs === null) missed += 1;
    else delivery.push(alert.deliveryMs);
  }
  audience.close();

  const p = stats(plain);
  const a = stats(withAlerts);
  const d = stats(delivery);
  const ratio = a.median / p.median;
  // Locally the fan-out's Durable Objects share the worker's process, so the client also waits for their work;
  // the worker's own Server-Timing total is what the request costs where they run apart (production).
  const pw = stats(plainWorker);
  const aw = stats(alertWorker);
  const workerRatio = aw.median / pw.median;
  return [
    { name: "POST /api/inventory, For Sale, no matching request", ...p },
    {
      name: `POST /api/inventory, For Sale, matching ${REQUESTERS} open requests`,
      ...a,
      note: `as the client waited ${ratio.toFixed(2)}× the same request without alerts; the worker's own time (Server-Timing total) ${aw.median.toFixed(1)} ms vs ${pw.median.toFixed(1)} ms = ${workerRatio.toFixed(2)}× (target ≤ 1.5×: ${workerRatio <= 1.5 ? "met" : "missed"})`,
    },
    {
      name: `create → deal-alert frame on the last of ${REQUESTERS} requesters' sockets`,
      ...d,
      note: `${delivery.length}/${count} posts reached all ${REQUESTERS} sockets${missed ? `, ${missed} did not within 15 s` : ""}; median ${d.median.toFixed(1)} ms, p95 ${d.p95.toFixed(1)} ms`,
    },
  ];
}
