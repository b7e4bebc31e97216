import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { networkWall } from "../../worker/db/network-wall";
import {
  firstPageRead,
  matchPageStatement,
  offersForWantStatement,
  wantsForOfferStatement,
} from "../../worker/domain/deal-alerts/matching";
import { expiryStatements } from "../../worker/domain/inventory/lifecycle";
import { fanoutOf } from "../../worker/realtime/addresses";
import { call, fanoutSettled, notificationsOf, signUpDealer, waitForNotifications } from "./helpers";

type Post = { id: string; status: string; dealerId: string };
type Match = { post: { id: string; title: string }; vehicles: string[] };

const createPost = async (cookie: string, body: Record<string, unknown>) => {
  const res = await call("POST", "/api/inventory", { cookie, body });
  expect(res.status, res.text).toBe(201);
  const post = res.json as unknown as Post;
  // Matched on its fan-out's alarm: done before the next post, which then finds it.
  await fanoutSettled(post.id);
  return post;
};

const request = (cookie: string, text: string) =>
  createPost(cookie, { title: text, description: "", type: "request", vehicles: [], photoUrls: [] });

const listing = (cookie: string, text: string, vehicles: Record<string, unknown>[] = []) =>
  createPost(cookie, {
    title: text,
    description: "",
    type: vehicles.length ? "single" : "for-sale",
    vehicles,
    photoUrls: [],
  });

const waitFor = waitForNotifications;

