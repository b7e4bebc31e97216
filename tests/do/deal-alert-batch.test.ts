import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Delivery } from "../../worker/domain/notifications/notify";
import { createServices } from "../../worker/services";

/**
 * A fan-out batch as one call (notifications.deliverAll): what it stores, what it costs in D1 statements, and
 * what a failure partway leaves behind. The fan-out object's own batching is in deal-alert-fanout.test.ts.
 */

// The outbox courier wakes behind these tests; its pushes reach a push service that takes everything.
beforeAll(() => {
  vi.stubGlobal("fetch", async () => new Response(null, { status: 201 }));
});

const base64Url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A browser's push keys, as PushSubscription.toJSON() gives them. */
async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const raw = (await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer;
  return { p256dh: base64Url(raw), auth: base64Url(crypto.getRandomValues(new Uint8Array(16))) };
}

async function insertDealers(count: number, run: string, isDemo = false): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `batch-${run}-${isDemo ? "demo" : "real"}-${i}`);
  await env.DB.batch(
    ids.map((id, i) =>
      env.DB.prepare(
        "insert into dealers (id, name, email, phone, dealership_name, is_demo) values (?, ?, ?, '(512) 555-0142', ?, ?)",
      ).bind(id, `Dealer ${i}`, `${id}@example.com`, `Lot ${i}`, isDemo ? 1 : 0),
    ),
  );
  return ids;
}

const alertTo = (dealerId: string, run: string): Delivery => ({
  key: `deal-alert:batch-${run}:${dealerId}`,
  dealerId,
  type: "deal-alert",
  title: "Deal alert: 2018 Chevrolet Silverado 1500",
  body: "Lone Star Auto just posted 2018 Chevrolet Silverado 1500 LT · $27,500.",
  link: "/post/batch",
});

/** Each key's rows in notifications and in the outbox, by channel. */
async function stored(run: string) {
  const like = `deal-alert:batch-${run}:%`;
  const { results: bells } = await env.DB.prepare(
    "select dealer_id as dealerId, count(*) as n from notifications where key like ? group by key",
  )
    .bind(like)
    .all<{ dealerId: string; n: number }>();
  const { results: messages } = await env.DB.prepare(
    "select channel, count(*) as n from outbox where idempotency_key like ? group by idempotency_key",
  )
    .bind(like)
    .all<{ channel: string; n: number }>();
  const of = (channel: string) => messages.filter((m) => m.channel === channel);
  return {
    bells: bells.length,
    emails: of("email").length,
    texts: of("sms").length,
    pushes: of("push").length,
    doubled: [...bells, ...messages].filter((r) => r.n > 1).length,
    bellsFor: new Set(bells.map((b) => b.dealerId)),
  };
}

/** The D1 binding, counting the statements prepared through it; `refuse` makes matching statements fail. */
function countedDb(refuse?: RegExp) {
  const counter = { statements: 0 };
  const database = new Proxy(env.DB, {
    get(target, key) {
      if (key === "prepare")
        return (query: string) => {
          counter.statements++;
          return target.prepare(refuse?.test(query) ? "select * from a_table_that_is_not_there" : query);
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { database, counter };
}

/** One batch delivered by fresh services (each reads the unsubscribe key once), with the statements it took. */
async function deliverCounted(deliveries: Delivery[]) {
  const { database, counter } = countedDb();
  const outcomes = await createServices(env, { database }).notifications.deliverAll(deliveries);
  return { outcomes, statements: counter.statements };
}

describe("a batch of deal alerts", () => {
  it("stores N alerts and their e-mails in the same few statements whatever N", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const dealers = await insertDealers(28, run);
    const few = await deliverCounted(dealers.slice(0, 3).map((id) => alertTo(id, run)));
    const many = await deliverCounted(dealers.slice(3).map((id) => alertTo(id, run)));

    expect(many.outcomes.map((o) => o.status)).toEqual(Array(25).fill("delivered"));
    expect(many.statements).toBe(few.statements);
    // Recipients, devices, the unsubscribe key (2), the bells (3), the messages (2): never one per dealer.
    expect(many.statements).toBeLessThanOrEqual(9);
    expect(await stored(run)).toMatchObject({ bells: 28, emails: 28, texts: 0, pushes: 0, doubled: 0 });
  });

  it("delivered again after a store failed partway, stores none twice and loses none", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const dealers = await insertDealers(25, run);
    const deliveries = dealers.map((id) => alertTo(id, run));

    // The bells are stored, then the e-mails' store fails: the call fails as a whole.
    const { database } = countedDb(/insert into outbox/);
    await expect(createServices(env, { database }).notifications.deliverAll(deliveries)).rejects.toThrow();
    expect(await stored(run)).toMatchObject({ bells: 25, emails: 0, doubled: 0 });

    // The fan-out keeps them pending and tries the batch again: the bells are found, the e-mails stored once.
    const again = await createServices(env).notifications.deliverAll(deliveries);
    expect(again.map((o) => o.status === "delivered" && o.created)).toEqual(Array(25).fill(false));
    expect(await stored(run)).toMatchObject({ bells: 25, emails: 25, doubled: 0 });

    // And once more, as after a restart before the pending entries were crossed off: nothing new.
    await createServices(env).notifications.deliverAll(deliveries);
    expect(await stored(run)).toMatchObject({ bells: 25, emails: 25, doubled: 0 });
  });

  it("keeps each dealer's switches and the demo/real wall within one batch", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const [muted, noEmail, texts, pushOn, pushOff, plain] = await insertDealers(6, run);
    const [demo] = await insertDealers(1, run, true);
    await env.DB.batch([
      env.DB.prepare("insert into notification_preferences (dealer_id, deal_alerts) values (?, 0)").bind(
        muted,
      ),
      env.DB.prepare("insert into notification_preferences (dealer_id, email_enabled) values (?, 0)").bind(
        noEmail,
      ),
      env.DB.prepare("insert into notification_preferences (dealer_id, sms_enabled) values (?, 1)").bind(
        texts,
      ),
      ...(await Promise.all(
        [pushOn, pushOff, demo].map(async (id) => {
          const keys = await browserKeys();
          return env.DB.prepare(
            "insert into push_subscriptions (id, dealer_id, endpoint, p256dh, auth) values (?, ?, ?, ?, ?)",
          ).bind(`device-${id}`, id, `https://push.example.com/${id}`, keys.p256dh, keys.auth);
        }),
      )),
      env.DB.prepare(`insert into push_switches (dealer_id, kind, "on") values (?, 'dealAlerts', 0)`).bind(
        pushOff,
      ),
    ]);
    const dealers = [muted!, noEmail!, texts!, pushOn!, pushOff!, plain!, demo!];
    const outcomes = await createServices(env).notifications.deliverAll(
      dealers.map((id) => alertTo(id, run)),
    );

    expect(outcomes.map((o) => o.status)).toEqual(["skipped", ...Array(6).fill("delivered")]);
    const after = await stored(run);
    expect(after).toMatchObject({ bells: 6, emails: 5, texts: 1, pushes: 1, doubled: 0 });
    expect(after.bellsFor.has(muted!)).toBe(false);
    const { results: pushed } = await env.DB.prepare(
      "select recipient from outbox where channel = 'push' and idempotency_key like ?",
    )
      .bind(`deal-alert:batch-${run}:%`)
      .all<{ recipient: string }>();
    // The demo dealer's device gets nothing: a push it caused could reach a stranger's phone.
    expect(pushed.map((p) => p.recipient)).toEqual([`device-${pushOn}`]);
  });
});
