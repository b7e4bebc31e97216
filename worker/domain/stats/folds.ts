import { sql } from "drizzle-orm";
import { RETENTION_BATCH_POSTS, RETENTION_MAX_BATCHES } from "#lib/retention";
import { batchable, type Database } from "../../db/client";
import { DAY_MS } from "../retention/batches";

/**
 * The fold walks only posts that left the feed longer ago than this: a request that stamped a post sold an
 * instant before the fold read the posts may land after it, behind the fold's mark.
 */
const LEFT_FEED_SETTLED_MS = 60 * 60 * 1000;
/** Rows of day counts sent in one statement (one JSON parameter), whole posts at a time. */
const DAY_COUNT_ROWS_PER_BATCH = 500;

/** Midnight UTC of the day a time (epoch ms) in `column` falls in, in SQL. */
const dayOf = (column: string) => sql.raw(`(${column} - ${column} % ${DAY_MS})`);

/** One deleted post's share of a dealer's day: comments received on it, requests answered there. */
export type DayCounts = {
  postId: string;
  dealerId: string;
  day: number;
  commentsReceived: number;
  requestsAnswered: number;
};

type Mark = { updatedAt: number; postId: string };
/** A post whose views are folded, and its dealer (the main database's). */
export type FoldedPost = { id: string; dealerId: string };

/**
 * The views of `posts` become their dealers' day counts and all-time totals, and their rows (and the posts'
 * `post_dealers`) go, in one batch with `also` (the walk's mark): a post folded twice counts nothing the second
 * time. The post's view_count in the main database already counts them.
 */
export async function foldViewsOf(
  statsDb: Database,
  posts: readonly FoldedPost[],
  also: ReturnType<typeof batchable>[] = [],
): Promise<void> {
  if (posts.length === 0) return;
  const json = JSON.stringify(posts.map((p) => [p.id, p.dealerId]));
  const postsIn = sql`(select value ->> 0 from json_each(${json}))`;
  const folded = sql`
    from post_views v join (select value ->> 0 as post, value ->> 1 as dealer from json_each(${json})) p
      on p.post = v.post_id
    where v.viewer_id <> p.dealer`;
  await statsDb.batch([
    batchable(
      statsDb,
      statsDb.run(sql`
        insert into dealer_day_figures (dealer_id, day, post_views)
        select p.dealer, ${dayOf("v.created_at")} as d, count(*) ${folded}
        group by p.dealer, d
        on conflict (dealer_id, day) do update set post_views = post_views + excluded.post_views`),
    ),
    batchable(
      statsDb,
      statsDb.run(sql`
        insert into dealer_view_totals (dealer_id, views)
        select p.dealer, count(*) ${folded}
        group by p.dealer
        on conflict (dealer_id) do update set views = views + excluded.views`),
    ),
    batchable(statsDb, statsDb.run(sql`delete from post_views where post_id in ${postsIn}`)),
    batchable(statsDb, statsDb.run(sql`delete from post_dealers where post_id in ${postsIn}`)),
    ...also,
  ]);
}

/**
 * The daily cron: the views of posts that left the feed (expired or sold) are folded (`foldViewsOf`). Walks the
 * main database's posts_left_feed_idx from where the last run stopped (`fold_marks`), a page at a time, each
 * page's mark in the same batch as its fold. Answers how many posts' views were folded.
 */
export async function foldLeftFeedViews(statsDb: Database, db: Database, now: number): Promise<number> {
  const settled = now - LEFT_FEED_SETTLED_MS;
  let folded = 0;
  let [mark] = await statsDb.all<Mark>(
    sql`select updated_at as updatedAt, post_id as postId from fold_marks where name = 'views'`,
  );
  for (let round = 0; round < RETENTION_MAX_BATCHES; round += 1) {
    const page = await db.all<FoldedPost & { updatedAt: number }>(sql`
      select id, dealer_id as dealerId, updated_at as updatedAt from inventory_posts indexed by posts_left_feed_idx
      where status in ('expired', 'sold') and updated_at < ${settled}
        ${mark ? sql`and (updated_at, id) > (${mark.updatedAt}, ${mark.postId})` : sql``}
      order by updated_at, id
      limit ${RETENTION_BATCH_POSTS}`);
    const last = page.at(-1);
    if (!last) break;
    await foldViewsOf(statsDb, page, [
      batchable(
        statsDb,
        statsDb.run(sql`
          insert into fold_marks (name, updated_at, post_id) values ('views', ${last.updatedAt}, ${last.id})
          on conflict (name) do update set updated_at = excluded.updated_at, post_id = excluded.post_id`),
      ),
    ]);
    // The batch stored this mark: the next page starts after it without asking again.
    mark = { updatedAt: last.updatedAt, postId: last.id };
    folded += page.length;
    if (page.length < RETENTION_BATCH_POSTS) break;
  }
  return folded;
}

/** `rows` cut into runs of at most DAY_COUNT_ROWS_PER_BATCH, never parting one post's rows. */
function byWholePosts(rows: readonly DayCounts[]): DayCounts[][] {
  const posts = new Map<string, DayCounts[]>();
  for (const row of rows) posts.set(row.postId, [...(posts.get(row.postId) ?? []), row]);
  const runs: DayCounts[][] = [[]];
  for (const post of posts.values()) {
    const run = runs.at(-1)!;
    if (run.length > 0 && run.length + post.length > DAY_COUNT_ROWS_PER_BATCH) runs.push([...post]);
    else run.push(...post);
  }
  return runs.filter((run) => run.length > 0);
}

/**
 * Adds the deleted posts' comment counts to their dealers' days, each post once: a post already in
 * `folded_posts` (its deletion failed after this ran, and runs again) adds nothing. Counts and record are one
 * batch.
 */
export async function dayCountsAdded(
  statsDb: Database,
  rows: readonly DayCounts[],
  now: number,
): Promise<void> {
  for (const run of byWholePosts(rows)) {
    const json = JSON.stringify(
      run.map((r) => [r.postId, r.dealerId, r.day, r.commentsReceived, r.requestsAnswered]),
    );
    await statsDb.batch([
      batchable(
        statsDb,
        statsDb.run(sql`
        insert into dealer_day_figures (dealer_id, day, comments_received, requests_answered)
        select j.value ->> 1, j.value ->> 2, sum(j.value ->> 3), sum(j.value ->> 4) from json_each(${json}) j
        where j.value ->> 0 not in (select post_id from folded_posts)
        group by j.value ->> 1, j.value ->> 2
        on conflict (dealer_id, day) do update set
          comments_received = comments_received + excluded.comments_received,
          requests_answered = requests_answered + excluded.requests_answered`),
      ),
      batchable(
        statsDb,
        statsDb.run(sql`
        insert into folded_posts (post_id, folded_at)
        select distinct j.value ->> 0, ${now} from json_each(${json}) j where true
        on conflict (post_id) do nothing`),
      ),
    ]);
  }
}