describe("deal alerts", () => {
  it("tells the requester when a matching vehicle is posted, once per pair, never the poster", async () => {
    const buyer = await signUpDealer();
    const seller = await signUpDealer();
    await request(buyer.cookie, "Looking for 2018-2020 F-150 XLT under $30k");
    const wrongPrice = await listing(seller.cookie, "2019 Ford F-150 XLT, 41k miles, $34,900");
    const match = await listing(seller.cookie, "2019 Ford F-150 XLT SuperCrew, 41k miles, $27,900");

    const [alert, ...others] = await waitFor(buyer.cookie, 1);
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ type: "deal-alert", link: `/post/${match.id}`, readAt: null });
    expect(alert!.title).toBe("Deal alert: 2019 Ford F-150");
    expect(alert!.body).toContain("$27,900");
    expect(alert!.body).toContain("“Looking for 2018-2020 F-150 XLT under $30k”");
    expect(alert!.link).not.toBe(`/post/${wrongPrice.id}`);
    expect(await notificationsOf(seller.cookie)).toEqual([]);

    // Editing the listing finds the same pair again: no second alert.
    const edit = await call("PATCH", `/api/inventory/${match.id}`, {
      cookie: seller.cookie,
      body: { description: "Two keys, clean Carfax" },
    });
    expect(edit.status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await notificationsOf(buyer.cookie)).toHaveLength(1);
  });

  it("never alerts across the demo and the real network", async () => {
    const buyer = await signUpDealer();
    const demoSeller = await signUpDealer();
    const realSeller = await signUpDealer();
    await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(demoSeller.dealerId).run();
    await request(buyer.cookie, "Need a 2021 Toyota Tacoma TRD Off-Road");
    await listing(demoSeller.cookie, "2021 Toyota Tacoma TRD Off-Road, 22k miles, $36,500");
    const real = await listing(realSeller.cookie, "2021 Toyota Tacoma TRD Off-Road, 30k miles, $35,900");

    const alerts = await waitFor(buyer.cookie, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect((await notificationsOf(buyer.cookie)).map((n) => n.link)).toEqual([`/post/${real.id}`]);
    expect(alerts).toHaveLength(1);
    // Nor does the demo dealer see the real request among the matches of its listing.
    const demoRequest = await request(demoSeller.cookie, "Need a 2021 Toyota Tacoma TRD Off-Road");
    const matches = await call("GET", `/api/inventory/${demoRequest.id}/matches`, {
      cookie: demoSeller.cookie,
    });
    expect(matches.status).toBe(200);
    expect((matches.json as unknown as Match[]).map((m) => m.post.id)).not.toContain(real.id);
  });

  it("tells the seller when a request for what they list is posted; the requester sees the match at once", async () => {
    const seller = await signUpDealer();
    const buyer = await signUpDealer();
    const tahoe = await listing(seller.cookie, "Clean Tahoe", [
      { make: "Chevrolet", model: "Tahoe", year: 2020, trim: "LT", mileage: 62000, price: 38500 },
    ]);
    const wanted = await request(buyer.cookie, "Need Tahoe or Suburban under 80k miles");

    // No waiting: the match is a query on the index.
    const matches = await call("GET", `/api/inventory/${wanted.id}/matches`, { cookie: buyer.cookie });
    expect(matches.status).toBe(200);
    expect(matches.headers.get("X-Next-Cursor")).toBeNull();
    const list = matches.json as unknown as Match[];
    expect(list.map((m) => m.post.id)).toEqual([tahoe.id]);
    expect(list[0]!.vehicles).toEqual(["2020 Chevrolet Tahoe LT · $38,500 · 62,000 mi · TX"]);

    const [alert] = await waitFor(seller.cookie, 1);
    expect(alert).toMatchObject({ type: "deal-alert", link: `/post/${wanted.id}` });
    expect(alert!.title).toBe("A dealer is looking for your 2020 Chevrolet Tahoe");
    expect(await notificationsOf(buyer.cookie)).toEqual([]);

    // The listing's side: the open requests it answers.
    const other = await call("GET", `/api/inventory/${tahoe.id}/matches`, { cookie: seller.cookie });
    expect((other.json as unknown as Match[]).map((m) => m.post.id)).toEqual([wanted.id]);
  });

  it("lists the matches isMatch allows, by trim and model family, newest first a page at a time", async () => {
    const seller = await signUpDealer();
    const buyer = await signUpDealer();
    const sierra = (model: string, trim?: string) =>
      listing(seller.cookie, `GMC ${model} ${trim ?? ""}`, [
        { make: "GMC", model, year: 2021, ...(trim ? { trim } : {}), price: 41000 },
      ]);
    const denali = await sierra("Sierra 1500", "Denali");
    await sierra("Sierra 1500", "SLE");
    const plain = await sierra("Sierra 1500");
    const heavy = await sierra("Sierra 2500HD", "Denali");
    const wantDenali = await createPost(buyer.cookie, {
      title: "Wanted: Sierra 1500 Denali",
      description: "",
      type: "request",
      vehicles: [{ make: "GMC", model: "Sierra 1500", trim: "Denali" }],
      photoUrls: [],
    });
    const wantAnySierra = await createPost(buyer.cookie, {
      title: "Wanted: any GMC Sierra",
      description: "",
      type: "request",
      vehicles: [{ make: "GMC", model: "Sierra" }],
      photoUrls: [],
    });
    const idsOf = async (postId: string, cookie: string) => {
      const ids: string[] = [];
      let cursor = "";
      for (;;) {
        const res = await call(
          "GET",
          `/api/inventory/${postId}/matches?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
          { cookie },
        );
        ids.push(...(res.json as unknown as Match[]).map((m) => m.post.id));
        cursor = res.headers.get("X-Next-Cursor") ?? "";
        if (!cursor) return ids;
      }
    };
    // A trim asked for must be offered (or the listing names none); "Sierra" is the whole family.
    expect(await idsOf(wantDenali.id, buyer.cookie)).toEqual([plain.id, denali.id]);
    const family = await idsOf(wantAnySierra.id, buyer.cookie);
    expect(family).toHaveLength(4);
    expect(family).toContain(heavy.id);
    // The listing's side: the requests it answers.
    expect(await idsOf(denali.id, seller.cookie)).toEqual([wantAnySierra.id, wantDenali.id]);
    expect(await idsOf(heavy.id, seller.cookie)).toEqual([wantAnySierra.id]);
  });

  it("reads a first page again in full when one post's vehicles fill what it read of a model", async () => {
    const seller = await signUpDealer();
    const buyer = await signUpDealer();
    const evoras = (count: number, from: number) =>
      Array.from({ length: count }, (_, i) => ({
        make: "Lotus",
        model: "Evora",
        year: 2020,
        price: from + i,
      }));
    const lot = (title: string, vehicles: Record<string, unknown>[]) =>
      createPost(seller.cookie, { title, description: "", type: "for-sale", vehicles, photoUrls: [] });
    const older = await lot("Lotus Evora", evoras(1, 80000));
    // More vehicles of one model than a page of one post reads at first (firstPageRead(1) rows per model).
    const newer = await lot("Lotus Evora lot", evoras(firstPageRead(1) + 1, 90000));
    const want = await createPost(buyer.cookie, {
      title: "Wanted: Lotus Evora",
      description: "",
      type: "request",
      vehicles: [{ make: "Lotus", model: "Evora" }],
      photoUrls: [],
    });
    const first = await call("GET", `/api/inventory/${want.id}/matches?limit=1`, { cookie: buyer.cookie });
    const [match] = first.json as unknown as Match[];
    expect(match?.post.id).toBe(newer.id);
    expect(match?.vehicles).toHaveLength(firstPageRead(1) + 1);
    const cursor = first.headers.get("X-Next-Cursor");
    expect(cursor).toBeTruthy();
    const second = await call(
      "GET",
      `/api/inventory/${want.id}/matches?limit=1&cursor=${encodeURIComponent(cursor!)}`,
      { cookie: buyer.cookie },
    );
    expect((second.json as unknown as Match[]).map((m) => m.post.id)).toEqual([older.id]);
  });

  it("respects the dealAlerts switch and e-mails/texts by the channel switches", async () => {
    const quiet = await signUpDealer();
    const loud = await signUpDealer();
    const seller = await signUpDealer();
    await call("PATCH", "/api/notifications/preferences", {
      cookie: quiet.cookie,
      body: {
        smsEnabled: false,
        emailEnabled: true,
        dealAlerts: false,
        priceDrops: true,
        auctionAlerts: true,
        confirmations: true,
        offers: true,
      },
    });
    await call("PATCH", "/api/notifications/preferences", {
      cookie: loud.cookie,
      body: {
        smsEnabled: true,
        emailEnabled: true,
        dealAlerts: true,
        priceDrops: true,
        auctionAlerts: true,
        confirmations: true,
        offers: true,
      },
    });
    await request(quiet.cookie, "Looking for a Honda Odyssey");
    await request(loud.cookie, "Looking for a Honda Odyssey, 2016 or newer");
    const odyssey = await listing(seller.cookie, "2018 Honda Odyssey EX-L, $19,500");
    const [alert] = await waitFor(loud.cookie, 1);
    expect(alert?.type).toBe("deal-alert");
    // Both requesters' deliveries were handed to the fan-out together; once none is pending, all are done.
    for (let i = 0; i < 100 && (await fanoutOf(env, odyssey.id).pendingCount()) > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    const outboxOf = () =>
      env.OUTBOX_DB.prepare(
        "select channel, recipient, category, unsubscribe_url as unsubscribeUrl from outbox where dealer_id = ? order by channel",
      )
        .bind(loud.dealerId)
        .all<{ channel: string; recipient: string; category: string; unsubscribeUrl: string | null }>();
    let channels = await outboxOf();
    for (let i = 0; i < 100 && channels.results.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      channels = await outboxOf();
    }
    expect(channels.results.map((r) => [r.channel, r.recipient, r.category])).toEqual([
      ["email", loud.email, "dealAlerts"],
      ["sms", "+15125550142", "dealAlerts"],
    ]);
    expect(channels.results[0]!.unsubscribeUrl).toContain("/api/notifications/unsubscribe?token=");
    expect(await notificationsOf(quiet.cookie)).toEqual([]);
  });

  it("answers 404 for matches of an unknown post and 401 signed out", async () => {
    const { cookie } = await signUpDealer();
    expect((await call("GET", "/api/inventory/nope/matches", { cookie })).status).toBe(404);
    expect((await call("GET", "/api/inventory/nope/matches")).status).toBe(401);
    expect((await call("GET", "/api/inventory/nope/matches?cursor=%%%", { cookie })).status).toBe(400);
  });
});

describe("matching is index-backed", () => {
  const db = openDatabase(env.DB);
  // The national bench network's statistics (an empty test database hides the planner's choices): 1 M offered
  // vehicles, 30 000 of a common model, 1 909 wants a make.
  beforeAll(async () => {
    await env.DB.exec("ANALYZE");
    await env.DB.batch([
      env.DB.prepare(
        "delete from sqlite_stat1 where idx in ('offered_vehicles_match_idx', 'wanted_vehicles_match_idx', 'posts_expiry_idx')",
      ),
      ...[
        ["offered_vehicles", "offered_vehicles_match_idx", "1015179 914 914 2"],
        ["wanted_vehicles", "wanted_vehicles_match_idx", "51523 1909 726 1"],
        ["inventory_posts", "posts_expiry_idx", "500000 125000 2 1"],
      ].map(([tbl, idx, stat]) =>
        env.DB.prepare("insert into sqlite_stat1 (tbl, idx, stat) values (?, ?, ?)").bind(tbl, idx, stat),
      ),
    ]);
    await env.DB.exec("ANALYZE sqlite_schema");
  });
  const plan = async (statement: ReturnType<typeof sql>) =>
    (await db.all<{ detail: string }>(sql`explain query plan ${statement}`)).map((r) => r.detail);

  it("finds the wants of an offer by seeking wanted_vehicles_match_idx, scanning nothing", async () => {
    const details = await plan(
      wantsForOfferStatement(
        {
          vehicleId: null,
          makeKey: "ford",
          modelKey: "f-150",
          yearMin: 2019,
          yearMax: 2019,
          trim: "xlt",
          mileage: 41000,
          priceCents: 2790000,
          state: "TX",
        },
        "dealer",
      ),
    );
    expect(details.filter((d) => d.includes("wanted_vehicles_match_idx"))).toHaveLength(2);
    expect(details.filter((d) => /^SCAN/.test(d))).toEqual([]);
  });

  it("finds the offers of a want by walking each model's newest rows of offered_vehicles_match_idx, scanning and sorting none", async () => {
    const want = {
      makeKey: "chevrolet",
      modelKey: "silverado-1500",
      yearMin: 2019,
      yearMax: 2021,
      trim: null,
      maxMileage: 80000,
      maxPriceCents: null,
      state: null,
      until: null,
    };
    for (const statement of [
      offersForWantStatement(want, "d"),
      offersForWantStatement({ ...want, modelKey: "" }, "d"),
    ]) {
      const rows = await db.all<{ id: number; parent: number; detail: string }>(
        sql`explain query plan ${statement}`,
      );
      const details = rows.map((r) => r.detail);
      expect(details.filter((d) => /^SCAN (o|p|offered_vehicles|inventory_posts)\b/.test(d))).toEqual([]);
      // One walk per model key: a seek of make and model on the index that holds the order, stopped by its LIMIT.
      const under = (id: number): string[] =>
        rows.filter((r) => r.parent === id).flatMap((r) => [r.detail, ...under(r.id)]);
      const walks = rows
        .filter((r) => r.detail.startsWith("CORRELATED LIST SUBQUERY"))
        .map((r) => under(r.id).join(" "));
      expect(walks).toHaveLength(1);
      expect(walks[0]).toMatch(/USING INDEX offered_vehicles_match_idx \(make_key=\? AND model_key=\?\)/);
      expect(walks[0]).not.toContain("TEMP B-TREE");
    }
  });

  it("pages a post's matches by walking each model's newest rows, sorting none of a model's rows", async () => {
    const walled = openDatabase(networkWall(env.DB, () => "real")); // as a dealer's request reads it
    for (const perModel of [firstPageRead(10), undefined]) {
      const rows = await walled.all<{ id: number; parent: number; detail: string }>(
        sql`explain query plan ${matchPageStatement("post", sql`p.id as id`, { limit: 10, perModel })}`,
      );
      const under = (id: number): string[] =>
        rows.filter((r) => r.parent === id).flatMap((r) => [r.detail, ...under(r.id)]);
      // Each model's walk: one seek of make and model on the index that holds the order, stopped by its LIMIT.
      const walks = rows
        .filter((r) => r.detail.startsWith("CORRELATED LIST SUBQUERY"))
        .map((r) => under(r.id));
      expect(walks).toHaveLength(2);
      for (const walk of walks) {
        expect(walk.join(" ")).toMatch(
          /USING INDEX (offered|wanted)_vehicles_match_idx \(make_key=\? AND model_key=\?\)/,
        );
        expect(walk.join(" ")).not.toContain("TEMP B-TREE");
      }
    }
  });

  it("expires posts by seeking posts_expiry_idx", async () => {
    for (const statement of expiryStatements(db, Date.now())) {
      const query = statement.toSQL();
      const { results } = await env.DB.prepare(`explain query plan ${query.sql}`)
        .bind(...query.params)
        .all<{ detail: string }>();
      expect(results.map((r) => r.detail).join(" ")).toContain("posts_expiry_idx");
    }
  });
});

describe("auction alerts", () => {
  const connect = async (from: { cookie: string }, to: { dealerId: string }) => {
    const res = await call("POST", "/api/connections/add-dealer", {
      cookie: from.cookie,
      body: { receiverId: to.dealerId },
    });
    expect(res.status, res.text).toBe(201);
  };

  it("tell the author's network of a live auction or run list, as each dealer's switch allows", async () => {
    const auctioneer = await signUpDealer();
    const wantsThem = await signUpDealer();
    const switchedOff = await signUpDealer();
    const stranger = await signUpDealer();
    await connect(auctioneer, wantsThem);
    await connect(switchedOff, auctioneer);
    const off = await call("PATCH", "/api/notifications/preferences", {
      cookie: switchedOff.cookie,
      body: {
        smsEnabled: false,
        emailEnabled: true,
        dealAlerts: true,
        priceDrops: true,
        auctionAlerts: false,
        confirmations: true,
        offers: true,
      },
    });
    expect(off.status, off.text).toBe(200);
    const plain = await listing(auctioneer.cookie, "2019 Honda Accord EX, clean");
    const auction = await listing(auctioneer.cookie, "Thursday run list: 40 units at our dealer auction");

    const alerts = (await waitFor(wantsThem.cookie, 2)).filter((n) => n.type === "auction");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ link: `/post/${auction.id}`, readAt: null });
    expect(alerts[0]!.title).toBe("Auction: Thursday run list: 40 units at our dealer auction");
    expect(alerts.some((n) => n.link === `/post/${plain.id}`)).toBe(false);
    // Let the fan-out finish before looking for what must not be there.
    await new Promise((r) => setTimeout(r, 500));
    expect((await notificationsOf(switchedOff.cookie)).filter((n) => n.type === "auction")).toEqual([]);
    expect(await notificationsOf(stranger.cookie)).toEqual([]);
    expect((await notificationsOf(auctioneer.cookie)).filter((n) => n.type === "auction")).toEqual([]);
  });
});
