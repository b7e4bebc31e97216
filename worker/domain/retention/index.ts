import { sql } from "drizzle-orm";
import {
  CONTACT_MESSAGE_KEEP_DAYS,
  DAY_FIGURES_KEEP_DAYS,
  FAILED_MESSAGE_KEEP_DAYS,
  HELD_MESSAGE_KEEP_DAYS,
  NOTIFICATION_KEEP_DAYS,
  PAYMENT_EVENT_KEEP_DAYS,
  RATE_LIMIT_KEEP_DAYS,
  READ_NOTIFICATION_KEEP_DAYS,
  SECURITY_EVENT_KEEP_DAYS,
  SENT_MESSAGE_KEEP_DAYS,
  SENT_PUSH_KEEP_DAYS,
  SPENT_LINK_KEEP_DAYS,
} from "#lib/retention";
import type { Database } from "../../db/client";
import { outbox } from "../../db/outbox-schema";
import type { NotificationCentre } from "../notifications/centre";
import type { StatsBook } from "../stats";
import {
  accountTokens,
  contactMessages,
  legacyDayFigures,
  legacyNotifications,
  paymentEvents,
  rateLimits,
  securityEvents,
  sessions,
  uploadClaims,
} from "../../db/schema";
import { DAY_MS, deleteInBatches } from "./batches";
import { dropDeliveredBodies } from "./outbox";
import { removeLeftFeedPosts } from "./posts";
import { foldLeftFeedViews } from "./views";

/** How many rows each rule deleted in one run, by rule. */
export type RetentionRun = Record<string, number>;

/**
 * The daily cron's forgetting: every table that grows without end keeps its rows for the period
 * app/lib/retention.ts names, and no longer. Each rule seeks an index, so a run costs what it deletes.
 * Running it twice deletes nothing the second time.
 */
export function retentionService(
  db: Database,
  stores: {
    outboxDb: Database;
    photos: R2Bucket;
    bell: Pick<NotificationCentre, "forgetOld">;
    stats: Pick<StatsBook, "forgetOld" | "foldLeftFeedViews" | "addDayCounts" | "foldViewsOf">;
  },
) {
  const { outboxDb, photos, bell, stats } = stores;
  /**
   * Rules over one table each, in the order they run (one at a time: D1 has one writer), each over its database:
   * the main one, or the outbox's own. The bell's database has its own two rules (`bell.forgetOld`); these two
   * are for the bells left in the main database's old table.
   */
  const rules = (now: number) => {
    const ago = (days: number) => now - days * DAY_MS;
    return [
      ["sessions", db, sessions, sql`expires_at < ${now}`],
      [
        "spent links",
        db,
        accountTokens,
        sql`expires_at < ${ago(SPENT_LINK_KEEP_DAYS)} or used_at < ${ago(SPENT_LINK_KEEP_DAYS)}`,
      ],
      ["security events", db, securityEvents, sql`created_at < ${ago(SECURITY_EVENT_KEEP_DAYS)}`],
      ["rate-limit windows", db, rateLimits, sql`window_start < ${ago(RATE_LIMIT_KEEP_DAYS)}`],
      ["upload claims", db, uploadClaims, sql`expires_at < ${now}`],
      [
        "read notifications",
        db,
        legacyNotifications,
        sql`read_at is not null and read_at < ${ago(READ_NOTIFICATION_KEEP_DAYS)}`,
      ],
      ["notifications", db, legacyNotifications, sql`created_at < ${ago(NOTIFICATION_KEEP_DAYS)}`],
      // A sent or failed message's next_attempt_at is its last attempt; a held one's, when it was written.
      [
        "sent messages",
        outboxDb,
        outbox,
        sql`status = 'sent' and next_attempt_at < ${ago(SENT_MESSAGE_KEEP_DAYS)}`,
      ],
      // Through the delivered pushes' own index: outbox_due_idx would walk the weeks of delivered e-mails first.
      [
        "sent pushes",
        outboxDb,
        outbox,
        sql`status = 'sent' and next_attempt_at < ${ago(SENT_PUSH_KEEP_DAYS)} and channel = 'push'`,
        "outbox_sent_push_idx",
      ],
      [
        "failed messages",
        outboxDb,
        outbox,
        sql`status = 'failed' and next_attempt_at < ${ago(FAILED_MESSAGE_KEEP_DAYS)}`,
      ],
      [
        "held messages",
        outboxDb,
        outbox,
        sql`status = 'held' and next_attempt_at < ${ago(HELD_MESSAGE_KEEP_DAYS)}`,
      ],
      ["payment events", db, paymentEvents, sql`processed_at < ${ago(PAYMENT_EVENT_KEEP_DAYS)}`],
      ["contact messages", db, contactMessages, sql`created_at < ${ago(CONTACT_MESSAGE_KEEP_DAYS)}`],
      ["day figures", db, legacyDayFigures, sql`day < ${ago(DAY_FIGURES_KEEP_DAYS)}`],
    ] as const;
  };

  return {
    /**
     * Deletes everything past its period, empties delivered messages' texts and folds the views of posts off the
     * feed into counts; answers how many rows (posts for the posts and their views) each rule changed.
     */
    async forgetOld(now = Date.now()): Promise<RetentionRun> {
      const run: RetentionRun = {};
      for (const [name, database, table, where, index] of rules(now)) {
        run[name] = (run[name] ?? 0) + (await deleteInBatches(database, table, where, index));
      }
      const bells = await bell.forgetOld(now);
      run["read notifications"] = (run["read notifications"] ?? 0) + bells.read;
      run["notifications"] = (run["notifications"] ?? 0) + bells.old;
      run["delivered message texts"] = await dropDeliveredBodies(outboxDb, now);
      // The main database's old post_views table (views counted before My Stats had its database), then its own.
      run["views of posts off the feed"] =
        (await foldLeftFeedViews(db)) + (await stats.foldLeftFeedViews(now));
      run["posts off the feed"] = await removeLeftFeedPosts(db, { photos, stats }, now);
      const figures = await stats.forgetOld(now);
      run["day figures"] = (run["day figures"] ?? 0) + figures.dayFigures;
      run["folded posts"] = figures.foldedPosts;
      return run;
    },
  };
}

export type RetentionService = ReturnType<typeof retentionService>;
