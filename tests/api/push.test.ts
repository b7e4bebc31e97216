import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_PUSH_DEVICES, PUSH_KINDS } from "#lib/schemas/push";
import { PUSH_TEXTS } from "#lib/schemas/push-texts";
import { pushFetch } from "../../worker/integrations/web-push";
import { createServices } from "../../worker/services";
import { localPushService } from "../../scripts/push-service-stand-in";
import { ORIGIN, call, freshIp, sessionCookieOf, signUpDealer } from "./helpers";

/**
 * Web Push end to end: a dealer's browser subscribes, a notification is delivered, the outbox courier sends the
 * push, and a local push service (scripts/push-service-stand-in.ts) checks the VAPID signature and decrypts what a
 * phone would show. The worker's fetch reaches that service instead of the internet.
 */
const pushService = localPushService();
const realFetch = globalThis.fetch;

beforeAll(() => {
  vi.stubGlobal("fetch", pushService.fetcher(realFetch));
});
afterAll(() => {
  vi.unstubAllGlobals();
});

type OutboxRow = {
  id: string;
  channel: string;
  recipient: string;
  status: string;
  last_error: string | null;
};

const pushRows = (dealerId: string) =>
  env.OUTBOX_DB.prepare("select * from outbox where channel = 'push' and dealer_id = ? order by created_at")
    .bind(dealerId)
    .all<OutboxRow>()
    .then((r) => r.results);

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The test deal alert of /notification-settings: a deal-alert notification to the signed-in dealer. */
const sendTestAlert = (cookie: string) =>
  call("POST", "/api/notifications/trigger-deal-alert", {
    cookie,
    body: {
      userEmail: "dana@whitfield.example",
      vehicleData: {
        vehicleInfo: "2021 Ford F-150 XLT",
        dealerName: "",
        price: "$34,500",
        location: "",
        urgency: "",
      },
    },
  });

async function subscribedDealer() {
  const dealer = await signUpDealer();
  const subscription = await pushService.subscribe();
  const res = await call("POST", "/api/push/subscriptions", { cookie: dealer.cookie, body: subscription });
  expect(res.status).toBe(201);
  return { ...dealer, subscription, device: res.json as unknown as { id: string; endpoint: string } };
}

describe("GET /api/push", () => {
  it("answers the VAPID public key, made once and kept, and every switch on", async () => {
    const { cookie } = await signUpDealer();
    const first = await call("GET", "/api/push", { cookie });
    expect(first.status).toBe(200);
    expect(first.json.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.json.devices).toBe(0);
    expect(first.json.switches).toEqual(Object.fromEntries(PUSH_KINDS.map((k) => [k, true])));
    const again = await call("GET", "/api/push", { cookie });
    expect(again.json.publicKey).toBe(first.json.publicKey);
  });

  it("answers 401 signed out", async () => {
    expect((await call("GET", "/api/push")).status).toBe(401);
  });
});

