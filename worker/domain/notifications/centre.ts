import { sql } from "drizzle-orm";
import { toIso, toIsoOrNull, type Notification, type NotificationData } from "#lib/api-types";
import type { NotificationType } from "#lib/schemas/notifications";
import { inChunks, listOf } from "../../db/bound-parameters";
import type { Database } from "../../db/client";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { newId } from "../shared/ids";

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

    /** Unread count for the bell: a count over the partial index notifications_unread_idx. */
    async unreadCount(dealerId: string): Promise<number> {
      const [row] = await db.all<{ n: number }>(
        sql`select count(*) as n from notifications where dealer_id = ${dealerId} and read_at is null`,
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

    /** Stores a notification once per key. */
    async store(input: NewNotification): Promise<{ notification: Notification; created: boolean }> {
      const now = input.now ?? Date.now();
      const inserted = await db.all<Row>(sql`
        insert into notifications (id, dealer_id, type, title, body, link, key, created_at, data)
        values (${newId()}, ${input.dealerId}, ${input.type}, ${input.title}, ${input.body}, ${input.link}, ${input.key}, ${now},
          ${input.data ? JSON.stringify(input.data) : null})
        on conflict (key) do nothing
        returning ${COLUMNS}`);
      const row = inserted[0];
      if (row) return { notification: toNotification(row), created: true };
      const [existing] = await db.all<Row>(
        sql`select ${COLUMNS} from notifications where key = ${input.key}`,
      );
      if (!existing) throw new Error(`Notification ${input.key} vanished after a duplicate store`);
      return { notification: toNotification(existing), created: false };
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
