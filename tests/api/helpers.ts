import {
  SELF,
  createExecutionContext,
  createScheduledController,
  env,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import worker from "../../worker/index";
import type { DealAlertFanout } from "../../durable-objects/deal-alert-fanout";
import { fanoutOf } from "../../worker/realtime/addresses";
import { currentUserSchema, type Notification } from "#lib/api-types";

export const ORIGIN = "http://localhost:8787";

/** Counts each time a bound statement is run on its own: one round trip to D1 (a batch's statements are not). */
function countTrips(statement: D1PreparedStatement, counter: { trips: number }): D1PreparedStatement {
  for (const method of ["all", "run", "first", "raw"] as const) {
    const run = statement[method].bind(statement) as (...args: unknown[]) => unknown;
    Object.assign(statement, {
      [method]: (...args: unknown[]) => {
        counter.trips++;
        return run(...args);
      },
    });
  }
  const bind = statement.bind.bind(statement);
  return Object.assign(statement, {
    bind: (...values: unknown[]) => countTrips(bind(...values), counter),
  });
}

/**
 * A D1 binding (the main database unless told), counting the statements prepared through it (`counter.queries`)
 * and the round trips made (`counter.trips`: a batch, or a statement run on its own); a statement matching
 * `refuse` is swapped for one that fails, as a store that breaks partway would.
 */
export function countedDb(refuse?: RegExp, binding: D1Database = env.DB) {
  const counter = { queries: 0, trips: 0 };
  const database = new Proxy(binding, {
    get(target, key) {
      if (key === "prepare")
        return (query: string) => {
          counter.queries++;
          const statement = target.prepare(
            refuse?.test(query) ? "select * from a_table_that_is_not_there" : query,
          );
          return countTrips(statement, counter);
        };
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          counter.trips++;
          return target.batch(statements);
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { database, counter };
}

/** A 1×1 PNG: enough for the magic-byte check. */
export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

/** A photo uploaded the way the browser does it: a signed address, then the PUT. Answers its stored address. */
export async function uploadPhoto(cookie: string): Promise<string> {
  const signed = await call("POST", "/api/objects/upload", { cookie });
  const res = await SELF.fetch(signed.json.uploadURL as string, {
    method: "PUT",
    headers: { "Content-Type": "image/png", Origin: ORIGIN },
    body: PNG,
  });
  if (res.status !== 201) throw new Error(`photo upload failed: ${res.status}`);
  return ((await res.json()) as { photoUrl: string }).photoUrl;
}

/** A photo `from` sends `to` in their chat, uploaded and sent as the browser does it: its stored address. */
export async function sendChatPhoto(
  from: { cookie: string },
  to: { dealerId: string },
  name = "odometer.png",
): Promise<string> {
  const ticket = await call("POST", "/api/objects/chat-upload", { cookie: from.cookie });
  const url = new URL(ticket.json.uploadURL as string);
  const put = await SELF.fetch(url.toString(), {
    method: "PUT",
    body: PNG,
    headers: { "Content-Type": "image/png", Origin: ORIGIN },
  });
  if (put.status !== 201) throw new Error(`chat upload failed: ${put.status}`);
  const sent = await call("POST", "/api/messages", {
    cookie: from.cookie,
    body: {
      receiverId: to.dealerId,
      content: "",
      clientId: crypto.randomUUID(),
      attachments: [
        { url: url.pathname, name, contentType: "image/png", size: PNG.byteLength, width: 1, height: 1 },
      ],
    },
  });
  if (sent.status !== 201) throw new Error(`chat photo not sent: ${sent.status} ${sent.text}`);
  return url.pathname;
}

type Call = { body?: unknown; cookie?: string; headers?: Record<string, string>; rawBody?: string };

/** A same-origin JSON call against the whole worker, as the browser makes it. */
export async function call(method: string, path: string, { body, cookie, headers = {}, rawBody }: Call = {}) {
  const init: RequestInit = { method, headers: { Origin: ORIGIN, ...headers } };
  const h = init.headers as Record<string, string>;
  if (cookie) h.Cookie = cookie;
  if (rawBody !== undefined || body !== undefined) {
    h["Content-Type"] = "application/json";
    init.body = rawBody ?? JSON.stringify(body);
  }
  const response = await SELF.fetch(`${ORIGIN}${path}`, init);
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: json as Record<string, unknown> & Record<string, never>,
  };
}

/** `d1;desc="N"` (D1 round trips) and `d1-seq;desc="S"` (of them, in sequence) from an answer's Server-Timing. */
export function tripsOf(headers: Headers) {
  const timing = headers.get("Server-Timing") ?? "";
  const total = /(?:^|, )d1;desc="(\d+)";dur=[\d.]+/.exec(timing);
  const sequential = /d1-seq;desc="(\d+)"/.exec(timing);
  if (!total || !sequential || !/total;dur=[\d.]+/.test(timing))
    throw new Error(`No D1 timing in "${timing}"`);
  return { total: Number(total[1]), sequential: Number(sequential[1]) };
}

/** The `name=value` part of a response's session cookie, ready to send back. */
export function sessionCookieOf(headers: Headers): string {
  const setCookie = headers.getSetCookie().find((c) => c.startsWith("dl_session="));
  if (!setCookie) throw new Error("No session cookie set");
  return setCookie.split(";")[0] ?? "";
}

let counter = 0;
/** Each call gets a fresh IP so rate limits of one test never leak into another. */
export function freshIp() {
  counter += 1;
  return `203.0.113.${counter % 250}`;
}

export const VALID_PROFILE = {
  firstName: "Dana",
  lastName: "Whitfield",
  email: "dana@whitfield-motors.example",
  phone: "(512) 555-0142",
  address: "4100 Lamar Blvd",
  city: "Austin",
  state: "TX",
  zipCode: "78756",
  country: "US",
  dealershipName: "Whitfield Motors",
  dealershipType: "independent",
  auctionAccessNumber: "100234567",
  dealership5MilNumber: "5M-448812",
};

/** The token of the newest link of `template` e-mailed to `email` (sent after the answer: waits for it). */
export async function linkFromOutbox(
  email: string,
  template: "verify-email" | "password-reset" | "sign-in-link",
) {
  for (let i = 0; i < 100; i++) {
    const row = await env.OUTBOX_DB.prepare(
      "select body_text from outbox where recipient = ? and template = ? order by created_at desc limit 1",
    )
      .bind(email, template)
      .first<{ body_text: string }>();
    const token = row ? /token=([A-Za-z0-9_-]+)/.exec(row.body_text)?.[1] : undefined;
    if (token) return token;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`No ${template} e-mail to ${email}`);
}

/** Opens the confirmation link e-mailed at sign-up. */
export async function confirmEmail(email: string) {
  const token = await linkFromOutbox(email, "verify-email");
  const res = await call("POST", "/api/auth/verify-email", {
    body: { token },
    headers: { "CF-Connecting-IP": freshIp() },
  });
  if (res.status !== 200) throw new Error(`verify-email failed: ${res.status} ${res.text}`);
}

/** The vehicle the deal tests trade: a 2019 Ford F-150 XLT with a real-looking VIN. */
export const DEAL_VEHICLE = {
  vin: "1FTEW1E50KFA12345",
  year: 2019,
  make: "Ford",
  model: "F-150",
  trim: "XLT",
  miles: 41250,
  color: "White",
};

/** Names the two parties of a deal test, so documents and lists show "Sam Seller" and "Bea Buyer". */
export async function nameSellerAndBuyer(seller: { dealerId: string }, buyer: { dealerId: string }) {
  await env.DB.batch([
    env.DB.prepare(
      "update dealers set name = 'Sam Seller', dealership_name = 'Seller Motors' where id = ?",
    ).bind(seller.dealerId),
    env.DB.prepare(
      "update dealers set name = 'Bea Buyer', dealership_name = 'Buyer Autos' where id = ?",
    ).bind(buyer.dealerId),
  ]);
}

/**
 * Signs up a new account, confirms its e-mail (`confirmed: false` leaves it unconfirmed) and completes its
 * dealer profile; answers the cookie and the dealer id.
 */
export async function signUpDealer(
  email = `dealer-${crypto.randomUUID()}@example.com`,
  password = "correct-horse-1",
  { confirmed = true } = {},
) {
  const ip = freshIp();
  const signup = await call("POST", "/api/auth/signup", {
    body: { email, password },
    headers: { "CF-Connecting-IP": ip },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const cookie = sessionCookieOf(signup.headers);
  if (confirmed) await confirmEmail(email);
  const profile = await call("POST", "/api/auth/complete-profile", {
    cookie,
    body: { ...VALID_PROFILE, email },
  });
  if (profile.status !== 201) throw new Error(`profile failed: ${profile.status} ${profile.text}`);
  return { cookie, email, password, dealerId: (profile.json as unknown as { id: string }).id };
}

/** A new dealer (as `signUpDealer`) whose account is then made an admin's. */
export async function signUpAdmin() {
  const admin = await signUpDealer();
  await env.DB.prepare("update accounts set role = 'admin' where email = ?").bind(admin.email).run();
  return admin;
}

/**
 * A throwaway demo account, a dealer it added to the directory, and the demo made already expired, so the next
 * daily cron removes both (`runDailyCron`).
 */
export async function expiredDemoWithAddedDealer() {
  const res = await call("POST", "/api/auth/create-dummy", { headers: { "CF-Connecting-IP": freshIp() } });
  if (res.status !== 201) throw new Error(`demo sign-in failed: ${res.status} ${res.text}`);
  const demo = currentUserSchema.parse(res.json);
  const added = await call("POST", "/api/dealers", {
    cookie: sessionCookieOf(res.headers),
    body: { ...VALID_PROFILE, name: "Casey Lot", email: "casey@lot.example" },
  });
  if (added.status !== 201) throw new Error(`adding a dealer failed: ${added.status} ${added.text}`);
  await env.DB.prepare("update accounts set demo_expires_at = ? where id = ?")
    .bind(Date.now() - 1000, demo.userId)
    .run();
  return { demoId: demo.id!, addedId: (added.json as unknown as { id: string }).id };
}

const HUNDRED_CHARACTERS =
  "Kowalczyk Brothers Pre-Owned Trucks and Vans of Greater Milwaukee, Waukesha, Racine and Kenosha Cnty";

/**
 * Searches the schemas accept (up to 100 characters) that a LIKE pattern could not take — D1 refuses patterns
 * over 50 bytes, and 13 emoji are 52 — or would read as wildcards, each with a dealer name that contains it.
 */
export const HARD_SEARCHES = [
  { label: "100 characters", search: HUNDRED_CHARACTERS, name: `${HUNDRED_CHARACTERS} LLC` },
  { label: "13 emoji", search: "🚗".repeat(13), name: `Emoji ${"🚗".repeat(13)} Motors` },
  { label: "50 emoji", search: "🛻".repeat(50), name: `${"🛻".repeat(50)} Lot` },
  { label: "% _ \\ as text", search: "100%_off \\ deals", name: "Wild 100%_off \\ deals Cars" },
  { label: "100 % signs", search: "%".repeat(100), name: `${"%".repeat(100)} Percent Motors` },
] as const;

/** A name the wildcards of HARD_SEARCHES would match if they were read as LIKE's. */
export const WILDCARD_DECOY = "Wild 1000Xoff \\ deals Decoy";

/**
 * The same signed upload address PUT with each of `bodies` at the same moment: the answers' statuses in order
 * of the bodies, and the body whose PUT answered 201 (undefined when none did).
 */
export async function putAtOnce(url: URL, bodies: Uint8Array<ArrayBuffer>[], contentType: string) {
  const answers = await Promise.all(
    bodies.map((body) =>
      SELF.fetch(url.toString(), {
        method: "PUT",
        body,
        headers: { "Content-Type": contentType, Origin: ORIGIN },
      }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  const messages = await Promise.all(answers.map((a) => a.json() as Promise<{ message?: string }>));
  return { statuses, messages, winner: bodies[statuses.indexOf(201)] };
}

/**
 * `base` followed by 256 KB of the byte `i`: a different file of the same type for each concurrent PUT, long
 * enough that their writes overlap.
 */
export function variantOf(base: Uint8Array<ArrayBuffer>, i: number): Uint8Array<ArrayBuffer> {
  const file = new Uint8Array(base.byteLength + 256 * 1024).fill(i);
  file.set(base);
  return file;
}

/** Reads until `done` holds (work that runs after the answer), or the time is up; answers the last reading. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The dealer's notifications, newest first. */
export const notificationsOf = async (cookie: string) =>
  (await call("GET", "/api/notifications", { cookie })).json as unknown as Notification[];

/** Deal alerts are delivered after the answer, through the fan-out: wait for them. */
export const waitForNotifications = (cookie: string, count: number, timeoutMs = 6000) =>
  eventually(
    () => notificationsOf(cookie),
    (list) => list.length >= count,
    timeoutMs,
  );

/**
 * Waits until a post's fan-out has matched what it was told and delivered it all; answers what is left. A post
 * made after another that it matches is then matched from its own side, as a dealer posting later would be.
 */
export const fanoutSettled = (postId: string) =>
  eventually(
    () =>
      runInDurableObject(fanoutOf(env, postId), async (_: DealAlertFanout, state) => ({
        unmatched: (await state.storage.list({ prefix: "match:" })).size,
        pending: (await state.storage.list({ prefix: "pending:" })).size,
      })),
    (v) => v.unmatched === 0 && v.pending === 0,
  );

/**
 * The daily cron, run to its end: what it hands to waitUntil (a synced sheet's alerts) included. `at` is the run's
 * scheduled time (the late title and payment alerts' clock).
 */
export async function runDailyCron(cron = "0 4 * * *", at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime: at }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** A chat's messages as its room keeps them (each chat's history lives in its own ChatRoom). */
export const roomMessages = (chatId: string) =>
  env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(chatId)).allMessages();

/** Every message a dealer sent or received, gathered from the rooms of their chats. */
export async function messagesOfDealer(dealerId: string) {
  const { results } = await env.DB.prepare("select chat_id as id from chat_participants where dealer_id = ?")
    .bind(dealerId)
    .all<{ id: string }>();
  const each = await Promise.all(results.map((c) => roomMessages(c.id)));
  return each.flat().filter((m) => m.senderId === dealerId || m.receiverId === dealerId);
}

/** Two new dealers and the chat A opened with B. */
/** A chat begun before rooms kept their messages: its rows in D1 only, as a deployed database has them. */
export const chatInD1Only = async (x: { dealerId: string }, y: { dealerId: string }) => {
  const chatId = crypto.randomUUID();
  const t = Date.now() - 60_000;
  await env.DB.batch([
    env.DB.prepare("insert into chats (id, pair_key, last_message_at) values (?, ?, ?)").bind(
      chatId,
      [x.dealerId, y.dealerId].sort().join(":"),
      t + 1,
    ),
    env.DB.prepare("insert into chat_participants (chat_id, dealer_id) values (?, ?), (?, ?)").bind(
      chatId,
      x.dealerId,
      chatId,
      y.dealerId,
    ),
    env.DB.prepare(
      `insert into messages (id, chat_id, client_id, sender_id, receiver_id, content, is_read, created_at)
       values (?, ?, ?, ?, ?, 'Old hello', 1, ?), (?, ?, ?, ?, ?, 'Old answer', 0, ?)`,
    ).bind(
      crypto.randomUUID(),
      chatId,
      crypto.randomUUID(),
      x.dealerId,
      y.dealerId,
      t,
      crypto.randomUUID(),
      chatId,
      crypto.randomUUID(),
      y.dealerId,
      x.dealerId,
      t + 1,
    ),
  ]);
  return chatId;
};
export async function twoDealersWithAChat() {
  const a = await signUpDealer();
  const b = await signUpDealer();
  const chat = await call("POST", "/api/chats", { cookie: a.cookie, body: { participantId: b.dealerId } });
  if (chat.status !== 201) throw new Error(`chat not opened: ${chat.status} ${chat.text}`);
  return { a, b, chatId: chat.json.id as string };
}

/** A post of one 2020 Ford F-150 for sale by `dealer`, titled `title`; answers its id. */
export async function postForSale(dealer: { cookie: string }, title: string, photoUrls: string[] = []) {
  const res = await call("POST", "/api/inventory", {
    cookie: dealer.cookie,
    body: {
      title,
      type: "single",
      description: "",
      vehicles: [{ year: 2020, make: "Ford", model: "F-150", mileage: 41000, price: 28500 }],
      photoUrls,
    },
  });
  if (res.status !== 201) throw new Error(`posting failed: ${res.status} ${res.text}`);
  return res.json.id as string;
}
