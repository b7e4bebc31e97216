import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PostDetail } from "#lib/api-types";
import { call, fanoutSettled, notificationsOf, signUpDealer, waitForNotifications } from "./helpers";

const createPost = async (cookie: string, body: Record<string, unknown>) => {
  const res = await call("POST", "/api/inventory", { cookie, body });
  expect(res.status, res.text).toBe(201);
  const post = res.json as unknown as PostDetail;
  // Matched on its fan-out's alarm: done before the next post, which then finds it.
  await fanoutSettled(post.id);
  return post;
};

const request = (cookie: string, text: string) =>
  createPost(cookie, { title: text, description: "", type: "request", vehicles: [], photoUrls: [] });

const listing = (cookie: string, vehicle: Record<string, unknown>) =>
  createPost(cookie, {
    title: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
    description: "",
    type: "single",
    vehicles: [vehicle],
    photoUrls: [],
  });

const buyOrderOf = (cookie: string, postId: string) =>
  call("GET", `/api/inventory/${postId}/buy-order`, { cookie });
const setBuyOrder = (cookie: string, postId: string, body: unknown) =>
  call("PUT", `/api/inventory/${postId}/buy-order`, { cookie, body });

const waitFor = waitForNotifications;

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

const correction = {
  years: { from: 2018, to: 2021 },
  vehicles: [
    { make: "Ford", model: "F-150" },
    { make: "Chevy", model: "Silverado" },
  ],
  maxMileage: 60000,
  maxPrice: 35000,
  states: ["TX", "OK"],
  until: nextYear,
};

