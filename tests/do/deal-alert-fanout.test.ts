import {
  SELF,
  env,
  evictAllDurableObjects,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
} from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { InboxFrame } from "#lib/realtime";
import { FANOUT_BATCH, type DealAlertFanout } from "../../durable-objects/deal-alert-fanout";
import type { Delivery } from "../../worker/domain/notifications/notify";
import { ORIGIN, call, countedDb, fanoutSettled, signUpDealer, waitForNotifications } from "../api/helpers";
import { createServices } from "../../worker/services";
import { fanoutOf } from "../../worker/realtime/addresses";
import { createPostSchema } from "#lib/schemas/inventory";

// The outbox courier wakes behind these tests; its pushes reach a push service that takes everything.
beforeAll(() => {
  vi.stubGlobal("fetch", async () => new Response(null, { status: 201 }));
});

const RECIPIENTS = FANOUT_BATCH + 5;

/** Dealers straight into D1: the fan-out only needs their names, e-mails and switches. */
async function insertDealers(count: number, run: string, isDemo = false): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `fanout-${run}-${isDemo ? "demo-" : ""}${i}`);
  await env.DB.batch(
    ids.map((id, i) =>
      env.DB.prepare(
        "insert into dealers (id, name, email, phone, dealership_name, is_demo) values (?, ?, ?, '(512) 555-0142', ?, ?)",
      ).bind(id, `Dealer ${i}`, `${id}@example.com`, `Lot ${i}`, isDemo ? 1 : 0),
    ),
  );
  return ids;
}

const deliveryTo = (dealerId: string, run: string): Delivery => ({
  key: `deal-alert:test-${run}:${dealerId}`,
  dealerId,
  type: "deal-alert",
  title: "Deal alert: 2019 Ford F-150",
  body: "Lone Star Auto just posted 2019 Ford F-150 XLT · $27,900.",
  link: "/post/test",
});

async function counts(run: string) {
  const like = `deal-alert:test-${run}:%`;
  const notifications = await env.BELL_DB.prepare(
    "select key, count(*) as n from notifications where key like ? group by key",
  )
    .bind(like)
    .all<{ key: string; n: number }>();
  const emails = await env.OUTBOX_DB.prepare(
    "select idempotency_key as key, count(*) as n from outbox where idempotency_key like ? group by idempotency_key",
  )
    .bind(`${like}:email`)
    .all<{ key: string; n: number }>();
  return {
    notifications: notifications.results.length,
    repeatedNotifications: notifications.results.filter((r) => r.n > 1).length,
    emails: emails.results.length,
    repeatedEmails: emails.results.filter((r) => r.n > 1).length,
  };
}

/** What `counts` finds when each of n deliveries stored its bell and its e-mail once. */
const deliveredOnce = (n: number) => ({
  notifications: n,
  repeatedNotifications: 0,
  emails: n,
  repeatedEmails: 0,
});

const fanout = (name: string) => env.DEAL_ALERT_FANOUT.get(env.DEAL_ALERT_FANOUT.idFromName(name));

/** Stores deliveries without letting the alarm run, so the test drives each batch itself. */
async function enqueueHeld(name: string, deliveries: Delivery[], newest: number[] = []) {
  await runInDurableObject(fanout(name), async (instance: DealAlertFanout, state) => {
    await instance.enqueue(deliveries.map((delivery, i) => ({ delivery, newest: newest[i] })));
    await state.storage.deleteAlarm();
  });
}

/** A listing of the truck `requestMatched`'s buyer asks for. */
const F150_LISTING = {
  title: "2019 Ford F-150 XLT, 41k miles, $27,900",
  type: "for-sale",
  vehicles: [{ year: 2019, make: "Ford", model: "F-150", trim: "XLT", mileage: 41000, price: 27900 }],
};

/**
 * A buyer's open request for a 2019 Ford F-150 XLT, matched already (else its own matching could find a listing
 * posted next and alert that pair itself), and a seller to post one.
 */
async function requestMatched() {
  const buyer = await signUpDealer();
  const seller = await signUpDealer();
  const wanted = await call("POST", "/api/inventory", {
    cookie: buyer.cookie,
    body: {
      title: "Looking for a 2019 Ford F-150 XLT",
      description: "",
      type: "request",
      vehicles: [],
      photoUrls: [],
    },
  });
  expect(wanted.status).toBe(201);
  await fanoutSettled((wanted.json as unknown as { id: string }).id);
  return { buyer, seller, wanted };
}