describe("POST /api/push/subscriptions", () => {
  type Subscription = Awaited<ReturnType<typeof pushService.subscribe>>;
  it.each<[string, (s: Subscription) => unknown, string]>([
    [
      "an http endpoint",
      (s) => ({ ...s, endpoint: s.endpoint.replace("https:", "http:") }),
      "endpoint must be an https address",
    ],
    ["no endpoint", ({ keys }) => ({ keys }), "endpoint is required"],
    ["no keys", ({ endpoint }) => ({ endpoint }), "keys (p256dh and auth) are required"],
    ["no auth key", (s) => ({ ...s, keys: { p256dh: s.keys.p256dh } }), "keys.auth is required"],
    [
      "a key that is not base64url",
      (s) => ({ ...s, keys: { ...s.keys, p256dh: `${s.keys.p256dh.slice(1)}!` } }),
      "keys.p256dh must be base64url",
    ],
  ])("answers 400 for %s", async (_, change, message) => {
    const { cookie } = await signUpDealer();
    const res = await call("POST", "/api/push/subscriptions", {
      cookie,
      body: change(await pushService.subscribe()),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
  });

  it("answers 401 signed out, before reading the body", async () => {
    const res = await call("POST", "/api/push/subscriptions", { rawBody: "not json" });
    expect(res.status).toBe(401);
  });

  it("keeps one row per device, and forgets the oldest past the cap", async () => {
    const { cookie } = await signUpDealer();
    const first = await pushService.subscribe();
    const a = await call("POST", "/api/push/subscriptions", { cookie, body: first });
    const again = await call("POST", "/api/push/subscriptions", { cookie, body: first });
    expect(again.json.id).toBe(a.json.id);
    for (let i = 0; i < MAX_PUSH_DEVICES; i++)
      await call("POST", "/api/push/subscriptions", { cookie, body: await pushService.subscribe() });
    const settings = await call("GET", "/api/push", { cookie });
    expect(settings.json.devices).toBe(MAX_PUSH_DEVICES);
    const kept = await env.DB.prepare("select count(*) as n from push_subscriptions where id = ?")
      .bind(a.json.id)
      .first<{ n: number }>();
    expect(kept?.n).toBe(0);
  });

  it("turns push off for a device (DELETE), only the signed-in dealer's", async () => {
    const one = await subscribedDealer();
    const other = await signUpDealer();
    const theirs = await call("DELETE", "/api/push/subscriptions", {
      cookie: other.cookie,
      body: { endpoint: one.subscription.endpoint },
    });
    expect(theirs.status).toBe(204);
    expect((await call("GET", "/api/push", { cookie: one.cookie })).json.devices).toBe(1);
    const mine = await call("DELETE", "/api/push/subscriptions", {
      cookie: one.cookie,
      body: { endpoint: one.subscription.endpoint },
    });
    expect(mine.status).toBe(204);
    expect((await call("GET", "/api/push", { cookie: one.cookie })).json.devices).toBe(0);
  });
});

describe("a notification as a push", () => {
  it("reaches the device encrypted, signed for the push service, and opens the notification's screen", async () => {
    const dealer = await subscribedDealer();
    const arrived = pushService.next();
    const res = await sendTestAlert(dealer.cookie);
    expect(res.status).toBe(202);
    await Promise.race([arrived, new Promise((r) => setTimeout(r, 8000))]);
    const push = pushService.received.find((p) => p.endpoint === dealer.subscription.endpoint);
    expect(push?.payload).toEqual({
      title: "Deal alert (test): 2021 Ford F-150 XLT",
      body: expect.stringContaining("A test deal alert for 2021 Ford F-150 XLT at $34,500"),
      url: `${ORIGIN}/notifications`,
      tag: expect.any(String),
    });
    expect(push?.claims.aud).toBe(pushService.origin);
    expect(push?.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(push?.claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(push?.vapidKey).toBe((await call("GET", "/api/push", { cookie: dealer.cookie })).json.publicKey);
    expect(push?.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    const rows = await eventually(
      () => pushRows(dealer.dealerId),
      (r) => r[0]?.status === "sent",
    );
    expect(rows).toMatchObject([{ recipient: dealer.device.id, status: "sent" }]);
  });

  it("forgets a device the push service reports gone (410), and sends it nothing more", async () => {
    const dealer = await subscribedDealer();
    pushService.answer(dealer.subscription.endpoint, 410);
    await sendTestAlert(dealer.cookie);
    const rows = await eventually(
      () => pushRows(dealer.dealerId),
      (r) => r[0]?.status === "failed",
    );
    expect(rows[0]).toMatchObject({ status: "failed", last_error: expect.stringContaining("410") });
    expect((await call("GET", "/api/push", { cookie: dealer.cookie })).json.devices).toBe(0);
    await sendTestAlert(dealer.cookie);
    expect(await pushRows(dealer.dealerId)).toHaveLength(1);
  });

  it("retries a push the push service could not take, like an e-mail", async () => {
    const dealer = await subscribedDealer();
    pushService.answer(dealer.subscription.endpoint, 503);
    await sendTestAlert(dealer.cookie);
    const [row] = await eventually(
      () => pushRows(dealer.dealerId),
      (r) => Boolean(r[0]?.last_error),
    );
    expect(row).toMatchObject({ status: "queued", last_error: expect.stringContaining("503") });
    pushService.answer(dealer.subscription.endpoint, 0);
    const services = createServices(env);
    await services.outbox.deliverDue(Date.now() + 60 * 60_000);
    expect((await pushRows(dealer.dealerId))[0]?.status).toBe("sent");
  });

  it("sends no push of a kind the dealer switched off", async () => {
    const dealer = await subscribedDealer();
    const off = await call("PUT", "/api/push/switches", {
      cookie: dealer.cookie,
      body: { kind: "dealAlerts", on: false },
    });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ dealAlerts: false, priceDrops: true });
    expect((await sendTestAlert(dealer.cookie)).status).toBe(202);
    expect(await pushRows(dealer.dealerId)).toEqual([]);
    const bad = await call("PUT", "/api/push/switches", {
      cookie: dealer.cookie,
      body: { kind: "gossip", on: true },
    });
    expect(bad.status).toBe(400);
  });
});

describe("the demo/real wall", () => {
  it("refuses push to demo accounts, and a demo account's notice never reaches a real dealer's device", async () => {
    const real = await subscribedDealer();
    const dummy = await call("POST", "/api/auth/create-dummy", {
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(dummy.status).toBe(201);
    const demoCookie = sessionCookieOf(dummy.headers);
    // A demo visitor's own browser: refused, with the reason.
    const refused = await call("POST", "/api/push/subscriptions", {
      cookie: demoCookie,
      body: await pushService.subscribe(),
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(PUSH_TEXTS.demo);
    // …and a real dealer's endpoint sent from the demo account stays the real dealer's alone.
    const taken = await call("POST", "/api/push/subscriptions", {
      cookie: demoCookie,
      body: real.subscription,
    });
    expect(taken.status).toBe(403);
    // Whatever a demo session delivers stops at the wall: the real dealer is not there to be notified.
    const demoSide = createServices(env, { network: () => "demo" });
    const result = await demoSide.notifications.deliver({
      key: `wall-${crypto.randomUUID()}`,
      dealerId: real.dealerId,
      type: "deal-alert",
      title: "From the demo",
      body: "Should never arrive",
      link: "/notifications",
    });
    expect(result.status).toBe("skipped");
    expect(await pushRows(real.dealerId)).toEqual([]);
    expect(pushService.received.some((p) => p.payload.title === "From the demo")).toBe(false);
  });
});

describe("WEB_PUSH_RELAY", () => {
  it("sends pushes to the push service on this machine, never to another address", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return new Response(null, { status: 201 });
    });
    try {
      await pushFetch("http://127.0.0.1:9911")("https://push.example.test/send/abc?x=1");
      await pushFetch("https://relay.example.com")("https://push.example.test/send/def");
      await pushFetch(undefined)("https://push.example.test/send/ghi");
    } finally {
      vi.stubGlobal("fetch", pushService.fetcher(realFetch));
    }
    expect(asked).toEqual([
      "http://127.0.0.1:9911/send/abc?x=1",
      "https://push.example.test/send/def",
      "https://push.example.test/send/ghi",
    ]);
  });
});
