import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { dealSchema, type Deal } from "#lib/api-types";
import { addBusinessDays } from "#lib/deals/clocks";
import { call, eventually, notificationsOf, runDailyCron, signUpDealer } from "./helpers";

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

const DAY = 24 * 60 * 60 * 1000;
/** A Friday afternoon (UTC): the sale the weekend tests count from. */
const FRIDAY = Date.parse("2026-11-20T15:00:00.000Z");

let seller: Dealer;
let buyer: Dealer;
let stranger: Dealer;

beforeAll(async () => {
  [seller, buyer, stranger] = [await signUpDealer(), await signUpDealer(), await signUpDealer()];
  await env.DB.prepare("update dealers set name = 'Sam Seller' where id = ?").bind(seller.dealerId).run();
  await env.DB.prepare("update dealers set name = 'Bea Buyer' where id = ?").bind(buyer.dealerId).run();
});

/** A For Sale post of one truck by the seller: its id and the vehicle's. */
async function truck(): Promise<{ postId: string; vehicleId: string }> {
  const res = await call("POST", "/api/inventory", {
    cookie: seller.cookie,
    body: {
      title: "2020 Ford F-150 XLT",
      type: "single",
      description: "Clean truck",
      vehicles: [{ year: 2020, make: "Ford", model: "F-150", trim: "XLT", mileage: 41000, price: 32000 }],
    },
  });
  expect(res.status, res.text).toBe(201);
  const postId = res.json.id as unknown as string;
  const vehicle = await env.DB.prepare("select id from vehicles where post_id = ?")
    .bind(postId)
    .first<{ id: string }>();
  return { postId, vehicleId: vehicle!.id };
}

/** A deal the seller proposed and the buyer confirmed, sold at `soldAt`. */
async function confirmedDeal(soldAt: number, postId?: string, parties = { seller, buyer }): Promise<string> {
  const proposed = await call("POST", "/api/deals", {
    cookie: parties.seller.cookie,
    body: {
      counterpartyId: parties.buyer.dealerId,
      role: "seller",
      postId,
      vehicle: { year: 2020, make: "Ford", model: "F-150", trim: "XLT", miles: 41000, color: "White" },
      price: 30000,
      location: "Dallas, TX",
    },
  });
  expect(proposed.status, proposed.text).toBe(201);
  const id = proposed.json.id as unknown as string;
  const confirmed = await call("POST", `/api/deals/${id}/confirm`, { cookie: parties.buyer.cookie });
  expect(confirmed.status, confirmed.text).toBe(200);
  await env.DB.prepare("update deals set confirmed_at = ? where id = ?").bind(soldAt, id).run();
  return id;
}

async function sale(dealer: Dealer, id: string): Promise<Deal> {
  const res = await call("GET", `/api/pass-thru-sales/${id}`, { cookie: dealer.cookie });
  expect(res.status, res.text).toBe(200);
  return dealSchema.parse(res.json);
}

const post = (dealer: Dealer, path: string, body?: unknown) =>
  call("POST", path, { cookie: dealer.cookie, body });

