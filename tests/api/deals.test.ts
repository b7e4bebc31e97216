import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { dealSchema, type Deal } from "#lib/api-types";
import { LOCATION_REQUIRED_PLATFORMS } from "#lib/deals/constants";
import { DEAL_VEHICLE, ORIGIN, call, eventually, nameSellerAndBuyer, signUpDealer } from "./helpers";
import { pdfText } from "./pdf-text";

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

const VEHICLE = DEAL_VEHICLE;
const VIN = DEAL_VEHICLE.vin;

async function propose(from: Dealer, to: Dealer, extra: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/deals", {
    cookie: from.cookie,
    body: {
      counterpartyId: to.dealerId,
      role: "seller",
      vehicle: VEHICLE,
      price: 28500,
      location: "Dallas, TX",
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(201);
  return dealSchema.parse(res.json);
}

const completion = (dealId: string | undefined, extra: Record<string, unknown> = {}) => ({
  ...(dealId ? { dealId } : {}),
  vin: VIN,
  year: 2019,
  make: "Ford",
  model: "F-150",
  trim: "XLT",
  miles: 41250,
  location: "Dallas, TX",
  price: 28500,
  auction: "manheim",
  auctionLocation: "Manheim Dallas (Dallas, TX)",
  ...extra,
});

let seller: Dealer;
let buyer: Dealer;
let stranger: Dealer;

beforeAll(async () => {
  [seller, buyer, stranger] = [await signUpDealer(), await signUpDealer(), await signUpDealer()];
  await nameSellerAndBuyer(seller, buyer);
});

describe("POST /api/deals", () => {
  it("proposes a pending deal in cents; the proposer and the sides come from the session", async () => {
    const res = await call("POST", "/api/deals", {
      cookie: seller.cookie,
      body: {
        counterpartyId: buyer.dealerId,
        role: "seller",
        proposerId: stranger.dealerId,
        vehicle: VEHICLE,
        price: "28,500",
        location: "Dallas, TX",
      },
    });
    expect(res.status, res.text).toBe(201);
    const deal = dealSchema.parse(res.json);
    expect(deal).toMatchObject({
      status: "pending",
      priceCents: 2_850_000,
      commissionCents: null,
      estimatedCommissionCents: 57_000,
      proposedByMe: true,
      canConfirm: false,
      myRole: "seller",
      sellerName: "Sam Seller",
    });
    expect(deal.proposer?.id).toBe(seller.dealerId);
    expect(deal.buyer?.id).toBe(buyer.dealerId);
    const asBuyer = dealSchema.parse(
      (await call("GET", `/api/deals/${deal.id}`, { cookie: buyer.cookie })).json,
    );
    expect(asBuyer).toMatchObject({ canConfirm: true, myRole: "buyer", proposedByMe: false });
  });

  it("refuses a deal with oneself, an unknown dealer, a bad VIN or a year out of range", async () => {
    const bad = async (body: Record<string, unknown>) =>
      call("POST", "/api/deals", {
        cookie: seller.cookie,
        body: { counterpartyId: buyer.dealerId, role: "buyer", vehicle: VEHICLE, price: 100, ...body },
      });
    expect((await bad({ counterpartyId: seller.dealerId })).status).toBe(400);
    expect((await bad({ counterpartyId: crypto.randomUUID() })).status).toBe(404);
    const shortVin = await bad({ vehicle: { ...VEHICLE, vin: "1FTEW1E50" } });
    expect(shortVin.status).toBe(400);
    expect(shortVin.json.message).toBe("VIN must be exactly 17 characters");
    const old = await bad({ vehicle: { ...VEHICLE, year: 1989 } });
    expect(old.status).toBe(400);
    expect(old.json.message).toBe(`Year must be between 1990 and ${new Date().getFullYear() + 1}`);
    expect((await bad({ vehicle: { ...VEHICLE, year: new Date().getFullYear() + 1 } })).status).toBe(201);
    expect((await bad({ price: undefined })).json.message).toBe("Price is required");
  });
});

describe("confirm, decline, withdraw", () => {
  it("lets only the counterparty confirm (proposer 403, anyone else 404); a second confirm is the same deal", async () => {
    const deal = await propose(seller, buyer);
    expect((await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: seller.cookie })).status).toBe(403);
    expect((await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: stranger.cookie })).status).toBe(
      404,
    );
    const first = await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie });
    expect(first.status, first.text).toBe(200);
    const confirmed = dealSchema.parse(first.json);
    expect(confirmed).toMatchObject({ status: "confirmed", commissionCents: 57_000, saleStatus: "pending" });
    const again = await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie });
    expect(again.status).toBe(200);
    expect(dealSchema.parse(again.json).confirmedAt).toBe(confirmed.confirmedAt);
    const sales = (await call("GET", "/api/pass-thru-sales?limit=100", { cookie: seller.cookie }))
      .json as unknown as Deal[];
    expect(sales.filter((d) => d.id === deal.id)).toHaveLength(1);
  });

  it("fixes the commission at 2 % rounded down to whole dollars on odd prices", async () => {
    for (const [price, cents] of [
      [28_549, 57_000],
      [99, 100],
      [49, 0],
      [12_345, 24_600],
      [1_000_001, 2_000_000],
    ] as const) {
      const deal = await propose(seller, buyer, { price });
      const confirmed = dealSchema.parse(
        (await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie })).json,
      );
      expect(confirmed.commissionCents, `price ${price}`).toBe(cents);
      expect(confirmed.priceCents).toBe(price * 100);
    }
  });

  it("declines (the counterparty only) and withdraws (the proposer only), each once", async () => {
    const declined = await propose(seller, buyer);
    expect((await call("POST", `/api/deals/${declined.id}/decline`, { cookie: seller.cookie })).status).toBe(
      403,
    );
    expect(
      (await call("POST", `/api/deals/${declined.id}/decline`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    const no = await call("POST", `/api/deals/${declined.id}/decline`, { cookie: buyer.cookie });
    expect(no.status).toBe(200);
    expect(no.json.status).toBe("declined");
    expect((await call("POST", `/api/deals/${declined.id}/decline`, { cookie: buyer.cookie })).status).toBe(
      200,
    );
    expect((await call("POST", `/api/deals/${declined.id}/confirm`, { cookie: buyer.cookie })).status).toBe(
      409,
    );

    const withdrawn = await propose(seller, buyer);
    expect((await call("POST", `/api/deals/${withdrawn.id}/withdraw`, { cookie: buyer.cookie })).status).toBe(
      403,
    );
    expect(
      (await call("POST", `/api/deals/${withdrawn.id}/withdraw`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    const back = await call("POST", `/api/deals/${withdrawn.id}/withdraw`, { cookie: seller.cookie });
    expect(back.status).toBe(200);
    expect(back.json.status).toBe("withdrawn");
    expect((await call("POST", `/api/deals/${withdrawn.id}/confirm`, { cookie: buyer.cookie })).status).toBe(
      409,
    );
    const confirmedOne = await propose(seller, buyer);
    await call("POST", `/api/deals/${confirmedOne.id}/confirm`, { cookie: buyer.cookie });
    expect(
      (await call("POST", `/api/deals/${confirmedOne.id}/withdraw`, { cookie: seller.cookie })).status,
    ).toBe(409);
  });

  it("tells the counterparty in the notification centre, and the proposer when confirmed", async () => {
    const deal = await propose(seller, buyer);
    const titles = async (cookie: string) =>
      (
        (await call("GET", "/api/notifications?limit=100", { cookie })).json as unknown as {
          title: string;
          link: string;
        }[]
      ).map((n) => n.title);
    expect(
      await eventually(
        () => titles(buyer.cookie),
        (t) => t.some((x) => x.startsWith("Sam Seller proposed a deal")),
      ),
    ).toContain("Sam Seller proposed a deal: 2019 Ford F-150 XLT");
    await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie });
    expect(
      await eventually(
        () => titles(seller.cookie),
        (t) => t.some((x) => x.startsWith("Bea Buyer confirmed")),
      ),
    ).toContain("Bea Buyer confirmed your deal: 2019 Ford F-150 XLT");
  });
});

describe("GET /api/deals", () => {
  it("lists only the dealer's own deals, filters by status, and hides them from a third dealer", async () => {
    const deal = await propose(seller, buyer);
    const mine = (await call("GET", "/api/deals?limit=100", { cookie: buyer.cookie }))
      .json as unknown as Deal[];
    expect(mine.map((d) => d.id)).toContain(deal.id);
    const pending = (await call("GET", "/api/deals?status=pending&limit=100", { cookie: buyer.cookie }))
      .json as unknown as Deal[];
    expect(pending.every((d) => d.status === "pending")).toBe(true);
    const theirs = await call("GET", "/api/deals?limit=100", { cookie: stranger.cookie });
    expect(theirs.status).toBe(200);
    expect((theirs.json as unknown as Deal[]).map((d) => d.id)).not.toContain(deal.id);
    expect((await call("GET", `/api/deals/${deal.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call("GET", "/api/deals?status=sold", { cookie: buyer.cookie })).status).toBe(400);
  });
});

describe("POST /api/deals/complete", () => {
  it("names every missing field in one 'Please fill in: {list}'", async () => {
    const res = await call("POST", "/api/deals/complete", { cookie: seller.cookie, body: { year: 2019 } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Please fill in: VIN, make, model, price");
    const some = await call("POST", "/api/deals/complete", {
      cookie: seller.cookie,
      body: completion(undefined, { make: " ", price: "" }),
    });
    expect(some.json.message).toBe("Please fill in: make, price");
  });

  it.each(LOCATION_REQUIRED_PLATFORMS.map((p) => [p]))(
    "needs an auction location for %s",
    async (platform) => {
      const res = await call("POST", "/api/deals/complete", {
        cookie: seller.cookie,
        body: completion(undefined, { auction: platform, auctionLocation: "" }),
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Please fill in: auction location");
    },
  );

  it("needs no auction location for the other platforms", async () => {
    for (const auction of [
      "bonhams",
      "bring-a-trailer",
      "cars-bids",
      "wholesale-direct",
      "smartauction",
      "other",
    ]) {
      const res = await call("POST", "/api/deals/complete", {
        cookie: seller.cookie,
        body: completion(undefined, {
          auction,
          auctionLocation: "",
          vin: `1FTEW1E50KFA${10000 + auction.length}`,
          price: 100 + auction.length,
        }),
      });
      expect([200, 201], `${auction}: ${res.text}`).toContain(res.status);
    }
  });

  it("filters the VIN (upper case; I, O, Q and punctuation removed) and wants exactly 17 characters", async () => {
    const filtered = await call("POST", "/api/deals/complete", {
      cookie: seller.cookie,
      body: completion(undefined, { vin: "1ftew1e50-kfa 12345oiq", price: 19999 }),
    });
    expect(filtered.status, filtered.text).toBe(201);
    const row = await env.DB.prepare("select vin from deals where id = ?")
      .bind(filtered.json.id)
      .first<{ vin: string }>();
    expect(row?.vin).toBe(VIN);
    const short = await call("POST", "/api/deals/complete", {
      cookie: seller.cookie,
      body: completion(undefined, { vin: "1FTEW1E50KFA1234" }),
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe("VIN must be exactly 17 characters");
    const year = await call("POST", "/api/deals/complete", {
      cookie: seller.cookie,
      body: completion(undefined, { year: new Date().getFullYear() + 2 }),
    });
    expect(year.status).toBe(400);
  });

  it("completes a confirmed deal once: a second completion answers the same id; a pending one is 409", async () => {
    const deal = await propose(seller, buyer);
    expect(
      (await call("POST", "/api/deals/complete", { cookie: seller.cookie, body: completion(deal.id) }))
        .status,
    ).toBe(409);
    await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie });
    expect(
      (await call("POST", "/api/deals/complete", { cookie: stranger.cookie, body: completion(deal.id) }))
        .status,
    ).toBe(404);
    const first = await call("POST", "/api/deals/complete", {
      cookie: seller.cookie,
      body: completion(deal.id),
    });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ id: deal.id });
    const second = await call("POST", "/api/deals/complete", {
      cookie: buyer.cookie,
      body: completion(deal.id),
    });
    expect(second.json).toEqual({ id: deal.id });
    const done = dealSchema.parse(
      (await call("GET", `/api/deals/${deal.id}`, { cookie: buyer.cookie })).json,
    );
    expect(done).toMatchObject({
      status: "completed",
      saleStatus: "completed",
      billOfSaleUrl: `/api/deals/${deal.id}/bill-of-sale`,
    });
    expect(done.steps.find((s) => s.step === "saleComplete")?.value).toBe(true);
    const count = await env.DB.prepare("select count(*) as n from deals where id = ?")
      .bind(deal.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("records a deal closed elsewhere once, however often it is sent", async () => {
    const body = completion(undefined, {
      vin: "2T1BURHE0JC012345",
      price: 15_001,
      sellerName: "Outside Auto",
    });
    const first = await call("POST", "/api/deals/complete", { cookie: buyer.cookie, body });
    expect(first.status, first.text).toBe(201);
    const second = await call("POST", "/api/deals/complete", { cookie: buyer.cookie, body });
    expect(second.status).toBe(200);
    expect(second.json.id).toBe(first.json.id);
    const deal = dealSchema.parse(
      (await call("GET", `/api/deals/${first.json.id}`, { cookie: buyer.cookie })).json,
    );
    expect(deal).toMatchObject({
      status: "completed",
      commissionCents: 30_000,
      sellerName: "Outside Auto",
      myRole: "recorder",
    });
  });

  it("marks the vehicle sold on the post the deal came from", async () => {
    const post = await call("POST", "/api/inventory", {
      cookie: seller.cookie,
      body: {
        title: "2019 F-150 XLT",
        type: "single",
        vehicles: [{ ...VEHICLE, mileage: 41250, price: 29000 }],
      },
    });
    expect(post.status, post.text).toBe(201);
    const postId = post.json.id as string;
    const deal = await propose(seller, buyer, { postId });
    await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie });
    await call("POST", "/api/deals/complete", { cookie: buyer.cookie, body: completion(deal.id) });
    const after = (await call("GET", `/api/inventory/${postId}`, { cookie: stranger.cookie }))
      .json as unknown as {
      status: string;
      vehicles: { status: string }[];
    };
    expect(after.vehicles[0]?.status).toBe("sold");
    expect(after.status).toBe("sold");
  });

  /** A post of the seller's, a deal on it confirmed by the buyer, completed with `sold` as the vehicle. */
  async function completeOnPost(post: Record<string, unknown>, sold: Record<string, unknown>) {
    const created = await call("POST", "/api/inventory", { cookie: seller.cookie, body: post });
    expect(created.status, created.text).toBe(201);
    const postId = created.json.id as string;
    const offeredOf = () =>
      env.DB.prepare(
        "select vehicle_id as vehicleId from offered_vehicles where post_id = ? order by vehicle_id",
      )
        .bind(postId)
        .all<{ vehicleId: string | null }>()
        .then((rows) => rows.results.map((o) => o.vehicleId));
    const offeredBefore = await offeredOf();
    const deal = await propose(seller, buyer, { postId });
    await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie });
    const done = await call("POST", "/api/deals/complete", {
      cookie: buyer.cookie,
      body: completion(deal.id, sold),
    });
    expect(done.status, done.text).toBe(200);
    const after = (await call("GET", `/api/inventory/${postId}`, { cookie: stranger.cookie }))
      .json as unknown as {
      status: string;
      vehicles: { id: string; vin: string | null; status: string }[];
    };
    return { after, offeredBefore, offered: await offeredOf() };
  }

  const TRUCKS = [
    { vin: "1GCUYDED5KZ100001", year: 2019, make: "Chevrolet", model: "Silverado 1500", price: 31000 },
    { vin: "1FTEW1E50KFB00002", year: 2019, make: "Ford", model: "F-150", price: 29000 },
    { vin: "1FTEW1E50KFB00003", year: 2020, make: "Ford", model: "F-150", price: 33000 },
  ];

  it("marks only the vehicle with the deal's VIN on a post of several; the post stays listed and keeps matching the rest", async () => {
    const { after, offeredBefore, offered } = await completeOnPost(
      { title: "Three trucks", type: "multiple", vehicles: TRUCKS },
      { vin: TRUCKS[2]!.vin, make: "Ford", model: "F-150" },
    );
    expect(after.status).toBe("active");
    expect(after.vehicles.map((v) => v.status)).toEqual(["available", "available", "sold"]);
    expect(offeredBefore).toHaveLength(3);
    expect(offered).toEqual(
      after.vehicles
        .slice(0, 2)
        .map((v) => v.id)
        .sort(),
    );
  });

  it("without that VIN, marks the first unsold vehicle of the same make and model", async () => {
    const { after } = await completeOnPost(
      { title: "Three trucks", type: "multiple", vehicles: TRUCKS },
      { vin: "1FTEW1E50KFC99999", make: "ford", model: "f-150 " },
    );
    expect(after.vehicles.map((v) => v.status)).toEqual(["available", "sold", "available"]);
    expect(after.status).toBe("active");
  });

  it("sells a text post without vehicles whole (it leaves the matches); a Requesting or expired post is left as it is", async () => {
    const text = await completeOnPost(
      {
        title: "2019 Ford F-150 XLT, clean",
        description: "One owner, 41k miles, $28,500",
        type: "for-sale",
        vehicles: [],
      },
      {},
    );
    expect(text.after.status).toBe("sold");
    expect(text.offeredBefore).not.toEqual([]);
    expect(text.offered).toEqual([]);
    const request = await completeOnPost(
      { title: "Wanted: F-150", type: "request", vehicles: [{ year: 2019, make: "Ford", model: "F-150" }] },
      {},
    );
    expect(request.after.status).toBe("active");
    expect(request.after.vehicles.map((v) => v.status)).toEqual(["available"]);
    const created = await call("POST", "/api/inventory", {
      cookie: seller.cookie,
      body: { title: "2019 F-150", type: "single", vehicles: [{ ...TRUCKS[1], mileage: 41250 }] },
    });
    const postId = created.json.id as string;
    await env.DB.prepare("update inventory_posts set status = 'expired' where id = ?").bind(postId).run();
    const deal = await propose(seller, buyer, { postId });
    await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie });
    const done = await call("POST", "/api/deals/complete", {
      cookie: seller.cookie,
      body: completion(deal.id),
    });
    expect(done.status).toBe(200);
    const expired = (await call("GET", `/api/inventory/${postId}`, { cookie: stranger.cookie }))
      .json as unknown as {
      status: string;
      vehicles: { status: string }[];
    };
    expect(expired).toMatchObject({ status: "expired", vehicles: [{ status: "available" }] });
  });

  it("e-mails both dealers through the outbox; the deal-completion call sends nothing twice", async () => {
    const deal = await propose(seller, buyer);
    await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie });
    await call("POST", "/api/deals/complete", { cookie: seller.cookie, body: completion(deal.id) });
    const mails = () =>
      env.OUTBOX_DB.prepare(
        "select recipient from outbox where instr(idempotency_key, ?) = 1 order by recipient",
      )
        .bind(`deal-completed:${deal.id}:`)
        .all<{ recipient: string }>()
        .then((r) => r.results.map((x) => x.recipient));
    expect(await eventually(mails, (m) => m.length >= 2)).toEqual([buyer.email, seller.email].sort());
    const notice = await call("POST", "/api/notifications/deal-completion", {
      cookie: buyer.cookie,
      body: { dealId: deal.id, buyerEmail: buyer.email, dealData: {} },
    });
    expect(notice.status, notice.text).toBe(202);
    expect(notice.json.dealId).toBe(deal.id);
    expect(await mails()).toHaveLength(2);
    const theirs = await call("POST", "/api/notifications/deal-completion", {
      cookie: stranger.cookie,
      body: { dealId: deal.id },
    });
    expect(theirs.status).toBe(404);
  });
});

describe("GET /api/deals/{id}/bill-of-sale", () => {
  it("is a PDF holding both dealers' names, the VIN and the price, for the two parties only", async () => {
    const deal = await propose(seller, buyer);
    const path = `/api/deals/${deal.id}/bill-of-sale`;
    expect((await call("GET", path, { cookie: seller.cookie })).status).toBe(404);
    await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie });
    await call("POST", "/api/deals/complete", {
      cookie: seller.cookie,
      body: completion(deal.id, { price: 28_750 }),
    });
    const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: buyer.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    for (const expected of [
      "Bill of Sale",
      "Sam Seller",
      "Seller Motors",
      "Bea Buyer",
      "Buyer Autos",
      VIN,
      "$28,750",
    ])
      expect(text).toContain(expected);
    expect((await call("GET", path, { cookie: stranger.cookie })).status).toBe(404);
    expect((await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: seller.cookie } })).status).toBe(200);
  });
});

describe("Pass Thru Sales", () => {
  it("moves the steps, with who and when, for the two parties only", async () => {
    const deal = await propose(seller, buyer);
    const patch = (cookie: string, body: unknown) =>
      call("PATCH", `/api/pass-thru-sales/${deal.id}`, { cookie, body });
    expect((await patch(buyer.cookie, { titleStatus: "received" })).status).toBe(409);
    await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: buyer.cookie });
    expect((await patch(stranger.cookie, { titleStatus: "received" })).status).toBe(404);
    expect((await patch(buyer.cookie, { titleStatus: "lost" })).status).toBe(400);
    const received = dealSchema.parse(
      (await patch(buyer.cookie, { titleStatus: "received", inTransit: true })).json,
    );
    const title = received.steps.find((s) => s.step === "titleStatus");
    expect(title).toMatchObject({ value: "received", updatedBy: { id: buyer.dealerId, name: "Bea Buyer" } });
    expect(received.saleStatus).toBe("in-transit");
    const sent = dealSchema.parse(
      (await patch(seller.cookie, { titleStatus: "sent", gatePassIssued: true })).json,
    );
    expect(sent.steps.find((s) => s.step === "titleStatus")).toMatchObject({
      value: "sent",
      updatedBy: { name: "Sam Seller" },
    });
    expect(sent.steps.find((s) => s.step === "gatePassIssued")?.value).toBe(true);
    const delivered = dealSchema.parse((await patch(seller.cookie, { delivered: true })).json);
    expect(delivered.saleStatus).toBe("completed");
  });

  it("exports the dealer's pass-thru sales as CSV", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/pass-thru-sales/export`, {
      headers: { Cookie: buyer.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toContain("Deal ID,Status,Sale status");
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[1]).toContain(VIN);
    const none = await SELF.fetch(`${ORIGIN}/api/pass-thru-sales/export`, {
      headers: { Cookie: stranger.cookie },
    });
    expect((await none.text()).trim().split("\r\n")).toHaveLength(1);
  });
});

describe("the Test Deal Popup", () => {
  it("stores nothing: there is no sample deal to make, and the dealer's deals stay as they were", async () => {
    const before = await call("GET", "/api/deals?limit=50", { cookie: stranger.cookie });
    const res = await call("POST", "/api/deals/sample", { cookie: stranger.cookie });
    expect(res.status).toBe(404);
    const after = await call("GET", "/api/deals?limit=50", { cookie: stranger.cookie });
    expect(after.json).toEqual(before.json);
    const samples = await env.DB.prepare(
      "select count(*) as n from deals where seller_name like '%sample%'",
    ).first<{
      n: number;
    }>();
    expect(samples?.n).toBe(0);
  });
});
