import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { offerSchema } from "#lib/api-types";
import type { OfferClock } from "../../durable-objects/offer-clock";
import { offerClockOf } from "../../worker/realtime/addresses";
import { call, signUpDealer } from "../api/helpers";

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

async function openOffer(seller: Dealer, buyer: Dealer, expiresInHours = 2) {
  const post = await call("POST", "/api/inventory", {
    cookie: seller.cookie,
    body: {
      title: "2018 Ram 1500",
      type: "single",
      vehicles: [{ year: 2018, make: "Ram", model: "1500", mileage: 80000, price: 21000 }],
    },
  });
  expect(post.status, post.text).toBe(201);
  const vehicle = await env.DB.prepare("select id from vehicles where post_id = ?")
    .bind(post.json.id)
    .first<{ id: string }>();
  const made = await call("POST", "/api/offers", {
    cookie: buyer.cookie,
    body: { vehicleId: vehicle!.id, price: 19000, expiresInHours },
  });
  expect(made.status, made.text).toBe(201);
  return offerSchema.parse(made.json);
}

const statusOf = async (offerId: string) =>
  (await env.DB.prepare("select status from offers where id = ?").bind(offerId).first<{ status: string }>())
    ?.status;

const expiryNotices = async (offerId: string) =>
  (await env.BELL_DB.prepare(
    "select count(*) as n from notifications where type = 'offer' and title like 'An offer expired%' and key like ?",
  )
    .bind(`offer:${offerId}:%`)
    .first<{ n: number }>())!.n;

/** The alarm's handler, run now (as the runtime runs it when the alarm's time comes). */
const fire = (clock: ReturnType<typeof offerClockOf>) =>
  runInDurableObject(clock, (instance: OfferClock) => instance.alarm());

describe("OfferClock: an offer's reply clock is a Durable Object alarm", () => {
  it("sets the alarm at the offer's expiry when it is made, and moves it on a counter", async () => {
    const [seller, buyer] = [await signUpDealer(), await signUpDealer()];
    const made = await openOffer(seller, buyer, 2);
    const clock = offerClockOf(env, made.id);
    expect(await clock.nextAt()).toBe(Date.parse(made.expiresAt));
    const countered = await call("POST", `/api/offers/${made.id}/counter`, {
      cookie: seller.cookie,
      body: { price: 20500 },
    });
    expect(countered.status).toBe(200);
    expect(await clock.nextAt()).toBe(Date.parse(offerSchema.parse(countered.json).expiresAt));
  });

  it("expires the offer when the alarm fires after the clock ran out, tells both dealers, and does it once", async () => {
    const [seller, buyer] = [await signUpDealer(), await signUpDealer()];
    const made = await openOffer(seller, buyer, 1);
    const clock = offerClockOf(env, made.id);
    // Time passes: the clock has run out when the alarm fires.
    await env.DB.prepare("update offers set expires_at = ? where id = ?")
      .bind(Date.now() - 10, made.id)
      .run();
    await fire(clock);
    expect(await statusOf(made.id)).toBe("expired");
    expect(await expiryNotices(made.id)).toBe(2);
    // Done: no alarm left, and a repeated run (a retry after a restart) changes nothing.
    expect(await clock.nextAt()).toBeNull();
    expect(await runDurableObjectAlarm(clock)).toBe(false);
    await runInDurableObject(clock, (instance: OfferClock) => instance.set(made.id, Date.now() + 60_000));
    await fire(clock);
    expect(await expiryNotices(made.id)).toBe(2);
    const history = offerSchema.parse(
      (await call("GET", `/api/offers/${made.id}`, { cookie: buyer.cookie })).json,
    ).history;
    expect(history.map((h) => [h.by, h.action])).toEqual([
      ["buyer", "offered"],
      ["seller", "expired"],
    ]);
  });

  it("waits again when it fires while the clock still runs (an answer moved it)", async () => {
    const [seller, buyer] = [await signUpDealer(), await signUpDealer()];
    const made = await openOffer(seller, buyer, 3);
    const clock = offerClockOf(env, made.id);
    await fire(clock);
    expect(await statusOf(made.id)).toBe("open");
    expect(await clock.nextAt()).toBe(Date.parse(made.expiresAt));
  });
});
