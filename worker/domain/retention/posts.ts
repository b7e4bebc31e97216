import { sql } from "drizzle-orm";
import { LEFT_FEED_POST_KEEP_DAYS, RETENTION_BATCH_POSTS, RETENTION_MAX_BATCHES } from "#lib/retention";
import { PHOTO_PATH_PATTERN } from "#lib/schemas/inventory-constants";
import { storedKeyOf } from "#lib/stored-paths";
import { inChunks, valuesTable } from "../../db/bound-parameters";
import { batchable, type Database } from "../../db/client";
import { DAY_MS } from "./batches";
import type { StatsBook } from "../stats";
import { commentDayCounts, legacyViewDayFigures } from "./day-figures";

type Candidate = { id: string; dealerId: string; updatedAt: number; kept: number };
/** Where a deleted post leaves what outlives it: its photos' storage, My Stats' day counts. */
type PostStores = { photos: R2Bucket; stats: Pick<StatsBook, "addDayCounts" | "foldViewsOf"> };
type Photo = { dealerId: string; path: string };

/**
 * Deletes posts that left the feed (expired or sold) LEFT_FEED_POST_KEEP_DAYS before `now`, with their vehicles,
 * comments, views not yet folded (views.ts) and closed offers (the foreign keys cascade), and then their photos and comment pictures in
 * R2. A post a deal names stays (the deal shows it), and so does one with an offer still open. Walks
 * posts_left_feed_idx oldest first, a page of RETENTION_BATCH_POSTS at a time (named: without statistics the
 * planner would read every expired post through posts_expiry_idx and sort them); answers how many posts went.
 */
export async function removeLeftFeedPosts(db: Database, stores: PostStores, now: number): Promise<number> {
  const cutoff = now - LEFT_FEED_POST_KEEP_DAYS * DAY_MS;
  let after: Candidate | undefined;
  let removed = 0;
  for (let round = 0; round < RETENTION_MAX_BATCHES; round += 1) {
    const page = await db.all<Candidate>(sql`
      select p.id as id, p.dealer_id as dealerId, p.updated_at as updatedAt,
        exists (select 1 from deals d where d.post_id = p.id)
          or exists (select 1 from vehicles v join offers o on o.vehicle_id = v.id and o.status = 'open'
                     where v.post_id = p.id) as kept
      from inventory_posts p indexed by posts_left_feed_idx
      where status in ('expired', 'sold') and updated_at < ${cutoff}
        ${after ? sql`and (updated_at, id) > (${after.updatedAt}, ${after.id})` : sql``}
      order by updated_at, id
      limit ${RETENTION_BATCH_POSTS}`);
    after = page.at(-1);
    const gone = page.filter((post) => !post.kept);
    for (const chunk of inChunks(gone)) removed += await removePosts(db, stores, chunk, now);
    if (page.length < RETENTION_BATCH_POSTS) break;
  }
  return removed;
}

/**
 * First My Stats' database counts their views the daily walk has not folded yet, and their comments' day counts
 * (each post once there). Then one atomic batch: the
 * posts' figures move into their dealers' archived totals (and the comments into their writers'), counted from
 * the rows as the batch finds them, then the posts go. A post another run removed meanwhile counts nothing. Then
 * the photos nothing of their dealer still shows leave R2.
 */
async function removePosts(
  db: Database,
  stores: PostStores,
  posts: Candidate[],
  now: number,
): Promise<number> {
  const gone = valuesTable(
    "gone",
    posts.map((post) => post.id),
  );
  await stores.stats.foldViewsOf(posts);
  await stores.stats.addDayCounts(await commentDayCounts(db, gone), now);
  const photosBefore = await db.all<Photo>(sql`
    with ${gone}
    select p.dealer_id as dealerId, j.value as path
      from inventory_posts p, json_each(p.photo_urls) j where p.id in (select value from gone)
    union select dealer_id, attachment_url from comments
      where post_id in (select value from gone) and attachment_url is not null`);
  const results = await db.batch([
    legacyViewDayFigures(db, gone),
    batchable(
      db,
      db.run(sql`
        with ${gone}
        insert into dealer_archived_stats
          (dealer_id, posts, sold_posts, vehicles_listed, vehicles_sold, views, comments_received)
        select p.dealer_id, count(*), sum(p.status = 'sold'),
          sum(case when p.type = 'request' then 0
              else (select count(*) from vehicles v where v.post_id = p.id) end),
          sum(case when p.type = 'request' then 0
              else (select count(*) from vehicles v where v.post_id = p.id and v.status = 'sold') end),
          sum((select count(*) from post_views pv where pv.post_id = p.id and pv.viewer_id <> p.dealer_id)),
          sum((select count(*) from comments c where c.post_id = p.id and c.dealer_id <> p.dealer_id))
        from inventory_posts p where p.id in (select value from gone)
        group by p.dealer_id
        on conflict (dealer_id) do update set
          posts = posts + excluded.posts, sold_posts = sold_posts + excluded.sold_posts,
          vehicles_listed = vehicles_listed + excluded.vehicles_listed,
          vehicles_sold = vehicles_sold + excluded.vehicles_sold, views = views + excluded.views,
          comments_received = comments_received + excluded.comments_received`),
    ),
    batchable(
      db,
      db.run(sql`
        with ${gone}
        insert into dealer_archived_stats (dealer_id, comments_written)
        select dealer_id, count(*) from comments where post_id in (select value from gone)
        group by dealer_id
        on conflict (dealer_id) do update set comments_written = comments_written + excluded.comments_written`),
    ),
    batchable(db, db.run(sql`with ${gone} delete from inventory_posts where id in (select value from gone)`)),
  ]);
  const deleted = results.at(-1)!;
  await forgetPhotos(db, stores.photos, photosBefore);
  return deleted.meta.changes ?? 0;
}

/**
 * The stored photos of the deleted posts and comments that their dealer shows nowhere else (another post, a
 * comment, the profile): a photo address is its uploader's, so only their own rows can still show it.
 */
async function forgetPhotos(db: Database, photos: R2Bucket, shown: Photo[]): Promise<void> {
  const candidates = shown.filter((photo) => PHOTO_PATH_PATTERN.test(photo.path));
  const stillShown = new Set<string>();
  for (const chunk of inChunks(candidates, { perItem: 2 })) {
    const pairs = sql.join(
      chunk.map((photo) => sql`(${photo.dealerId}, ${photo.path})`),
      sql`, `,
    );
    const rows = await db.all<{ path: string }>(sql`
      with candidate(dealer_id, path) as (values ${pairs})
      select c.path as path from candidate c
      where exists (select 1 from inventory_posts p, json_each(p.photo_urls) j
                    where p.dealer_id = c.dealer_id and p.photo_urls <> '[]' and j.value = c.path)
        or exists (select 1 from comments m where m.dealer_id = c.dealer_id and m.attachment_url = c.path)
        or exists (select 1 from dealers d where d.id = c.dealer_id
                   and (d.avatar = c.path or d.dealership_photo = c.path))`);
    for (const row of rows) stillShown.add(row.path);
  }
  const keys = [...new Set(candidates.map((photo) => photo.path))]
    .filter((path) => !stillShown.has(path))
    .map(storedKeyOf);
  // R2 deletes at most 1 000 keys per call.
  for (let i = 0; i < keys.length; i += 1000) await photos.delete(keys.slice(i, i + 1000));
}
