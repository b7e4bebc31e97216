import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Notification } from "#lib/api-types";
import migration0009 from "../../migrations/0009_match_index_backfill.sql?raw";
import { statementStartingWith } from "../../scripts/migration-statements";
import { openDatabase } from "../../worker/db/client";
import { backfillMatchIndex } from "../../worker/domain/deal-alerts/backfill";
import { runDailyCron, ORIGIN, call, fanoutSettled, signUpDealer } from "./helpers";

type Vehicle = { id: string; price: number | null; priceCents: number | null; status: string };
type Post = {
  id: string;
  title: string;
  description: string;
  status: string;
  expiresAt: string | null;
  vehicles: Vehicle[];
};

const DAY = 24 * 60 * 60 * 1000;

async function postWithTwoVehicles(cookie: string) {
  const res = await call("POST", "/api/inventory", {
    cookie,
    body: {
      title: "Two trucks",
      description: "Both run great",
      type: "multiple",
      vehicles: [
        { make: "Ford", model: "F-150", year: 2019, trim: "XLT", price: 29000 },
        { make: "Ram", model: "1500", year: 2018, price: 24000 },
      ],
      photoUrls: [],
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as unknown as Post;
}

const patch = (cookie: string | undefined, id: string, body: unknown) =>
  call("PATCH", `/api/inventory/${id}`, { cookie, body });

async function makeAdmin(email: string) {
  await env.DB.prepare("update accounts set role = 'admin' where email = ?").bind(email).run();
}

const matchRows = async (postId: string) =>
  (
    await env.DB.prepare("select count(*) as n from offered_vehicles where post_id = ?")
      .bind(postId)
      .first<{ n: number }>()
  )?.n;

describe("PATCH /api/inventory/{id}", () => {
  it("lets the author edit the text and prices, and answers the updated post", async () => {
    const author = await signUpDealer();
    const post = await postWithTwoVehicles(author.cookie);
    expect(post.expiresAt).toEqual(expect.any(String));
    const res = await patch(author.cookie, post.id, {
      title: "Two clean trucks",
      vehicles: [{ id: post.vehicles[0]!.id, price: 27500.5 }],
      dealerId: "someone-else",
    });
    expect(res.status).toBe(200);
    const updated = res.json as unknown as Post;
    expect(updated).toMatchObject({ id: post.id, title: "Two clean trucks", description: "Both run great" });
    expect(updated.vehicles.map((v) => v.priceCents)).toEqual([2750050, 2400000]);
  });

  it("marks one vehicle sold, then the whole post when every vehicle is sold", async () => {
    const author = await signUpDealer();
    const post = await postWithTwoVehicles(author.cookie);
    const [first, second] = post.vehicles;
    const one = (await patch(author.cookie, post.id, { vehicles: [{ id: first!.id, status: "sold" }] }))
      .json as unknown as Post;
    expect(one.status).toBe("active");
    expect(one.vehicles.map((v) => v.status)).toEqual(["sold", "available"]);
    expect(await matchRows(post.id)).toBe(1);
    const both = (await patch(author.cookie, post.id, { vehicles: [{ id: second!.id, status: "sold" }] }))
      .json as unknown as Post;
    expect(both.status).toBe("sold");
    expect(both.expiresAt).toBeNull();
    expect(await matchRows(post.id)).toBe(0);
  });

  it("marks the whole post sold, and renews it for 30 more days", async () => {
    const author = await signUpDealer();
    const post = await postWithTwoVehicles(author.cookie);
    const sold = (await patch(author.cookie, post.id, { status: "sold" })).json as unknown as Post;
    expect(sold.status).toBe("sold");
    expect(sold.vehicles.every((v) => v.status === "sold")).toBe(true);

    await env.DB.prepare("update inventory_posts set status = 'expired', created_at = ? where id = ?")
      .bind(Date.now() - 40 * DAY, post.id)
      .run();
    const renewed = (await patch(author.cookie, post.id, { renew: true })).json as unknown as Post;
    expect(renewed.status).toBe("active");
    expect(Date.parse(renewed.expiresAt!)).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it("answers 403 to another dealer, 404 for an unknown post, 401 signed out before the body", async () => {
    const author = await signUpDealer();
    const other = await signUpDealer();
    const post = await postWithTwoVehicles(author.cookie);
    const refused = await patch(other.cookie, post.id, { title: "Mine now" });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Only the dealer who posted this can change it");
    expect((await patch(author.cookie, "no-such-post", { title: "x" })).status).toBe(404);
    expect((await patch(undefined, post.id, { title: 42 })).status).toBe(401);
    const unchanged = (await call("GET", `/api/inventory/${post.id}`, { cookie: author.cookie })).json;
    expect(unchanged.title).toBe("Two trucks");
  });

  it.each([
    ["nothing to change", {}],
    ["a blank title", { title: "  " }],
    ["a status an author cannot set", { status: "expired" }],
    ["a negative price", { vehicles: [{ id: "x", price: -1 }] }],
    ["renew false", { renew: false }],
  ])("answers 400 for %s", async (_, body) => {
    const author = await signUpDealer();
    const post = await postWithTwoVehicles(author.cookie);
    const res = await patch(author.cookie, post.id, body);
    expect(res.status).toBe(400);
    expect(res.json.message).toEqual(expect.any(String));
  });

  it("answers 400 for a vehicle that is not on the post", async () => {
    const author = await signUpDealer();
    const post = await postWithTwoVehicles(author.cookie);
    const other = await postWithTwoVehicles(author.cookie);
    const res = await patch(author.cookie, post.id, {
      vehicles: [{ id: other.vehicles[0]!.id, price: 1000 }],
    });
    expect(res.status).toBe(400);
  });

  it("lets an admin change any post", async () => {
    const author = await signUpDealer();
    const admin = await signUpDealer();
    await makeAdmin(admin.email);
    const post = await postWithTwoVehicles(author.cookie);
    const res = await patch(admin.cookie, post.id, { status: "sold" });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("sold");
  });
});

describe("DELETE /api/inventory/{id}", () => {
  it("lets the author delete, with its vehicles and index rows; others get 403", async () => {
    const author = await signUpDealer();
    const other = await signUpDealer();
    const post = await postWithTwoVehicles(author.cookie);
    expect((await call("DELETE", `/api/inventory/${post.id}`, { cookie: other.cookie })).status).toBe(403);
    expect((await call("DELETE", `/api/inventory/${post.id}`)).status).toBe(401);
    const res = await call("DELETE", `/api/inventory/${post.id}`, { cookie: author.cookie });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await call("GET", `/api/inventory/${post.id}`, { cookie: author.cookie })).status).toBe(404);
    expect(await matchRows(post.id)).toBe(0);
    const vehicles = await env.DB.prepare("select count(*) as n from vehicles where post_id = ?")
      .bind(post.id)
      .first<{ n: number }>();
    expect(vehicles?.n).toBe(0);
    expect((await call("DELETE", `/api/inventory/${post.id}`, { cookie: author.cookie })).status).toBe(404);
  });

  it("lets an admin delete any post", async () => {
    const author = await signUpDealer();
    const admin = await signUpDealer();
    await makeAdmin(admin.email);
    const post = await postWithTwoVehicles(author.cookie);
    expect((await call("DELETE", `/api/inventory/${post.id}`, { cookie: admin.cookie })).status).toBe(204);
  });
});

async function waitForNotifications(cookie: string, count: number) {
  const deadline = Date.now() + 6000;
  for (;;) {
    const list = (await call("GET", "/api/notifications", { cookie })).json as unknown as Notification[];
    if (list.length >= count || Date.now() > deadline) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("an edit racing the post's deletion", () => {
  const RACES = 24;

  /** Rows that would be left of the post after a half-written edit: the post, its vehicles and index rows. */
  const leftOf = async (postId: string) => {
    const counts = await env.DB.batch(
      [
        "inventory_posts where id",
        "vehicles where post_id",
        "offered_vehicles where post_id",
        "wanted_vehicles where post_id",
      ].map((from) => env.DB.prepare(`select count(*) as n from ${from} = ?`).bind(postId)),
    );
    return counts.map((c) => (c.results[0] as { n: number }).n);
  };

  /** A For Sale post (offered rows) or a Requesting post (wanted rows), alternately. */
  const racedPost = async (cookie: string, i: number) => {
    if (i % 2 === 0) return postWithTwoVehicles(cookie);
    const res = await call("POST", "/api/inventory", {
      cookie,
      body: {
        title: "Looking for Tacomas",
        description: "Cash buyer",
        type: "request",
        vehicles: [{ make: "Toyota", model: "Tacoma", year: 2020, price: 30000 }],
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as Post;
  };

  it("PATCH and DELETE at once answer 200/204/404 only, and leave nothing half-written", async () => {
    const author = await signUpDealer();
    const seen = new Set<string>();
    for (let i = 0; i < RACES; i++) {
      const post = await racedPost(author.cookie, i);
      const [edited, deleted] = await Promise.all([
        patch(author.cookie, post.id, {
          title: `Race ${i}`,
          vehicles: [{ id: post.vehicles[0]!.id, price: 21000 }],
        }),
        call("DELETE", `/api/inventory/${post.id}`, { cookie: author.cookie }),
      ]);
      seen.add(`${edited.status}/${deleted.status}`);
      expect([200, 404], edited.text).toContain(edited.status);
      if (edited.status === 404) expect(edited.json).toEqual({ message: "Post not found" });
      expect(deleted.status, deleted.text).toBe(204);
      expect(await leftOf(post.id)).toEqual([0, 0, 0, 0]);
    }
    expect([...seen].every((pair) => pair === "200/204" || pair === "404/204")).toBe(true);
  });

  it("the post page's tools racing a DELETE tell the author, never fail, and leave nothing", async () => {
    const author = await signUpDealer();
    const form = (id: string, fields: Record<string, string>) =>
      SELF.fetch(`${ORIGIN}/post/${id}`, {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          Cookie: author.cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
    for (let i = 0; i < RACES / 2; i++) {
      const post = await racedPost(author.cookie, i);
      const fields: Record<string, string> =
        i % 3 === 0
          ? { intent: "sold" }
          : i % 3 === 1
            ? { intent: "renew" }
            : {
                intent: "edit",
                title: `Race ${i}`,
                "vehicles[0].id": post.vehicles[0]!.id,
                "vehicles[0].price": "20500",
              };
      const [page, deleted] = await Promise.all([
        form(post.id, fields),
        call("DELETE", `/api/inventory/${post.id}`, { cookie: author.cookie }),
      ]);
      expect(page.status, await page.text()).toBe(302);
      expect(deleted.status, deleted.text).toBe(204);
      expect(await leftOf(post.id)).toEqual([0, 0, 0, 0]);
    }
  });
});

describe("price drops", () => {
  it("tell commenters and matching requesters, not the author, as their switch allows", async () => {
    const seller = await signUpDealer();
    const commenter = await signUpDealer();
    const requester = await signUpDealer();
    const muted = await signUpDealer();
    // A requester the listing answers when it is posted (the Ram at $24k is under their $25k).
    const wanted = await call("POST", "/api/inventory", {
      cookie: requester.cookie,
      body: {
        title: "Need a Ram 1500 2017-2019, under $25k",
        description: "",
        type: "request",
        vehicles: [],
        photoUrls: [],
      },
    });
    await fanoutSettled((wanted.json as unknown as Post).id);
    const post = await postWithTwoVehicles(seller.cookie);
    const firstAlert = await waitForNotifications(requester.cookie, 1);
    expect(firstAlert.map((n) => n.type)).toEqual(["deal-alert"]);
    for (const dealer of [commenter, muted, seller]) {
      await call("POST", `/api/inventory/${post.id}/comments`, {
        cookie: dealer.cookie,
        body: { content: "Still there?" },
      });
    }
    await call("PATCH", "/api/notifications/preferences", {
      cookie: muted.cookie,
      body: {
        smsEnabled: false,
        emailEnabled: true,
        dealAlerts: true,
        priceDrops: false,
        auctionAlerts: true,
        confirmations: true,
        offers: true,
      },
    });

    const ram = post.vehicles[1]!;
    const res = await patch(seller.cookie, post.id, { vehicles: [{ id: ram.id, price: 21500 }] });
    expect(res.status).toBe(200);

    const [drop] = await waitForNotifications(commenter.cookie, 1);
    expect(drop).toMatchObject({ type: "price-drop", link: `/post/${post.id}` });
    expect(drop!.title).toBe("Price drop: 2018 Ram 1500");
    expect(drop!.body).toContain("$24,000 → $21,500");
    const requesterList = await waitForNotifications(requester.cookie, 2);
    expect(requesterList.map((n) => n.type)).toEqual(["price-drop", "deal-alert"]);
    expect(await waitForNotifications(seller.cookie, 0)).toEqual([]);
    expect((await call("GET", "/api/notifications", { cookie: muted.cookie })).json).toEqual([]);

    // A raise tells nobody.
    await patch(seller.cookie, post.id, { vehicles: [{ id: ram.id, price: 23000 }] });
    await new Promise((r) => setTimeout(r, 500));
    expect((await call("GET", "/api/notifications", { cookie: commenter.cookie })).json).toHaveLength(1);
  }, 30_000);
});

describe("the daily cron", () => {
  it("expires active posts older than 30 days unless renewed, and takes them out of matching", async () => {
    const author = await signUpDealer();
    const old = await postWithTwoVehicles(author.cookie);
    const renewed = await postWithTwoVehicles(author.cookie);
    const fresh = await postWithTwoVehicles(author.cookie);
    const longAgo = Date.now() - 31 * DAY;
    await env.DB.prepare("update inventory_posts set created_at = ? where id in (?, ?)")
      .bind(longAgo, old.id, renewed.id)
      .run();
    await env.DB.prepare("update inventory_posts set renewed_at = ? where id = ?")
      .bind(Date.now() - DAY, renewed.id)
      .run();

    await runDailyCron("17 4 * * *");

    const statusOf = async (id: string) =>
      (await call("GET", `/api/inventory/${id}`, { cookie: author.cookie })).json as unknown as Post;
    expect((await statusOf(old.id)).status).toBe("expired");
    expect((await statusOf(old.id)).expiresAt).toBeNull();
    expect((await statusOf(renewed.id)).status).toBe("active");
    expect((await statusOf(fresh.id)).status).toBe("active");
    expect(await matchRows(old.id)).toBe(0);
    expect(await matchRows(renewed.id)).toBe(2);
  });
});

describe("posts written before deal alerts existed (migration 0009)", () => {
  const runMigrationStatement = (startsWith: string) =>
    env.DB.prepare(statementStartingWith(migration0009, startsWith)).run();

  it("get 30 more days instead of expiring at the first cron run", async () => {
    const author = await signUpDealer();
    const old = await postWithTwoVehicles(author.cookie);
    const recent = await postWithTwoVehicles(author.cookie);
    await env.DB.prepare("update inventory_posts set created_at = ? where id = ?")
      .bind(Date.now() - 90 * DAY, old.id)
      .run();

    await runMigrationStatement("UPDATE `inventory_posts`");
    await runDailyCron("17 4 * * *");

    const post = async (id: string) =>
      (await call("GET", `/api/inventory/${id}`, { cookie: author.cookie })).json as unknown as Post;
    expect((await post(old.id)).status).toBe("active");
    const daysLeft = (Date.parse((await post(old.id)).expiresAt!) - Date.now()) / DAY;
    expect(daysLeft).toBeGreaterThan(29);
    // A post younger than 30 days keeps its own clock.
    expect(Date.parse((await post(recent.id)).expiresAt!)).toBeLessThan(Date.now() + 30.5 * DAY);
  });

  it("are indexed for matching by the cron, over as many runs as it takes, alerting nobody", async () => {
    const author = await signUpDealer();
    const posts = [
      await postWithTwoVehicles(author.cookie),
      await postWithTwoVehicles(author.cookie),
      await postWithTwoVehicles(author.cookie),
    ];
    const ids = posts.map((p) => p.id);
    await env.DB.prepare(`delete from offered_vehicles where post_id in (?, ?, ?)`)
      .bind(...ids)
      .run();
    await env.DB.prepare("delete from backfills").run();
    await runMigrationStatement("INSERT INTO `backfills`");
    const db = openDatabase(env.DB);

    // A short run stops part way and remembers where.
    const firstRun = await backfillMatchIndex(db, 2);
    expect(firstRun).toBe(2);
    const job = await env.DB.prepare("select * from backfills where name = 'match-index'").first();
    expect(job).not.toBeNull();

    await runDailyCron("17 4 * * *");
    for (const id of ids) expect(await matchRows(id)).toBe(2);
    expect(await env.DB.prepare("select * from backfills").first()).toBeNull();
    // Nothing left to do: the next run indexes nothing and the rows are not doubled.
    expect(await backfillMatchIndex(db)).toBe(0);
    for (const id of ids) expect(await matchRows(id)).toBe(2);
    expect((await call("GET", "/api/notifications", { cookie: author.cookie })).json).toEqual([]);
  });
});
