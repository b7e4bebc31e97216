import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Notification } from "#lib/api-types";
import { createServices } from "../../worker/services";
import { call, expiredDemoWithAddedDealer, runDailyCron, signUpDealer } from "./helpers";

/**
 * The bell in its own database (BELL_DB): its unread count stays in the main database and is kept by the code;
 * bells an earlier version wrote to the main database's old table are read, marked read and counted beside the
 * new ones; what the old table's foreign key did (a dealer who goes takes their bells) is done by the code.
 */

const DAY = 24 * 60 * 60 * 1000;

const notice = (dealerId: string, key: string, now?: number) =>
  ({ dealerId, type: "announcement", title: key, body: "", link: null, key, now }) as const;

/** A bell in the main database's old table, as a version before the move wrote it (its triggers count it). */
const legacyBell = (dealerId: string, key: string, at: number, readAt: number | null = null) =>
  env.DB.prepare(
    "insert into notifications (id, dealer_id, type, title, key, created_at, read_at) values (?, ?, 'announcement', ?, ?, ?, ?)",
  )
    .bind(crypto.randomUUID(), dealerId, key, key, at, readAt)
    .run();

const keptCount = async (dealerId: string) =>
  (await env.DB.prepare("select unread_notifications as n from dealers where id = ?")
    .bind(dealerId)
    .first<{ n: number }>())!.n;

const bellsOf = async (dealerId: string) =>
  (
    await env.BELL_DB.prepare("select key from notifications where dealer_id = ? order by key")
      .bind(dealerId)
      .all<{ key: string }>()
  ).results.map((row) => row.key);