describe("buy orders from wanted posts", () => {
  it("reads the criteria from the post's words until the dealer corrects them, then keeps the correction", async () => {
    const buyer = await signUpDealer();
    const wanted = await request(
      buyer.cookie,
      "Looking for 2018-2020 F-150 XLT under $30k, 80k miles max. TX only",
    );

    const read = await buyOrderOf(buyer.cookie, wanted.id);
    expect(read.status, read.text).toBe(200);
    expect(read.json).toEqual({
      source: "post-text",
      years: { from: 2018, to: 2020 },
      vehicles: [{ make: "Ford", model: "F-150" }],
      maxMileage: 80000,
      maxPrice: 30000,
      states: ["TX"],
    });

    const saved = await setBuyOrder(buyer.cookie, wanted.id, correction);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ ...correction, source: "dealer" });

    // Editing the words afterwards does not undo the dealer's correction.
    const edit = await call("PATCH", `/api/inventory/${wanted.id}`, {
      cookie: buyer.cookie,
      body: { description: "Also happy with a Ram 1500" },
    });
    expect(edit.status).toBe(200);
    const again = await buyOrderOf(buyer.cookie, wanted.id);
    expect(again.json).toMatchObject({ ...correction, source: "dealer" });
    const wants = await env.DB.prepare(
      "select make_key, model_key, max_price_cents, max_mileage, state, until from wanted_vehicles where post_id = ? order by make_key",
    )
      .bind(wanted.id)
      .all();
    expect(wants.results).toEqual([
      expect.objectContaining({
        make_key: "chevrolet",
        model_key: "silverado",
        max_price_cents: 3_500_000,
        state: "TX,OK",
      }),
      expect.objectContaining({ make_key: "ford", model_key: "f-150", max_mileage: 60000 }),
    ]);
    expect(wants.results[0]!.until).toBe(Date.parse(`${nextYear}T23:59:59.999Z`));
  });

  it("matches by the correction: a vehicle at or under the highest price alerts with an offer at asking", async () => {
    const buyer = await signUpDealer();
    const seller = await signUpDealer();
    const wanted = await request(buyer.cookie, "Need a 2019 F-150 under $30k");
    expect((await setBuyOrder(buyer.cookie, wanted.id, correction)).status).toBe(200);

    // Each misses one ceiling of the correction.
    await listing(seller.cookie, {
      year: 2020,
      make: "Chevrolet",
      model: "Silverado 1500",
      mileage: 40000,
      price: 36000,
      state: "OK",
    });
    await listing(seller.cookie, {
      year: 2020,
      make: "Chevrolet",
      model: "Silverado 1500",
      mileage: 90000,
      price: 30000,
      state: "OK",
    });
    await listing(seller.cookie, {
      year: 2020,
      make: "Chevrolet",
      model: "Silverado 1500",
      mileage: 40000,
      price: 30000,
      state: "LA",
    });
    await listing(seller.cookie, {
      year: 2016,
      make: "Ford",
      model: "F-150",
      mileage: 40000,
      price: 30000,
      state: "TX",
    });
    // The words wanted only an F-150: the Silverado matches because the dealer said so.
    const hit = await listing(seller.cookie, {
      year: 2020,
      make: "Chevrolet",
      model: "Silverado 1500",
      mileage: 40000,
      price: 33000,
      state: "OK",
    });

    const [alert, ...others] = await waitFor(buyer.cookie, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(others).toEqual([]);
    expect(await notificationsOf(buyer.cookie)).toHaveLength(1);
    expect(alert).toMatchObject({
      type: "deal-alert",
      link: `/post/${hit.id}`,
      data: {
        offerAtAsking: true,
        postId: hit.id,
        vehicleId: hit.vehicles[0]!.id,
        price: 33000,
        priceCents: 3_300_000,
      },
    });
  });

  it("a match read from the words alone makes no offer at asking", async () => {
    const buyer = await signUpDealer();
    const seller = await signUpDealer();
    await request(buyer.cookie, "Looking for a 2021 Tacoma under $40k");
    await listing(seller.cookie, {
      year: 2021,
      make: "Toyota",
      model: "Tacoma",
      mileage: 20000,
      price: 35000,
    });
    const [alert] = await waitFor(buyer.cookie, 1);
    expect(alert).toMatchObject({ type: "deal-alert", data: null });
  });

  it("stops matching after its last day", async () => {
    const buyer = await signUpDealer();
    const seller = await signUpDealer();
    const wanted = await request(buyer.cookie, "Need a Honda Civic");
    expect(
      (
        await setBuyOrder(buyer.cookie, wanted.id, {
          vehicles: [{ make: "Honda", model: "Civic" }],
          until: nextYear,
        })
      ).status,
    ).toBe(200);
    // The day passes.
    await env.DB.prepare("update wanted_vehicles set until = ? where post_id = ?")
      .bind(Date.now() - 1000, wanted.id)
      .run();
    await listing(seller.cookie, { year: 2020, make: "Honda", model: "Civic", price: 18000 });
    await new Promise((r) => setTimeout(r, 800));
    expect(await notificationsOf(buyer.cookie)).toEqual([]);
    const matches = await call("GET", `/api/inventory/${wanted.id}/matches`, { cookie: buyer.cookie });
    expect(matches.json).toEqual([]);
  });

  it.each([
    [{ vehicles: [] }, "Name at least one make you are buying"],
    [{ vehicles: [{ model: "F-150" }] }, "vehicles"],
    [{ vehicles: [{ make: "Ford" }], maxPrice: 1500.5 }, "Highest price must be whole dollars"],
    [{ vehicles: [{ make: "Ford" }], states: ["XX"] }, "States must be US state codes"],
    [
      { vehicles: [{ make: "Ford" }], years: { from: 2021, to: 2018 } },
      "Year from must not be after year to",
    ],
    [{ vehicles: [{ make: "Ford" }], until: "next week" }, "Until must be a date"],
    [{ vehicles: [{ make: "Ford" }], until: "2001-01-01" }, "Until must be today or a later day"],
  ])("refuses %j with a 400", async (body, message) => {
    const buyer = await signUpDealer();
    const wanted = await request(buyer.cookie, "Need an F-150");
    const res = await setBuyOrder(buyer.cookie, wanted.id, body);
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain(message);
  });

  it("is its author's alone: another dealer, a listing and the other network hear 404", async () => {
    const buyer = await signUpDealer();
    const third = await signUpDealer();
    const demo = await signUpDealer();
    await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(demo.dealerId).run();
    const wanted = await request(buyer.cookie, "Need an F-150");
    const demoWanted = await request(demo.cookie, "Need a Tahoe");

    for (const res of [
      await buyOrderOf(third.cookie, wanted.id),
      await setBuyOrder(third.cookie, wanted.id, correction),
      await buyOrderOf(demo.cookie, wanted.id),
      await setBuyOrder(demo.cookie, wanted.id, correction),
      await buyOrderOf(buyer.cookie, demoWanted.id),
      await setBuyOrder(buyer.cookie, demoWanted.id, correction),
    ])
      expect(res.status, res.text).toBe(404);
    expect((await buyOrderOf(buyer.cookie, wanted.id)).json).toMatchObject({ source: "post-text" });
    // The demo dealer's own request is theirs to correct.
    expect((await setBuyOrder(demo.cookie, demoWanted.id, correction)).status).toBe(200);

    const seller = await signUpDealer();
    const forSale = await listing(seller.cookie, { year: 2019, make: "Ford", model: "F-150" });
    const notRequest = await buyOrderOf(seller.cookie, forSale.id);
    expect(notRequest.status).toBe(404);
    expect(notRequest.text).toContain("Only a Requesting post can be a buy order");
  });
});
