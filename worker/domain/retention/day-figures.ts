import { sql, type SQL } from "drizzle-orm";
import { batchable, type Database } from "../../db/client";
import type { DayCounts } from "../stats";
import { DAY_MS } from "./batches";

/** Midnight UTC of the day a time (epoch ms) falls in, in SQL. */
const dayOf = (at: SQL) => sql`(${at} - ${at} % ${DAY_MS})`;

/**
 * The views in the main database's old post_views table on the gone posts (`gone`: a `with` table of post ids,
 * valuesTable), added to the old day counts My Stats goes on reading until they pass DAY_FIGURES_KEEP_DAYS. One
 * statement counting the rows as its batch finds them, so a row another run already took counts nothing.
 */
export function legacyViewDayFigures(db: Database, gone: SQL) {
  return batchable(
    db,
    db.run(sql`
      with ${gone}
      insert into dealer_day_figures (dealer_id, day, post_views)
      select p.dealer_id, ${dayOf(sql`x.created_at`)} as d, count(*)
      from post_views x join inventory_posts p on p.id = x.post_id
      where x.post_id in (select value from gone) and x.viewer_id <> p.dealer_id
      group by p.dealer_id, d
      on conflict (dealer_id, day) do update set post_views = post_views + excluded.post_views`),
  );
}

/**
 * What My Stats counts from the comments of the posts about to be deleted, per post, dealer and UTC day: the
 * comments each post's dealer received, and the requests other dealers answered (on the day of their first
 * comment on it, as My Stats counts it). For `StatsBook.addDayCounts`, before the posts go.
 */
export function commentDayCounts(db: Database, gone: SQL): Promise<DayCounts[]> {
  return db.all<DayCounts>(sql`
    with ${gone}
    select post_id as postId, dealer_id as dealerId, day,
      sum(received) as commentsReceived, sum(answered) as requestsAnswered
    from (
      select c.post_id, p.dealer_id, ${dayOf(sql`c.created_at`)} as day, 1 as received, 0 as answered
      from comments c join inventory_posts p on p.id = c.post_id
      where c.post_id in (select value from gone) and c.dealer_id <> p.dealer_id
      union all
      select c.post_id, c.dealer_id, ${dayOf(sql`min(c.created_at)`)}, 0, 1
      from comments c join inventory_posts p on p.id = c.post_id
      where c.post_id in (select value from gone) and p.type = 'request' and c.dealer_id <> p.dealer_id
      group by c.post_id, c.dealer_id)
    group by post_id, dealer_id, day`);
}
