/**
 * What the schema's insert triggers write, as one statement over all the rows a bulk load added
 * (scripts/local-d1-file.ts drops the triggers for the load). `:from_<table>` is the table's highest rowid before
 * the load, so only the loaded rows count. Listed in the order they run: the search documents before the
 * full-text index that reads them.
 */

/** "YYYY-MM-DD" of a created_at in milliseconds, as the daily-activity triggers write it. */
const dayOf = (column: string) => `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;

/** The vehicles part of a post's search document, as the search triggers write it. */
const vehicleWords = (postId: string) =>
  `coalesce((SELECT group_concat(v.make || ' ' || v.model || coalesce(' ' || v.vin || ' ' || substr(v.vin, 12), ''), ' ') FROM vehicles v WHERE v.post_id = ${postId}), '')`;

/** A daily_activity column counted per day over `from` (a FROM … WHERE … clause that names the day's column). */
const dailyCount = (column: string, createdAt: string, from: string) =>
  `INSERT INTO daily_activity (day, ${column}) SELECT ${dayOf(createdAt)}, count(*) ${from} GROUP BY 1 ` +
  `ON CONFLICT(day) DO UPDATE SET ${column} = ${column} + excluded.${column}`;

export type BulkRebuild = { statements: string[]; writes?: string };

export const BULK_REBUILDS: Record<string, BulkRebuild> = {
  daily_signups_ai: {
    statements: [
      dailyCount(
        "signups",
        "created_at",
        "FROM accounts WHERE rowid > :from_accounts AND demo_expires_at IS NULL",
      ),
    ],
  },
  daily_signups_demo_ai: {
    statements: [
      `UPDATE daily_activity SET signups = max(0, signups - d.n) FROM (SELECT ${dayOf("a.created_at")} AS day, count(*) AS n ` +
        `FROM dealers x JOIN accounts a ON a.id = x.account_id WHERE x.rowid > :from_dealers AND x.is_demo = 1 ` +
        `AND a.demo_expires_at IS NULL GROUP BY 1) AS d WHERE daily_activity.day = d.day`,
    ],
  },
  connections_count_ai: {
    statements: [
      `UPDATE dealers SET connection_count = connection_count + c.n FROM (SELECT id, count(*) AS n FROM (` +
        `SELECT requester_id AS id FROM connections WHERE rowid > :from_connections AND status = 'accepted' UNION ALL ` +
        `SELECT receiver_id FROM connections WHERE rowid > :from_connections AND status = 'accepted') GROUP BY id) AS c ` +
        `WHERE dealers.id = c.id`,
    ],
  },
  inventory_posts_search_ai: {
    statements: [
      `INSERT INTO post_search_docs (post_id, title, description, dealer, vehicles) SELECT p.id, p.title, p.description, ` +
        `coalesce((SELECT d.name || ' ' || d.dealership_name FROM dealers d WHERE d.id = p.dealer_id), ''), ${vehicleWords("p.id")} ` +
        `FROM inventory_posts p WHERE p.rowid > :from_inventory_posts ORDER BY p.rowid`,
    ],
    writes: "post_search_docs",
  },
  vehicles_search_ai: {
    // Posts loaded with their vehicles already have them in their documents.
    statements: [
      `UPDATE post_search_docs SET vehicles = ${vehicleWords("post_search_docs.post_id")} WHERE post_id IN (` +
        `SELECT v.post_id FROM vehicles v JOIN inventory_posts p ON p.id = v.post_id ` +
        `WHERE v.rowid > :from_vehicles AND p.rowid <= :from_inventory_posts)`,
    ],
    writes: "post_search_docs",
  },
  post_search_docs_ai: { statements: ["INSERT INTO post_search (post_search) VALUES ('rebuild')"] },
  daily_posts_ai: {
    statements: [
      dailyCount(
        "posts",
        "p.created_at",
        "FROM inventory_posts p JOIN dealers d ON d.id = p.dealer_id WHERE p.rowid > :from_inventory_posts AND d.is_demo = 0",
      ),
    ],
  },
  daily_messages_ai: {
    statements: [
      dailyCount(
        "messages",
        "m.created_at",
        "FROM messages m JOIN dealers d ON d.id = m.sender_id WHERE m.rowid > :from_messages AND d.is_demo = 0",
      ),
    ],
  },
  daily_alerts_ai: {
    statements: [
      dailyCount(
        "alerts",
        "n.created_at",
        "FROM notifications n JOIN dealers d ON d.id = n.dealer_id WHERE n.rowid > :from_notifications " +
          "AND n.type IN ('deal-alert', 'price-drop') AND d.is_demo = 0",
      ),
    ],
  },
  notifications_unread_ai: {
    statements: [
      `UPDATE dealers SET unread_notifications = unread_notifications + c.n FROM (SELECT dealer_id, count(*) AS n ` +
        `FROM notifications WHERE rowid > :from_notifications AND read_at IS NULL GROUP BY dealer_id) AS c ` +
        `WHERE dealers.id = c.dealer_id`,
    ],
  },
  dealer_name_suffixes_ai: {
    statements: [
      `INSERT OR IGNORE INTO dealer_name_suffixes (suffix, dealer_id) SELECT suffix, dealer_id FROM dealer_name_suffixes_now ` +
        `WHERE dealer_id IN (SELECT id FROM dealers WHERE rowid > :from_dealers)`,
    ],
  },
  post_views_count_ai: {
    statements: [
      `UPDATE inventory_posts SET view_count = view_count + v.n FROM (SELECT post_id, count(*) AS n FROM post_views ` +
        `WHERE rowid > :from_post_views GROUP BY post_id) AS v WHERE inventory_posts.id = v.post_id`,
    ],
  },
};

/**
 * Triggers left on during a bulk load: each row moves the dealer's activity score on from the one before
 * (max(score, created_at) + 6 h), so the result depends on the order of the rows and no one statement writes it.
 * One update of a dealer by its key per row.
 */
export const KEPT_TRIGGERS = ["posts_activity_ai", "messages_activity_ai"];
