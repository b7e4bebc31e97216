import { sql } from "drizzle-orm";
import { DAY_FIGURES_KEEP_DAYS, FOLDED_POST_KEEP_DAYS } from "#lib/retention";
import { inChunks, jsonList } from "../../db/bound-parameters";
import { batchable, type Database } from "../../db/client";
import { dealerDayFigures, foldedPosts } from "../../db/stats-schema";
import { DAY_MS, deleteInBatches } from "../retention/batches";
import { dayCountsAdded, foldLeftFeedViews, foldViewsOf, type FoldedPost } from "./folds";

export type { DayCounts, FoldedPost } from "./folds";

/** A day's counts as My Stats adds them to the rows it still reads. */
export type FoldedDay = {
  day: number;
  postViews: number;
  commentsReceived: number;
  requestsAnswered: number;
};

/** A first view: the post and the dealer who opened it. */
export type PostView = { postId: string; viewerId: string };

/** The posts of these dealers that have views here, for `post_id in …` (post_dealers_dealer_idx). */
const postsOf = (dealerIds: readonly string[]) =>
  sql`(select post_id from post_dealers where dealer_id in ${jsonList(dealerIds)})`;

/**
 * My Stats' own database (docs/decisions/0098-stats-database.md): post views, and the day counts and all-time
 * totals they and the deleted posts' comments become. The posts and their `view_count`, which the feed's cards
 * show, stay in the main database `db`: a dealer's views are found here through `post_dealers`, and view_count
 * is raised only by a counted view this database really stored, so the two say the same.
 */
