import { sql } from "drizzle-orm";
import { toIso, toIsoOrNull, type Notification, type NotificationData } from "#lib/api-types";
import {
  NOTIFICATION_KEEP_DAYS,
  READ_NOTIFICATION_KEEP_DAYS,
  RETENTION_BATCH_ROWS,
  RETENTION_MAX_BATCHES,
} from "#lib/retention";
import type { NotificationType } from "#lib/schemas/notifications";
import { notifications } from "../../db/bell-schema";
import { inChunks, jsonList, listOf } from "../../db/bound-parameters";
import { batchable, type Database } from "../../db/client";
import { DAY_MS, deleteInBatches } from "../retention/batches";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { newTimeOrderedId } from "../shared/ids";

/** GET /api/notifications, newest first: the last row's (created_at, id). */
const notificationsCursor = cursorKind("notifications.newest", cursorValue.time, cursorValue.id);

type Row = {
  id: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
  createdAt: number;
  readAt: number | null;
  data: string | null;
};

const COLUMNS = sql`id, type, title, body, link, created_at as createdAt, read_at as readAt, data`;

const toNotification = (row: Row): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: toIso(row.createdAt),
  readAt: toIsoOrNull(row.readAt),
  data: row.data ? (JSON.parse(row.data) as NotificationData) : null,
});

type NewNotification = {
  dealerId: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
  /** Idempotency: a second store with the same key answers the first notification, `created: false`. */
  key: string;
  data?: NotificationData | null;
  now?: number;
};

