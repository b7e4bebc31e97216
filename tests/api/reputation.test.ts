import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  dealerReviewSchema,
  dealReviewStateSchema,
  directoryDealerSchema,
  type DirectoryDealer,
} from "#lib/api-types";
import { NEXT_CURSOR_HEADER } from "#lib/api-headers";
import { REVIEW_WINDOW_DAYS } from "#lib/reputation/constants";
import { call, eventually, runDailyCron, signUpDealer } from "./helpers";

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

const DAY = 24 * 60 * 60 * 1000;
const VEHICLE = {
  vin: "1FTEW1E50KFA12345",
  year: 2019,
  make: "Ford",
  model: "F-150",
  trim: "XLT",
  miles: 41250,
};
const REVIEW = {
  vehicleAsDescribed: 5,
  paperworkOnTime: 4,
  paymentOnTime: 5,
  communication: 4,
  comment: "Smooth deal, title came fast.",
};

/** `seller` proposes, `buyer` confirms; completed unless `complete` is false. Answers the deal's id. */
async function deal(seller: Dealer, buyer: Dealer, { complete = true } = {}) {
  const proposed = await call("POST", "/api/deals", {
    cookie: seller.cookie,
    body: {
      counterpartyId: buyer.dealerId,
      role: "seller",
      vehicle: VEHICLE,
      price: 28500,
      location: "Dallas, TX",
    },
  });
  expect(proposed.status, proposed.text).toBe(201);
  const id = proposed.json.id as string;
  expect((await call("POST", `/api/deals/${id}/confirm`, { cookie: buyer.cookie })).status).toBe(200);
  if (complete) {
    const done = await call("POST", "/api/deals/complete", {
      cookie: seller.cookie,
      body: {
        dealId: id,
        ...VEHICLE,
        location: "Dallas, TX",
        price: 28500,
        auction: "manheim",
        auctionLocation: "Manheim Dallas (Dallas, TX)",
      },
    });
    expect(done.status, done.text).toBe(200);
  }
  return id;
}

/** The clock moved on: the deal was completed `days` earlier than it was. */
const completedDaysAgo = (dealId: string, days: number) =>
  env.DB.prepare("update deals set completed_at = completed_at - ? where id = ?")
    .bind(days * DAY, dealId)
    .run();

const review = (by: Dealer, dealId: string, body: Record<string, unknown> = REVIEW) =>
  call("POST", `/api/deals/${dealId}/review`, { cookie: by.cookie, body });

const stateOf = async (by: Dealer, dealId: string) => {
  const res = await call("GET", `/api/deals/${dealId}/review`, { cookie: by.cookie });
  expect(res.status, res.text).toBe(200);
  return dealReviewStateSchema.parse(res.json);
};

const reviewsOf = async (viewer: Dealer, dealerId: string, query = "") => {
  const res = await call("GET", `/api/dealers/${dealerId}/reviews${query}`, { cookie: viewer.cookie });
  expect(res.status, res.text).toBe(200);
  return { items: dealerReviewSchema.array().parse(res.json), next: res.headers.get(NEXT_CURSOR_HEADER) };
};

const cardOf = async (viewer: Dealer, dealerId: string): Promise<DirectoryDealer> => {
  const res = await call("GET", `/api/dealers/${dealerId}`, { cookie: viewer.cookie });
  expect(res.status, res.text).toBe(200);
  return directoryDealerSchema.parse((res.json as unknown as { dealer: unknown }).dealer);
};

let seller: Dealer;
let buyer: Dealer;
let stranger: Dealer;

beforeAll(async () => {
  [seller, buyer, stranger] = [await signUpDealer(), await signUpDealer(), await signUpDealer()];
});

