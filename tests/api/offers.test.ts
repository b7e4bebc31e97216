import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { NEXT_CURSOR_HEADER } from "#lib/api-headers";
import { dealSchema, offerSchema, type Offer } from "#lib/api-types";
import { DEFAULT_PREFERENCES } from "#lib/schemas/notifications";
import { OFFER_CLOCK_DEFAULT_HOURS, SOLD_TO_ANOTHER_MESSAGE } from "#lib/schemas/offers";
import { LIMITS } from "../../worker/domain/rate-limits";
import { createServices } from "../../worker/services";
import { ORIGIN, call, eventually, messagesOfDealer, signUpDealer } from "./helpers";

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

const HOUR = 60 * 60 * 1000;

const DISCLOSURES = {
  frameDamage: "no",
  floodOrFire: "no",
  titleBrand: "no",
  odometerNotActual: "no",
  airbags: "no",
  engineOrTransmission: "unknown",
  warningLights: "yes",
  priorPaintOrBody: "yes",
  keys: 2,
  notes: "Check engine light on; repainted tailgate",
};

/** A For Sale post with one priced truck (its disclosures answered), answered as the vehicle's id. */
async function truckOf(seller: Dealer, price = 32000): Promise<{ vehicleId: string; postId: string }> {
  const res = await call("POST", "/api/inventory", {
    cookie: seller.cookie,
    body: {
      title: "2020 Ford F-150 XLT, one owner",
      type: "single",
      description: "Clean truck",
      vehicles: [{ year: 2020, make: "Ford", model: "F-150", trim: "XLT", mileage: 41000, price }],
    },
  });
  expect(res.status, res.text).toBe(201);
  const postId = res.json.id as unknown as string;
  const vehicle = await env.DB.prepare("select id from vehicles where post_id = ?")
    .bind(postId)
    .first<{ id: string }>();
  await env.DB.prepare("update vehicles set disclosures = ? where id = ?")
    .bind(JSON.stringify(DISCLOSURES), vehicle!.id)
    .run();
  return { vehicleId: vehicle!.id, postId };
}

