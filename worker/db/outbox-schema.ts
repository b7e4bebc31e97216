import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp } from "./columns";

/** The outbox's columns, as both databases declare them (the main one's old table also keeps a foreign key). */
export const outboxColumns = () => ({
  id: text("id").primaryKey(),
  channel: text("channel", { enum: ["email", "sms", "push"] }).notNull(),
  /** An e-mail address, an E.164 number, or for a push the push_subscriptions row it goes to. */
  recipient: text("recipient").notNull(),
  dealerId: text("dealer_id"),
  template: text("template").notNull(),
  category: text("category").notNull(),
  subject: text("subject"),
  bodyText: text("body_text").notNull(),
  bodyHtml: text("body_html"),
  /** RFC 8058 one-click address; null for transactional messages. */
  unsubscribeUrl: text("unsubscribe_url"),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  status: text("status", { enum: ["held", "queued", "sending", "sent", "failed"] })
    .notNull()
    .default("queued"),
  attempts: integer("attempts").notNull().default(0),
  /** When a queued message may be tried next, or when a claimed one's lease runs out. */
  nextAttemptAt: timestamp("next_attempt_at").notNull(),
  provider: text("provider"),
  providerId: text("provider_id"),
  lastError: text("last_error"),
  createdAt: createdAt(),
  sentAt: timestamp("sent_at"),
});

type OutboxColumns = {
  status: AnySQLiteColumn;
  nextAttemptAt: AnySQLiteColumn;
  createdAt: AnySQLiteColumn;
  id: AnySQLiteColumn;
};

/** The indexes both databases' outbox tables have. */
export const outboxIndexes = (t: OutboxColumns) => [
  index("outbox_due_idx").on(t.status, t.nextAttemptAt),
  index("outbox_created_idx").on(t.createdAt, t.id),
  // Delivered pushes go sooner than other messages (SENT_PUSH_KEEP_DAYS): the cron seeks them here rather than
  // walking every delivered e-mail of the weeks between.
  index("outbox_sent_push_idx")
    .on(t.nextAttemptAt)
    .where(sql`status = 'sent' and channel = 'push'`),
];

/**
 * The outbox database (binding OUTBOX_DB, migrations-outbox/; docs/decisions/0094-outbox-database.md): every
 * e-mail, text and push, written before it is sent (docs/decisions/0012-outbox-delivery.md).
 * held (the dealer has not confirmed their e-mail yet) → queued → sending (claimed, with a lease) → sent | failed;
 * a send that repeats the idempotency key stores nothing. `dealer_id` names a dealer of the main database, so
 * no foreign key keeps it: deleting a dealer sets it to null (worker/domain/outbox/dealers.ts).
 */
export const outbox = sqliteTable("outbox", outboxColumns(), (t) => [
  ...outboxIndexes(t),
  // What the dealer's foreign key was for: a dealer who goes, or whose held messages are released.
  index("outbox_dealer_idx").on(t.dealerId),
]);
