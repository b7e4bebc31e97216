import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import migration0000 from "../../migrations/0000_foundation.sql?raw";
import migration0002 from "../../migrations/0002_feed_search.sql?raw";
import migration0021 from "../../migrations/0021_post_views_counted.sql?raw";
import migration0045 from "../../migrations/0045_post_views_without_rowid.sql?raw";
import { migrationStatements, statementStartingWith } from "../../scripts/migration-statements";
import { signUpDealer } from "./helpers";

const run = (sql: string) => env.DB.prepare(sql).run();

/** Puts post_views back as migrations 0000, 0002 and 0021 made it: a rowid table with its key's index. */
async function asBeforeMigration0045() {
  await run("DROP TABLE `post_views`");
  await run(statementStartingWith(migration0000, "CREATE TABLE `post_views`"));
  await run(statementStartingWith(migration0002, "CREATE TRIGGER `post_views_count_ai`"));
  await run(statementStartingWith(migration0021, "CREATE TRIGGER `post_views_count_ad`"));
}

const tableSql = async () =>
  (await env.DB.prepare(
    "select sql from sqlite_master where type = 'table' and name = 'post_views'",
  ).first<string>("sql")) ?? "";

const indexesOfViews = async () =>
  (
    await env.DB.prepare(
      "select name from sqlite_master where type = 'index' and tbl_name = 'post_views'",
    ).all<{
      name: string;
    }>()
  ).results.map((row) => row.name);

async function postOf(dealerId: string) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "insert into inventory_posts (id, dealer_id, title, type) values (?, ?, 'Views', 'single')",
  )
    .bind(id, dealerId)
    .run();
  return id;
}

/** Counts a view as the post page does: once per viewer. */
const view = (postId: string, viewerId: string, at = Date.now()) =>
  env.DB.prepare(
    "insert into post_views (post_id, viewer_id, created_at) values (?, ?, ?) on conflict (post_id, viewer_id) do nothing",
  )
    .bind(postId, viewerId, at)
    .run();

const viewCount = (postId: string) =>
  env.DB.prepare("select view_count from inventory_posts where id = ?")
    .bind(postId)
    .first<number>("view_count");

const viewsOf = async (postId: string) =>
  (
    await env.DB.prepare("select viewer_id, created_at from post_views where post_id = ? order by viewer_id")
      .bind(postId)
      .all<{ viewer_id: string; created_at: number }>()
  ).results;

describe("a post's views, kept in their key alone (migration 0045)", () => {
  it("are a WITHOUT ROWID table: no hidden rowid and no second copy of the key in an index", async () => {
    expect(await tableSql()).toMatch(/\)\s*WITHOUT ROWID$/i);
    expect(await indexesOfViews()).toEqual([]);
  });

  it("keeps every view and every post's count through the migration, and the counts still follow views", async () => {
    const [seller, other] = [await signUpDealer(), await signUpDealer()];
    await asBeforeMigration0045();
    expect(await tableSql()).not.toMatch(/WITHOUT ROWID/i);
    expect(await indexesOfViews()).toEqual(["sqlite_autoindex_post_views_1"]);

    const [truck, van] = [await postOf(seller.dealerId), await postOf(seller.dealerId)];
    const writtenBefore = (await view(truck, other.dealerId, 1_700_000_000_000)).meta.rows_written;
    await view(truck, "a-dealer-no-longer-here", 1_700_000_001_000);
    await view(truck, other.dealerId, 1_700_000_002_000); // the same viewer again: not counted
    await view(van, other.dealerId, 1_700_000_003_000);
    const before = { truck: await viewsOf(truck), van: await viewsOf(van) };
    expect([await viewCount(truck), await viewCount(van)]).toEqual([2, 1]);

    for (const statement of migrationStatements(migration0045)) await run(statement);

    expect(await tableSql()).toMatch(/\)\s*WITHOUT ROWID$/i);
    expect(await indexesOfViews()).toEqual([]);
    expect({ truck: await viewsOf(truck), van: await viewsOf(van) }).toEqual(before);
    // The copy moved no counter.
    expect([await viewCount(truck), await viewCount(van)]).toEqual([2, 1]);

    // After it, a first view counts, a repeat does not, and a view that goes takes its count with it. A first view
    // writes one row fewer (D1 counts each B-tree written): the view's, without a copy of its key in an index.
    const writtenAfter = (await view(truck, seller.dealerId)).meta.rows_written;
    expect(writtenAfter).toBe(writtenBefore - 1);
    await view(truck, other.dealerId);
    expect(await viewCount(truck)).toBe(3);
    await env.DB.prepare("delete from post_views where post_id = ? and viewer_id = ?")
      .bind(truck, "a-dealer-no-longer-here")
      .run();
    expect(await viewCount(truck)).toBe(2);

    // A post that goes takes its views with it (the foreign key still cascades).
    await env.DB.prepare("delete from inventory_posts where id = ?").bind(van).run();
    expect(await viewsOf(van)).toEqual([]);
    // And a view of a post that is not there is refused.
    await expect(view(crypto.randomUUID(), other.dealerId)).rejects.toThrow(/FOREIGN KEY/);
  });
});
