import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { auditEntrySchema, dealerQuickViewSchema, newsArticleSchema } from "#lib/api-types";
import { createServices } from "../../worker/services";
import { runDailyCron, ORIGIN, call, signUpAdmin, signUpDealer } from "./helpers";

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

const DAY = 24 * 60 * 60 * 1000;

const page = async (path: string, cookie?: string) => {
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { status: res.status, html: await res.text() };
};

/** A Basic subscriber past the trial: no advanced analytics. */
async function signUpBasic() {
  const dealer = await signUpDealer();
  await env.DB.prepare("update accounts set created_at = created_at - ? where email = ?")
    .bind(30 * DAY, dealer.email)
    .run();
  await env.DB.prepare(
    `insert into subscriptions (id, dealer_id, plan_id, status, processor, current_period_start, current_period_end)
     values (?, ?, 'basic', 'active', 'demo', ?, ?)`,
  )
    .bind(crypto.randomUUID(), dealer.dealerId, Date.now() - DAY, Date.now() + 29 * DAY)
    .run();
  return dealer;
}

const VEHICLE = {
  vin: "1FTEW1E50KFA12345",
  year: 2019,
  make: "Ford",
  model: "F-150",
  trim: "XLT",
  miles: 41250,
};

/** `seller` proposes, `buyer` confirms, `buyer` completes: one completed deal. */
async function completeDeal(seller: Dealer, buyer: Dealer, price = 28_500, vehicle = VEHICLE) {
  const proposed = await call("POST", "/api/deals", {
    cookie: seller.cookie,
    body: { counterpartyId: buyer.dealerId, role: "seller", vehicle, price, location: "Dallas, TX" },
  });
  expect(proposed.status, proposed.text).toBe(201);
  const id = proposed.json.id as string;
  expect((await call("POST", `/api/deals/${id}/confirm`, { cookie: buyer.cookie })).status).toBe(200);
  const done = await call("POST", "/api/deals/complete", {
    cookie: buyer.cookie,
    body: { dealId: id, ...vehicle, location: "Dallas, TX", price, auction: "other" },
  });
  expect(done.status, done.text).toBe(200);
  return id;
}

let seller: Dealer;
let buyer: Dealer;

beforeAll(async () => {
  [seller, buyer] = [await signUpDealer(), await signUpDealer()];
});

describe("My Stats", () => {
  it("counts the dealer's messages, replies, deals, volume and commission over the period", async () => {
    // Buyer writes to the seller twice; the seller answers once.
    for (const content of ["Is the F-150 still there?", "Can you send photos?"])
      await call("POST", "/api/messages", {
        cookie: buyer.cookie,
        body: { receiverId: seller.dealerId, content },
      });
    await call("POST", "/api/messages", {
      cookie: seller.cookie,
      body: { receiverId: buyer.dealerId, content: "Yes, photos coming" },
    });
    await completeDeal(seller, buyer);
    const stats = await createServices(env).insights.myStats(seller.dealerId, 7, true);
    expect(stats.figures.messagesReceived).toEqual({ current: 2, previous: 0, changePercent: null });
    expect(stats.figures.messagesAnswered?.current).toBe(2);
    expect(stats.medianReplyMs?.current).toBeGreaterThanOrEqual(0);
    expect(stats.figures.dealsProposed?.current).toBe(1);
    expect(stats.figures.dealsConfirmed?.current).toBe(1);
    expect(stats.figures.dealsCompleted?.current).toBe(1);
    expect(stats.figures.volumeCents?.current).toBe(2_850_000);
    expect(stats.figures.commissionCents?.current).toBe(57_000);
    expect(stats.series?.values.volumeCents.at(-1)).toBe(2_850_000);
  });

  it("shows Premium every figure with its chart, and Basic the headline figures and the way to upgrade", async () => {
    const premium = await page("/my-stats?period=7", seller.cookie);
    expect(premium.status).toBe(200);
    expect(premium.html).toContain('data-testid="figure-commissionCents"');
    expect(premium.html).toContain("Median first reply");
    expect(premium.html).toContain("Volume per day, last 7 days");

    const basic = await signUpBasic();
    const basicPage = await page("/my-stats?period=7", basic.cookie);
    expect(basicPage.status).toBe(200);
    expect(basicPage.html).toContain('data-testid="figure-dealsCompleted"');
    expect(basicPage.html).not.toContain('data-testid="figure-commissionCents"');
    expect(basicPage.html).not.toContain("Median first reply");
    expect(basicPage.html).not.toContain("per day, last 7 days");
    expect(basicPage.html).toContain("Breakdowns and charts: advanced analytics");
    expect(basicPage.html).toContain("Upgrade to Premium");
  });

  it("takes 7, 30 or 90 days, and 30 for anything else", async () => {
    expect((await page("/my-stats?period=90", seller.cookie)).html).toMatch(
      /aria-current="page"[^>]*>90 days</,
    );
    expect((await page("/my-stats?period=abc", seller.cookie)).html).toMatch(
      /aria-current="page"[^>]*>30 days</,
    );
  });
});

