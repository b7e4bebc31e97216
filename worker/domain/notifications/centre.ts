import { sql } from "drizzle-orm";
import { toIso, toIsoOrNull, type Notification, type NotificationData } from "#lib/api-types";
import type { NotificationType } from "#lib/schemas/notifications";
import { inChunks, listOf } from "../../db/bound-parameters";
import { batchable, type Database } from "../../db/client";
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

/** The notification centre (GET /api/notifications, the bell): stored per dealer, newest first. */
export function notificationCentre(db: Database) {
  return {
    /** One page, newest first; `nextCursor` is null on the last page. Reads notifications_dealer_idx. */
    async list(dealerId: string, query: { cursor?: string; limit: number }): Promise<Page<Notification>> {
      const cursor = notificationsCursor.decode(query.cursor);
      const after = cursor ? sql`and (created_at, id) < (${cursor[0]}, ${cursor[1]})` : sql``;
      const rows = await db.all<Row>(sql`
        select ${COLUMNS} from notifications
        where dealer_id = ${dealerId} ${after}
        order by created_at desc, id desc
        limit ${query.limit + 1}`);
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

    /** Marks the given notifications (only the dealer's own) or all of them read; answers the unread count. */
    async markRead(dealerId: string, ids?: string[], now = Date.now()): Promise<number> {
      if (ids) {
        for (const chunk of inChunks(ids, { fixed: 2 })) {
          await db.run(sql`
            update notifications set read_at = ${now}
            where dealer_id = ${dealerId} and read_at is null and id in (${listOf(chunk)})`);
        }
      } else {
        await db.run(
          sql`update notifications set read_at = ${now} where dealer_id = ${dealerId} and read_at is null`,
        );
      }
      return this.unreadCount(dealerId);
    },

    /**
     * Stores each notification once per key, in one round trip whatever their number. Answers every key's
     * notification with its dealer (the one stored before, `created: false`, for a key already used: maybe
     * another dealer's) and each dealer's unread count after the store.
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
      const keys = JSON.stringify(rows.map((r) => r.key));
      const dealers = JSON.stringify([...new Set(rows.map((r) => r.dealerId))]);
      const [inserted, found, counts] = await db.batch([
        batchable(
          db,
          db.all<{ key: string }>(sql`
            insert into notifications (id, dealer_id, type, title, body, link, key, created_at, data)
            select n->>'id', n->>'dealerId', n->>'type', n->>'title', n->>'body', n->>'link', n->>'key',
              n->>'createdAt', n->>'data'
            from (select value as n from json_each(${JSON.stringify(rows)})) where true
            on conflict (key) do nothing
            returning key`),
        ),
        batchable(
          db,
          db.all<Row & { key: string; dealerId: string }>(sql`
            select ${COLUMNS}, key, dealer_id as dealerId from notifications
            where key in (select value from json_each(${keys}))`),
        ),
        batchable(
          db,
          db.all<{ dealerId: string; n: number; open: number }>(sql`
            select id as dealerId, unread_notifications as n,
              exists (select 1 from dealer_open_tabs t where t.dealer_id = dealers.id) as open
            from dealers
            where id in (select value from json_each(${dealers}))`),
        ),
      ]);
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

    /** Which of these keys are already stored. */
    async storedKeys(keys: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const chunk of inChunks(keys)) {
        const rows = await db.all<{ key: string }>(
          sql`select key from notifications where key in (${listOf(chunk)})`,
        );
        for (const row of rows) found.add(row.key);
      }
      return found;
    },
  };
}

export type NotificationCentre = ReturnType<typeof notificationCentre>;
