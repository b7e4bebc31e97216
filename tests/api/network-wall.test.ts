import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { currentUserSchema } from "#lib/api-types";
import { api } from "../../worker/api";
import {
  ORIGIN,
  call,
  eventually,
  freshIp,
  messagesOfDealer,
  sessionCookieOf,
  signUpDealer,
} from "./helpers";

/**
 * The demo network and the real one are two worlds (worker/db/network-wall.ts). Every endpoint of the router —
 * read from its own list of routes, so a new one is walked without anyone remembering to — is called by a
 * dealer of one network with the ids of the other's dealers, posts, vehicles, comments, chats, messages and
 * deals: each answers 404, and no list or search answers anything of the other world. A route this test does
 * not know fails it until it is classified below.
 */

type World = {
  cookie: string;
  dealerId: string;
  accountId: string;
  /** A dealer of the same world the first one trades with. */
  partnerId: string;
  /** Words only this world's rows hold, searched for from the other world. */
  tag: string;
  postId: string;
  requestId: string;
  vehicleId: string;
  commentId: string;
  chatId: string;
  messageId: string;
  dealId: string;
  offerId: string;
};

type Ids = Omit<World, "cookie" | "tag">;

async function demoAccount() {
  const res = await call("POST", "/api/auth/create-dummy", { headers: { "CF-Connecting-IP": freshIp() } });
  expect(res.status, res.text).toBe(201);
  const user = currentUserSchema.parse(res.json);
  return { cookie: sessionCookieOf(res.headers), dealerId: user.id as string };
}

