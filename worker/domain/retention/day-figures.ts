import { sql, type SQL } from "drizzle-orm";
import { batchable, type Database } from "../../db/client";
import { DAY_MS } from "./batches";

/** Midnight UTC of the day a time (epoch ms) falls in, in SQL. */
const dayOf = (at: SQL) => sql`(${at} - ${at} % ${DAY_MS})`;

/**
 * What My Stats counts from rows the cron is about to delete, added to the day counts it goes on reading
 * (dealer_day_figures): `gone` is a `with` table of post ids (valuesTable). Each statement counts the rows as the
 * batch finds them, so a row another run already took counts nothing.
 */
export function dayFigureStatements(db: Database, gone: SQL, what: "views" | "views and comments") {
  const views = batchable(
    db,
    db.run(sql`
      with ${gone}
      insert into dealer_day_figures (dealer_id, day, post_views)
      select p.dealer_id, ${dayOf(sql`pv.created_at`)} as d, count(*)
      from post_views pv join inventory_posts p on p.id = pv.post_id
      where pv.post_id in (select value from gone) and pv.viewer_id <> p.dealer_id
      group by p.dealer_id, d
      on conflict (dealer_id, day) do update set post_views = post_views + excluded.post_views`),
  );
  if (what === "views") return [views] as const;
  return [
    views,
    batchable(
      db,
      db.run(sql`
        with ${gone}
        insert into dealer_day_figures (dealer_id, day, comments_received)
        select p.dealer_id, ${dayOf(sql`c.created_at`)} as d, count(*)
        from comments c join inventory_posts p on p.id = c.post_id
        where c.post_id in (select value from gone) and c.dealer_id <> p.dealer_id
        group by p.dealer_id, d
        on conflict (dealer_id, day) do update set comments_received = comments_received + excluded.comments_received`),
    ),
    // A request is answered on the day of the dealer's first comment on it, as My Stats counts it.
    batchable(
      db,
      db.run(sql`
        with ${gone}
        insert into dealer_day_figures (dealer_id, day, requests_answered)
        select dealer_id, d, count(*) from (
          select c.dealer_id as dealer_id, ${dayOf(sql`min(c.created_at)`)} as d
          from comments c join inventory_posts p on p.id = c.post_id
          where c.post_id in (select value from gone) and p.type = 'request' and c.dealer_id <> p.dealer_id
          group by c.post_id, c.dealer_id)
        group by dealer_id, d
        on conflict (dealer_id, day) do update set requests_answered = requests_answered + excluded.requests_answered`),
    ),
  ] as const;
}
