import { sql } from "drizzle-orm";
import { RETENTION_BATCH_POSTS, RETENTION_MAX_BATCHES } from "#lib/retention";
import { valuesTable } from "../../db/bound-parameters";
import { batchable, type Database } from "../../db/client";
import { legacyViewDayFigures } from "./day-figures";

type Candidate = { id: string; updatedAt: number };

/**
 * The main database's old post_views table, written before My Stats had its own database (worker/domain/stats
 * folds those): the daily cron empties it as its posts leave the feed, and a later migration drops it.
 * The (post, viewer) rows exist to count a viewer once while the post is in the feed, where views are counted
 * (worker/domain/inventory/posts.ts). Once a post left it (expired or sold), its rows become counts: per day
 * in the dealer's day figures (My Stats' periods), in the dealer's archived totals (all time), and on the post
 * itself (view_count, which the delete trigger would lower: put back first). Walks posts_left_feed_idx; answers
 * how many posts' views were folded.
 */
export async function foldLeftFeedViews(db: Database): Promise<number> {
  let after: Candidate | undefined;
  let folded = 0;
  for (let round = 0; round < RETENTION_MAX_BATCHES; round += 1) {
    const page = await db.all<Candidate>(sql`
      select p.id as id, p.updated_at as updatedAt
      from inventory_posts p indexed by posts_left_feed_idx
      where status in ('expired', 'sold') and exists (select 1 from post_views v where v.post_id = p.id)
        ${after ? sql`and (updated_at, id) > (${after.updatedAt}, ${after.id})` : sql``}
      order by updated_at, id
      limit ${RETENTION_BATCH_POSTS}`);
    after = page.at(-1);
    if (!after) break;
    const gone = valuesTable(
      "gone",
      page.map((post) => post.id),
    );
    await db.batch([
      legacyViewDayFigures(db, gone),
      batchable(
        db,
        db.run(sql`
          with ${gone}
          insert into dealer_archived_stats (dealer_id, views)
          select p.dealer_id, count(*) from post_views pv join inventory_posts p on p.id = pv.post_id
          where pv.post_id in (select value from gone) and pv.viewer_id <> p.dealer_id
          group by p.dealer_id
          on conflict (dealer_id) do update set views = views + excluded.views`),
      ),
      batchable(
        db,
        db.run(sql`
          with ${gone}
          update inventory_posts
          set view_count = view_count + (select count(*) from post_views v where v.post_id = inventory_posts.id)
          where id in (select value from gone)`),
      ),
      batchable(
        db,
        db.run(sql`with ${gone} delete from post_views where post_id in (select value from gone)`),
      ),
    ]);
    folded += page.length;
    if (page.length < RETENTION_BATCH_POSTS) break;
  }
  return folded;
}