/** Deliveries to `count` new dealers, stored in a fan-out of their own with its alarm held. */
async function heldFanout(label: string, count: number) {
  const run = crypto.randomUUID().slice(0, 8);
  const dealers = await insertDealers(count, run);
  const name = `post:${label}-${run}`;
  await enqueueHeld(
    name,
    dealers.map((id) => deliveryTo(id, run)),
  );
  return { run, dealers, name };
}

const deliverBatch = (name: string) =>
  runInDurableObject(fanout(name), (instance: DealAlertFanout) => instance.deliverBatch());

async function openInbox(cookie: string, dealerId: string) {
  const res = await SELF.fetch(`${ORIGIN}/parties/dealer-inbox/${dealerId}`, {
    headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: cookie },
  });
  const ws = res.webSocket!;
  ws.accept();
  const frames: InboxFrame[] = [];
  ws.addEventListener("message", (event) => frames.push(JSON.parse(String(event.data)) as InboxFrame));
  return { ws, frames };
}

describe("DealAlertFanout", () => {
  it("delivers in batches and, restarted between batches, loses and repeats nothing", async () => {
    const { run, name } = await heldFanout("restart", RECIPIENTS);

    expect(await deliverBatch(name)).toEqual({ delivered: FANOUT_BATCH, failed: 0, remaining: 5 });
    expect(await counts(run)).toEqual(deliveredOnce(FANOUT_BATCH));

    // The object dies between two batches; a new instance picks up what is stored.
    await evictAllDurableObjects();
    expect(await deliverBatch(name)).toEqual({ delivered: 5, failed: 0, remaining: 0 });
    expect(await counts(run)).toEqual(deliveredOnce(RECIPIENTS));
  });

  it("killed after delivering but before crossing a delivery off, delivers it again without a second copy", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const watcher = await signUpDealer();
    const dealers = [watcher.dealerId, ...(await insertDealers(3, run))];
    const deliveries = dealers.map((id) => deliveryTo(id, run));
    const name = `post:crash-${run}`;
    const inbox = await openInbox(watcher.cookie, watcher.dealerId);

    await enqueueHeld(name, deliveries);
    expect(await deliverBatch(name)).toMatchObject({ delivered: 4, remaining: 0 });
    const firstFrame = inbox.frames.find((f) => f.type === "notification");

    // What storage holds when the object died after delivering but before deleting the pending entries.
    await enqueueHeld(name, deliveries);
    await evictAllDurableObjects();
    const redo = await openInbox(watcher.cookie, watcher.dealerId);
    expect(await deliverBatch(name)).toMatchObject({ delivered: 4, remaining: 0 });

    expect(await counts(run)).toEqual(deliveredOnce(4));
    // The frame is pushed again with the same notification id: the browser drops what it already shows.
    const again = await (async () => {
      for (let i = 0; i < 40 && !redo.frames.some((f) => f.type === "notification"); i++)
        await new Promise((r) => setTimeout(r, 25));
      return redo.frames.find((f) => f.type === "notification");
    })();
    expect(firstFrame?.type === "notification" && again?.type === "notification").toBe(true);
    if (firstFrame?.type === "notification" && again?.type === "notification") {
      expect(again.notification.id).toBe(firstFrame.notification.id);
      expect(again.unreadCount).toBe(1);
    }
    inbox.ws.close();
    redo.ws.close();
  });

  it("a pair alerted by both its posts' fan-outs (posted in the same moment) tells one dealer only", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const [buyer, seller] = await Promise.all([signUpDealer(), signUpDealer()]);
    // Each post's alarm matched before the other's delivered: both hold the pair's key, each for its other dealer.
    const key = `deal-alert:request-${run}:listing-${run}`;
    await enqueueHeld(`post:listing-${run}`, [{ ...deliveryTo(buyer.dealerId, run), key }]);
    await enqueueHeld(`post:request-${run}`, [
      { ...deliveryTo(seller.dealerId, run), key, title: "A dealer is looking for your 2019 Ford F-150" },
    ]);
    const sellerInbox = await openInbox(seller.cookie, seller.dealerId);

    expect(await deliverBatch(`post:listing-${run}`)).toMatchObject({ failed: 0, remaining: 0 });
    expect(await deliverBatch(`post:request-${run}`)).toMatchObject({ failed: 0, remaining: 0 });
    await new Promise((r) => setTimeout(r, 300));

    // The seller's tab is not shown the buyer's alert, nor is the seller e-mailed.
    expect(sellerInbox.frames.filter((f) => f.type === "notification")).toEqual([]);
    const bells = await env.BELL_DB.prepare("select dealer_id as id from notifications where key = ?")
      .bind(key)
      .all<{ id: string }>();
    expect(bells.results).toEqual([{ id: buyer.dealerId }]);
    const emails = await env.OUTBOX_DB.prepare("select dealer_id as id from outbox where idempotency_key = ?")
      .bind(`${key}:email`)
      .all<{ id: string }>();
    expect(emails.results).toEqual([{ id: buyer.dealerId }]);
    sellerInbox.ws.close();
  });

  it("delivers the newest requests' alerts first, each once", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const dealers = await insertDealers(RECIPIENTS, run);
    const name = `post:newest-${run}`;
    // Dealer i asked i days ago; stored in an order that is neither theirs nor their keys'.
    const day = 86_400_000;
    const now = Date.now();
    const shuffled = [...dealers].sort(() => Math.random() - 0.5);
    await enqueueHeld(
      name,
      shuffled.map((id) => deliveryTo(id, run)),
      shuffled.map((id) => now - dealers.indexOf(id) * day),
    );
    // Stored again (a post saved twice): still one entry each.
    await enqueueHeld(
      name,
      shuffled.map((id) => deliveryTo(id, run)),
      shuffled.map((id) => now - dealers.indexOf(id) * day),
    );

    expect(await deliverBatch(name)).toEqual({ delivered: FANOUT_BATCH, failed: 0, remaining: 5 });
    const { results } = await env.BELL_DB.prepare(
      "select dealer_id as id from notifications where key like ?",
    )
      .bind(`deal-alert:test-${run}:%`)
      .all<{ id: string }>();
    expect(results.map((r) => r.id).sort()).toEqual(dealers.slice(0, FANOUT_BATCH).sort());
    expect(await deliverBatch(name)).toEqual({ delivered: 5, failed: 0, remaining: 0 });
    expect(await counts(run)).toMatchObject({ notifications: RECIPIENTS, repeatedNotifications: 0 });
  });

  it("delivers a national listing's alerts in one alarm", async () => {
    // The open requests the bench's Silverado answers on the national network (docs/capacity.md).
    const nationalAudience = 57;
    const { run, name } = await heldFanout("national", nationalAudience);

    expect(await deliverBatch(name)).toEqual({ delivered: nationalAudience, failed: 0, remaining: 0 });
    expect(await counts(run)).toEqual(deliveredOnce(nationalAudience));
  });

  it("runs by itself on its alarm once deliveries are stored", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const dealers = await insertDealers(RECIPIENTS, run);
    const stub = fanout(`post:alarm-${run}`);
    expect(await stub.enqueue(dealers.map((id) => ({ delivery: deliveryTo(id, run) })))).toBe(RECIPIENTS);
    for (let i = 0; i < 200 && (await stub.pendingCount()) > 0; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await stub.pendingCount()).toBe(0);
    expect(await counts(run)).toEqual(deliveredOnce(RECIPIENTS));
  });

  it("delivers a batch around one delivery the store refuses, which fails alone and is never doubled", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const dealers = await insertDealers(4, run);
    // An address the outbox refuses, as a dealer row written before addresses were checked could hold.
    await env.DB.prepare("update dealers set email = 'not an address' where id = ?").bind(dealers[2]).run();
    const name = `post:refused-${run}`;
    await enqueueHeld(
      name,
      dealers.map((id) => deliveryTo(id, run)),
    );

    expect(await deliverBatch(name)).toEqual({ delivered: 3, failed: 1, remaining: 1 });
    expect(await counts(run)).toEqual({
      notifications: 4,
      repeatedNotifications: 0,
      emails: 3,
      repeatedEmails: 0,
    });
    // Only the refused one is tried again, and the others are not delivered twice.
    expect(await deliverBatch(name)).toEqual({ delivered: 0, failed: 1, remaining: 1 });
    expect(await counts(run)).toMatchObject({ notifications: 4, emails: 3, repeatedEmails: 0 });
  });

  it("skips a dealer who turned deal alerts off, and stores nothing for them", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const [off] = await insertDealers(1, run);
    await env.DB.prepare("insert into notification_preferences (dealer_id, deal_alerts) values (?, 0)")
      .bind(off)
      .run();
    const name = `post:off-${run}`;
    await enqueueHeld(name, [deliveryTo(off!, run)]);
    expect(await deliverBatch(name)).toEqual({ delivered: 1, failed: 0, remaining: 0 });
    expect(await counts(run)).toEqual(deliveredOnce(0));
  });
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

