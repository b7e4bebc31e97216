import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OutboxCourier } from "../../durable-objects/outbox-courier";
import { createServices } from "../../worker/services";
import { call, expiredDemoWithAddedDealer, runDailyCron, signUpDealer } from "./helpers";

/**
 * The outbox in its own database (OUTBOX_DB): what the main database's foreign key to dealers did is done by
 * the code, and what an earlier version left in the main database's outbox table is handed over.
 */

const DAY = 24 * 60 * 60 * 1000;

/** Puts a message in the main database's old outbox table, as a version before the move wrote it. */
const legacyMessage = (key: string, status: string, at: number, dealerId: string | null = null) =>
  env.DB.prepare(
    `insert into outbox (id, channel, recipient, dealer_id, template, category, subject, body_text, body_html,
       idempotency_key, status, attempts, next_attempt_at, created_at, sent_at)
     values (?, 'email', 'dana@whitfield.example', ?, 'test-email', 'transactional', 'Hello', 'Hello',
       '<p>Hello</p>', ?, ?, 0, ?, ?, ?)`,
  )
    .bind(crypto.randomUUID(), dealerId, key, status, at, at, status === "sent" ? at : null)
    .run();

const outboxRows = async (where: string, ...values: unknown[]) =>
  (
    await env.OUTBOX_DB.prepare(`select * from outbox where ${where} order by idempotency_key`)
      .bind(...values)
      .all<Record<string, unknown>>()
  ).results;

const legacyCount = async (like: string) =>
  (await env.DB.prepare("select count(*) as n from outbox where idempotency_key like ?").bind(like).first<{
    n: number;
  }>())!.n;

