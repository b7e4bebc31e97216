import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp } from "./columns";

/**
 * My Stats' database (binding STATS_DB, migrations-stats/; docs/decisions/0098-stats-database.md): who opened
 * which post while it was in the feed, and the day counts and all-time totals those rows and the deleted posts'
 * comments become. Only worker/domain/stats reads and writes it. The post's `view_count` and the posts, comments
 * and dealers the rows name stay in the main database, so no foreign key keeps them: the code that deletes a post
 * or a dealer forgets its rows here.
 */

/** A day's counts of what My Stats no longer reads row by row, as both databases declare them. */
export const dayCountColumns = () => ({
  /** Midnight UTC of the day, epoch ms. */
  day: timestamp("day").notNull(),
  postViews: integer("post_views").notNull().default(0),
  commentsReceived: integer("comments_received").notNull().default(0),
  requestsAnswered: integer("requests_answered").notNull().default(0),
});

/**
 * One row per (post, viewer): a view is counted once per dealer while the post is in the feed. The same shape as
 * the main database's old table, so a view takes the same bytes: My Stats reads a dealer's views through
 * `post_dealers`. A WITHOUT ROWID table (migrations-stats/0000, which Drizzle cannot
 * declare): the row lives in its primary key's B-tree.
 */
export const postViews = sqliteTable(
  "post_views",
  { postId: text("post_id").notNull(), viewerId: text("viewer_id").notNull(), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.postId, t.viewerId] })],
);

/**
 * The dealer of each post that has views here, written with its first counted view: My Stats finds a dealer's
 * views by it, in this database alone, and a dealer who goes takes their posts' views by it. A post's row goes
 * with its views.
 */
export const postDealers = sqliteTable(
  "post_dealers",
  { postId: text("post_id").primaryKey(), dealerId: text("dealer_id").notNull() },
  (t) => [index("post_dealers_dealer_idx").on(t.dealerId, t.postId)],
);

/** Per dealer and UTC day: the views of posts that left the feed, the comments and requests of deleted posts. */
export const dealerDayFigures = sqliteTable(
  "dealer_day_figures",
  { dealerId: text("dealer_id").notNull(), ...dayCountColumns() },
  (t) => [primaryKey({ columns: [t.dealerId, t.day] }), index("dealer_day_figures_day_idx").on(t.day)],
);

/** Other dealers' views of a dealer's posts once folded out of post_views: the all-time figure's past. */
export const dealerViewTotals = sqliteTable("dealer_view_totals", {
  dealerId: text("dealer_id").primaryKey(),
  views: integer("views").notNull().default(0),
});

/**
 * Where the daily fold of views stopped in the main database's posts that left the feed (posts_left_feed_idx:
 * `updated_at`, then `post_id`), so each run walks only the posts that left since.
 */
export const foldMarks = sqliteTable("fold_marks", {
  name: text("name").primaryKey(),
  updatedAt: timestamp("updated_at").notNull(),
  postId: text("post_id").notNull(),
});

/**
 * Deleted posts whose comments are already in the day figures: the main database deletes a post after this
 * database counted it, so a deletion that failed and runs again the next day counts nothing twice.
 */
export const foldedPosts = sqliteTable(
  "folded_posts",
  { postId: text("post_id").primaryKey(), foldedAt: timestamp("folded_at").notNull() },
  (t) => [index("folded_posts_folded_idx").on(t.foldedAt)],
);
