import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAY_FIGURES_KEEP_DAYS, FOLDED_POST_KEEP_DAYS } from "#lib/retention";
import { currentUserSchema } from "#lib/api-types";
import { openDatabase } from "../../worker/db/client";
import { statsBook } from "../../worker/domain/stats";
import { createServices } from "../../worker/services";
import {
  call,
  eventually,
  freshIp,
  postForSale,
  runDailyCron,
  sessionCookieOf,
  signUpDealer,
} from "./helpers";

/**
 * My Stats in its own database (STATS_DB): post views are stored there with their post's dealer, and raise the
 * post's view_count in the main database only when really stored; the daily cron folds them into day counts and
 * totals there, and the deleted posts' comments into day counts once each; views the main database's old table
 * holds are still read beside them; what the old foreign keys did (a post or a dealer who goes takes their views)
 * is done by the code.
 */

const DAY = 24 * 60 * 60 * 1000;

const post = (dealer: { cookie: string }, title = "2020 Ford F-150 XLT") => postForSale(dealer, title);

const open = async (postId: string, viewer: { cookie: string }) => {
  const res = await call("GET", `/api/inventory/${postId}`, { cookie: viewer.cookie });
  expect(res.status, res.text).toBe(200);
  return res.json.viewCount as unknown as number;
};

const viewCount = async (postId: string) =>
  (await env.DB.prepare("select view_count as n from inventory_posts where id = ?")
    .bind(postId)
    .first<{ n: number }>())!.n;

const viewsIn = async (db: D1Database, postId: string) =>
  (await db
    .prepare("select count(*) as n from post_views where post_id = ?")
    .bind(postId)
    .first<{ n: number }>())!.n;

const leftFeed = (postId: string, daysAgo: number) =>
  env.DB.prepare("update inventory_posts set status = 'expired', updated_at = ? where id = ?")
    .bind(Date.now() - daysAgo * DAY, postId)
    .run();

const allTimeViews = async (dealerId: string) => {
  const s = await createServices(env).insights.dealerStats(dealerId);
  return { total: s.totalViews, last30: s.viewsLast30Days, unique: s.uniqueViewers };
};

const periodViews = async (dealerId: string) =>
  (await createServices(env).insights.myStats(dealerId, 30, true)).figures.postViews?.current;