describe("the profile, the popup and My Vehicle Activity", () => {
  it("count completed deals and the vehicles sold from the same numbers; unrated dealers are 'New on DealerLane'", async () => {
    const [s, b] = [await signUpDealer(), await signUpDealer()];
    await completeDeal(s, b, 20_000, { ...VEHICLE, make: "Chevrolet", model: "Silverado" });
    await completeDeal(s, b, 21_000, { ...VEHICLE, make: "Chevrolet", model: "Silverado" });
    await completeDeal(b, s, 15_000, { ...VEHICLE, make: "Toyota", model: "Camry" });

    const popup = dealerQuickViewSchema.parse(
      (await call("GET", `/api/dealers/${s.dealerId}`, { cookie: b.cookie })).json,
    );
    expect(popup).toMatchObject({ dealsClosed: 3, vehiclesSold: 2 });
    expect(popup.dealer.rating).toBeNull();

    const profile = await page("/dealer-profile", s.cookie);
    expect(profile.html).toMatch(/title="Deals completed on DealerLane">3</);
    expect(profile.html).toMatch(/title="Completed deals in which you were the seller">2</);
    expect(profile.html).toContain("New on DealerLane");

    const activity = await createServices(env).insights.vehicleActivity(s.dealerId);
    expect(activity).toEqual({
      mostBought: [{ vehicle: "Toyota Camry", count: 1 }],
      mostSold: [{ vehicle: "Chevrolet Silverado", count: 2 }],
      month: { bought: 1, sold: 2, volumeCents: 5_600_000 },
      dealsClosed: 3,
    });
    const network = await page("/dealers", s.cookie);
    expect(network.html).toContain("Chevrolet Silverado");
    expect(network.html).not.toContain("No completed deals yet");
  });

  it("says how deals are made while the dealer has none", async () => {
    const fresh = await signUpDealer();
    const network = await page("/dealers", fresh.cookie);
    expect(network.html).toContain("No completed deals yet");
    expect(network.html).toContain("Propose deal");
  });
});