/** How many bells each dealer of `dealerIds` has among them (a dealer named twice has two). */
function tally(dealerIds: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of dealerIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * Moves dealers' kept counts (`dealers.unread_notifications`) by the bells that changed in the bell's database:
 * up by those stored, down (never below zero) by those read or forgotten unread.
 */
function countsMoved(counts: Map<string, number>, way: "up" | "down") {
  const moved = way === "up" ? sql`unread_notifications + c.n` : sql`max(0, unread_notifications - c.n)`;
  return sql`
    update dealers set unread_notifications = ${moved}
    from (select value->>0 as id, value->>1 as n from json_each(${JSON.stringify([...counts])})) as c
    where dealers.id = c.id`;
}

/**
 * The notification centre (GET /api/notifications, the bell): stored per dealer, newest first, in the bell's own
 * database (docs/decisions/0097-bell-database.md). The unread count stays in the main database
 * (`dealers.unread_notifications`, read by every signed-in page with its session): this code moves it after each
 * change of the bells, one trip after theirs. Bells written before the move stay in the main database's old table
 * (`legacy` below) until their 14 days are up: they are read, marked read and found beside the new ones, and
 * triggers there (migration 0044) keep their share of the count.
 */
export function notificationCentre(bellDb: Database, db: Database) {
  /** One page of one database's bells, newest first. */
  const pageFrom = (
    database: Database,
    dealerId: string,
    after: readonly [number, string] | null,
    limit: number,
  ) =>
    database.all<Row>(sql`
      select ${COLUMNS} from notifications
      where dealer_id = ${dealerId} ${after ? sql`and (created_at, id) < (${after[0]}, ${after[1]})` : sql``}
      order by created_at desc, id desc
      limit ${limit}`);

  /** Marks the dealer's unread bells read in one database (all, or those of `ids`), answering how many changed. */
  const markIn = async (database: Database, dealerId: string, now: number, ids?: string[]) => {
    let changed = 0;
    for (const chunk of ids ? inChunks(ids, { fixed: 2 }) : [null]) {
      const rows = await database.all<{ id: string }>(sql`
        update notifications set read_at = ${now}
        where dealer_id = ${dealerId} and read_at is null ${chunk ? sql`and id in (${listOf(chunk)})` : sql``}
        returning id`);
      changed += rows.length;
    }
    return changed;
  };

  /** The dealer's bells still unread, in both databases. */
  const stillUnread = async (dealerId: string) => {
    const unread = sql`select count(*) as n from notifications where dealer_id = ${dealerId} and read_at is null`;
    const [[fresh], [legacy]] = await Promise.all([
      bellDb.all<{ n: number }>(unread),
      db.all<{ n: number }>(unread),
    ]);
    return (fresh?.n ?? 0) + (legacy?.n ?? 0);
  };

  return {
    /**
     * One page, newest first; `nextCursor` is null on the last page. Reads notifications_dealer_idx of both
     * databases at once and merges them (the old one is empty once its last bells are 14 days old).
     */
    async list(dealerId: string, query: { cursor?: string; limit: number }): Promise<Page<Notification>> {
      const cursor = notificationsCursor.decode(query.cursor);
      const after = cursor ? ([cursor[0], cursor[1]] as const) : null;
      const [fresh, legacy] = await Promise.all([
        pageFrom(bellDb, dealerId, after, query.limit + 1),
        pageFrom(db, dealerId, after, query.limit + 1),
      ]);
      const rows = [...fresh, ...legacy]
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .slice(0, query.limit + 1);
      return pageOf(rows, query.limit, toNotification, (last) =>
        notificationsCursor.encode(last.createdAt, last.id),
      );
    },

    /** Unread count for the bell: the dealer's kept count (dealers.unread_notifications). */
    async unreadCount(dealerId: string): Promise<number> {
      const [row] = await db.all<{ n: number }>(
        sql`select unread_notifications as n from dealers where id = ${dealerId}`,
      );
      return row?.n ?? 0;
    },

    /**
     * Marks the given notifications (only the dealer's own) or all of them read, in both databases; lowers the
     * kept count by the bells this call changed (another call's are its own to count); answers the count.
     */
    async markRead(dealerId: string, ids?: string[], now = Date.now()): Promise<number> {
      // The two databases at once; the old table's triggers keep its share of the count.
      const [changed] = await Promise.all([
        markIn(bellDb, dealerId, now, ids),
        markIn(db, dealerId, now, ids),
      ]);
      const lowered = sql`max(0, unread_notifications - ${changed})`;
      // Everything read: what is still unread came since, and a count a failed trip left above that comes down to it.
      const count = ids ? lowered : sql`min(${lowered}, ${await stillUnread(dealerId)})`;
      const [row] = await db.all<{ n: number }>(sql`
        update dealers set unread_notifications = ${count} where id = ${dealerId}
        returning unread_notifications as n`);
      return row?.n ?? 0;
    },

    /**
     * Stores each notification once per key, whatever their number, in one trip to the bell's database, then
     * raises the kept counts of the bells it stored, reads every dealer's count and whether they have a tab open,
     * in one trip to the main database. Answers every key's notification with its dealer (the one stored before,
     * `created: false`, for a key already used: maybe another dealer's) and each dealer's unread count after the store.
     */
    async storeAll(inputs: readonly NewNotification[]): Promise<{
      stored: Map<string, { notification: Notification; dealerId: string; created: boolean }>;
      unread: Map<string, number>;
      /** The dealers among them with a tab open, read after the bells are stored (open-tabs.ts says why). */
      openTabs: Set<string>;
    }> {
      const now = Date.now();
      const rows = inputs.map((n) => ({
        id: newTimeOrderedId(n.now ?? now),
        dealerId: n.dealerId,
        type: n.type,
        title: n.title,
        body: n.body,
        link: n.link,
        key: n.key,
        createdAt: n.now ?? now,
        data: n.data ? JSON.stringify(n.data) : null,
      }));
      const [inserted, found] = await bellDb.batch([
        batchable(
          bellDb,
          bellDb.all<{ key: string; dealerId: string }>(sql`
            insert into notifications (id, dealer_id, type, title, body, link, key, created_at, data)
            select n->>'id', n->>'dealerId', n->>'type', n->>'title', n->>'body', n->>'link', n->>'key',
              n->>'createdAt', n->>'data'
            from (select value as n from json_each(${JSON.stringify(rows)})) where true
            on conflict (key) do nothing
            returning key, dealer_id as dealerId`),
        ),
        batchable(
          bellDb,
          bellDb.all<Row & { key: string; dealerId: string }>(sql`
            select ${COLUMNS}, key, dealer_id as dealerId from notifications
            where key in ${jsonList(rows.map((r) => r.key))}`),
        ),
      ]);
      const raised = tally(inserted.map((row) => row.dealerId));
      const read = batchable(
        db,
        db.all<{ dealerId: string; n: number; open: number }>(sql`
          select id as dealerId, unread_notifications as n,
            exists (select 1 from dealer_open_tabs t where t.dealer_id = dealers.id) as open
          from dealers
          where id in ${jsonList([...new Set(rows.map((r) => r.dealerId))])}`),
      );
      const counts =
        raised.size > 0
          ? (await db.batch([batchable(db, db.run(countsMoved(raised, "up"))), read]))[1]
          : await read;
      const created = new Set(inserted.map((row) => row.key));
      return {
        stored: new Map(
          found.map((row) => [
            row.key,
            { notification: toNotification(row), dealerId: row.dealerId, created: created.has(row.key) },
          ]),
        ),
        unread: new Map(counts.map((c) => [c.dealerId, c.n])),
        openTabs: new Set(counts.filter((c) => c.open).map((c) => c.dealerId)),
      };
    },

    /** Which of these keys are already stored, in either database. */
    async storedKeys(keys: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const chunk of inChunks(keys)) {
        const query = sql`select key from notifications where key in (${listOf(chunk)})`;
        const [fresh, legacy] = await Promise.all([
          bellDb.all<{ key: string }>(query),
          db.all<{ key: string }>(query),
        ]);
        for (const row of [...fresh, ...legacy]) found.add(row.key);
      }
      return found;
    },

    /** A dealer's bells go with them (an account deleted, a demo's dealers removed); their count is theirs to reset. */
    async forgetDealers(dealerIds: readonly string[]): Promise<void> {
      for (const chunk of inChunks(dealerIds))
        await bellDb.run(sql`delete from notifications where dealer_id in (${listOf(chunk)})`);
    },

    /**
     * The daily cron's two rules over the bell's database: a read bell goes READ_NOTIFICATION_KEEP_DAYS after it
     * was read, any after NOTIFICATION_KEEP_DAYS; an unread one that goes lowers its dealer's count. Answers how
     * many went by each rule. (The old table's rules are the retention service's; its triggers keep the count.)
     */
    async forgetOld(now = Date.now()): Promise<{ read: number; old: number }> {
      const ago = (days: number) => now - days * DAY_MS;
      const read = await deleteInBatches(
        bellDb,
        notifications,
        sql`read_at is not null and read_at < ${ago(READ_NOTIFICATION_KEEP_DAYS)}`,
      );
      let old = 0;
      for (let round = 0; round < RETENTION_MAX_BATCHES; round += 1) {
        const gone = await bellDb.all<{ dealerId: string; unread: number }>(sql`
          delete from notifications where rowid in (
            select rowid from notifications where created_at < ${ago(NOTIFICATION_KEEP_DAYS)}
            limit ${RETENTION_BATCH_ROWS})
          returning dealer_id as dealerId, read_at is null as unread`);
        old += gone.length;
        const unread = tally(gone.filter((row) => row.unread).map((row) => row.dealerId));
        if (unread.size > 0) await db.run(countsMoved(unread, "down"));
        if (gone.length < RETENTION_BATCH_ROWS) break;
      }
      return { read, old };
    },
  };
}

export type NotificationCentre = ReturnType<typeof notificationCentre>;