describe("My Stats' own database", () => {
  it("stores a first view once, and counts it once even when opened three times at once", async () => {
    const owner = await signUpDealer();
    const viewer = await signUpDealer();
    const id = await post(owner);

    const answers = await Promise.all([open(id, viewer), open(id, viewer), open(id, viewer)]);
    expect(Math.max(...answers)).toBe(1);
    expect(await viewCount(id)).toBe(1);
    expect(await viewsIn(env.DB, id)).toBe(0);
    const row = await env.STATS_DB.prepare("select viewer_id from post_views where post_id = ?")
      .bind(id)
      .first<{ viewer_id: string }>();
    expect(row).toEqual({ viewer_id: viewer.dealerId });

    // The owner's own look is stored once and never counted; a look from the demo network (which cannot see the
    // post) and one after the post left the feed are taken back.
    expect(await open(id, owner)).toBe(1);
    const demo = await call("POST", "/api/auth/create-dummy", { headers: { "CF-Connecting-IP": freshIp() } });
    const walled = await call("GET", `/api/inventory/${id}`, { cookie: sessionCookieOf(demo.headers) });
    expect(walled.status).toBe(404);
    await leftFeed(id, 0);
    expect(await open(id, await signUpDealer())).toBe(1);
    expect(
      await eventually(
        () => viewsIn(env.STATS_DB, id),
        (n) => n === 2,
      ),
    ).toBe(2);
    expect(await viewCount(id)).toBe(1);
    expect(await allTimeViews(owner.dealerId)).toEqual({ total: 1, last30: 1, unique: 1 });
  });

  it("does not count again a viewer the main database's old table counted, and reads its views beside the new", async () => {
    const owner = await signUpDealer();
    const earlier = await signUpDealer();
    const later = await signUpDealer();
    const id = await post(owner);
    // As a version before the move stored it: the old table's trigger raises view_count.
    await env.DB.prepare("insert into post_views (post_id, viewer_id, created_at) values (?, ?, ?)")
      .bind(id, earlier.dealerId, Date.now() - 1000)
      .run();
    expect(await viewCount(id)).toBe(1);

    expect(await open(id, earlier)).toBe(1);
    expect(await viewsIn(env.STATS_DB, id)).toBe(0);
    expect(await open(id, later)).toBe(2);
    expect(await viewCount(id)).toBe(2);
    expect(await periodViews(owner.dealerId)).toBe(2);
    expect(await allTimeViews(owner.dealerId)).toEqual({ total: 2, last30: 2, unique: 2 });
  });

  it("folds the views of posts that left the feed into day counts and totals, once, and My Stats stays", async () => {
    const owner = await signUpDealer();
    const [a, b] = [await signUpDealer(), await signUpDealer()];
    const gone = await post(owner, "2019 Ram 1500, left the feed");
    const live = await post(owner, "2021 Ram 1500, still live");
    const justLeft = await post(owner, "2018 Ram 1500, left a minute ago");
    for (const id of [gone, live, justLeft]) for (const viewer of [a, b]) await open(id, viewer);
    const before = { period: await periodViews(owner.dealerId), allTime: await allTimeViews(owner.dealerId) };
    expect(before.period).toBe(6);

    await leftFeed(gone, 1);
    // Left within the hour: a sale stamped just before the fold may still be landing, so it waits a day.
    await leftFeed(justLeft, 0);
    await runDailyCron();
    expect([await viewsIn(env.STATS_DB, gone), await viewsIn(env.STATS_DB, live)]).toEqual([0, 2]);
    expect(await viewsIn(env.STATS_DB, justLeft)).toBe(2);
    const folded = await env.STATS_DB.prepare(
      "select (select sum(post_views) from dealer_day_figures where dealer_id = ?1) as days, (select views from dealer_view_totals where dealer_id = ?1) as total",
    )
      .bind(owner.dealerId)
      .first();
    expect(folded).toEqual({ days: 2, total: 2 });
    const dealerOf = (id: string) =>
      env.STATS_DB.prepare("select dealer_id from post_dealers where post_id = ?")
        .bind(id)
        .first("dealer_id");
    expect([await dealerOf(gone), await dealerOf(live)]).toEqual([null, owner.dealerId]);
    expect(await viewCount(gone)).toBe(2);
    expect(await periodViews(owner.dealerId)).toBe(before.period);
    // Unique viewers are those of the views still kept, as before the move.
    expect(await allTimeViews(owner.dealerId)).toEqual(before.allTime);

    // Again: nothing counts twice; the mark moved past the folded post.
    await runDailyCron();
    expect(await periodViews(owner.dealerId)).toBe(before.period);
    expect((await allTimeViews(owner.dealerId)).total).toBe(before.allTime.total);
    const mark = await env.STATS_DB.prepare("select post_id from fold_marks where name = 'views'").first();
    expect(mark).toEqual({ post_id: gone });
  });

  it("counts a deleted post's comments into the day counts once, when its deletion runs again", async () => {
    const owner = await signUpDealer();
    const stats = statsBook(openDatabase(env.STATS_DB), openDatabase(env.DB));
    const day = Date.UTC(2026, 10, 20);
    const rows = [
      { postId: "p-1", dealerId: owner.dealerId, day, commentsReceived: 2, requestsAnswered: 0 },
      { postId: "p-2", dealerId: owner.dealerId, day, commentsReceived: 1, requestsAnswered: 1 },
    ];
    await stats.addDayCounts(rows);
    // The main database's deletion failed after the counts were added: the next run counts the same posts again.
    await stats.addDayCounts([...rows, { ...rows[0]!, postId: "p-3" }]);
    const figures = await env.STATS_DB.prepare(
      "select comments_received as c, requests_answered as r from dealer_day_figures where dealer_id = ? and day = ?",
    )
      .bind(owner.dealerId, day)
      .first();
    expect(figures).toEqual({ c: 5, r: 1 });

    // The records go after their week; day counts after My Stats' longest comparison.
    await env.STATS_DB.prepare("update folded_posts set folded_at = ?")
      .bind(Date.now() - (FOLDED_POST_KEEP_DAYS + 1) * DAY)
      .run();
    await env.STATS_DB.prepare("insert into dealer_day_figures (dealer_id, day, post_views) values (?, ?, 3)")
      .bind(owner.dealerId, Date.now() - (DAY_FIGURES_KEEP_DAYS + 1) * DAY)
      .run();
    const run = await createServices(env).retention.forgetOld();
    expect(run["folded posts"]).toBeGreaterThanOrEqual(3);
    expect(await env.STATS_DB.prepare("select count(*) as n from folded_posts").first("n")).toBe(0);
    expect(
      await env.STATS_DB.prepare("select count(*) as n from dealer_day_figures where dealer_id = ?")
        .bind(owner.dealerId)
        .first("n"),
    ).toBe(1);
  });

  it("forgets a deleted post's views, and a deleted account's views and figures", async () => {
    const owner = await signUpDealer();
    const viewer = await signUpDealer();
    const [deleted, kept] = [await post(owner), await post(owner)];
    const elsewhere = await post(viewer);
    await open(deleted, viewer);
    await open(kept, viewer);
    await open(elsewhere, owner);
    // The owner's own look at a post no one else opened is stored (never counted), and goes with the account too.
    const onlyTheirs = await post(owner);
    await open(onlyTheirs, owner);

    const removed = await call("DELETE", `/api/inventory/${deleted}`, { cookie: owner.cookie });
    expect(removed.status, removed.text).toBe(204);
    expect(await viewsIn(env.STATS_DB, deleted)).toBe(0);
    expect(await viewsIn(env.STATS_DB, kept)).toBe(1);
    expect(await viewsIn(env.STATS_DB, onlyTheirs)).toBe(1);

    await env.STATS_DB.prepare("insert into dealer_day_figures (dealer_id, day, post_views) values (?, 0, 4)")
      .bind(owner.dealerId)
      .run();
    const done = await call("DELETE", "/api/account", {
      cookie: owner.cookie,
      body: { password: owner.password, confirmation: "DELETE" },
    });
    expect(done.status, done.text).toBe(204);
    expect(await viewsIn(env.STATS_DB, kept)).toBe(0);
    expect(await viewsIn(env.STATS_DB, onlyTheirs)).toBe(0);
    expect(
      await env.STATS_DB.prepare("select count(*) as n from dealer_day_figures where dealer_id = ?")
        .bind(owner.dealerId)
        .first("n"),
    ).toBe(0);
    // Their own look at another dealer's post still counts for that dealer, as before.
    expect(await viewsIn(env.STATS_DB, elsewhere)).toBe(1);
    expect(await viewCount(elsewhere)).toBe(1);
  });

  it("forgets a removed demo dealer's views of the demo network, whose counts fall back", async () => {
    const demo = async () => {
      const res = await call("POST", "/api/auth/create-dummy", {
        headers: { "CF-Connecting-IP": freshIp() },
      });
      expect(res.status, res.text).toBe(201);
      return { cookie: sessionCookieOf(res.headers), user: currentUserSchema.parse(res.json) };
    };
    const [staying, leaving] = [await demo(), await demo()];
    const theirs = await post(staying, "2017 Tacoma, demo network");
    const own = await post(leaving, "2016 Tacoma, the leaving demo's");
    expect(await open(theirs, leaving)).toBe(1);
    expect(await open(own, staying)).toBe(1);
    await env.DB.prepare("update accounts set demo_expires_at = ? where id = ?")
      .bind(Date.now() - 1000, leaving.user.userId)
      .run();

    await runDailyCron();
    expect(await viewsIn(env.STATS_DB, theirs)).toBe(0);
    expect(await viewCount(theirs)).toBe(0);
    expect(await viewsIn(env.STATS_DB, own)).toBe(0);
    expect(await env.DB.prepare("select id from inventory_posts where id = ?").bind(own).first()).toBeNull();
  });
});