describe("reviews after a completed deal", () => {
  it("are double-blind: one written is hidden from the other dealer and the public; both written, both show", async () => {
    const id = await deal(seller, buyer);
    const first = await review(seller, id);
    expect(first.status, first.text).toBe(201);
    expect(dealReviewStateSchema.parse(first.json)).toMatchObject({ status: "waiting", theirs: null });

    expect((await stateOf(buyer, id)).theirs).toBeNull();
    expect((await stateOf(buyer, id)).status).toBe("open");
    for (const viewer of [buyer, stranger, seller])
      expect((await reviewsOf(viewer, buyer.dealerId)).items).toEqual([]);
    expect((await cardOf(stranger, buyer.dealerId)).reputation.rating).toBeNull();

    const second = await review(buyer, id, { ...REVIEW, communication: 2, comment: "Paid late, but paid." });
    expect(second.status, second.text).toBe(201);
    const both = dealReviewStateSchema.parse(second.json);
    expect(both.status).toBe("revealed");
    expect(both.theirs?.comment).toBe(REVIEW.comment);
    expect((await stateOf(seller, id)).theirs?.comment).toBe("Paid late, but paid.");
    const shown = await reviewsOf(stranger, buyer.dealerId);
    expect(shown.items.map((r) => [r.reviewer.id, r.score, r.vehicle])).toEqual([
      [seller.dealerId, 4.5, "2019 Ford F-150"],
    ]);
    // The ratings are on each other's cards at once: 4.5 from (5+4+5+4)/4, 4.0 from (5+4+5+2)/4.
    expect((await cardOf(stranger, buyer.dealerId)).reputation).toMatchObject({
      rating: 4.5,
      reviewCount: 1,
    });
    expect((await cardOf(stranger, seller.dealerId)).reputation).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it(`shows a lone review once the ${REVIEW_WINDOW_DAYS} days end, and then refuses the late one`, async () => {
    const [a, b] = [await signUpDealer(), await signUpDealer()];
    const id = await deal(a, b);
    expect((await review(a, id)).status).toBe(201);
    await completedDaysAgo(id, REVIEW_WINDOW_DAYS - 1);
    expect((await reviewsOf(stranger, b.dealerId)).items).toEqual([]);
    await completedDaysAgo(id, 1);
    expect((await reviewsOf(stranger, b.dealerId)).items).toHaveLength(1);
    expect((await stateOf(b, id)).status).toBe("closed");
    expect((await stateOf(a, id)).status).toBe("revealed");
    const late = await review(b, id);
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/window/);
    // The rating follows at the daily cron (time alone revealed it).
    await runDailyCron();
    expect((await cardOf(stranger, b.dealerId)).reputation).toMatchObject({ rating: 4.5, reviewCount: 1 });
  });

  it("takes one review per dealer per deal, only from its two dealers, only once completed, only valid", async () => {
    const id = await deal(seller, buyer);
    expect((await review(stranger, id)).status).toBe(404);
    expect((await call("GET", `/api/deals/${id}/review`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await review(seller, id)).status).toBe(201);
    const again = await review(seller, id);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("You have already reviewed this deal");

    const bad = await review(buyer, id, { ...REVIEW, paymentOnTime: 6, comment: "" });
    expect(bad.status).toBe(400);
    expect((bad.json.issues as unknown as { path: string }[]).map((i) => i.path).sort()).toEqual([
      "comment",
      "paymentOnTime",
    ]);

    const pending = await deal(seller, buyer, { complete: false });
    expect((await review(buyer, pending)).status).toBe(409);
    expect((await stateOf(buyer, pending)).status).toBe("not-completed");
  });

  it("lets the reviewed dealer reply once, publicly; nobody else", async () => {
    const [a, b] = [await signUpDealer(), await signUpDealer()];
    const id = await deal(a, b);
    await review(a, id);
    const hidden = (await stateOf(a, id)).mine!;
    const early = await call("POST", `/api/dealers/${b.dealerId}/reviews/${hidden.id}/reply`, {
      cookie: b.cookie,
      body: { reply: "Thanks!" },
    });
    expect(early.status).toBe(404);
    await review(b, id);
    const [shown] = (await reviewsOf(b, b.dealerId)).items;
    expect(shown?.canReply).toBe(true);
    const path = `/api/dealers/${b.dealerId}/reviews/${shown!.id}/reply`;
    expect((await call("POST", path, { cookie: a.cookie, body: { reply: "Me too" } })).status).toBe(404);
    const replied = await call("POST", path, { cookie: b.cookie, body: { reply: "Thanks, come again." } });
    expect(replied.status, replied.text).toBe(200);
    expect(dealerReviewSchema.parse(replied.json)).toMatchObject({
      reply: "Thanks, come again.",
      canReply: false,
    });
    expect((await call("POST", path, { cookie: b.cookie, body: { reply: "Twice" } })).status).toBe(409);
    expect((await reviewsOf(stranger, b.dealerId)).items[0]?.reply).toBe("Thanks, come again.");
  });

  it("pages a dealer's reviews newest first with X-Next-Cursor", async () => {
    const target = await signUpDealer();
    for (let i = 0; i < 3; i++) {
      const other = await signUpDealer();
      const id = await deal(other, target);
      await review(other, id, { ...REVIEW, comment: `Review number ${i}` });
      await review(target, id);
    }
    const first = await reviewsOf(stranger, target.dealerId, "?limit=2");
    expect(first.items.map((r) => r.comment)).toEqual(["Review number 2", "Review number 1"]);
    const rest = await reviewsOf(stranger, target.dealerId, `?limit=2&cursor=${first.next}`);
    expect(rest.items.map((r) => r.comment)).toEqual(["Review number 0"]);
    expect(rest.next).toBeNull();
    expect(
      (
        await call("GET", `/api/dealers/${target.dealerId}/reviews?cursor=nonsense`, {
          cookie: stranger.cookie,
        })
      ).status,
    ).toBe(400);
  });
});

describe("behaviour, measured", () => {
  it("answers nulls under the minimum samples, then the figures", async () => {
    const [a, b] = [await signUpDealer(), await signUpDealer()];
    expect((await cardOf(stranger, a.dealerId)).reputation).toEqual({
      rating: null,
      reviewCount: 0,
      dealsCompleted: 0,
      completionRate: null,
      medianReplyMinutes: null,
      offersAnsweredInTime: null,
      medianTitleDays: null,
      disputesLost: 0,
    });
    const ids = [await deal(a, b), await deal(a, b)];
    const early = await eventually(
      () => cardOf(stranger, a.dealerId),
      (card) => card.reputation.dealsCompleted === 2,
    );
    expect(early.reputation).toMatchObject({
      dealsCompleted: 2,
      completionRate: null,
      medianTitleDays: null,
    });
    expect(early.dealsCompleted).toBe(2);

    // A third confirmed deal not completed: 2 of 3. Titles marked received 2, 4 and 6 days after completion.
    await deal(a, b, { complete: false });
    ids.push(await deal(a, b));
    for (const [i, id] of ids.entries()) {
      await env.DB.prepare(
        `insert into pass_thru_steps (deal_id, step, value, updated_by, updated_at)
         select id, 'titleStatus', 'received', ?, completed_at + ? from deals where id = ?
         on conflict (deal_id, step) do update set value = excluded.value, updated_at = excluded.updated_at`,
      )
        .bind(b.dealerId, (i + 1) * 2 * DAY, id)
        .run();
    }
    await runDailyCron();
    expect((await cardOf(stranger, a.dealerId)).reputation).toMatchObject({
      dealsCompleted: 3,
      completionRate: 0.75,
      medianTitleDays: 4,
    });
    // The buyer delivers no titles: theirs stays null.
    expect((await cardOf(stranger, b.dealerId)).reputation.medianTitleDays).toBeNull();
  });
});

describe("the directory's rating sort", () => {
  it("orders dealers by their earned rating, unrated last, and pages it with the keyset cursor", async () => {
    const tag = `Rated${crypto.randomUUID().slice(0, 8)}`;
    const named = async (name: string) => {
      const d = await signUpDealer();
      await env.DB.prepare("update dealers set name = ? where id = ?")
        .bind(`${tag} ${name}`, d.dealerId)
        .run();
      return d;
    };
    const [high, low, none, mid] = [
      await named("High"),
      await named("Low"),
      await named("None"),
      await named("Mid"),
    ];
    const reviewer = await signUpDealer();
    for (const [dealer, score] of [
      [high, 5],
      [low, 2],
      [mid, 4],
    ] as const) {
      const id = await deal(reviewer, dealer);
      const all = {
        vehicleAsDescribed: score,
        paperworkOnTime: score,
        paymentOnTime: score,
        communication: score,
      };
      await review(reviewer, id, { ...all, comment: "Rated by the test." });
      await review(dealer, id);
    }
    const page = async (cursor?: string) => {
      const res = await call(
        "GET",
        `/api/dealers?name=${tag}&sort=rating&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        {
          cookie: stranger.cookie,
        },
      );
      expect(res.status, res.text).toBe(200);
      return {
        names: (res.json as unknown as DirectoryDealer[]).map((d) => d.name),
        next: res.headers.get(NEXT_CURSOR_HEADER),
      };
    };
    const first = await page();
    const second = await page(first.next!);
    expect([...first.names, ...second.names]).toEqual([
      `${tag} High`,
      `${tag} Mid`,
      `${tag} Low`,
      `${tag} None`,
    ]);
    void none;
  });
});