/** Each key's rows in notifications and in the outbox, by channel. */
async function stored(run: string) {
  const like = `deal-alert:test-${run}:%`;
  const { results: bells } = await env.BELL_DB.prepare(
    "select dealer_id as dealerId, count(*) as n from notifications where key like ? group by key",
  )
    .bind(like)
    .all<{ dealerId: string; n: number }>();
  const { results: messages } = await env.OUTBOX_DB.prepare(
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

/**
 * One batch delivered by fresh services (each reads the unsubscribe key once), with the statements it took in
 * the main database and in the outbox's.
 */
async function deliverCounted(deliveries: Delivery[]) {
  const main = countedDb();
  const outbox = countedDb(undefined, env.OUTBOX_DB);
  const outcomes = await createServices(env, {
    database: main.database,
    outboxDatabase: outbox.database,
  }).notifications.deliverAll(deliveries);
  return {
    outcomes,
    statements: main.counter.queries + outbox.counter.queries,
    outboxStatements: outbox.counter.queries,
  };
}

describe("a batch of deal alerts", () => {
  it("stores N alerts and their e-mails in the same few statements whatever N", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const dealers = await insertDealers(28, run);
    // The unsubscribe key exists after the network's first e-mail; from then on a batch only reads it.
    await deliverCounted(dealers.slice(0, 1).map((id) => deliveryTo(id, run)));
    const few = await deliverCounted(dealers.slice(1, 3).map((id) => deliveryTo(id, run)));
    const many = await deliverCounted(dealers.slice(3).map((id) => deliveryTo(id, run)));

    expect(many.outcomes.map((o) => o.status)).toEqual(Array(25).fill("delivered"));
    expect(many.statements).toBe(few.statements);
    // Recipients, devices, the unsubscribe key (1, a read), the bells (3), the messages (2, in the outbox's own
    // database): never one per dealer.
    expect(many.statements).toBeLessThanOrEqual(8);
    expect(many.outboxStatements).toBe(2);
    expect(await stored(run)).toMatchObject({ bells: 28, emails: 28, texts: 0, pushes: 0, doubled: 0 });
  });

  it("wakes only the inboxes of dealers with a tab open, and a tab opened after starts from the bell's count", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const watching = await signUpDealer();
    const away = await signUpDealer();
    const tab = await openInbox(watching.cookie, watching.dealerId);
    // The inbox records the tab before it sends the counts a tab starts from.
    await vi.waitFor(() => expect(tab.frames.some((f) => f.type === "notifications-unread")).toBe(true));
    const open = async () =>
      (
        await env.DB.prepare("select dealer_id as id from dealer_open_tabs").all<{ id: string }>()
      ).results.map((r) => r.id);
    expect(await open()).toContain(watching.dealerId);
    expect(await open()).not.toContain(away.dealerId);

    const woken: string[] = [];
    const inboxes = env.DEALER_INBOX;
    const counting = {
      idFromName: (name: string) => (woken.push(name), inboxes.idFromName(name)),
      get: (id: DurableObjectId) => inboxes.get(id),
    } as unknown as typeof env.DEALER_INBOX;
    const outcomes = await createServices({ ...env, DEALER_INBOX: counting }).notifications.deliverAll(
      [watching, away].map((d) => deliveryTo(d.dealerId, run)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["delivered", "delivered"]);
    expect(woken).toEqual([watching.dealerId]);
    await vi.waitFor(() => expect(tab.frames.filter((f) => f.type === "notification")).toHaveLength(1));

    // The dealer who was away opens a tab: it starts from a count that holds the alert it was not sent.
    const later = await openInbox(away.cookie, away.dealerId);
    await vi.waitFor(() =>
      expect(later.frames).toContainEqual({ type: "notifications-unread", unreadCount: 1 }),
    );
  });

  it("keeps a dealer recorded open until a minute after the last tab closes, and puts a record left behind right", async () => {
    const dealer = await signUpDealer();
    const isOpen = async () =>
      (await env.DB.prepare("select count(*) as n from dealer_open_tabs where dealer_id = ?")
        .bind(dealer.dealerId)
        .first<{ n: number }>())!.n === 1;
    const first = await openInbox(dealer.cookie, dealer.dealerId);
    const second = await openInbox(dealer.cookie, dealer.dealerId);
    await vi.waitFor(async () => expect(await isOpen()).toBe(true));
    first.ws.close(1000, "Tab closed");
    await new Promise((r) => setTimeout(r, 100));
    expect(await isOpen()).toBe(true);
    second.ws.close(1000, "Tab closed");
    // The last tab closed: the record stays for the grace (a phone reconnecting writes nothing), then goes.
    const inbox = env.DEALER_INBOX.get(env.DEALER_INBOX.idFromName(dealer.dealerId));
    await vi.waitFor(async () =>
      expect(await runInDurableObject(inbox, (_, state) => state.storage.getAlarm())).toBeGreaterThan(
        Date.now(),
      ),
    );
    expect(await isOpen()).toBe(true);
    const third = await openInbox(dealer.cookie, dealer.dealerId);
    expect(await runDurableObjectAlarm(inbox)).toBe(true);
    expect(await isOpen()).toBe(true);
    third.ws.close(1000, "Tab closed");
    await vi.waitFor(async () =>
      expect(await runInDurableObject(inbox, (_, state) => state.storage.getAlarm())).not.toBeNull(),
    );
    expect(await runDurableObjectAlarm(inbox)).toBe(true);
    expect(await isOpen()).toBe(false);

    // A record whose sockets the runtime dropped without a close: the first notification sent to it clears it.
    await env.DB.prepare("insert into dealer_open_tabs (dealer_id, opened_at) values (?, ?)")
      .bind(dealer.dealerId, Date.now())
      .run();
    const run = crypto.randomUUID().slice(0, 8);
    await createServices(env).notifications.deliverAll([deliveryTo(dealer.dealerId, run)]);
    expect(await isOpen()).toBe(false);
  });

  it("delivered again after a store failed partway, stores none twice and loses none", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const dealers = await insertDealers(25, run);
    const deliveries = dealers.map((id) => deliveryTo(id, run));

    // The bells are stored, then the e-mails' store fails: the call fails as a whole.
    const { database: outboxDatabase } = countedDb(/insert into outbox/, env.OUTBOX_DB);
    await expect(
      createServices(env, { outboxDatabase }).notifications.deliverAll(deliveries),
    ).rejects.toThrow();
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
      dealers.map((id) => deliveryTo(id, run)),
    );

    expect(outcomes.map((o) => o.status)).toEqual(["skipped", ...Array(6).fill("delivered")]);
    const after = await stored(run);
    expect(after).toMatchObject({ bells: 6, emails: 5, texts: 1, pushes: 1, doubled: 0 });
    expect(after.bellsFor.has(muted!)).toBe(false);
    const { results: pushed } = await env.OUTBOX_DB.prepare(
      "select recipient from outbox where channel = 'push' and idempotency_key like ?",
    )
      .bind(`deal-alert:test-${run}:%`)
      .all<{ recipient: string }>();
    // The demo dealer's device gets nothing: a push it caused could reach a stranger's phone.
    expect(pushed.map((p) => p.recipient)).toEqual([`device-${pushOn}`]);
  });

  it("keeps a tell that arrives while its post is being matched, so the edit it follows is matched too", async () => {
    const postId = `retold-${crypto.randomUUID()}`;
    const left = await runInDurableObject(fanoutOf(env, postId), async (instance: DealAlertFanout, state) => {
      await instance.match({ postId, network: "real" });
      await state.storage.deleteAlarm();
      const run = instance.matchStored();
      // The post is edited while its first matching reads D1: the object is told again.
      await instance.match({ postId, network: "real" });
      await state.storage.deleteAlarm();
      await run;
      return [...(await state.storage.list({ prefix: "match:" })).keys()];
    });
    expect(left).toEqual(["match:alerts"]);
  });

  it("matches a new post on its own alarm: the worker hands nothing on after answering, and a repeat tell doubles nothing", async () => {
    const { buyer, seller, wanted } = await requestMatched();

    // The seller posts through a worker whose work after the answer is never run: it is gone once it answers.
    const handed: Promise<unknown>[] = [];
    const services = createServices(env, {
      waitUntil: (work) => void handed.push(work),
      network: () => "real",
    });
    const accountId = (await env.DB.prepare("select account_id as id from dealers where id = ?")
      .bind(seller.dealerId)
      .first<{ id: string }>())!.id;
    const { dealer } = await services.accounts.viewer(accountId);
    const input = createPostSchema.parse(F150_LISTING);
    const post = await services.inventory.createPost(dealer!, input, ORIGIN);
    expect(handed).toEqual([]);
    // The fan-out object restarts too before it has matched: what it was told is stored. Only it: evicting every
    // object would wait out the drain timeout of any other one still holding a request.
    await evictDurableObject(fanoutOf(env, post.id));

    const [alert, ...others] = await waitForNotifications(buyer.cookie, 1);
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ type: "deal-alert", link: `/post/${post.id}` });
    const key = `deal-alert:${(wanted.json as unknown as { id: string }).id}:${post.id}`;
    const stored = async () => {
      const count = (database: D1Database, query: string, bound: string) =>
        database.prepare(query).bind(bound).first<{ n: number }>();
      const [bells, emails] = await Promise.all([
        count(env.BELL_DB, "select count(*) as n from notifications where key = ?", key),
        count(env.OUTBOX_DB, "select count(*) as n from outbox where idempotency_key = ?", `${key}:email`),
      ]);
      return { bells: bells!.n, emails: emails!.n };
    };
    expect(await stored()).toEqual({ bells: 1, emails: 1 });

    // Told again (a repeat of the same call): it matches again and stores nothing twice.
    const object = fanoutOf(env, post.id);
    await object.match({ postId: post.id, network: "real" });
    expect(await fanoutSettled(post.id)).toEqual({ unmatched: 0, pending: 0 });
    expect(await stored()).toEqual({ bells: 1, emails: 1 });
    expect(await waitForNotifications(buyer.cookie, 2, 300)).toHaveLength(1);
  });

  it("delivers what its own matching stores in the same alarm run, and leaves no second alarm behind", async () => {
    const { buyer, seller, wanted } = await requestMatched();
    const requestId = (wanted.json as unknown as { id: string }).id;
    const listing = await call("POST", "/api/inventory", {
      cookie: seller.cookie,
      body: { ...F150_LISTING, description: "", photoUrls: [] },
    });
    const postId = (listing.json as unknown as { id: string }).id;
    await fanoutSettled(postId);
    // The pair's bell and e-mail removed, so matching the listing again stores its delivery again.
    const key = `deal-alert:${requestId}:${postId}`;
    await env.BELL_DB.prepare("delete from notifications where key = ?").bind(key).run();
    await env.OUTBOX_DB.prepare("delete from outbox where idempotency_key = ?").bind(`${key}:email`).run();

    const after = await runInDurableObject(
      fanout(`post:one-run-${postId}`),
      async (instance: DealAlertFanout, state) => {
        await instance.match({ postId, network: "real" });
        await state.storage.deleteAlarm();
        const setAlarm = vi.spyOn(state.storage, "setAlarm");
        await instance.alarm();
        return { alarmsSet: setAlarm.mock.calls.length, pending: await instance.pendingCount() };
      },
    );
    expect(after).toEqual({ alarmsSet: 0, pending: 0 });
    const bell = await env.BELL_DB.prepare("select dealer_id as dealerId from notifications where key = ?")
      .bind(key)
      .first<{ dealerId: string }>();
    expect(bell).toEqual({ dealerId: buyer.dealerId });
  });
});