async function ok<T = Record<string, unknown>>(
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<T> {
  const res = await call(method, path, { cookie, body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.json as T;
}

/** A world: its dealer lists a truck and asks for one, its partner comments, they chat and make a deal. */
async function worldOf(dealer: { cookie: string; dealerId: string }, demo: boolean): Promise<World> {
  const partner = await signUpDealer();
  if (demo) await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(partner.dealerId).run();
  const tag = `Wall${demo ? "demo" : "real"}${Date.now()}`;
  await env.DB.prepare("update dealers set name = ?, dealership_name = ? where id = ?")
    .bind(`${tag} Dealer`, `${tag} Motors`, dealer.dealerId)
    .run();
  const post = await ok<{ id: string }>("POST", "/api/inventory", dealer.cookie, {
    title: `2019 Ford F-150 ${tag}`,
    type: "for-sale",
    description: `Clean truck ${tag}`,
    vehicles: [{ year: 2019, make: "Ford", model: "F-150", mileage: 41000, price: 28500 }],
  });
  const request = await ok<{ id: string }>("POST", "/api/inventory", partner.cookie, {
    title: `Wanted Ford F-150 ${tag}`,
    type: "request",
    description: `Looking for a 2018 or newer Ford F-150 ${tag}`,
  });
  const comment = await ok<{ id: string }>("POST", `/api/inventory/${post.id}/comments`, partner.cookie, {
    content: `Still available? ${tag}`,
  });
  const message = await ok<{ id: string; chatId: string }>("POST", "/api/messages", dealer.cookie, {
    receiverId: partner.dealerId,
    content: `Hello ${tag}`,
  });
  const deal = await ok<{ id: string }>("POST", "/api/deals", dealer.cookie, {
    counterpartyId: partner.dealerId,
    role: "seller",
    postId: post.id,
    vehicle: { year: 2019, make: "Ford", model: "F-150", trim: "XLT", miles: 41000, color: "White" },
    price: 28500,
    location: "Dallas, TX",
  });
  await ok("POST", "/api/connections/add-dealer", dealer.cookie, { receiverId: partner.dealerId });
  const vehicle = await env.DB.prepare("select id from vehicles where post_id = ?")
    .bind(post.id)
    .first<{ id: string }>();
  const offer = await ok<{ id: string }>("POST", "/api/offers", partner.cookie, {
    vehicleId: vehicle!.id,
    price: 27000,
    message: `Offer ${tag}`,
  });
  // The offer's card reaches the chat after the answer: the world is whole once it has.
  await eventually(
    async () => ({
      n: (await messagesOfDealer(partner.dealerId)).filter((m) => m.offer?.offerId === offer.id).length,
    }),
    (row) => row.n > 0,
  );
  const account = await env.DB.prepare("select account_id as id from dealers where id = ?")
    .bind(dealer.dealerId)
    .first<{ id: string }>();
  return {
    cookie: dealer.cookie,
    dealerId: dealer.dealerId,
    accountId: account!.id,
    partnerId: partner.dealerId,
    tag,
    postId: post.id,
    requestId: request.id,
    vehicleId: vehicle!.id,
    commentId: comment.id,
    chatId: message.chatId,
    messageId: message.id,
    dealId: deal.id,
    offerId: offer.id,
  };
}

/** A call of one route with the other world's ids. */
type Probe = { path: string; body?: unknown };

const DEAL_VEHICLE = { year: 2019, make: "Ford", model: "F-150", trim: "XLT", miles: 41000, color: "White" };

/** Routes that name something of another dealer: each is called with the other world's ids and must answer 404. */
const NAMES_ANOTHER: Record<string, (o: Ids) => Probe> = {
  "GET /dealers/:id": (o) => ({ path: `/dealers/${o.dealerId}` }),
  "GET /dealers/:id/reviews": (o) => ({ path: `/dealers/${o.dealerId}/reviews` }),
  "POST /dealers/:id/reviews/:reviewId/reply": (o) => ({
    path: `/dealers/${o.dealerId}/reviews/${o.dealId}/reply`,
    body: { reply: "Across the wall" },
  }),
  "PATCH /dealers/:id": (o) => ({ path: `/dealers/${o.dealerId}`, body: { name: "Taken" } }),
  "POST /dealers/connect": (o) => ({ path: "/dealers/connect", body: { receiverId: o.dealerId } }),
  "GET /connections/:userId": (o) => ({ path: `/connections/${o.accountId}` }),
  "POST /connections/add-dealer": (o) => ({
    path: "/connections/add-dealer",
    body: { receiverId: o.dealerId },
  }),
  "POST /connections/remove": (o) => ({ path: "/connections/remove", body: { dealerId: o.dealerId } }),
  "GET /inventory/:id": (o) => ({ path: `/inventory/${o.postId}` }),
  "PATCH /inventory/:id": (o) => ({ path: `/inventory/${o.postId}`, body: { title: "Taken" } }),
  "DELETE /inventory/:id": (o) => ({ path: `/inventory/${o.postId}` }),
  "POST /inventory/:id/comments": (o) => ({
    path: `/inventory/${o.postId}/comments`,
    body: { content: "Hi" },
  }),
  "GET /inventory/:id/matches": (o) => ({ path: `/inventory/${o.requestId}/matches` }),
  "POST /inventory/:id/sync": (o) => ({ path: `/inventory/${o.postId}/sync` }),
  "GET /inventory/:id/buy-order": (o) => ({ path: `/inventory/${o.requestId}/buy-order` }),
  "PUT /inventory/:id/buy-order": (o) => ({
    path: `/inventory/${o.requestId}/buy-order`,
    body: { vehicles: [{ make: "Ford" }] },
  }),
  "POST /chats": (o) => ({ path: "/chats", body: { participantId: o.dealerId } }),
  "GET /chats/:id/messages": (o) => ({ path: `/chats/${o.chatId}/messages` }),
  "POST /chats/:id/read": (o) => ({ path: `/chats/${o.chatId}/read`, body: {} }),
  "POST /chats/:id/calls/:callId": (o) => ({
    path: `/chats/${o.chatId}/calls/00000000-0000-4000-8000-000000000000`,
    body: { answer: "accept" },
  }),
  "POST /messages": (o) => ({ path: "/messages", body: { receiverId: o.dealerId, content: "Hi" } }),
  "DELETE /messages/:id": (o) => ({ path: `/messages/${o.messageId}` }),
  "POST /deals": (o) => ({
    path: "/deals",
    body: {
      counterpartyId: o.dealerId,
      role: "buyer",
      vehicle: DEAL_VEHICLE,
      price: 28000,
      location: "Dallas, TX",
    },
  }),
  "GET /deals/:id": (o) => ({ path: `/deals/${o.dealId}` }),
  "GET /deals/:id/bill-of-sale": (o) => ({ path: `/deals/${o.dealId}/bill-of-sale` }),
  "POST /deals/:id/sign": (o) => ({
    path: `/deals/${o.dealId}/sign`,
    body: { fullName: "Wall Walker", consent: true },
  }),
  "GET /deals/:id/disputes": (o) => ({ path: `/deals/${o.dealId}/disputes` }),
  "POST /deals/:id/disputes": (o) => ({
    path: `/deals/${o.dealId}/disputes`,
    body: { reason: "other", description: "Taken" },
  }),
  "POST /deals/:id/disputes/:disputeId/answer": (o) => ({
    path: `/deals/${o.dealId}/disputes/00000000-0000-4000-8000-000000000000/answer`,
    body: { answer: "Taken" },
  }),
  "GET /deals/:id/dispute-files": (o) => ({ path: `/deals/${o.dealId}/dispute-files` }),
  "GET /deals/:id/review": (o) => ({ path: `/deals/${o.dealId}/review` }),
  "POST /deals/:id/review": (o) => ({
    path: `/deals/${o.dealId}/review`,
    body: {
      vehicleAsDescribed: 5,
      paperworkOnTime: 5,
      paymentOnTime: 5,
      communication: 5,
      comment: "Across the wall",
    },
  }),
  "POST /deals/:id/confirm": (o) => ({ path: `/deals/${o.dealId}/confirm`, body: {} }),
  "POST /deals/:id/decline": (o) => ({ path: `/deals/${o.dealId}/decline`, body: {} }),
  "POST /deals/:id/withdraw": (o) => ({ path: `/deals/${o.dealId}/withdraw`, body: {} }),
  "POST /deals/complete": (o) => ({
    path: "/deals/complete",
    body: { dealId: o.dealId, vin: "1FTEW1EP5KFA00001", make: "Ford", model: "F-150", price: 28500 },
  }),
  "POST /offers": (o) => ({ path: "/offers", body: { vehicleId: o.vehicleId, price: 20000 } }),
  "GET /offers/:id": (o) => ({ path: `/offers/${o.offerId}` }),
  "POST /offers/:id/counter": (o) => ({ path: `/offers/${o.offerId}/counter`, body: { price: 30000 } }),
  "POST /offers/:id/accept": (o) => ({ path: `/offers/${o.offerId}/accept`, body: {} }),
  "POST /offers/:id/decline": (o) => ({ path: `/offers/${o.offerId}/decline`, body: {} }),
  "POST /offers/:id/withdraw": (o) => ({ path: `/offers/${o.offerId}/withdraw`, body: {} }),
  "PATCH /pass-thru-sales/:id": (o) => ({
    path: `/pass-thru-sales/${o.dealId}`,
    body: { saleComplete: true },
  }),
  "GET /pass-thru-sales/:id": (o) => ({ path: `/pass-thru-sales/${o.dealId}` }),
  "POST /pass-thru-sales/:id/title-in-hand": (o) => ({
    path: `/pass-thru-sales/${o.dealId}/title-in-hand`,
    body: {},
  }),
  "POST /pass-thru-sales/:id/due-date": (o) => ({
    path: `/pass-thru-sales/${o.dealId}/due-date`,
    body: { clock: "title", dueAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString() },
  }),
  "POST /pass-thru-sales/:id/due-date/accept": (o) => ({
    path: `/pass-thru-sales/${o.dealId}/due-date/accept`,
    body: { clock: "title" },
  }),
  "POST /pass-thru-sales/:id/payment": (o) => ({
    path: `/pass-thru-sales/${o.dealId}/payment`,
    body: { step: "sent" },
  }),
  "POST /pass-thru-sales/:id/unwind": (o) => ({ path: `/pass-thru-sales/${o.dealId}/unwind`, body: {} }),
  "POST /pass-thru-sales/:id/unwind/answer": (o) => ({
    path: `/pass-thru-sales/${o.dealId}/unwind/answer`,
    body: { agree: true },
  }),
  "POST /notifications/deal-completion": (o) => ({
    path: "/notifications/deal-completion",
    body: { dealId: o.dealId },
  }),
};

/**
 * Routes that name nothing of another dealer (the viewer's own account, settings, files and plan, sign-in, the
 * public decoder): their reads are still searched for the other world below.
 */
const OWN_OR_NONE = new Set([
  "DELETE /account",
  "GET /account/export",
  "POST /account/password",
  "GET /account/security-events",
  "GET /account/sessions",
  "DELETE /account/sessions/:id",
  "POST /account/sessions/end-others",
  "GET /activity",
  "GET /api-keys",
  "POST /api-keys",
  "DELETE /api-keys/:id",
  "POST /auth/complete-profile",
  "POST /auth/complete-subscription",
  "POST /auth/create-dummy",
  "POST /auth/forgot-password",
  "POST /auth/email-sign-in-link",
  "POST /auth/sign-in-with-link",
  "GET /auth/google",
  "GET /auth/google/callback",
  "POST /auth/login",
  "POST /auth/logout",
  "GET /auth/me",
  "POST /auth/resend-verification",
  "POST /auth/reset-password",
  "POST /auth/signup",
  "GET /auth/status",
  "POST /auth/verify-email",
  "GET /calls/ice-servers",
  "POST /cancel-subscription",
  "POST /change-subscription",
  "GET /chats",
  "GET /chats/unread",
  "GET /connections",
  "POST /contact",
  "GET /dealers",
  "POST /dealers",
  "GET /dealers/discover",
  "GET /dealers/inventory-counts",
  "GET /deals",
  "POST /get-or-create-subscription",
  "GET /health",
  "GET /inventory",
  "POST /inventory",
  "GET /invoices",
  "GET /messages",
  "GET /my-subscription",
  "GET /notifications",
  "POST /notifications/read",
  "GET /notifications/preferences",
  "PATCH /notifications/preferences",
  "POST /notifications/test-email",
  "POST /notifications/test-sms",
  "POST /notifications/trigger-deal-alert",
  "GET /notifications/unread-count",
  "GET /offers",
  "GET /push",
  "POST /push/subscriptions",
  "DELETE /push/subscriptions",
  "PUT /push/switches",
  "POST /notifications/unsubscribe",
  "POST /objects/chat-upload",
  "POST /objects/upload",
  "GET /openapi.json",
  "GET /pass-thru-sales",
  "GET /pass-thru-sales/export",
  // A dealer's own imports: another dealer's import id is 404 (tests/api/inventory-imports.test.ts).
  "POST /inventory/imports",
  "PATCH /inventory/imports/:id",
  "POST /inventory/imports/:id/publish",
  "GET /inventory/export",
  "GET /profile",
  "PATCH /profile",
  "POST /resume-subscription",
  "GET /settings",
  "PATCH /settings",
  "GET /subscription-plans",
  "GET /verification",
  "POST /verification",
  "GET /vin/:vin",
  "POST /webhooks/stripe",
]);

/** The admin console reads across the wall by design: it counts the demo network apart (tests/api/admin-console.test.ts). */
const ACROSS_BY_DESIGN = /^\/admin(?:\/|$)/;

/** Every route of the router once, as "METHOD /path" (the catch-all and middleware-only entries left out). */
function routesOfRouter(): string[] {
  const seen = new Set<string>();
  for (const route of api.routes) {
    if (route.method === "ALL" || route.path.includes("*") || ACROSS_BY_DESIGN.test(route.path)) continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen].sort();
}

/** Every id and word of a world that must never reach the other world's screens. */
const secretsOf = (w: World) => [
  w.dealerId,
  w.accountId,
  w.partnerId,
  w.postId,
  w.requestId,
  w.vehicleId,
  w.commentId,
  w.chatId,
  w.messageId,
  w.dealId,
  `${w.tag} Motors`,
  `${w.tag} Dealer`,
  `F-150 ${w.tag}`,
];

describe("the demo network and the real one are two worlds", { timeout: 120_000 }, () => {
  let real: World;
  let demo: World;

  beforeAll(async () => {
    real = await worldOf(await signUpDealer(), false);
    demo = await worldOf(await demoAccount(), true);
  });

  it("knows every route of the router", () => {
    const unknown = routesOfRouter().filter((r) => !(r in NAMES_ANOTHER) && !OWN_OR_NONE.has(r));
    expect(unknown, "classify each new route in tests/api/network-wall.test.ts").toEqual([]);
    const gone = [...Object.keys(NAMES_ANOTHER), ...OWN_OR_NONE].filter((r) => !routesOfRouter().includes(r));
    expect(gone, "routes no longer in the router").toEqual([]);
  });

  for (const [from, to] of [
    ["demo", "real"],
    ["real", "demo"],
  ] as const) {
    it(`answers 404 to a ${from} dealer naming anything of the ${to} network, and changes nothing`, async () => {
      const self = from === "demo" ? demo : real;
      const other = from === "demo" ? real : demo;
      const before = await fingerprint();
      const answers: string[] = [];
      for (const route of routesOfRouter().filter((r) => r in NAMES_ANOTHER)) {
        const [method] = route.split(" ");
        const probe = NAMES_ANOTHER[route]!(other);
        const res = await call(method!, `/api${probe.path}`, { cookie: self.cookie, body: probe.body });
        if (res.status !== 404) answers.push(`${route} → ${res.status} ${res.text.slice(0, 160)}`);
      }
      expect(answers).toEqual([]);
      expect(await fingerprint()).toEqual(before);
    });

    it(`shows a ${from} dealer nothing of the ${to} network in any list or search`, async () => {
      const self = from === "demo" ? demo : real;
      const other = from === "demo" ? real : demo;
      const secrets = secretsOf(other);
      const leaks: string[] = [];
      const reads = routesOfRouter().filter((r) => r.startsWith("GET ") && !r.includes(":"));
      for (const route of reads) {
        const path = route.slice("GET ".length);
        for (const query of ["", `?search=${other.tag}&name=${other.tag}&q=${other.tag}`]) {
          const res = await call("GET", `/api${path}${query}`, { cookie: self.cookie });
          const found = secrets.filter((s) => res.text.includes(s));
          if (found.length > 0) leaks.push(`${route}${query} → ${found.join(", ")}`);
        }
      }
      expect(leaks).toEqual([]);
      // The other world's own reads show its rows: the ids above are real ids, not a test that cannot fail.
      const theirs = await call("GET", `/api/dealers?name=${other.tag}`, { cookie: other.cookie });
      expect(theirs.text).toContain(other.dealerId);
    });

    it(`keeps the ${to} network's pages from a ${from} dealer`, async () => {
      const self = from === "demo" ? demo : real;
      const other = from === "demo" ? real : demo;
      const post = await call("GET", `/post/${other.postId}`, { cookie: self.cookie });
      expect(post.status).toBe(404);
      expect(post.text).not.toContain(other.tag);
      const comment = await SELF.fetch(`${ORIGIN}/post/${other.postId}`, {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          Cookie: self.cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "comment", content: "Hello" }).toString(),
      });
      expect(comment.status).toBe(404);
      for (const page of [
        `/messages?chat=${other.dealerId}`,
        `/messages?chat=${other.chatId}`,
        `/dealers?search=${other.tag}`,
        `/find-dealers?search=${other.tag}`,
        `/my-dealers?search=${other.tag}`,
        `/discover`,
        `/?search=${other.tag}`,
        `/pass-thru-sales`,
        `/notifications`,
        `/wholesale-news`,
        `/my-stats`,
      ]) {
        const res = await call("GET", page, { cookie: self.cookie });
        expect(res.status, page).toBeLessThan(500);
        const found = secretsOf(other).filter((s) => res.text.includes(s));
        expect(found, page).toEqual([]);
      }
      const socket = await call("GET", `/parties/chat-room/${other.chatId}`, {
        cookie: self.cookie,
        headers: { Upgrade: "websocket" },
      });
      expect(socket.status).toBe(404);
    });
  }
});

/** What the walk must leave as it found it: the rows a cross-network write would add or change. */
async function fingerprint() {
  return env.DB.prepare(
    `select (select count(*) from comments) as comments, (select coalesce(sum(sent_count), 0) from chat_participants) as messages,
       (select count(*) from chats) as chats, (select count(*) from deals) as deals,
       (select count(*) from connections) as connections,
       (select group_concat(title || status, '|') from inventory_posts) as posts,
       (select group_concat(status, '|') from deals) as dealStatuses`,
  ).first();
}