export function statsBook(statsDb: Database, db: Database) {
  return {
    /** Stores the dealer's view of the post if it is their first: answers whether it was. */
    async storeView(view: PostView, now = Date.now()): Promise<boolean> {
      const stored = await statsDb.all(sql`
        insert into post_views (post_id, viewer_id, created_at) values (${view.postId}, ${view.viewerId}, ${now})
        on conflict do nothing returning post_id`);
      return stored.length > 0;
    },

    /**
     * A stored first view that counts (only `storeView`'s new rows come here): its post's view_count goes up by
     * one, and the post's dealer is recorded beside its views, where My Stats finds them.
     */
    async viewCounted(view: PostView & { dealerId: string }): Promise<void> {
      await Promise.all([
        db.run(sql`update inventory_posts set view_count = view_count + 1 where id = ${view.postId}`),
        statsDb.run(sql`
          insert into post_dealers (post_id, dealer_id) values (${view.postId}, ${view.dealerId})
          on conflict do nothing`),
      ]);
    },

    /** A view stored before its post was read that does not count (a post off the feed, or not found). */
    async takeBackView(view: PostView): Promise<void> {
      await statsDb.run(
        sql`delete from post_views where post_id = ${view.postId} and viewer_id = ${view.viewerId}`,
      );
    },

    /** Other dealers' first views of the dealer's posts since `since`, and the day counts from then on. */
    async activitySince(dealerId: string, since: number) {
      const posts = postsOf([dealerId]);
      const [row] = await statsDb.all<{ postViews: string; foldedDays: string }>(sql`
        select
          (select json_group_array(created_at) from post_views
            where post_id in ${posts} and created_at >= ${since} and viewer_id <> ${dealerId}) as postViews,
          (select json_group_array(json_array(day, post_views, comments_received, requests_answered))
            from dealer_day_figures where dealer_id = ${dealerId} and day >= ${since}) as foldedDays`);
      const days = JSON.parse(row?.foldedDays ?? "[]") as [number, number, number, number][];
      return {
        postViews: JSON.parse(row?.postViews ?? "[]") as number[],
        foldedDays: days.map(([day, postViews, commentsReceived, requestsAnswered]): FoldedDay => ({
          day,
          postViews,
          commentsReceived,
          requestsAnswered,
        })),
      };
    },

    /** The all-time view figures: views still kept and those folded, unique viewers of those kept, views since `recent`. */
    async viewFigures(dealerId: string, recent: number) {
      const posts = postsOf([dealerId]);
      const [row] = await statsDb.all<{ totalViews: number; uniqueViewers: number; viewsSince: number }>(sql`
        select count(*) + (select coalesce(max(views), 0) from dealer_view_totals where dealer_id = ${dealerId})
            as totalViews,
          count(distinct viewer_id) as uniqueViewers,
          coalesce(sum(created_at >= ${recent}), 0)
            + (select coalesce(sum(post_views), 0) from dealer_day_figures
               where dealer_id = ${dealerId} and day >= ${recent}) as viewsSince
        from post_views where post_id in ${posts} and viewer_id <> ${dealerId}`);
      return {
        totalViews: row?.totalViews ?? 0,
        uniqueViewers: row?.uniqueViewers ?? 0,
        viewsSince: row?.viewsSince ?? 0,
      };
    },

    /** A deleted post's views go with it (its view_count went with the post). */
    async forgetPost(postId: string): Promise<void> {
      await statsDb.batch([
        batchable(statsDb, statsDb.run(sql`delete from post_views where post_id = ${postId}`)),
        batchable(statsDb, statsDb.run(sql`delete from post_dealers where post_id = ${postId}`)),
      ]);
    },

    /**
     * Dealers who go (an account deleted, a demo's dealers removed), before their posts leave the main database:
     * the views of their posts, their day counts and totals. With `viewedPosts` (the posts they could open, their
     * own among them), their own looks at those go too, and those posts' view_count falls by the counted ones.
     */
    async forgetDealers(dealerIds: readonly string[], viewedPosts: readonly string[] = []): Promise<void> {
      for (const chunk of inChunks(dealerIds)) {
        const [, , , , gone] = await statsDb.batch([
          batchable(statsDb, statsDb.run(sql`delete from post_views where post_id in ${postsOf(chunk)}`)),
          batchable(
            statsDb,
            statsDb.run(sql`delete from post_dealers where dealer_id in ${jsonList(chunk)}`),
          ),
          batchable(
            statsDb,
            statsDb.run(sql`delete from dealer_day_figures where dealer_id in ${jsonList(chunk)}`),
          ),
          batchable(
            statsDb,
            statsDb.run(sql`delete from dealer_view_totals where dealer_id in ${jsonList(chunk)}`),
          ),
          batchable(
            statsDb,
            statsDb.all<{ postId: string }>(sql`
              delete from post_views where post_id in ${jsonList(viewedPosts)} and viewer_id in ${jsonList(chunk)}
              returning post_id as postId`),
          ),
        ]);
        if (gone.length === 0) continue;
        const fewer = gone.map((g) => g.postId);
        await db.run(sql`
          update inventory_posts
          set view_count = max(0, view_count - (select count(*) from json_each(${JSON.stringify(fewer)}) j where j.value = inventory_posts.id))
          where id in ${jsonList(fewer)} and dealer_id not in ${jsonList(chunk)}`);
      }
    },

    /** The deleted posts' comments into their dealers' day counts, each post once (`DayCounts`). */
    addDayCounts: (rows: Parameters<typeof dayCountsAdded>[1], now = Date.now()) =>
      dayCountsAdded(statsDb, rows, now),

    /** Posts about to be deleted: views the walk has not folded yet become counts first. */
    foldViewsOf: (posts: readonly FoldedPost[]) => foldViewsOf(statsDb, posts),

    /** The daily cron: views of posts that left the feed become counts (folds.ts). */
    foldLeftFeedViews: (now = Date.now()) => foldLeftFeedViews(statsDb, db, now),

    /** The daily cron: day counts past My Stats' longest comparison, and old records of folded posts. */
    async forgetOld(now = Date.now()): Promise<{ dayFigures: number; foldedPosts: number }> {
      const ago = (days: number) => now - days * DAY_MS;
      return {
        dayFigures: await deleteInBatches(
          statsDb,
          dealerDayFigures,
          sql`day < ${ago(DAY_FIGURES_KEEP_DAYS)}`,
        ),
        foldedPosts: await deleteInBatches(
          statsDb,
          foldedPosts,
          sql`folded_at < ${ago(FOLDED_POST_KEEP_DAYS)}`,
        ),
      };
    },
  };
}

export type StatsBook = ReturnType<typeof statsBook>;
