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
  /** Adds to `column` the rows of `table` on the gone posts that `by` (its writer's column) did not write. */
  const countOf = (
    column: "post_views" | "comments_received",
    table: "post_views" | "comments",
    by: string,
  ) =>
    batchable(
      db,
      db.run(sql`
        with ${gone}
        insert into dealer_day_figures (dealer_id, day, ${sql.raw(column)})
        select p.dealer_id, ${dayOf(sql`x.created_at`)} as d, count(*)
        from ${sql.raw(table)} x join inventory_posts p on p.id = x.post_id
        where x.post_id in (select value from gone) and x.${sql.raw(by)} <> p.dealer_id
        group by p.dealer_id, d
        on conflict (dealer_id, day) do update set ${sql.raw(`${column} = ${column} + excluded.${column}`)}`),
    );
  const views = countOf("post_views", "post_views", "viewer_id");
  if (what === "views") return [views] as const;
  return [
    views,
    countOf("comments_received", "comments", "dealer_id"),
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
