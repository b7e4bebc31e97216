import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { createServices } from "../../worker/services";
import { notificationCentre } from "../../worker/domain/notifications/centre";
import { call, signUpDealer } from "./helpers";

/**
 * D1 binds at most 100 parameters a statement. Every statement built from a list of ids or rows is driven here
 * with far more than that, through the API where it can be reached with that many and otherwise through the
 * domain, so a list that outgrows one statement is split, never refused with a 500.
 */
const MANY = 250;
const DAY = 24 * 60 * 60 * 1000;

/** Statements sent in batches of 50 (fixtures only: each binds a handful of parameters). */
async function run(statements: D1PreparedStatement[]) {
  for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50));
}

const count = async (query: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...values)
      .first<{ n: number }>()
  )?.n ?? -1;

/** `n` directory dealers straight into D1, each with one listed vehicle when `withVehicle`: their ids. */
async function insertDealers(n: number, { withVehicle = false } = {}) {
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  await run(
    ids.flatMap((id, i) => {
      const dealer = env.DB.prepare(
        `insert into dealers (id, name, email, phone, dealership_name, dealership_type, city, state)
         values (?, ?, ?, '(555) 555-0100', 'Lot', 'independent', 'Town', 'TX')`,
      ).bind(id, `Many ${String(i).padStart(3, "0")}`, `${id}@example.com`);
      if (!withVehicle) return [dealer];
      const postId = crypto.randomUUID();
      return [
        dealer,
        env.DB.prepare(
          "insert into inventory_posts (id, dealer_id, title, type, status) values (?, ?, 'A truck', 'single', 'active')",
        ).bind(postId, id),
        env.DB.prepare(
          "insert into vehicles (id, post_id, position, make, model, year) values (?, ?, 0, 'Ford', 'F-150', 2020)",
        ).bind(crypto.randomUUID(), postId),
      ];
    }),
  );
  return ids;
}

let dealer: Awaited<ReturnType<typeof signUpDealer>>;
beforeAll(async () => {
  dealer = await signUpDealer();
});

