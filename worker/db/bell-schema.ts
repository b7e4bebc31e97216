import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { NotificationData } from "#lib/api-types";
import { NOTIFICATION_TYPES } from "#lib/schemas/notifications";
import { createdAt, timestamp } from "./columns";

/** A bell notification's columns, as both databases declare them (the main one's old table also keeps a foreign key). */
export const notificationColumns = () => ({
  id: text("id").primaryKey(),
  dealerId: text("dealer_id").notNull(),
  type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
  title: text("title").notNull(),
  body: text("body").notNull().default(""),
  /** Where the notification leads in the app (/post/{id}, /messages, …). */
  link: text("link"),
  /** A delivery repeated after a restart finds its key taken and stores nothing: one alert per pair of posts. */
  key: text("key").unique(),
  createdAt: createdAt(),
  readAt: timestamp("read_at"),
  /** What a screen needs to act on it (a deal alert's vehicle and price for an offer at asking). */
  data: text("data", { mode: "json" }).$type<NotificationData | null>(),
});

type NotificationIndexed = {
  dealerId: AnySQLiteColumn;
  createdAt: AnySQLiteColumn;
  id: AnySQLiteColumn;
  readAt: AnySQLiteColumn;
};

/** The indexes both databases' notification tables have. */
export const notificationIndexes = (t: NotificationIndexed) => [
  index("notifications_dealer_idx").on(t.dealerId, t.createdAt, t.id),
  // The daily cron's two rules (worker/domain/retention): any after its period, a read one sooner.
  index("notifications_created_idx").on(t.createdAt),
  index("notifications_read_idx")
    .on(t.readAt)
    .where(sql`read_at is not null`),
];

/**
 * The bell's database (binding BELL_DB, migrations-bell/; docs/decisions/0097-bell-database.md): each dealer's
 * notifications, newest first, unread until read. Only the notification centre reads and writes it
 * (worker/domain/notifications/centre.ts). Its unread count stays in the main database
 * (`dealers.unread_notifications`), which every signed-in page reads with its session; `dealer_id` names a dealer
 * of the main database, so no foreign key keeps it (a dealer's deletion deletes their bells first).
 */
export const notifications = sqliteTable("notifications", notificationColumns(), (t) =>
  notificationIndexes(t),
);