describe("a dealer's post views", () => {
  const createPost = async (cookie: string, title: string) => {
    const res = await call("POST", "/api/inventory", {
      cookie,
      body: {
        title,
        description: "",
        type: "single",
        vehicles: [{ make: "Ford", model: "F-150" }],
        photoUrls: [],
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  /** What the post's card shows: its view count, read as its own dealer (who adds no view). */
  const cardViews = async (postId: string, cookie: string) =>
    (await call("GET", `/api/inventory/${postId}`, { cookie })).json.viewCount as unknown as number;
  const figure = (html: string, pattern: RegExp) => Number(pattern.exec(html)?.[1]?.replace(/,/g, ""));
  const PERIOD_VIEWS = /data-testid="figure-postViews"[\s\S]*?tabular-nums">([\d,]+)</;
  const ALL_TIME_VIEWS = />Post views<\/dt><dd[^>]*>([\d,]+)</;
  const RECENT_VIEWS = />Post views, last 30 days<\/dt><dd[^>]*>([\d,]+)</;

  it("are the same number on My Stats, the profile's Statistics tab and the sum of the cards", async () => {
    const owner = await signUpDealer();
    const [first, second] = [
      await createPost(owner.cookie, "F-150 one"),
      await createPost(owner.cookie, "F-150 two"),
    ];
    const viewers = [await signUpDealer(), await signUpDealer(), await signUpDealer()];
    for (const [viewer, postId] of [
      [viewers[0], first],
      [viewers[0], second],
      [viewers[1], first],
      [viewers[2], second],
      [viewers[2], second], // a second look by the same dealer is one view
    ] as const)
      await call("GET", `/api/inventory/${postId}`, { cookie: viewer!.cookie });
    await call("GET", `/api/inventory/${first}`, { cookie: owner.cookie }); // the dealer's own look is none
    // A view from before the last 30 days counts all time, not in the period.
    await env.DB.prepare(
      "insert into post_views (post_id, viewer_id, created_at) values (?, 'long-ago-dealer', ?)",
    )
      .bind(first, Date.now() - 40 * DAY)
      .run();

    const cards = (await cardViews(first, owner.cookie)) + (await cardViews(second, owner.cookie));
    expect(cards).toBe(5);
    const myStats = await page("/my-stats?period=30", owner.cookie);
    expect(figure(myStats.html, ALL_TIME_VIEWS)).toBe(cards);
    expect(figure(myStats.html, PERIOD_VIEWS)).toBe(4);
    expect(figure(myStats.html, RECENT_VIEWS)).toBe(4);
    // The profile's Statistics tab renders these same figures (/dealer-profile's loader).
    const insights = createServices(env).insights;
    expect(await insights.dealerStats(owner.dealerId)).toMatchObject({
      totalViews: cards,
      viewsLast30Days: 4,
    });
    expect((await insights.myStats(owner.dealerId, 30, true)).figures.postViews?.current).toBe(4);

    // A view that goes (a demo dealer's cleanup) leaves the card and the figures equal.
    await env.DB.prepare("delete from post_views where viewer_id = 'long-ago-dealer'").run();
    expect(await cardViews(first, owner.cookie)).toBe(2);
    expect((await insights.dealerStats(owner.dealerId)).totalViews).toBe(4);
  });
});

describe("Wholesale News", () => {
  let admin: Dealer;
  beforeAll(async () => {
    admin = await signUpAdmin();
  });

  const article = (over: Record<string, unknown> = {}) => ({
    title: "Truck values hold",
    category: "Market Trends",
    summary: "Pickups keep their value.",
    body: "Wholesale values **held**.\n\n- one\n- two",
    sourceName: "DealerLane Market Desk",
    ...over,
  });

  it("lets an admin write articles (401 signed out, 403 for a dealer, checked before the body)", async () => {
    expect((await call("POST", "/api/admin/news", { rawBody: "{bad" })).status).toBe(401);
    const dealer = await call("POST", "/api/admin/news", { cookie: seller.cookie, body: article() });
    expect(dealer.status).toBe(403);
    expect(dealer.json).toEqual({ message: "Admins only" });

    const created = await call("POST", "/api/admin/news", {
      cookie: admin.cookie,
      body: article({ trending: true }),
    });
    expect(created.status, created.text).toBe(201);
    const stored = newsArticleSchema.parse(created.json);
    expect(stored).toMatchObject({
      slug: "truck-values-hold",
      trending: true,
      readMinutes: 1,
      sourceUrl: null,
    });
    // The same title again gets a slug of its own; a slug asked for twice is 409.
    const again = await call("POST", "/api/admin/news", { cookie: admin.cookie, body: article() });
    expect(again.json.slug).toBe("truck-values-hold-2");
    const taken = await call("POST", "/api/admin/news", {
      cookie: admin.cookie,
      body: article({ slug: "truck-values-hold" }),
    });
    expect(taken.status).toBe(409);
    const bad = await call("POST", "/api/admin/news", {
      cookie: admin.cookie,
      body: article({ category: "Gossip", sourceUrl: "javascript:alert(1)" }),
    });
    expect(bad.status).toBe(400);

    // A long title's slug (up to 80 characters) finds its free number too.
    const title =
      "Why Three-Quarter-Ton Diesel Pickups Outsold Every Half-Ton at the Midwest Lanes This Quarter";
    const slugs: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call("POST", "/api/admin/news", {
        cookie: admin.cookie,
        body: article({ title, publishedAt: new Date(Date.now() - 30 * DAY).toISOString() }),
      });
      expect(res.status, res.text).toBe(201);
      slugs.push(res.json.slug);
    }
    const base = "why-three-quarter-ton-diesel-pickups-outsold-every-half-ton-at-the-midwest-lanes";
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);

    const long = "word ".repeat(450);
    const patched = await call("PATCH", `/api/admin/news/${stored.id}`, {
      cookie: admin.cookie,
      body: { body: long },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ readMinutes: 3, title: "Truck values hold" });
    expect(
      (await call("DELETE", `/api/admin/news/${again.json.id as string}`, { cookie: admin.cookie })).status,
    ).toBe(204);
    expect(
      (await call("DELETE", `/api/admin/news/${again.json.id as string}`, { cookie: admin.cookie })).status,
    ).toBe(404);

    // Every write is in the admin console's audit log; the refused ones are not.
    const audit = async (recordId: string) =>
      z
        .array(auditEntrySchema)
        .parse((await call("GET", `/api/admin/audit?recordId=${recordId}`, { cookie: admin.cookie })).json);
    const first = await audit(stored.id);
    expect(first.map((e) => e.action)).toEqual(["news.update", "news.create"]);
    expect(first[0]).toMatchObject({
      actor: { email: admin.email.toLowerCase() },
      before: { bodyLength: article().body.length },
      after: { bodyLength: long.trim().length },
    });
    expect(first[1]).toMatchObject({ before: null, after: { slug: "truck-values-hold", trending: true } });
    expect((await audit(again.json.id as string)).map((e) => e.action)).toEqual([
      "news.delete",
      "news.create",
    ]);
  });

  it("renders Markdown without letting it inject script or javascript: links", async () => {
    const created = await call("POST", "/api/admin/news", {
      cookie: admin.cookie,
      body: article({
        title: "Injection attempt",
        body: 'Hello <script>alert("x")</script> <img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) and [real](https://example.com/a)',
      }),
    });
    expect(created.status).toBe(201);
    const { status, html } = await page(`/wholesale-news/${created.json.slug as string}`, seller.cookie);
    expect(status).toBe(200);
    const body = html.slice(
      html.indexOf('data-testid="article-body"'),
      html.indexOf("</div>", html.indexOf('data-testid="article-body"')),
    );
    expect(body).not.toContain("<script>");
    expect(body).not.toContain("<img");
    expect(body).toContain("&lt;script&gt;");
    expect(body).not.toMatch(/href="javascript:/i);
    expect(body).toContain('href="https://example.com/a"');
    expect(body).toContain('rel="noopener noreferrer nofollow"');
  });

  it("shows dealers the newest articles a page at a time, with Load More by cursor", async () => {
    for (let i = 0; i < 6; i++)
      await call("POST", "/api/admin/news", {
        cookie: admin.cookie,
        body: article({
          title: `Paged article ${i}`,
          publishedAt: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
        }),
      });
    const first = await page("/wholesale-news", seller.cookie);
    expect(first.status).toBe(200);
    expect(first.html).toContain("Paged article 0");
    expect(first.html).toContain("Read Full Article");
    const next = /href="\/wholesale-news\?cursor=([^"]+)"/.exec(first.html)?.[1];
    expect(next).toBeDefined();
    const second = await page(`/wholesale-news?cursor=${next}`, seller.cookie);
    expect(second.html).toContain("Back to the newest");
    expect(second.html).not.toContain("Paged article 0");
    // A crafted cursor shows the first page, never an error.
    expect((await page("/wholesale-news?cursor=%00nope", seller.cookie)).status).toBe(200);
    // An article scheduled for later is not shown yet.
    const later = await call("POST", "/api/admin/news", {
      cookie: admin.cookie,
      body: article({ title: "Tomorrow's news", publishedAt: new Date(Date.now() + DAY).toISOString() }),
    });
    expect((await page(`/wholesale-news/${later.json.slug as string}`, seller.cookie)).status).toBe(404);
  });

  it("keeps /admin/news for admins: a dealer gets 'Page Not Found'", async () => {
    const dealer = await page("/admin/news", seller.cookie);
    expect(dealer.status).toBe(404);
    expect(dealer.html).toContain("Page Not Found");
    const adminPage = await page("/admin/news", admin.cookie);
    expect(adminPage.status).toBe(200);
    expect(adminPage.html).toMatch(/<h1[^>]*>Admin · Wholesale News/);
  });
});

describe("the Market Report", () => {
  it("is computed by the daily cron into a summary table, and shown at the top of /wholesale-news", async () => {
    const lister = await signUpDealer();
    for (let i = 0; i < 6; i++)
      await call("POST", "/api/inventory", {
        cookie: lister.cookie,
        body: {
          type: "single",
          title: `2021 Honda Civic ${i}`,
          description: "",
          vehicles: [
            {
              year: 2021,
              make: "Honda",
              model: "Civic",
              mileage: 30_000 + i * 1000,
              price: 20_000 + i * 100,
            },
          ],
        },
      });
    await runDailyCron("0 4 * * *");
    const row = await env.DB.prepare("select report from market_reports order by day desc limit 1").first<{
      report: string;
    }>();
    const report = JSON.parse(row!.report) as { mostListed: { items: { label: string; count: number }[] } };
    expect(report.mostListed.items).toContainEqual({ label: "Honda Civic", count: 6 });

    const { html } = await page("/wholesale-news", seller.cookie);
    expect(html).toContain('data-testid="market-report"');
    expect(html).toContain("DealerLane Market Report");
    expect(html).toContain("Honda Civic");
    expect(html).toContain("$20,250");
    // Fewer than 5 completed deals in the 30 days: the volume is not shown.
    expect(html).toContain("Deals completed on DealerLane: 4 records.");
    expect(html).not.toContain('data-testid="market-deal-volume"');
  });
});