describe(`statements built from a list of ${MANY}`, () => {
  it("pass-thru sales export: every deal with its steps", async () => {
    const dealIds = Array.from({ length: MANY }, () => crypto.randomUUID());
    await run(
      dealIds.flatMap((id, i) => [
        env.DB.prepare(
          `insert into deals (id, proposer_id, year, make, model, price_cents, status, created_at)
           values (?, ?, 2019, 'Ram', '1500', 2500000, 'confirmed', ?)`,
        ).bind(id, dealer.dealerId, Date.now() - i),
        env.DB.prepare(
          "insert into pass_thru_steps (deal_id, step, value, updated_by, updated_at) values (?, 'titleStatus', 'received', ?, ?)",
        ).bind(id, dealer.dealerId, Date.now()),
      ]),
    );
    const res = await call("GET", "/api/pass-thru-sales/export", { cookie: dealer.cookie });
    expect(res.status, res.text).toBe(200);
    const lines = res.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(MANY + 1);
    expect(lines.slice(1).every((line) => /received/i.test(line))).toBe(true);
  });

  it("notifications: marked read by id (200 through the API, its most; 250 through the centre), keys looked up", async () => {
    const ids = Array.from({ length: MANY * 2 }, () => crypto.randomUUID());
    const stored = ids.map((id) =>
      env.BELL_DB.prepare(
        "insert into notifications (id, dealer_id, type, title, key) values (?, ?, 'announcement', 'Hello', ?)",
      ).bind(id, dealer.dealerId, `many:${id}`),
    );
    for (let i = 0; i < stored.length; i += 50) await env.BELL_DB.batch(stored.slice(i, i + 50));
    const unread = async () =>
      (await env.BELL_DB.prepare(
        "select count(*) as n from notifications where dealer_id = ? and read_at is null",
      )
        .bind(dealer.dealerId)
        .first<{ n: number }>())!.n;
    const before = await unread();
    const res = await call("POST", "/api/notifications/read", {
      cookie: dealer.cookie,
      body: { ids: ids.slice(0, 200) },
    });
    expect(res.status, res.text).toBe(200);
    expect(await unread()).toBe(before - 200);
    const centre = notificationCentre(openDatabase(env.BELL_DB), openDatabase(env.DB));
    await centre.markRead(dealer.dealerId, ids.slice(200, 200 + MANY));
    expect(await unread()).toBe(before - 200 - MANY);
    const keys = [...ids.map((id) => `many:${id}`), ...Array.from({ length: MANY }, (_, i) => `none:${i}`)];
    expect((await centre.storedKeys(keys)).size).toBe(ids.length);
  });

  it("the daily cron: expired posts leave the match index", async () => {
    const old = Date.now() - 40 * DAY;
    const postIds = Array.from({ length: MANY }, () => crypto.randomUUID());
    await run(
      postIds.flatMap((id) => [
        env.DB.prepare(
          "insert into inventory_posts (id, dealer_id, title, type, status, created_at) values (?, ?, 'Old truck', 'single', 'active', ?)",
        ).bind(id, dealer.dealerId, old),
        env.DB.prepare(
          "insert into offered_vehicles (id, post_id, dealer_id, make_key, model_key) values (?, ?, ?, 'ford', 'f-150')",
        ).bind(crypto.randomUUID(), id, dealer.dealerId),
      ]),
    );
    expect(await createServices(env).inventory.expirePosts()).toBeGreaterThanOrEqual(MANY);
    expect(
      await count("select count(*) as n from offered_vehicles where dealer_id = ?", dealer.dealerId),
    ).toBe(0);
    expect(
      await count(
        "select count(*) as n from inventory_posts where dealer_id = ? and status = 'expired'",
        dealer.dealerId,
      ),
    ).toBe(MANY);
  });

  it("the directory: inventory counts and cards by id", async () => {
    const ids = await insertDealers(MANY, { withVehicle: true });
    const { directory } = createServices(env);
    const counts = await directory.inventoryCounts(ids);
    expect(Object.keys(counts)).toHaveLength(MANY);
    expect(Object.values(counts).every((n) => n === 1)).toBe(true);
    const cards = await directory.many(dealer.dealerId, [...ids, ...ids.slice(0, 10)]);
    expect(new Set(cards.map((c) => c.id))).toEqual(new Set(ids));
  });

  it("Export my data: every post's vehicles and every partner's name", async () => {
    const me = await signUpDealer();
    const partners = await insertDealers(MANY);
    const postIds = Array.from({ length: MANY }, () => crypto.randomUUID());
    await run([
      ...partners.map((id) =>
        env.DB.prepare(
          "insert into connections (id, requester_id, receiver_id, status) values (?, ?, ?, 'accepted')",
        ).bind(crypto.randomUUID(), me.dealerId, id),
      ),
      ...postIds.flatMap((id) => [
        env.DB.prepare(
          "insert into inventory_posts (id, dealer_id, title, type, status) values (?, ?, 'A truck', 'single', 'sold')",
        ).bind(id, me.dealerId),
        env.DB.prepare(
          "insert into vehicles (id, post_id, position, make, model, year) values (?, ?, 0, 'Ford', 'F-150', 2020)",
        ).bind(crypto.randomUUID(), id),
      ]),
    ]);
    const res = await call("GET", "/api/account/export", { cookie: me.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.text.match(/"make":"Ford"/g)).toHaveLength(MANY);
    expect(res.text.match(/Many \d{3}, Lot/g)).toHaveLength(MANY);
  });
});

describe("a post with the most vehicles a post may have", () => {
  const vehicles = Array.from({ length: 50 }, (_, i) => ({
    make: "Ford",
    model: i % 2 ? "F-150" : "Ranger",
    year: 2010 + (i % 12),
    mileage: 50_000 + i,
    price: 20_000 + i,
  }));

  it.each(["multiple", "request"])(
    "is stored with every vehicle and its match-index rows (%s)",
    async (type) => {
      const res = await call("POST", "/api/inventory", {
        cookie: dealer.cookie,
        body: { title: "A yard of Fords", description: "", type, vehicles },
      });
      expect(res.status, res.text).toBe(201);
      const postId = res.json.id as string;
      expect(await count("select count(*) as n from vehicles where post_id = ?", postId)).toBe(50);
      const indexed = await count(
        "select (select count(*) from offered_vehicles where post_id = ?1) + (select count(*) from wanted_vehicles where post_id = ?1) as n",
        postId,
      );
      expect(indexed).toBeGreaterThan(0);
      // Edited whole: every vehicle's price at once rewrites the index in the same batch.
      const stored = (res.json.vehicles as unknown as { id: string }[]).map((v) => ({
        id: v.id,
        price: 19_000,
      }));
      const edit = await call("PATCH", `/api/inventory/${postId}`, {
        cookie: dealer.cookie,
        body: { vehicles: stored },
      });
      expect(edit.status, edit.text).toBe(200);
    },
  );
});
