import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  LEFT_FEED_POST_KEEP_DAYS,
  NOTIFICATION_KEEP_DAYS,
  READ_NOTIFICATION_KEEP_DAYS,
  RETENTION_BATCH_POSTS,
  RETENTION_BATCH_ROWS,
  SECURITY_EVENT_KEEP_DAYS,
  SENT_BODY_KEEP_DAYS,
  SENT_MESSAGE_KEEP_DAYS,
  SENT_PUSH_KEEP_DAYS,
  FAILED_MESSAGE_KEEP_DAYS,
} from "#lib/retention";
import { storedKeyOf } from "#lib/stored-paths";
import { createServices } from "../../worker/services";
import { call, postForSale, runDailyCron, signUpDealer, uploadPhoto } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

const count = async (sql: string, ...params: unknown[]) =>
  (
    await (/ from outbox /.test(sql) ? env.OUTBOX_DB : / from post_views /.test(sql) ? env.STATS_DB : env.DB)
      .prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;

const accountOf = async (dealerId: string) =>
  (await env.DB.prepare("select account_id as id from dealers where id = ?")
    .bind(dealerId)
    .first<{ id: string }>())!.id;

const post = postForSale;

/** Puts a post `daysAgo` days past its last change, off the feed as `status` (what expiry or a sale leaves). */
const leftFeed = (postId: string, daysAgo: number, status = "expired") =>
  env.DB.prepare("update inventory_posts set status = ?, updated_at = ? where id = ?")
    .bind(status, Date.now() - daysAgo * DAY, postId)
    .run();

describe("the daily cron's retention", () => {
  let dealer: Dealer;
  let accountId: string;

  beforeAll(async () => {
    dealer = await signUpDealer();
    accountId = await accountOf(dealer.dealerId);
  });

  it("forgets each table's rows past their period and keeps the newer ones", async () => {
    const now = Date.now();
    const ago = (days: number) => now - days * DAY;
    const id = () => crypto.randomUUID();
    const mark = `retention-${id()}`;
    const [expired, live, owed] = [id(), id(), id()];
    const rows = [
      ["insert into sessions (token_hash, account_id, expires_at, created_at) values (?, ?, ?, ?)"],
      [expired, accountId, ago(1), ago(31)],
      [live, accountId, now + DAY, ago(1)],
      ["insert into security_events (id, account_id, type, created_at) values (?, ?, ?, ?)"],
      [id(), accountId, mark, ago(SECURITY_EVENT_KEEP_DAYS + 1)],
      [id(), accountId, mark, ago(SECURITY_EVENT_KEEP_DAYS - 1)],
      ["insert into rate_limits (key, window_start, count) values (?, ?, 1)"],
      [`${mark}-old`, ago(2)],
      [`${mark}-new`, now - 60_000],
      [
        `insert into notifications (id, dealer_id, type, title, created_at, read_at)
         values (?, ?, 'deal-alert', ?, ?, ?)`,
      ],
      [
        id(),
        dealer.dealerId,
        `${mark}-read-long-ago`,
        ago(NOTIFICATION_KEEP_DAYS - 1),
        ago(READ_NOTIFICATION_KEEP_DAYS + 1),
      ],
      [
        id(),
        dealer.dealerId,
        `${mark}-read-lately`,
        ago(NOTIFICATION_KEEP_DAYS - 1),
        ago(READ_NOTIFICATION_KEEP_DAYS - 1),
      ],
      [id(), dealer.dealerId, `${mark}-unread-old`, ago(NOTIFICATION_KEEP_DAYS + 1), null],
      [id(), dealer.dealerId, `${mark}-unread`, ago(NOTIFICATION_KEEP_DAYS - 1), null],
      [
        `insert into outbox (id, channel, recipient, template, category, body_text, idempotency_key, status,
           next_attempt_at, created_at) values (?, 'email', 'a@b.example', ?, 'transactional', '', ?, ?, ?, ?)`,
      ],
      [id(), mark, id(), "sent", ago(SENT_MESSAGE_KEEP_DAYS + 1), ago(SENT_MESSAGE_KEEP_DAYS + 1)],
      [id(), mark, id(), "sent", ago(SENT_MESSAGE_KEEP_DAYS - 1), ago(SENT_MESSAGE_KEEP_DAYS - 1)],
      [id(), mark, id(), "failed", ago(FAILED_MESSAGE_KEEP_DAYS + 1), ago(FAILED_MESSAGE_KEEP_DAYS + 1)],
      [id(), mark, id(), "failed", ago(SENT_MESSAGE_KEEP_DAYS + 1), ago(SENT_MESSAGE_KEEP_DAYS + 1)],
      // Queued long ago and never delivered: still owed, whatever its age.
      [owed, mark, id(), "queued", ago(400), ago(400)],
      ["insert into payment_events (id, type, processed_at) values (?, ?, ?)"],
      [id(), mark, ago(31)],
      [id(), mark, ago(1)],
    ] as const;
    let statement = "";
    for (const row of rows) {
      if (row.length === 1) statement = row[0];
      else
        await (statement.startsWith("insert into outbox") ? env.OUTBOX_DB : env.DB)
          .prepare(statement)
          .bind(...row)
          .run();
    }

    await runDailyCron();

    const sessions = await env.DB.prepare(
      "select token_hash as hash from sessions where token_hash in (?, ?)",
    )
      .bind(expired, live)
      .all<{ hash: string }>();
    expect(sessions.results.map((r) => r.hash)).toEqual([live]);
    expect(await count("select count(*) as n from security_events where type = ?", mark)).toBe(1);
    expect(await count("select count(*) as n from rate_limits where key like ?", `${mark}%`)).toBe(1);
    expect(await count("select count(*) as n from rate_limits where key = ?", `${mark}-new`)).toBe(1);
    const titles = await env.DB.prepare("select title from notifications where title like ? order by title")
      .bind(`${mark}%`)
      .all<{ title: string }>();
    expect(titles.results.map((r) => r.title)).toEqual([`${mark}-read-lately`, `${mark}-unread`]);
    // The bell's kept count followed the unread one forgotten.
    expect(await count("select unread_notifications as n from dealers where id = ?", dealer.dealerId)).toBe(
      await count(
        "select count(*) as n from notifications where dealer_id = ? and read_at is null",
        dealer.dealerId,
      ),
    );
    // The owed one is still there (the cron's wake-up of the courier may have delivered it meanwhile).
    expect(await count("select count(*) as n from outbox where id = ?", owed)).toBe(1);
    const outbox = await env.OUTBOX_DB.prepare(
      "select status from outbox where template = ? and id <> ? order by status",
    )
      .bind(mark, owed)
      .all<{ status: string }>();
    expect(outbox.results.map((r) => r.status)).toEqual(["failed", "sent"]);
    expect(await count("select count(*) as n from payment_events where type = ?", mark)).toBe(1);
  });

  it("forgets a delivered push after a week, an e-mail only after its month, through the delivered pushes' own index", async () => {
    const ago = (days: number) => Date.now() - days * DAY;
    const mark = `pushes-${crypto.randomUUID()}`;
    const insert = (channel: "push" | "email", status: string, days: number) =>
      env.OUTBOX_DB.prepare(
        `insert into outbox (id, channel, recipient, template, category, body_text, idempotency_key, status,
           next_attempt_at, created_at) values (?, ?, 'device-or-address', ?, 'deal_alerts', '{}', ?, ?, ?, ?)`,
      )
        .bind(crypto.randomUUID(), channel, mark, crypto.randomUUID(), status, ago(days), ago(days))
        .run();
    await insert("push", "sent", SENT_PUSH_KEEP_DAYS + 1);
    await insert("push", "sent", SENT_PUSH_KEEP_DAYS - 1);
    await insert("push", "failed", SENT_PUSH_KEEP_DAYS + 1);
    await insert("email", "sent", SENT_PUSH_KEEP_DAYS + 1);
    await insert("email", "sent", SENT_MESSAGE_KEEP_DAYS + 1);

    await runDailyCron();

    const left = await env.OUTBOX_DB.prepare(
      `select channel, status, cast(round((? - next_attempt_at) / ?) as integer) as days from outbox
       where template = ? order by channel, status, days`,
    )
      .bind(Date.now(), DAY, mark)
      .all<{ channel: string; status: string; days: number }>();
    expect(left.results).toEqual([
      { channel: "email", status: "sent", days: SENT_PUSH_KEEP_DAYS + 1 },
      { channel: "push", status: "failed", days: SENT_PUSH_KEEP_DAYS + 1 },
      { channel: "push", status: "sent", days: SENT_PUSH_KEEP_DAYS - 1 },
    ]);
    // The rule names the delivered pushes' partial index (SQLite refuses the statement if its terms do not
    // imply the index's), so it seeks them rather than walking the weeks of delivered e-mails before them.
    const index = await env.OUTBOX_DB.prepare(
      "select sql from sqlite_master where type = 'index' and name = 'outbox_sent_push_idx'",
    ).first<{ sql: string }>();
    expect(index?.sql).toContain("WHERE status = 'sent' and channel = 'push'");
  });

  it("drops a delivered message's text after a day and keeps who got what; a failed one keeps its text", async () => {
    const ago = (days: number) => Date.now() - days * DAY;
    const mark = `bodies-${crypto.randomUUID()}`;
    const insert = (status: string, at: number) =>
      env.OUTBOX_DB.prepare(
        `insert into outbox (id, channel, recipient, template, category, subject, body_text, body_html,
           idempotency_key, status, next_attempt_at, created_at)
         values (?, 'email', 'a@b.example', ?, 'transactional', 'Your offer', 'Hello', '<p>Hello</p>', ?, ?, ?, ?)`,
      )
        .bind(crypto.randomUUID(), mark, `${mark}-${status}-${at}`, status, at, at)
        .run();
    await insert("sent", ago(SENT_BODY_KEEP_DAYS + 1));
    await insert("sent", ago(SENT_BODY_KEEP_DAYS) + 60 * 60 * 1000);
    await insert("failed", ago(SENT_BODY_KEEP_DAYS + 1));

    await runDailyCron();

    const rows = await env.OUTBOX_DB.prepare(
      `select status, subject, body_text as text, body_html as html from outbox where template = ?
       order by status, next_attempt_at`,
    )
      .bind(mark)
      .all<{ status: string; subject: string; text: string; html: string | null }>();
    expect(rows.results).toEqual([
      { status: "failed", subject: "Your offer", text: "Hello", html: "<p>Hello</p>" },
      { status: "sent", subject: "Your offer", text: "", html: null },
      { status: "sent", subject: "Your offer", text: "Hello", html: "<p>Hello</p>" },
    ]);
  });

  it("works through more rows than one statement deletes, and a second run deletes nothing", async () => {
    const old = Date.now() - 2 * DAY;
    const total = RETENTION_BATCH_ROWS + 150;
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into rate_limits (key, window_start, count) select 'bulk-' || i, ?, 1 from n`,
    )
      .bind(total, old)
      .run();
    const retention = createServices(env).retention;
    const first = await retention.forgetOld();
    expect(first["rate-limit windows"]).toBeGreaterThanOrEqual(total);
    expect(await count("select count(*) as n from rate_limits where key like 'bulk-%'")).toBe(0);
    const second = await retention.forgetOld();
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
  });
});

describe("posts off the feed", () => {
  let seller: Dealer;
  let buyer: Dealer;

  beforeAll(async () => {
    seller = await signUpDealer();
    buyer = await signUpDealer();
  });

  it("go with their vehicles, comments, views and photos after their period, and the dealers' figures stay", async () => {
    const onlyHere = await uploadPhoto(seller.cookie);
    const sharedWithKept = await uploadPhoto(seller.cookie);
    const old = await post(seller, "2020 Ford F-150, gone soon", [onlyHere, sharedWithKept]);
    const recent = await post(seller, "2020 Ford F-150, expired lately", [sharedWithKept]);
    const inDeal = await post(seller, "2020 Ford F-150, sold in a deal");
    const withOffer = await post(seller, "2020 Ford F-150, offer open");
    const sold = await post(seller, "2020 Ford F-150, sold long ago");
    // The buyer opens and comments on the old post: a view and a comment received for the seller, one written.
    expect((await call("GET", `/api/inventory/${old}`, { cookie: buyer.cookie })).status).toBe(200);
    expect(await count("select count(*) as n from post_views where post_id = ?", old)).toBe(1);
    const comment = await call("POST", `/api/inventory/${old}/comments`, {
      cookie: buyer.cookie,
      body: { content: "Still there?" },
    });
    expect(comment.status, comment.text).toBe(201);
    const deal = await call("POST", "/api/deals", {
      cookie: seller.cookie,
      body: {
        counterpartyId: buyer.dealerId,
        role: "seller",
        postId: inDeal,
        vehicle: { year: 2020, make: "Ford", model: "F-150", trim: "XLT", miles: 41000, color: "White" },
        price: 28500,
        location: "Dallas, TX",
      },
    });
    expect(deal.status, deal.text).toBe(201);
    const vehicleOf = async (postId: string) =>
      (await env.DB.prepare("select id from vehicles where post_id = ?")
        .bind(postId)
        .first<{ id: string }>())!.id;
    const offer = await call("POST", "/api/offers", {
      cookie: buyer.cookie,
      body: { vehicleId: await vehicleOf(withOffer), price: 27000 },
    });
    expect(offer.status, offer.text).toBe(201);

    const past = LEFT_FEED_POST_KEEP_DAYS + 1;
    await leftFeed(old, past);
    await leftFeed(recent, LEFT_FEED_POST_KEEP_DAYS - 1);
    await leftFeed(inDeal, past, "sold");
    await leftFeed(withOffer, past);
    await leftFeed(sold, past, "sold");
    await env.DB.prepare("update vehicles set status = 'sold' where post_id = ?").bind(sold).run();
    const insights = createServices(env).insights;
    const allTime = async (dealerId: string) => {
      const s = await insights.dealerStats(dealerId);
      return [
        s.posts,
        s.soldPosts,
        s.vehiclesListed,
        s.vehiclesSold,
        s.totalViews,
        s.commentsReceived,
        s.commentsWritten,
      ];
    };
    const quickViewPosts = async () =>
      (await call("GET", `/api/dealers/${seller.dealerId}`, { cookie: buyer.cookie })).json.posts;
    const quickViewBefore = await quickViewPosts();
    expect(quickViewBefore).toBe(5);
    const sellerBefore = await allTime(seller.dealerId);
    const buyerBefore = await allTime(buyer.dealerId);
    expect(sellerBefore).toEqual([5, 2, 5, 1, 1, 1, 0]);

    await runDailyCron();

    const left = await env.DB.prepare("select id from inventory_posts where dealer_id = ?")
      .bind(seller.dealerId)
      .all<{ id: string }>();
    expect(left.results.map((r) => r.id).sort()).toEqual([recent, inDeal, withOffer].sort());
    // The view was stored in My Stats' database, and folded into counts there.
    for (const table of ["vehicles", "comments", "post_views"])
      expect(await count(`select count(*) as n from ${table} where post_id in (?, ?)`, old, sold)).toBe(0);
    expect(await env.PHOTOS.head(storedKeyOf(onlyHere))).toBeNull();
    // Still shown by the seller's kept post: stays in R2.
    expect(await env.PHOTOS.head(storedKeyOf(sharedWithKept))).not.toBeNull();
    // The deal still names its post, and the open offer its vehicle.
    expect(
      await count("select count(*) as n from deals where id = ? and post_id = ?", deal.json.id, inDeal),
    ).toBe(1);
    expect(
      await count("select count(*) as n from offers where id = ? and status = 'open'", offer.json.id),
    ).toBe(1);

    // All-time figures count the deleted posts as before, for the seller and for the buyer's comment.
    expect(await allTime(seller.dealerId)).toEqual(sellerBefore);
    expect(await allTime(buyer.dealerId)).toEqual(buyerBefore);
    expect(await quickViewPosts()).toBe(quickViewBefore);

    // Twice is harmless: nothing more goes and nothing counts twice.
    await runDailyCron();
    expect(
      await count("select count(*) as n from inventory_posts where dealer_id = ?", seller.dealerId),
    ).toBe(3);
    expect(await allTime(seller.dealerId)).toEqual(sellerBefore);
    expect(await allTime(buyer.dealerId)).toEqual(buyerBefore);
  });

  it("folds a post's views into counts once it left the feed: its view count and My Stats stay", async () => {
    const owner = await signUpDealer();
    const viewer = await signUpDealer();
    const forSale = await post(owner, "2021 Ram 1500, views folded");
    const request = await call("POST", "/api/inventory", {
      cookie: owner.cookie,
      body: { title: "Wanted: 2019 Tacoma", type: "request", description: "", vehicles: [] },
    });
    expect(request.status, request.text).toBe(201);
    for (const id of [forSale, request.json.id as string]) {
      expect((await call("GET", `/api/inventory/${id}`, { cookie: viewer.cookie })).status).toBe(200);
      const said = await call("POST", `/api/inventory/${id}/comments`, {
        cookie: viewer.cookie,
        body: { content: "Interested" },
      });
      expect(said.status, said.text).toBe(201);
    }
    const insights = createServices(env).insights;
    const figures = async () => {
      const [mine, theirs, all] = await Promise.all([
        insights.myStats(owner.dealerId, 30, true),
        insights.myStats(viewer.dealerId, 30, true),
        insights.dealerStats(owner.dealerId),
      ]);
      return {
        views: mine.figures.postViews,
        comments: mine.figures.commentsReceived,
        answered: theirs.figures.requestsAnswered,
        totalViews: all.totalViews,
        viewsLast30Days: all.viewsLast30Days,
      };
    };
    const viewCount = async () =>
      (await call("GET", `/api/inventory/${forSale}`, { cookie: owner.cookie })).json.viewCount;
    const before = await figures();
    expect(before.views?.current).toBe(2);
    expect(before.answered?.current).toBe(1);
    expect(await viewCount()).toBe(1);

    // The viewer's, and the owner's own look (kept, never counted).
    expect(await count("select count(*) as n from post_views where post_id = ?", forSale)).toBe(2);
    // Left the feed more than the fold's hour ago.
    await leftFeed(forSale, 0.1);
    await leftFeed(request.json.id as string, 0.1);
    await runDailyCron();
    expect(await count("select count(*) as n from post_views where post_id = ?", forSale)).toBe(0);
    expect(await viewCount()).toBe(1);
    expect(await figures()).toEqual(before);
    // Off the feed, a view no longer counts: no row would be left to count the viewer once.
    expect((await call("GET", `/api/inventory/${forSale}`, { cookie: viewer.cookie })).status).toBe(200);
    expect(await viewCount()).toBe(1);

    // Then the posts go, and their comments with them: the figures stay.
    await leftFeed(forSale, LEFT_FEED_POST_KEEP_DAYS + 1);
    await leftFeed(request.json.id as string, LEFT_FEED_POST_KEEP_DAYS + 1);
    await runDailyCron();
    expect(await count("select count(*) as n from inventory_posts where dealer_id = ?", owner.dealerId)).toBe(
      0,
    );
    expect(await figures()).toEqual(before);
  });

  it("pages past more kept posts than one page holds, to the ones that may go", async () => {
    const lot = await signUpDealer();
    const long = Date.now() - (LEFT_FEED_POST_KEEP_DAYS + 10) * DAY;
    const kept = RETENTION_BATCH_POSTS + 5;
    // Older than the one that may go, each named by a deal: the walk meets them first.
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?1)
       insert into inventory_posts (id, dealer_id, title, type, status, created_at, updated_at)
       select 'kept-' || ?2 || '-' || i, ?2, 'Sold in a deal', 'single', 'sold', ?3, ?3 + i from n`,
    )
      .bind(kept, lot.dealerId, long)
      .run();
    await env.DB.prepare(
      `insert into deals (id, seller_id, post_id, year, make, model, price_cents)
       select 'deal-' || id, dealer_id, id, 2020, 'Ford', 'F-150', 2850000 from inventory_posts where dealer_id = ?`,
    )
      .bind(lot.dealerId)
      .run();
    const last = await post(lot, "2020 Ford F-150, the last to go");
    await env.DB.prepare("update inventory_posts set status = 'expired', updated_at = ? where id = ?")
      .bind(long + kept + 1, last)
      .run();

    await createServices(env).retention.forgetOld();

    expect(await count("select count(*) as n from inventory_posts where id = ?", last)).toBe(0);
    expect(await count("select count(*) as n from inventory_posts where dealer_id = ?", lot.dealerId)).toBe(
      kept,
    );
  });
});