describe("the bell's own database", () => {
  it("lists, pages, counts and reads the old table's bells beside the new ones", async () => {
    const me = await signUpDealer();
    const { centre } = createServices(env).notifications;
    const now = Date.now();
    await legacyBell(me.dealerId, "old-1", now - 4000);
    await legacyBell(me.dealerId, "old-2", now - 2000);
    await legacyBell(me.dealerId, "old-read", now - 1500, now - 1000);
    await centre.storeAll([
      notice(me.dealerId, "new-1", now - 3000),
      notice(me.dealerId, "new-2", now - 1000),
    ]);
    expect(await keptCount(me.dealerId)).toBe(4);
    expect(await bellsOf(me.dealerId)).toEqual(["new-1", "new-2"]);

    // Newest first across both, two to a page, the cursor carrying on from either database.
    const titles: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call("GET", `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ""}`, {
        cookie: me.cookie,
      });
      expect(res.status, res.text).toBe(200);
      titles.push(...(res.json as unknown as Notification[]).map((n) => n.title));
      cursor = res.headers.get("X-Next-Cursor");
    } while (cursor);
    expect(titles).toEqual(["new-2", "old-read", "old-2", "new-1", "old-1"]);

    // A key either database holds is a stored key.
    expect([...(await centre.storedKeys(["old-1", "new-1", "none"]))].sort()).toEqual(["new-1", "old-1"]);

    const [newest] = (await call("GET", "/api/notifications?limit=1", { cookie: me.cookie }))
      .json as unknown as Notification[];
    const some = await call("POST", "/api/notifications/read", {
      cookie: me.cookie,
      body: { ids: [newest!.id] },
    });
    expect(some.json).toEqual({ unreadCount: 3 });
    const all = await call("POST", "/api/notifications/read", { cookie: me.cookie, body: {} });
    expect(all.json).toEqual({ unreadCount: 0 });
    const unread = "select count(*) as n from notifications where dealer_id = ? and read_at is null";
    expect((await env.DB.prepare(unread).bind(me.dealerId).first<{ n: number }>())!.n).toBe(0);
    expect((await env.BELL_DB.prepare(unread).bind(me.dealerId).first<{ n: number }>())!.n).toBe(0);
  });

  it("lowers a count a failed trip left above the bells when everything is read, and never below zero", async () => {
    const me = await signUpDealer();
    const { centre } = createServices(env).notifications;
    await centre.storeAll([notice(me.dealerId, `heal-${me.dealerId}`)]);
    // As if a store's count went up and its bell was then lost, or a forgetting's count never came down.
    await env.DB.prepare("update dealers set unread_notifications = 7 where id = ?").bind(me.dealerId).run();
    expect(await keptCount(me.dealerId)).toBe(7);
    expect(await centre.markRead(me.dealerId)).toBe(0);

    // And one a failed trip left below: reading its bells stops at zero.
    await centre.storeAll([notice(me.dealerId, `low-${me.dealerId}`)]);
    await env.DB.prepare("update dealers set unread_notifications = 0 where id = ?").bind(me.dealerId).run();
    const [bell] = (await centre.list(me.dealerId, { limit: 1 })).items;
    expect(await centre.markRead(me.dealerId, [bell!.id])).toBe(0);
  });

  it("counts each stored bell once when two batches store the same keys at once", async () => {
    const me = await signUpDealer();
    const { centre } = createServices(env).notifications;
    const keys = Array.from({ length: 20 }, (_, i) => notice(me.dealerId, `race-${me.dealerId}-${i}`));
    await Promise.all([centre.storeAll(keys), centre.storeAll([...keys].reverse())]);
    expect(await keptCount(me.dealerId)).toBe(20);
    expect(await bellsOf(me.dealerId)).toHaveLength(20);
  });

  it("counts a bell read once when two taps read it at once", async () => {
    const me = await signUpDealer();
    const { centre } = createServices(env).notifications;
    await centre.storeAll([
      notice(me.dealerId, `twice-${me.dealerId}`),
      notice(me.dealerId, `other-${me.dealerId}`),
    ]);
    const { items } = await centre.list(me.dealerId, { limit: 1 });
    const ids = [items[0]!.id];
    await Promise.all([centre.markRead(me.dealerId, ids), centre.markRead(me.dealerId, ids)]);
    expect(await keptCount(me.dealerId)).toBe(1);
  });

  it("forgets a deleted account's bells, in both databases, and its count", async () => {
    const me = await signUpDealer();
    const other = await signUpDealer();
    const { centre } = createServices(env).notifications;
    await centre.storeAll([
      notice(me.dealerId, `mine-${me.dealerId}`),
      notice(other.dealerId, `theirs-${other.dealerId}`),
    ]);
    await legacyBell(me.dealerId, `old-mine-${me.dealerId}`, Date.now());

    const done = await call("DELETE", "/api/account", {
      cookie: me.cookie,
      body: { password: me.password, confirmation: "DELETE" },
    });
    expect(done.status, done.text).toBe(204);
    expect(await bellsOf(me.dealerId)).toEqual([]);
    expect(
      await env.DB.prepare("select id from notifications where dealer_id = ?").bind(me.dealerId).first(),
    ).toBeNull();
    expect(await keptCount(me.dealerId)).toBe(0);
    expect(await bellsOf(other.dealerId)).toEqual([`theirs-${other.dealerId}`]);
  });

  it("forgets a removed demo dealer's bells and those of the dealers it added", async () => {
    const { demoId, addedId } = await expiredDemoWithAddedDealer();
    const { centre } = createServices(env).notifications;
    await centre.storeAll([notice(demoId, `demo-${demoId}`), notice(addedId, `added-${addedId}`)]);

    await runDailyCron();

    expect(await env.DB.prepare("select id from dealers where id = ?").bind(demoId).first()).toBeNull();
    expect(await bellsOf(demoId)).toEqual([]);
    expect(await bellsOf(addedId)).toEqual([]);
  });

  it("lets the daily cron forget old bells in both databases, each unread one counted down once", async () => {
    const me = await signUpDealer();
    const { centre } = createServices(env).notifications;
    const now = Date.now();
    await centre.storeAll([
      notice(me.dealerId, `stale-${me.dealerId}`, now - 15 * DAY),
      notice(me.dealerId, `fresh-${me.dealerId}`, now),
    ]);
    await legacyBell(me.dealerId, `old-stale-${me.dealerId}`, now - 15 * DAY);
    await legacyBell(me.dealerId, `old-read-${me.dealerId}`, now - 9 * DAY, now - 8 * DAY);
    expect(await keptCount(me.dealerId)).toBe(3);

    await runDailyCron();

    expect(await bellsOf(me.dealerId)).toEqual([`fresh-${me.dealerId}`]);
    expect(
      await env.DB.prepare("select id from notifications where dealer_id = ?").bind(me.dealerId).first(),
    ).toBeNull();
    expect(await keptCount(me.dealerId)).toBe(1);
  });
});