describe("the outbox's own database", () => {
  it("is handed what an earlier version left in the main database, each message once, and sends the queued one", async () => {
    const run = `legacy-${crypto.randomUUID()}`;
    const now = Date.now();
    const dealer = await signUpDealer();
    await legacyMessage(`${run}-queued`, "queued", now - 60_000, dealer.dealerId);
    await legacyMessage(`${run}-sent`, "sent", now - 2 * DAY);
    // A hand-off cut short: copied already, but not yet deleted from the main database.
    await legacyMessage(`${run}-copied`, "sent", now - DAY);
    const services = createServices(env);
    await env.OUTBOX_DB.prepare(
      `insert into outbox (id, channel, recipient, template, category, body_text, idempotency_key, status,
         next_attempt_at, created_at) values (?, 'email', 'dana@whitfield.example', 'test-email', 'transactional',
         'Hello', ?, 'sent', ?, ?)`,
    )
      .bind(crypto.randomUUID(), `${run}-copied`, now - DAY, now - DAY)
      .run();

    expect(await services.outbox.handOffLegacy()).toEqual({ moved: 3, left: false });
    expect(await legacyCount(`${run}-%`)).toBe(0);
    const moved = await outboxRows("idempotency_key like ?", `${run}-%`);
    expect(moved.map((m) => [m.idempotency_key, m.status, m.dealer_id])).toEqual([
      [`${run}-copied`, "sent", null],
      [`${run}-queued`, "queued", dealer.dealerId],
      [`${run}-sent`, "sent", null],
    ]);
    expect(moved.find((m) => m.status === "queued")).toMatchObject({
      subject: "Hello",
      body_html: "<p>Hello</p>",
      created_at: now - 60_000,
    });
    expect(await services.outbox.handOffLegacy()).toEqual({ moved: 0, left: false });

    await services.outbox.deliverDue(now);
    expect((await outboxRows("idempotency_key = ?", `${run}-queued`))[0]).toMatchObject({ status: "sent" });
  });

  it("is handed over by each courier run, which delivers what the outbox holds even when the hand-off fails", async () => {
    const run = `legacy-courier-${crypto.randomUUID().slice(0, 8)}`;
    const courier = env.OUTBOX_COURIER.get(env.OUTBOX_COURIER.idFromName("outbox"));
    await legacyMessage(`${run}-queued`, "queued", Date.now() - 60_000);

    await runInDurableObject(courier, (instance: OutboxCourier) => instance.alarm());
    expect(await legacyCount(`${run}-%`)).toBe(0);
    expect((await outboxRows("idempotency_key = ?", `${run}-queued`))[0]).toMatchObject({ status: "sent" });

    // An older version still rolling out writes one more: the next run finds it too.
    await legacyMessage(`${run}-later`, "queued", Date.now() - 60_000);
    await runInDurableObject(courier, (instance: OutboxCourier) => instance.alarm());
    expect(await legacyCount(`${run}-%`)).toBe(0);
    expect((await outboxRows("idempotency_key = ?", `${run}-later`))[0]).toMatchObject({ status: "sent" });

    // A hand-off that fails (here, the old table renamed away) leaves the run to deliver what the outbox holds.
    const fresh = await createServices(env).outbox.enqueue({
      channel: "email",
      to: "dana@whitfield.example",
      template: "test-email",
      data: { subject: "Hello", message: "Hello", dealershipName: "Whitfield Motors" },
      category: "transactional",
      idempotencyKey: `${run}-fresh`,
      held: true,
    });
    await env.OUTBOX_DB.prepare("update outbox set status = 'queued' where id = ?").bind(fresh.id).run();
    await env.DB.exec("alter table outbox rename to outbox_away");
    try {
      await runInDurableObject(courier, (instance: OutboxCourier) => instance.alarm());
    } finally {
      await env.DB.exec("alter table outbox_away rename to outbox");
    }
    expect((await outboxRows("id = ?", fresh.id))[0]).toMatchObject({ status: "sent" });
  });

  it("is handed a table of many rounds whole, in order, none twice", async () => {
    const run = `legacy-many-${crypto.randomUUID().slice(0, 8)}`;
    const at = Date.now() - 3 * DAY;
    const many = Array.from({ length: 250 }, (_, i) => `${run}-${String(i).padStart(3, "0")}`);
    await env.DB.batch(
      many.map((key) =>
        env.DB.prepare(
          `insert into outbox (id, channel, recipient, template, category, body_text, idempotency_key, status,
             next_attempt_at, created_at) values (?, 'push', 'device-1', 'notification', 'deal_alerts', '{}', ?,
             'sent', ?, ?)`,
        ).bind(crypto.randomUUID(), key, at, at),
      ),
    );
    // One waiting message, written last: it goes in the first round.
    await legacyMessage(`${run}-waiting`, "queued", at);
    const services = createServices(env);
    expect(await services.outbox.handOffLegacy(1)).toEqual({ moved: 1, left: true });
    expect(await outboxRows("idempotency_key = ?", `${run}-waiting`)).toHaveLength(1);
    expect(await services.outbox.handOffLegacy(2)).toEqual({ moved: 200, left: true });
    expect(await services.outbox.handOffLegacy()).toEqual({ moved: 50, left: false });
    expect(await legacyCount(`${run}-%`)).toBe(0);
    const moved = await outboxRows("idempotency_key like ?", `${run}-%`);
    expect(moved.map((m) => m.idempotency_key)).toEqual([...many, `${run}-waiting`]);
  });

  it("copies a message's later state over a copy nothing has touched, never over one the courier took", async () => {
    const run = `legacy-later-${crypto.randomUUID().slice(0, 8)}`;
    const at = Date.now() - 60_000;
    const services = createServices(env);
    // Copied while queued, then sent by an older version before it left the old table.
    await legacyMessage(`${run}-untouched`, "sent", at);
    await legacyMessage(`${run}-taken`, "sent", at);
    const ids = await env.DB.prepare(
      "select id, idempotency_key as key from outbox where idempotency_key like ?",
    )
      .bind(`${run}-%`)
      .all<{ id: string; key: string }>();
    for (const { id, key } of ids.results)
      await env.OUTBOX_DB.prepare(
        `insert into outbox (id, channel, recipient, template, category, body_text, idempotency_key, status,
           attempts, next_attempt_at, created_at) values (?, 'email', 'dana@whitfield.example', 'test-email',
           'transactional', 'Hello', ?, ?, ?, ?, ?)`,
      )
        .bind(id, key, key.endsWith("taken") ? "sending" : "queued", key.endsWith("taken") ? 1 : 0, at, at)
        .run();

    expect(await services.outbox.handOffLegacy()).toEqual({ moved: 2, left: false });
    const copies = await outboxRows("idempotency_key like ?", `${run}-%`);
    expect(copies.map((c) => [c.idempotency_key, c.status])).toEqual([
      [`${run}-taken`, "sending"],
      [`${run}-untouched`, "sent"],
    ]);
  });

  it("releases and forgets the messages still in the old table as in the outbox's own", async () => {
    const run = `legacy-acct-${crypto.randomUUID().slice(0, 8)}`;
    const dealer = await signUpDealer();
    const accountId = (await env.DB.prepare("select account_id as id from dealers where id = ?")
      .bind(dealer.dealerId)
      .first<{ id: string }>())!.id;
    await legacyMessage(`${run}-held`, "held", Date.now() - 60_000, dealer.dealerId);
    expect(await createServices(env).outbox.release(accountId)).toBe(1);
    // Released where it is: in the old table, or already handed over by the courier the release woke.
    const inOldTable = await env.DB.prepare("select status from outbox where idempotency_key = ?")
      .bind(`${run}-held`)
      .first("status");
    const status = inOldTable ?? (await outboxRows("idempotency_key = ?", `${run}-held`))[0]?.status;
    expect(["queued", "sending", "sent"]).toContain(status);
  });

  it("forgets a deleted account's messages still in the old table", async () => {
    const run = `legacy-gone-${crypto.randomUUID().slice(0, 8)}`;
    const dealer = await signUpDealer();
    // No courier run meanwhile (the sign-up's e-mail woke it): it would hand the messages over first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const courier = env.OUTBOX_COURIER.get(env.OUTBOX_COURIER.idFromName("outbox"));
    await runInDurableObject(courier, (_, state: DurableObjectState) => state.storage.deleteAlarm());
    await legacyMessage(`${run}-waiting`, "queued", Date.now() + DAY, dealer.dealerId);
    await legacyMessage(`${run}-sent`, "sent", Date.now() - DAY, dealer.dealerId);
    await createServices(env).outbox.forgetAccount(dealer.dealerId, dealer.email);
    expect(await legacyCount(`${run}-waiting`)).toBe(0);
    expect(await legacyCount(`${run}-sent`)).toBe(1);
    await createServices(env).outbox.handOffLegacy();
  });

  it("is handed what was left by the daily cron too", async () => {
    const run = `legacy-cron-${crypto.randomUUID()}`;
    await legacyMessage(`${run}-queued`, "queued", Date.now() - 60_000);
    await runDailyCron();
    expect(await legacyCount(`${run}-%`)).toBe(0);
    expect(await outboxRows("idempotency_key = ?", `${run}-queued`)).toHaveLength(1);
  });

  it("sends nothing more to a deleted account: its waiting messages and every message to its address go", async () => {
    const me = await signUpDealer();
    const services = createServices(env);
    const message = (key: string, to: string, dealerId: string | null) =>
      services.outbox.enqueue({
        channel: "email",
        to,
        template: "test-email",
        data: { subject: "Hello", message: "Hello", dealershipName: "Whitfield Motors" },
        category: "transactional",
        idempotencyKey: key,
        dealerId,
        // Held (as before an address is confirmed), so the courier leaves them where the test looks.
        held: true,
      });
    const run = `deleted-${crypto.randomUUID()}`;
    await message(`${run}-to-me`, me.email, me.dealerId);
    await message(`${run}-mine-elsewhere`, "other@whitfield.example", me.dealerId);
    await message(`${run}-not-mine`, "other@whitfield.example", null);

    const done = await call("DELETE", "/api/account", {
      cookie: me.cookie,
      body: { password: me.password, confirmation: "DELETE" },
    });
    expect(done.status, done.text).toBe(204);
    const left = await outboxRows("idempotency_key like ?", `${run}-%`);
    expect(left.map((m) => m.idempotency_key)).toEqual([`${run}-not-mine`]);
    expect(await outboxRows("recipient = ?", me.email)).toEqual([]);
  });

  it("keeps a removed demo dealer's messages, and those of the dealers it added, for their period, with no dealer named", async () => {
    const { demoId, addedId } = await expiredDemoWithAddedDealer();
    const run = `demo-gone-${crypto.randomUUID()}`;
    for (const [key, dealerId] of [
      [run, demoId],
      [`${run}-added`, addedId],
    ])
      await env.OUTBOX_DB.prepare(
        `insert into outbox (id, channel, recipient, dealer_id, template, category, body_text, idempotency_key,
           status, next_attempt_at, created_at) values (?, 'email', 'a@b.example', ?, 'test-email', 'transactional',
           'Hello', ?, 'sent', ?, ?)`,
      )
        .bind(crypto.randomUUID(), dealerId, key, Date.now(), Date.now())
        .run();
    await runDailyCron();

    expect(await env.DB.prepare("select id from dealers where id = ?").bind(demoId).first()).toBeNull();
    expect(await env.DB.prepare("select id from dealers where id = ?").bind(addedId).first()).toBeNull();
    expect(await outboxRows("idempotency_key like ?", `${run}%`)).toMatchObject([
      { dealer_id: null, status: "sent" },
      { dealer_id: null, status: "sent" },
    ]);
  });
});