describe("the clocks a confirmed deal starts", () => {
  it("title absent: 21 days; payment: 2 business days, across the weekend", async () => {
    const id = await confirmedDeal(FRIDAY);
    const deal = await sale(buyer, id);
    expect(deal.title).toMatchObject({ dueAt: "2026-12-11T15:00:00.000Z", inHand: false, receivedAt: null });
    // Friday + 2 business days skips Saturday and Sunday: Tuesday.
    expect(deal.payment).toMatchObject({ dueAt: "2026-11-24T15:00:00.000Z", sentAt: null, receivedAt: null });
    expect(deal.steps.map((s) => s.step)).toContain("titleStatus");
    expect((await sale(seller, id)).title?.dueAt).toBe("2026-12-11T15:00:00.000Z");
  });

  it("title in hand (the seller says so): 5 business days, the next Friday; only the seller, once", async () => {
    const id = await confirmedDeal(FRIDAY);
    expect((await post(buyer, `/api/pass-thru-sales/${id}/title-in-hand`)).status).toBe(403);
    const res = await post(seller, `/api/pass-thru-sales/${id}/title-in-hand`);
    expect(res.status, res.text).toBe(200);
    expect(dealSchema.parse(res.json).title).toMatchObject({
      inHand: true,
      dueAt: "2026-11-27T15:00:00.000Z",
    });
    expect((await post(seller, `/api/pass-thru-sales/${id}/title-in-hand`)).status).toBe(200);
  });

  it("counts business days from a weekend as from the Monday before them", () => {
    const saturday = Date.parse("2026-11-21T10:00:00.000Z");
    expect(new Date(addBusinessDays(saturday, 1)).toISOString()).toBe("2026-11-23T10:00:00.000Z");
    expect(new Date(addBusinessDays(saturday, 5)).toISOString()).toBe("2026-11-27T10:00:00.000Z");
  });

  it("reads late, and received once the title step says so", async () => {
    const id = await confirmedDeal(Date.now() - 25 * DAY);
    const late = await sale(seller, id);
    expect(late.title).toMatchObject({ status: "late", lateDays: 4 });
    expect(late.payment?.status).toBe("late");
    const patched = await call("PATCH", `/api/pass-thru-sales/${id}`, {
      cookie: buyer.cookie,
      body: { titleStatus: "received" },
    });
    expect(patched.status, patched.text).toBe(200);
    const received = dealSchema.parse(patched.json);
    expect(received.title).toMatchObject({ status: "received", lateDays: 0 });
    expect(received.title?.receivedAt).toBe(received.steps.find((s) => s.step === "titleStatus")?.updatedAt);
  });

  it("is the deal's two dealers' only: a third dealer gets 404, a pending deal is not a pass-thru sale", async () => {
    const id = await confirmedDeal(FRIDAY);
    expect((await call("GET", `/api/pass-thru-sales/${id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await post(stranger, `/api/pass-thru-sales/${id}/payment`, { step: "sent" })).status).toBe(404);
    const pending = await call("POST", "/api/deals", {
      cookie: seller.cookie,
      body: {
        counterpartyId: buyer.dealerId,
        role: "seller",
        vehicle: { year: 2020, make: "Ford", model: "F-150", trim: "", miles: 1, color: "" },
        price: 1000,
        location: "",
      },
    });
    const pendingId = pending.json.id as unknown as string;
    expect((await call("GET", `/api/pass-thru-sales/${pendingId}`, { cookie: buyer.cookie })).status).toBe(
      404,
    );
    expect((await post(buyer, `/api/pass-thru-sales/${pendingId}/payment`, { step: "sent" })).status).toBe(
      409,
    );
  });
});

describe("a due date changed by agreement", () => {
  it("one dealer proposes, the other accepts; who and when are recorded", async () => {
    const id = await confirmedDeal(Date.now() - DAY);
    const dueAt = new Date(Date.now() + 40 * DAY).toISOString();
    const proposed = await post(seller, `/api/pass-thru-sales/${id}/due-date`, { clock: "title", dueAt });
    expect(proposed.status, proposed.text).toBe(200);
    const mine = dealSchema.parse(proposed.json);
    expect(mine.title?.proposal).toMatchObject({ dueAt, proposedBy: seller.dealerId, byMe: true });
    expect(mine.title?.dueAt).not.toBe(dueAt);
    expect((await sale(buyer, id)).title?.proposal?.byMe).toBe(false);

    expect(
      (await post(seller, `/api/pass-thru-sales/${id}/due-date/accept`, { clock: "title" })).status,
    ).toBe(403);
    const accepted = await post(buyer, `/api/pass-thru-sales/${id}/due-date/accept`, { clock: "title" });
    expect(accepted.status, accepted.text).toBe(200);
    const agreed = dealSchema.parse(accepted.json);
    expect(agreed.title).toMatchObject({ dueAt, proposal: null, agreed: { by: buyer.dealerId } });
    expect(Date.parse(agreed.title!.agreed!.at)).toBeGreaterThan(Date.now() - 60_000);
    // Nothing waits any more.
    expect((await post(buyer, `/api/pass-thru-sales/${id}/due-date/accept`, { clock: "title" })).status).toBe(
      409,
    );
  });

  it("refuses a date in the past, far ahead, or not a time (400), and a clock it does not know", async () => {
    const id = await confirmedDeal(Date.now() - DAY);
    const past = new Date(Date.now() - DAY).toISOString();
    const far = new Date(Date.now() + 400 * DAY).toISOString();
    for (const body of [
      { clock: "payment", dueAt: past },
      { clock: "payment", dueAt: far },
      { clock: "payment", dueAt: "next Tuesday" },
      { clock: "keys", dueAt: far },
    ]) {
      const res = await post(buyer, `/api/pass-thru-sales/${id}/due-date`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBeTruthy();
    }
  });

  it("of two accepts at once, one wins and the other gets 409", async () => {
    const id = await confirmedDeal(Date.now() - DAY);
    const dueAt = new Date(Date.now() + 5 * DAY).toISOString();
    expect(
      (await post(buyer, `/api/pass-thru-sales/${id}/due-date`, { clock: "payment", dueAt })).status,
    ).toBe(200);
    const answers = await Promise.all([
      post(seller, `/api/pass-thru-sales/${id}/due-date/accept`, { clock: "payment" }),
      post(seller, `/api/pass-thru-sales/${id}/due-date/accept`, { clock: "payment" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await sale(buyer, id)).payment?.dueAt).toBe(dueAt);
  });
});

describe("payment sent and received", () => {
  it("the buyer marks it sent, the seller confirms it received; not the other way round", async () => {
    const id = await confirmedDeal(Date.now() - DAY);
    expect((await post(seller, `/api/pass-thru-sales/${id}/payment`, { step: "sent" })).status).toBe(403);
    expect((await post(buyer, `/api/pass-thru-sales/${id}/payment`, { step: "received" })).status).toBe(403);
    expect((await post(buyer, `/api/pass-thru-sales/${id}/payment`, { step: "lost" })).status).toBe(400);

    const sent = await post(buyer, `/api/pass-thru-sales/${id}/payment`, { step: "sent" });
    expect(sent.status, sent.text).toBe(200);
    expect(dealSchema.parse(sent.json).payment).toMatchObject({ status: "sent", receivedAt: null });
    const received = await post(seller, `/api/pass-thru-sales/${id}/payment`, { step: "received" });
    expect(received.status, received.text).toBe(200);
    const payment = dealSchema.parse(received.json).payment!;
    expect(payment.status).toBe("received");
    expect(payment.sentAt).not.toBeNull();
    expect(payment.receivedAt).not.toBeNull();
    // Marking again changes nothing.
    const again = await post(seller, `/api/pass-thru-sales/${id}/payment`, { step: "received" });
    expect(dealSchema.parse(again.json).payment?.receivedAt).toBe(payment.receivedAt);
    // The buyer is told.
    await eventually(
      () => notificationsOf(buyer.cookie),
      (list) => list.some((n) => n.title.startsWith("Payment received")),
    );
  });
});

describe("late alerts, from the daily cron", () => {
  const lateAlerts = async (dealer: Dealer, dealId: string) =>
    (
      await env.BELL_DB.prepare(
        "select count(*) as n from notifications where dealer_id = ? and type = 'deal-deadline' and key like ?",
      )
        .bind(dealer.dealerId, `%:${dealId}:%`)
        .first<{ n: number }>()
    )?.n;

  it("tell both dealers once a day per deal and clock: a second run the same day sends nothing", async () => {
    const soldAt = Date.parse("2026-09-04T15:00:00.000Z");
    const id = await confirmedDeal(soldAt);
    const paid = await confirmedDeal(soldAt);
    expect((await post(seller, `/api/pass-thru-sales/${paid}/payment`, { step: "received" })).status).toBe(
      200,
    );

    // Day 10: the payment is late, the title (21 days) not yet.
    const day10 = soldAt + 10 * DAY;
    await runDailyCron(undefined, day10);
    expect(await lateAlerts(seller, id)).toBe(1);
    expect(await lateAlerts(buyer, id)).toBe(1);
    expect(await lateAlerts(buyer, paid)).toBe(0);
    await runDailyCron(undefined, day10 + 3 * 60 * 60 * 1000);
    expect(await lateAlerts(seller, id)).toBe(1);
    expect(await lateAlerts(buyer, id)).toBe(1);

    // Day 25: both clocks are late; the paid deal's title only.
    await runDailyCron(undefined, soldAt + 25 * DAY);
    expect(await lateAlerts(seller, id)).toBe(3);
    expect(await lateAlerts(buyer, id)).toBe(3);
    expect(await lateAlerts(buyer, paid)).toBe(1);
    // The next day, again.
    await runDailyCron(undefined, soldAt + 26 * DAY);
    expect(await lateAlerts(buyer, id)).toBe(5);

    const emails = await env.OUTBOX_DB.prepare(
      "select count(*) as n from outbox where channel = 'email' and substr(idempotency_key, 1, length(?1)) = ?1",
    )
      .bind(`deal-late:title:${id}:`)
      .first<{ n: number }>();
    expect(emails?.n).toBe(4);
  });

  it("reach the demo network's deals through its own run (each network behind its wall)", async () => {
    const demo = { seller: await signUpDealer(), buyer: await signUpDealer() };
    for (const dealer of Object.values(demo))
      await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(dealer.dealerId).run();
    const id = await confirmedDeal(Date.parse("2026-08-03T15:00:00.000Z"), undefined, demo);
    await runDailyCron(undefined, Date.parse("2026-08-20T15:00:00.000Z"));
    expect(await lateAlerts(demo.seller, id)).toBe(1);
    expect(await lateAlerts(demo.buyer, id)).toBe(1);
  });
});

describe("unwinding a deal whose title never came", () => {
  it("is refused before 30 days past the title's due date, to the seller asking, and to a third dealer", async () => {
    const id = await confirmedDeal(Date.now() - 40 * DAY);
    const early = await post(buyer, `/api/pass-thru-sales/${id}/unwind`);
    expect(early.status).toBe(409);
    expect(early.json.message).toMatch(/30 days past the title's due date/);
    expect((await sale(buyer, id)).unwind?.canAsk).toBe(false);
    await env.DB.prepare("update deals set confirmed_at = ? where id = ?")
      .bind(Date.now() - 60 * DAY, id)
      .run();
    expect((await post(seller, `/api/pass-thru-sales/${id}/unwind`)).status).toBe(403);
    expect((await post(stranger, `/api/pass-thru-sales/${id}/unwind`)).status).toBe(404);
    expect((await post(buyer, `/api/pass-thru-sales/${id}/unwind/answer`, { agree: true })).status).toBe(403);
  });

  it("is refused once the title was received", async () => {
    const id = await confirmedDeal(Date.now() - 60 * DAY);
    await call("PATCH", `/api/pass-thru-sales/${id}`, {
      cookie: buyer.cookie,
      body: { titleStatus: "received" },
    });
    expect((await post(buyer, `/api/pass-thru-sales/${id}/unwind`)).status).toBe(409);
  });

  it("unwinds when the seller agrees: one answer of two at once wins, the vehicle is listed again, both are told", async () => {
    const { postId, vehicleId } = await truck();
    const id = await confirmedDeal(Date.now() - 60 * DAY, postId);
    const completed = await call("POST", "/api/deals/complete", {
      cookie: buyer.cookie,
      body: {
        dealId: id,
        vin: "1FTEW1E50KFA12345",
        year: 2020,
        make: "Ford",
        model: "F-150",
        price: 30000,
        auction: "other",
      },
    });
    expect(completed.status, completed.text).toBe(200);
    const sold = await env.DB.prepare("select status from vehicles where id = ?")
      .bind(vehicleId)
      .first<{ status: string }>();
    expect(sold?.status).toBe("sold");
    await env.DB.prepare("update inventory_posts set status = 'expired' where id = ?").bind(postId).run();

    expect((await sale(buyer, id)).unwind?.canAsk).toBe(true);
    const asked = await post(buyer, `/api/pass-thru-sales/${id}/unwind`);
    expect(asked.status, asked.text).toBe(200);
    expect(dealSchema.parse(asked.json).unwind).toMatchObject({ status: "asked", canAsk: false });
    expect((await sale(seller, id)).unwind?.canAnswer).toBe(true);

    const answers = await Promise.all([
      post(seller, `/api/pass-thru-sales/${id}/unwind/answer`, { agree: true }),
      post(seller, `/api/pass-thru-sales/${id}/unwind/answer`, { agree: true }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const unwound = dealSchema.parse(answers.find((r) => r.status === 200)!.json);
    expect(unwound.status).toBe("unwound");
    expect(unwound.unwind).toMatchObject({ status: "agreed", canAnswer: false });

    const vehicle = await env.DB.prepare("select status from vehicles where id = ?")
      .bind(vehicleId)
      .first<{ status: string }>();
    expect(vehicle?.status).toBe("available");
    const listed = await env.DB.prepare("select status from inventory_posts where id = ?")
      .bind(postId)
      .first<{ status: string }>();
    expect(listed?.status).toBe("active");

    for (const dealer of [seller, buyer])
      await eventually(
        () => notificationsOf(dealer.cookie),
        (list) => list.some((n) => n.title.startsWith("Deal unwound")),
      );
    // An unwound deal's clocks are stopped and alert nobody.
    expect((await post(buyer, `/api/pass-thru-sales/${id}/payment`, { step: "sent" })).status).toBe(409);
  });

  it("a declined request can be asked again", async () => {
    const id = await confirmedDeal(Date.now() - 60 * DAY);
    expect((await post(buyer, `/api/pass-thru-sales/${id}/unwind`)).status).toBe(200);
    const declined = await post(seller, `/api/pass-thru-sales/${id}/unwind/answer`, { agree: false });
    expect(declined.status, declined.text).toBe(200);
    expect(dealSchema.parse(declined.json).unwind?.status).toBe("declined");
    expect((await post(seller, `/api/pass-thru-sales/${id}/unwind/answer`, { agree: true })).status).toBe(
      409,
    );
    expect((await post(buyer, `/api/pass-thru-sales/${id}/unwind`)).status).toBe(200);
  });
});