async function offer(buyer: Dealer, vehicleId: string, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/offers", {
    cookie: buyer.cookie,
    body: { vehicleId, price: 29000, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return offerSchema.parse(res.json);
}

const step = (
  dealer: Dealer,
  id: string,
  action: string,
  body: unknown = action === "counter" ? { price: 30500 } : {},
) => call("POST", `/api/offers/${id}/${action}`, { cookie: dealer.cookie, body });

let seller: Dealer;
let buyer: Dealer;
let rival: Dealer;
let stranger: Dealer;

beforeAll(async () => {
  [seller, buyer, rival, stranger] = [
    await signUpDealer(),
    await signUpDealer(),
    await signUpDealer(),
    await signUpDealer(),
  ];
});

describe("making an offer", () => {
  it("answers 201 with the offer: the seller's turn, a 24 h clock, the disclosures as they stood", async () => {
    const { vehicleId, postId } = await truckOf(seller);
    const before = Date.now();
    const made = await offer(buyer, vehicleId, {
      message: "Can pick up Friday",
      terms: { pickupBy: "2026-12-31", titleStatus: "in-hand", transport: "buyer" },
    });
    expect(made).toMatchObject({
      vehicleId,
      postId,
      status: "open",
      price: 29000,
      turn: "seller",
      myRole: "buyer",
      buyer: { id: buyer.dealerId },
      seller: { id: seller.dealerId },
      terms: { pickupBy: "2026-12-31", titleStatus: "in-hand", transport: "buyer" },
      disclosures: DISCLOSURES,
      vehicle: { year: 2020, make: "Ford", model: "F-150", askingPriceCents: 3_200_000 },
    });
    expect(made.history).toEqual([
      expect.objectContaining({
        by: "buyer",
        action: "offered",
        price: 29000,
        message: "Can pick up Friday",
      }),
    ]);
    const clock = Date.parse(made.expiresAt) - before;
    expect(clock).toBeGreaterThanOrEqual(OFFER_CLOCK_DEFAULT_HOURS * HOUR - 5000);
    expect(clock).toBeLessThanOrEqual(OFFER_CLOCK_DEFAULT_HOURS * HOUR + 5000);
    // A later edit of the disclosures does not change what was offered on.
    await env.DB.prepare("update vehicles set disclosures = ? where id = ?")
      .bind(JSON.stringify({ ...DISCLOSURES, frameDamage: "yes" }), vehicleId)
      .run();
    const read = await call("GET", `/api/offers/${made.id}`, { cookie: seller.cookie });
    expect(read.status).toBe(200);
    expect(offerSchema.parse(read.json)).toMatchObject({ myRole: "seller", disclosures: DISCLOSURES });
  });

  it("is the two dealers' only: a third dealer gets 404, a signed-out caller 401", async () => {
    const { vehicleId } = await truckOf(seller);
    const made = await offer(buyer, vehicleId);
    expect((await call("GET", `/api/offers/${made.id}`, { cookie: stranger.cookie })).status).toBe(404);
    for (const action of ["accept", "decline", "withdraw", "counter"])
      expect((await step(stranger, made.id, action)).status).toBe(404);
    expect((await call("GET", `/api/offers/${made.id}`)).status).toBe(401);
    expect((await call("POST", "/api/offers", { body: { vehicleId, price: 1000 } })).status).toBe(401);
  });

  it("refuses one's own vehicle, an unknown one, a sold or pending one", async () => {
    const { vehicleId } = await truckOf(seller);
    const own = await call("POST", "/api/offers", {
      cookie: seller.cookie,
      body: { vehicleId, price: 20000 },
    });
    expect(own.status).toBe(400);
    expect(own.json.message).toMatch(/own vehicle/);
    const unknown = await call("POST", "/api/offers", {
      cookie: buyer.cookie,
      body: { vehicleId: "nope", price: 20000 },
    });
    expect(unknown.status).toBe(404);
    for (const status of ["sold", "pending"]) {
      await env.DB.prepare("update vehicles set status = ? where id = ?").bind(status, vehicleId).run();
      const res = await call("POST", "/api/offers", {
        cookie: buyer.cookie,
        body: { vehicleId, price: 20000 },
      });
      expect(res.status, status).toBe(409);
      expect(res.json.message).toMatch(status === "sold" ? /sold/ : /pending/);
    }
  });

  it("lets one open offer per buyer and vehicle through, even two sent at once", async () => {
    const { vehicleId } = await truckOf(seller);
    const both = await Promise.all(
      [0, 1].map(() =>
        call("POST", "/api/offers", { cookie: buyer.cookie, body: { vehicleId, price: 25000 } }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.json.message).toMatch(/already have an open offer/);
    // Another buyer may offer on it meanwhile; once answered, the first buyer may offer again.
    await offer(rival, vehicleId);
    const first = offerSchema.parse(both.find((r) => r.status === 201)!.json);
    expect((await step(seller, first.id, "decline", { message: "Too low" })).status).toBe(200);
    await offer(buyer, vehicleId, { price: 27000 });
  });

  it("answers bad bodies with 400 (each problem listed) and a body that is not JSON with 415", async () => {
    const { vehicleId } = await truckOf(seller);
    const bad: Record<string, unknown>[] = [
      {},
      { vehicleId },
      { vehicleId, price: 25000.5 },
      { vehicleId, price: "25000" },
      { vehicleId, price: 5 },
      { vehicleId, price: 25000, expiresInHours: 0 },
      { vehicleId, price: 25000, expiresInHours: 73 },
      { vehicleId, price: 25000, expiresInHours: 1.5 },
      { vehicleId, price: 25000, terms: { titleStatus: "lost" } },
      { vehicleId, price: 25000, terms: { transport: "nobody" } },
      { vehicleId, price: 25000, terms: { pickupBy: "next week" } },
      { vehicleId, price: 25000, message: "x".repeat(1001) },
      { vehicleId, price: 25000, buyerId: stranger.dealerId },
    ];
    for (const body of bad) {
      const res = await call("POST", "/api/offers", { cookie: buyer.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.json.message).toBe("string");
      expect(Array.isArray(res.json.issues)).toBe(true);
    }
    const text = await SELF.fetch(`${ORIGIN}/api/offers`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: buyer.cookie, "Content-Type": "text/plain" },
      body: JSON.stringify({ vehicleId, price: 25000 }),
    });
    expect(text.status).toBe(415);
    const made = await offer(buyer, vehicleId);
    expect((await step(seller, made.id, "counter", { price: -1 })).status).toBe(400);
    expect((await step(seller, made.id, "counter", {})).status).toBe(400);
    expect((await step(seller, made.id, "decline", { message: 12 })).status).toBe(400);
    const list = await call("GET", "/api/offers?role=renting", { cookie: buyer.cookie });
    expect(list.status).toBe(400);
    expect((await call("GET", "/api/offers?cursor=bogus", { cookie: buyer.cookie })).status).toBe(400);
  });
});

describe("answering in turns", () => {
  it("refuses out-of-turn moves with 409 and restarts the clock on a counter", async () => {
    const { vehicleId } = await truckOf(seller);
    const made = await offer(buyer, vehicleId, { expiresInHours: 3 });
    // The buyer's price is on the table: the seller answers, the buyer may only withdraw.
    for (const action of ["accept", "counter", "decline"]) {
      const res = await step(buyer, made.id, action);
      expect(res.status, action).toBe(409);
      expect(res.json.message).toMatch(/other dealer's turn/);
    }
    const sellerWithdraws = await step(seller, made.id, "withdraw");
    expect(sellerWithdraws.status).toBe(409);
    expect(sellerWithdraws.json.message).toMatch(/price is on the table/);

    const before = Date.now();
    const countered = await step(seller, made.id, "counter", { price: 31000, message: "Meet me here" });
    expect(countered.status, countered.text).toBe(200);
    const c = offerSchema.parse(countered.json);
    expect(c).toMatchObject({ status: "open", price: 31000, turn: "buyer", myRole: "seller" });
    expect(Date.parse(c.expiresAt) - before).toBeGreaterThanOrEqual(3 * HOUR - 5000);
    expect(c.history.map((h) => [h.by, h.action, h.price])).toEqual([
      ["buyer", "offered", 29000],
      ["seller", "countered", 31000],
    ]);
    // Now it is the buyer's turn, and the seller's price is on the table.
    expect((await step(seller, made.id, "accept")).status).toBe(409);
    const back = await step(buyer, made.id, "counter", { price: 30000 });
    expect(back.status).toBe(200);
    const withdrawn = await step(buyer, made.id, "withdraw");
    expect(withdrawn.status).toBe(200);
    expect(offerSchema.parse(withdrawn.json).status).toBe("withdrawn");
    const late = await step(seller, made.id, "accept");
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/withdrawn/);
  });

  it("refuses an answer once the clock has run out", async () => {
    const { vehicleId } = await truckOf(seller);
    const made = await offer(buyer, vehicleId);
    await env.DB.prepare("update offers set expires_at = ? where id = ?")
      .bind(Date.now() - 1, made.id)
      .run();
    const res = await step(seller, made.id, "accept");
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/clock/);
  });

  it("lists buying and selling offers, open or closed, a page at a time with X-Next-Cursor", async () => {
    const [lister, maker] = [await signUpDealer(), await signUpDealer()];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await offer(maker, (await truckOf(lister)).vehicleId)).id);
    await step(lister, ids[0]!, "decline");
    const first = await call("GET", "/api/offers?role=selling&limit=2", { cookie: lister.cookie });
    expect(first.status).toBe(200);
    const cursor = first.headers.get(NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    const second = await call("GET", `/api/offers?role=selling&limit=2&cursor=${cursor}`, {
      cookie: lister.cookie,
    });
    expect(second.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    const all = [...(first.json as unknown as Offer[]), ...(second.json as unknown as Offer[])].map(
      (o) => o.id,
    );
    expect(all).toEqual([...ids].reverse());
    const open = await call("GET", "/api/offers?role=buying&status=open", { cookie: maker.cookie });
    expect((open.json as unknown as Offer[]).map((o) => o.id)).toEqual([ids[2], ids[1]]);
    const closed = await call("GET", "/api/offers?status=closed", { cookie: maker.cookie });
    expect((closed.json as unknown as Offer[]).map((o) => o.id)).toEqual([ids[0]]);
    const none = await call("GET", "/api/offers?role=buying", { cookie: lister.cookie });
    expect(none.json).toEqual([]);
  });
});

describe("accepting makes the deal", () => {
  it("confirms a deal at that price with the offer's disclosures, marks the vehicle pending and declines the others", async () => {
    const { vehicleId, postId } = await truckOf(seller);
    const mine = await offer(buyer, vehicleId, { price: 29500 });
    const theirs = await offer(rival, vehicleId, { price: 28000 });
    await env.DB.prepare("update vehicles set disclosures = ? where id = ?")
      .bind(JSON.stringify({ ...DISCLOSURES, airbags: "yes" }), vehicleId)
      .run();
    const accepted = await step(seller, mine.id, "accept");
    expect(accepted.status, accepted.text).toBe(200);
    const a = offerSchema.parse(accepted.json);
    expect(a.status).toBe("accepted");
    expect(a.dealId).toBeTruthy();

    const deal = await call("GET", `/api/deals/${a.dealId}`, { cookie: buyer.cookie });
    expect(deal.status).toBe(200);
    expect(dealSchema.parse(deal.json)).toMatchObject({
      status: "confirmed",
      priceCents: 2_950_000,
      postId,
      myRole: "buyer",
      make: "Ford",
      model: "F-150",
      year: 2020,
      disclosures: DISCLOSURES,
      commissionCents: 59_000,
    });
    const passThru = await call("GET", "/api/pass-thru-sales", { cookie: seller.cookie });
    expect((passThru.json as unknown as { id: string }[]).map((d) => d.id)).toContain(a.dealId);

    const vehicle = await env.DB.prepare("select status from vehicles where id = ?").bind(vehicleId).first();
    expect(vehicle).toEqual({ status: "pending" });
    const other = offerSchema.parse(
      (await call("GET", `/api/offers/${theirs.id}`, { cookie: rival.cookie })).json,
    );
    expect(other.status).toBe("declined");
    expect(other.history.at(-1)).toMatchObject({
      by: "seller",
      action: "declined",
      message: SOLD_TO_ANOTHER_MESSAGE,
    });
    const again = await call("POST", "/api/offers", {
      cookie: stranger.cookie,
      body: { vehicleId, price: 40000 },
    });
    expect(again.status).toBe(409);

    // Both hear of it: the bell (the buyer of the accept, the rival of the decline), and cards in their chats.
    const bell = async (d: Dealer) =>
      (await call("GET", "/api/notifications", { cookie: d.cookie })).json as unknown as {
        type: string;
        title: string;
      }[];
    const buyerBell = await eventually(
      () => bell(buyer),
      (n) => n.some((x) => /accepted/.test(x.title)),
    );
    expect(buyerBell.find((n) => n.type === "offer" && /accepted/.test(n.title))).toBeTruthy();
    // The offer's notice is the one telling the buyer the deal is confirmed: no second "confirmed your deal".
    expect(buyerBell.filter((n) => n.type === "deal")).toEqual([]);
    const rivalBell = await eventually(
      () => bell(rival),
      (n) => n.some((x) => /declined/.test(x.title)),
    );
    expect(rivalBell.some((n) => n.type === "offer")).toBe(true);
    const cards = await eventually(
      async () =>
        (await messagesOfDealer(buyer.dealerId))
          .filter((m) => m.offer?.offerId === mine.id)
          .sort((x, y) => x.createdAt.localeCompare(y.createdAt))
          .map((m) => m.offer!.action as string),
      (actions) => actions.length >= 2,
    );
    expect(cards).toEqual(["offered", "accepted"]);
  });

  it("of an accept and a decline sent at once, exactly one wins; the other is 409", async () => {
    const { vehicleId } = await truckOf(seller);
    const made = await offer(buyer, vehicleId);
    const answers = await Promise.all([step(seller, made.id, "accept"), step(seller, made.id, "decline")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const deals = await env.DB.prepare(
      "select count(*) as n from deals where id in (select deal_id from offers where id = ?)",
    )
      .bind(made.id)
      .first<{ n: number }>();
    const accepted = answers.find((r) => r.status === 200 && r.json.status === "accepted");
    expect(deals!.n).toBe(accepted ? 1 : 0);
  });

  it("expires exactly once when the clock and an answer meet, whichever comes first", async () => {
    const services = createServices(env);
    for (let i = 0; i < 4; i++) {
      const { vehicleId } = await truckOf(seller);
      const made = await offer(buyer, vehicleId);
      const expiresAt = Date.parse(made.expiresAt);
      // The accept a moment before the clock, two alarms (a retry) a moment after: all at once.
      const results = await Promise.allSettled([
        services.offers.accept(seller.dealerId, made.id, expiresAt - 1),
        services.offers.expire(made.id, expiresAt + 1),
        services.offers.expire(made.id, expiresAt + 2),
      ]);
      const accepted = results[0].status === "fulfilled";
      const expiries = results
        .slice(1)
        .filter((r) => r.status === "fulfilled" && (r.value as { expired: boolean }).expired).length;
      expect(Number(accepted) + expiries, `round ${i}`).toBe(1);
      if (!accepted) expect((results[0] as PromiseRejectedResult).reason.status).toBe(409);
      const row = await env.DB.prepare("select status, history from offers where id = ?")
        .bind(made.id)
        .first<{ status: string; history: string }>();
      expect(row!.status).toBe(accepted ? "accepted" : "expired");
      const steps = (JSON.parse(row!.history) as { action: string }[]).map((s) => s.action);
      expect(steps.filter((a) => a === "expired" || a === "accepted")).toHaveLength(1);
      if (!accepted) {
        const told = await env.BELL_DB.prepare("select count(*) as n from notifications where key like ?")
          .bind(`offer:${made.id}:%`)
          .first<{ n: number }>();
        // The offer (to the seller), then the expiry (to both): never twice.
        expect(told!.n).toBe(3);
      }
    }
  });
});

describe("the walls and the limits", () => {
  it("keeps the demo network and the real one apart: an offer across them finds no vehicle", async () => {
    const demoSeller = await signUpDealer();
    await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(demoSeller.dealerId).run();
    const demoTruck = await truckOf(demoSeller);
    const res = await call("POST", "/api/offers", {
      cookie: buyer.cookie,
      body: { vehicleId: demoTruck.vehicleId, price: 20000 },
    });
    expect(res.status).toBe(404);
    const realTruck = await truckOf(seller);
    const fromDemo = await call("POST", "/api/offers", {
      cookie: demoSeller.cookie,
      body: { vehicleId: realTruck.vehicleId, price: 20000 },
    });
    expect(fromDemo.status).toBe(404);
    // A real offer is not seen from the demo network either.
    const real = await offer(buyer, realTruck.vehicleId);
    await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(stranger.dealerId).run();
    expect((await call("GET", `/api/offers/${real.id}`, { cookie: demoSeller.cookie })).status).toBe(404);
    expect((await call("GET", "/api/offers", { cookie: demoSeller.cookie })).json).toEqual([]);
    await env.DB.prepare("update dealers set is_demo = 0 where id = ?").bind(stranger.dealerId).run();
  });

  it("limits new offers and answers per dealer (429 with Retry-After)", async () => {
    const { vehicleId } = await truckOf(seller);
    const [eager] = [await signUpDealer()];
    const spendAll = (name: string, subject: string, max: number) =>
      env.DB.prepare(
        "insert into rate_limits (key, window_start, count) values (?, ?, ?) on conflict(key) do update set window_start = excluded.window_start, count = excluded.count",
      )
        .bind(`${name}:${subject}`, Date.now(), max)
        .run();
    await spendAll(LIMITS.offersPerDealer.name, eager.dealerId, LIMITS.offersPerDealer.max);
    const refused = await call("POST", "/api/offers", {
      cookie: eager.cookie,
      body: { vehicleId, price: 20000 },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.json.message).toMatch(/offers/);
    const made = await offer(buyer, vehicleId);
    await spendAll(LIMITS.offerAnswersPerDealer.name, seller.dealerId, LIMITS.offerAnswersPerDealer.max);
    expect((await step(seller, made.id, "decline")).status).toBe(429);
    await env.DB.prepare("delete from rate_limits where key = ?")
      .bind(`${LIMITS.offerAnswersPerDealer.name}:${seller.dealerId}`)
      .run();
  });

  it("e-mails offer news under the Offers switch; the bell has it either way", async () => {
    const { vehicleId } = await truckOf(seller);
    const emailed = async (offerId: string) =>
      (await env.OUTBOX_DB.prepare("select count(*) as n from outbox where idempotency_key like ?")
        .bind(`offer:${offerId}:%:email`)
        .first<{ n: number }>())!.n;
    const first = await offer(buyer, vehicleId);
    expect(
      await eventually(
        () => emailed(first.id),
        (n) => n === 1,
      ),
    ).toBe(1);
    await step(buyer, first.id, "withdraw");
    const off = await call("PATCH", "/api/notifications/preferences", {
      cookie: seller.cookie,
      body: { ...DEFAULT_PREFERENCES, offers: false },
    });
    expect(off.status, off.text).toBe(200);
    const second = await offer(buyer, vehicleId);
    await new Promise((r) => setTimeout(r, 300));
    expect(await emailed(second.id)).toBe(0);
  });
});
