import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEntrySchema, dealSchema, directoryDealerSchema, type Reputation } from "#lib/api-types";
import {
  DISPUTE_WINDOW_DAYS,
  adminDisputeSchema,
  disputeFileSchema,
  disputeSchema,
} from "#lib/schemas/disputes";
import { createServices } from "../../worker/services";
import {
  ORIGIN,
  call,
  eventually,
  notificationsOf,
  sendChatPhoto,
  signUpAdmin,
  signUpDealer,
  DEAL_VEHICLE,
  nameSellerAndBuyer,
} from "./helpers";

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

const DAY = 24 * 60 * 60 * 1000;
const VEHICLE = DEAL_VEHICLE;

let seller: Dealer;
let buyer: Dealer;
let stranger: Dealer;
let admin: Dealer;

beforeAll(async () => {
  [seller, buyer, stranger, admin] = [
    await signUpDealer(),
    await signUpDealer(),
    await signUpDealer(),
    await signUpAdmin(),
  ];
  await nameSellerAndBuyer(seller, buyer);
});

/** A deal `from` sold to `to`, confirmed and completed; `daysAgo` moves its completion back. */
async function completedDeal(from = seller, to = buyer, daysAgo = 0) {
  const proposed = await call("POST", "/api/deals", {
    cookie: from.cookie,
    body: {
      counterpartyId: to.dealerId,
      role: "seller",
      vehicle: VEHICLE,
      price: 28500,
      location: "Dallas, TX",
    },
  });
  expect(proposed.status, proposed.text).toBe(201);
  const deal = dealSchema.parse(proposed.json);
  expect((await call("POST", `/api/deals/${deal.id}/confirm`, { cookie: to.cookie })).status).toBe(200);
  const done = await call("POST", "/api/deals/complete", {
    cookie: from.cookie,
    body: { dealId: deal.id, ...VEHICLE, price: 28500, location: "Dallas, TX" },
  });
  expect(done.status, done.text).toBe(200);
  if (daysAgo)
    await env.DB.prepare("update deals set completed_at = completed_at - ? where id = ?")
      .bind(daysAgo * DAY, deal.id)
      .run();
  return deal.id;
}

const open = (dealer: Dealer, dealId: string, body: Record<string, unknown> = {}) =>
  call("POST", `/api/deals/${dealId}/disputes`, {
    cookie: dealer.cookie,
    body: { reason: "odometer", description: "The odometer reads 61,250, not 41,250.", ...body },
  });

const answer = (dealer: Dealer, dealId: string, disputeId: string, body: Record<string, unknown> = {}) =>
  call("POST", `/api/deals/${dealId}/disputes/${disputeId}/answer`, {
    cookie: dealer.cookie,
    body: { answer: "The cluster was replaced; the paperwork says so.", ...body },
  });

const decide = (disputeId: string, prevails: "buyer" | "seller", notes = "") =>
  call("POST", `/api/admin/disputes/${disputeId}/decision`, {
    cookie: admin.cookie,
    body: { prevails, notes },
  });

describe("opening a dispute", () => {
  it("lets the buyer open one with photos from the chat; both dealers read it and are told", async () => {
    const dealId = await completedDeal();
    const photo = await sendChatPhoto(buyer, seller);
    const files = await call("GET", `/api/deals/${dealId}/dispute-files`, { cookie: buyer.cookie });
    expect(files.status).toBe(200);
    expect(
      disputeFileSchema
        .array()
        .parse(files.json)
        .map((f) => f.url),
    ).toContain(photo);

    const res = await open(buyer, dealId, { attachments: [photo] });
    expect(res.status, res.text).toBe(201);
    const dispute = disputeSchema.parse(res.json);
    expect(dispute).toMatchObject({ status: "open", reason: "odometer", answer: null, prevails: null });
    expect(dispute.buyer?.id).toBe(buyer.dealerId);
    expect(dispute.attachments).toMatchObject([{ url: photo, name: "odometer.png", sentBy: buyer.dealerId }]);

    for (const dealer of [seller, buyer]) {
      const read = await call("GET", `/api/deals/${dealId}/disputes`, { cookie: dealer.cookie });
      expect(read.status).toBe(200);
      expect(
        disputeSchema
          .array()
          .parse(read.json)
          .map((d) => d.id),
      ).toEqual([dispute.id]);
    }
    const told = await eventually(
      () => notificationsOf(seller.cookie),
      (list) => list.some((n) => n.title.startsWith("Bea Buyer, Buyer Autos opened a dispute")),
    );
    expect(told.some((n) => n.title.startsWith("Bea Buyer, Buyer Autos opened a dispute"))).toBe(true);
  });

  it("is the buyer's alone, on a completed deal, and one undecided dispute per deal", async () => {
    const dealId = await completedDeal();
    const bySeller = await open(seller, dealId);
    expect(bySeller.status).toBe(403);
    expect(bySeller.json.message).toBe("Only the buyer can open a dispute on a deal");
    expect((await open(buyer, dealId)).status).toBe(201);
    const again = await open(buyer, dealId, { reason: "title" });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("This deal already has a dispute waiting for a decision");

    const pending = await call("POST", "/api/deals", {
      cookie: seller.cookie,
      body: {
        counterpartyId: buyer.dealerId,
        role: "seller",
        vehicle: VEHICLE,
        price: 100,
        location: "Dallas, TX",
      },
    });
    const early = await open(buyer, dealSchema.parse(pending.json).id);
    expect(early.status).toBe(409);
    expect(early.json.message).toBe("A dispute can be opened once the deal is completed");
  });

  it("answers two disputes opened at once with one 201 and one 409", async () => {
    const dealId = await completedDeal();
    const statuses = (await Promise.all([open(buyer, dealId), open(buyer, dealId)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 409]);
  });

  it("refuses files from another chat, or that are not chat files, with 400", async () => {
    const dealId = await completedDeal();
    const elsewhere = await sendChatPhoto(buyer, stranger, "other-car.png");
    const res = await open(buyer, dealId, { attachments: [elsewhere] });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Pick photos and files from your chat with this dealer");
    const bogus = await open(buyer, dealId, { attachments: ["https://example.com/x.png"] });
    expect(bogus.status).toBe(400);
    const badReason = await open(buyer, dealId, { reason: "mood" });
    expect(badReason.status).toBe(400);
    expect(badReason.json.message).toBe("reason must be one of not-as-described, title, odometer, other");
  });

  it(`opens within ${DISPUTE_WINDOW_DAYS} days of completion (day 7 yes, day 8 no)`, async () => {
    const onDaySeven = await completedDeal(seller, buyer, DISPUTE_WINDOW_DAYS - 0.01);
    expect((await open(buyer, onDaySeven)).status).toBe(201);
    const onDayEight = await completedDeal(seller, buyer, DISPUTE_WINDOW_DAYS + 1);
    const late = await open(buyer, onDayEight);
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/^Disputes can be opened within 7 days of completion/);
  });

  it("takes the clock it is given: the window's last moment is in, one millisecond later is out", async () => {
    const dealId = await completedDeal();
    const row = await env.DB.prepare("select completed_at as at from deals where id = ?")
      .bind(dealId)
      .first<{ at: number }>();
    const disputes = createServices(env).disputes;
    const input = { reason: "title" as const, description: "No title yet", attachments: [] };
    const end = row!.at + DISPUTE_WINDOW_DAYS * DAY;
    await expect(disputes.open(buyer.dealerId, dealId, input, end + 1)).rejects.toMatchObject({
      status: 409,
    });
    await expect(disputes.open(buyer.dealerId, dealId, input, end + DAY)).rejects.toMatchObject({
      status: 409,
    });
    const opened = await disputes.open(buyer.dealerId, dealId, input, end);
    expect(opened.status).toBe("open");
  });

  it("answers a third dealer 404 on every dispute route", async () => {
    const dealId = await completedDeal();
    const dispute = disputeSchema.parse((await open(buyer, dealId)).json);
    for (const res of [
      await call("GET", `/api/deals/${dealId}/disputes`, { cookie: stranger.cookie }),
      await call("GET", `/api/deals/${dealId}/dispute-files`, { cookie: stranger.cookie }),
      await open(stranger, dealId),
      await answer(stranger, dealId, dispute.id),
    ])
      expect(res.status).toBe(404);
  });

  it("keeps a demo dealer out of a real deal's dispute", async () => {
    const dealId = await completedDeal();
    const dispute = disputeSchema.parse((await open(buyer, dealId)).json);
    const demo = await signUpDealer();
    await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(demo.dealerId).run();
    for (const res of [
      await call("GET", `/api/deals/${dealId}/disputes`, { cookie: demo.cookie }),
      await open(demo, dealId),
      await answer(demo, dealId, dispute.id),
    ])
      expect(res.status).toBe(404);
  });
});

describe("answering and deciding", () => {
  it("lets the seller answer once, with chat files; the buyer cannot answer", async () => {
    const dealId = await completedDeal();
    const dispute = disputeSchema.parse((await open(buyer, dealId)).json);
    expect((await answer(buyer, dealId, dispute.id)).status).toBe(403);
    const receipt = await sendChatPhoto(seller, buyer, "cluster-receipt.png");
    const res = await answer(seller, dealId, dispute.id, { attachments: [receipt] });
    expect(res.status, res.text).toBe(200);
    const answered = disputeSchema.parse(res.json);
    expect(answered).toMatchObject({
      status: "answered",
      answer: "The cluster was replaced; the paperwork says so.",
    });
    expect(answered.answerAttachments.map((f) => f.name)).toEqual(["cluster-receipt.png"]);
    const twice = await answer(seller, dealId, dispute.id, { answer: "Again" });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe("This dispute has already been answered");
    const told = await eventually(
      () => notificationsOf(buyer.cookie),
      (list) => list.some((n) => n.title.startsWith("Sam Seller, Seller Motors answered your dispute")),
    );
    expect(told.some((n) => n.title.startsWith("Sam Seller, Seller Motors answered your dispute"))).toBe(
      true,
    );
  });

  it("lets an admin decide once, in the audit log; two decisions at once have one winner", async () => {
    const dealId = await completedDeal();
    const photo = await sendChatPhoto(buyer, seller);
    const dispute = disputeSchema.parse((await open(buyer, dealId, { attachments: [photo] })).json);
    expect(
      (
        await call("POST", `/api/admin/disputes/${dispute.id}/decision`, {
          cookie: seller.cookie,
          body: { prevails: "seller" },
        })
      ).status,
    ).toBe(403);

    const listed = await call("GET", "/api/admin/disputes?status=undecided", { cookie: admin.cookie });
    expect(listed.status).toBe(200);
    const mine = adminDisputeSchema
      .array()
      .parse(listed.json)
      .find((d) => d.id === dispute.id);
    expect(mine).toMatchObject({ vehicle: "2019 Ford F-150 XLT", status: "open" });
    const file = await SELF.fetch(
      `${ORIGIN}/api/admin/disputes/${dispute.id}/files/${photo.split("/").pop()}`,
      {
        headers: { Cookie: admin.cookie },
      },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    await file.arrayBuffer();
    const notEvidence = await sendChatPhoto(buyer, stranger, "other.png");
    const refused = await call(
      "GET",
      `/api/admin/disputes/${dispute.id}/files/${notEvidence.split("/").pop()}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(refused.status).toBe(404);

    const answers = await Promise.all([
      decide(dispute.id, "buyer", "Odometer photo is clear"),
      decide(dispute.id, "seller"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = adminDisputeSchema.parse(answers.find((a) => a.status === 200)!.json);
    expect(won).toMatchObject({ status: "decided", decidedBy: admin.email });
    expect((await decide(dispute.id, "seller")).status).toBe(409);
    expect((await answer(seller, dealId, dispute.id)).status).toBe(409);

    const audit = await call("GET", `/api/admin/audit?recordId=${dispute.id}`, { cookie: admin.cookie });
    const entries = auditEntrySchema.array().parse(audit.json);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "dispute.decide",
      recordType: "dispute",
      actor: { email: admin.email },
      after: { status: "decided", prevails: won.prevails },
    });
    const seen = disputeSchema
      .array()
      .parse((await call("GET", `/api/deals/${dealId}/disputes`, { cookie: buyer.cookie })).json);
    expect(seen[0]).toMatchObject({ status: "decided", prevails: won.prevails });
    // Decided, the deal may take a new dispute while the window is open.
    expect((await open(buyer, dealId, { reason: "title" })).status).toBe(201);
  });
});

describe("disputesLostBy", () => {
  it("counts the disputes decided against each dealer, 0 for the others", async () => {
    const [s, b] = [await signUpDealer(), await signUpDealer()];
    for (const prevails of ["buyer", "buyer", "seller"] as const) {
      const dealId = await completedDeal(s, b);
      const dispute = disputeSchema.parse((await open(b, dealId)).json);
      expect((await decide(dispute.id, prevails)).status).toBe(200);
    }
    const undecided = await completedDeal(s, b);
    expect((await open(b, undecided)).status).toBe(201);
    const lost = await createServices(env).disputes.disputesLostBy([
      s.dealerId,
      b.dealerId,
      stranger.dealerId,
    ]);
    expect(Object.fromEntries(lost)).toEqual({ [s.dealerId]: 2, [b.dealerId]: 1, [stranger.dealerId]: 0 });
  });
});

describe("paging", () => {
  /** Every page of a deal's list at `limit`, following X-Next-Cursor: the ids, page by page. */
  async function pages(dealer: Dealer, path: string, limit: number) {
    const seen: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await call("GET", `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, {
        cookie: dealer.cookie,
      });
      expect(res.status, res.text).toBe(200);
      seen.push((res.json as unknown as { id: string }[]).map((item) => item.id));
      cursor = res.headers.get("X-Next-Cursor");
    } while (cursor && seen.length < 10);
    return seen;
  }

  it("pages a deal's disputes and its chat's files newest first, each with its own cursor", async () => {
    // Two dealers of their own: their chat holds only this test's photos.
    const [s, b] = [await signUpDealer(), await signUpDealer()];
    const dealId = await completedDeal(s, b);
    const photos = [];
    for (const name of ["a.png", "b.png", "c.png"]) photos.push(await sendChatPhoto(b, s, name));
    const opened: string[] = [];
    for (const prevails of ["seller", "buyer", null] as const) {
      const dispute = disputeSchema.parse((await open(b, dealId, { attachments: [photos[0]] })).json);
      opened.push(dispute.id);
      if (prevails) expect((await decide(dispute.id, prevails)).status).toBe(200);
    }

    const disputes = await pages(s, `/api/deals/${dealId}/disputes`, 2);
    expect(disputes.map((page) => page.length)).toEqual([2, 1]);
    expect(disputes.flat()).toEqual([...opened].reverse());
    const files = await pages(b, `/api/deals/${dealId}/dispute-files`, 2);
    expect(files.map((page) => page.length)).toEqual([2, 1]);
    expect(files.flat()).toEqual(photos.map((url) => url.split("/").pop()).reverse());

    // A cursor of one of these lists is refused by the other, and by the admin's list: 400, not another page.
    const first = await call("GET", `/api/deals/${dealId}/disputes?limit=1`, { cookie: b.cookie });
    const disputeCursor = first.headers.get("X-Next-Cursor")!;
    const admins = await call("GET", "/api/admin/disputes?limit=1", { cookie: admin.cookie });
    for (const [path, cursor, cookie] of [
      [`/api/deals/${dealId}/dispute-files`, disputeCursor, b.cookie],
      ["/api/admin/disputes", disputeCursor, admin.cookie],
      [`/api/deals/${dealId}/disputes`, admins.headers.get("X-Next-Cursor")!, b.cookie],
    ] as const) {
      const res = await call("GET", `${path}?cursor=${cursor}`, { cookie });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.json.message).toMatch(/cursor/i);
    }
  });
});

describe("disputes lost on the reputation", () => {
  /** The reputation on `dealerId`'s card as `viewer` reads it, once `done` holds (the refresh runs after the answer). */
  const reputationOf = (viewer: Dealer, dealerId: string, done: (r: Reputation) => boolean) =>
    eventually(async () => {
      const res = await call("GET", `/api/dealers/${dealerId}`, { cookie: viewer.cookie });
      expect(res.status, res.text).toBe(200);
      return directoryDealerSchema.parse((res.json as unknown as { dealer: unknown }).dealer).reputation;
    }, done);

  it("counts a decided dispute on the loser's card, and nothing on the winner's", async () => {
    const [s, b] = [await signUpDealer(), await signUpDealer()];
    expect((await reputationOf(stranger, s.dealerId, () => true)).disputesLost).toBe(0);
    const first = disputeSchema.parse((await open(b, await completedDeal(s, b))).json);
    expect((await decide(first.id, "buyer")).status).toBe(200);
    expect((await reputationOf(stranger, s.dealerId, (r) => r.disputesLost === 1)).disputesLost).toBe(1);
    expect((await reputationOf(stranger, b.dealerId, () => true)).disputesLost).toBe(0);

    const second = disputeSchema.parse((await open(b, await completedDeal(s, b))).json);
    expect((await decide(second.id, "seller")).status).toBe(200);
    expect((await reputationOf(stranger, b.dealerId, (r) => r.disputesLost === 1)).disputesLost).toBe(1);
    // The other figures are measured in the same refresh: the seller's two completed deals stay counted.
    expect(await reputationOf(stranger, s.dealerId, () => true)).toMatchObject({
      disputesLost: 1,
      dealsCompleted: 2,
    });
  });

  it("counts it for demo dealers too, decided by an admin of the real network", async () => {
    const [s, b] = [await signUpDealer(), await signUpDealer()];
    const dispute = disputeSchema.parse((await open(b, await completedDeal(s, b))).json);
    await env.DB.prepare("update dealers set is_demo = 1 where id in (?, ?)")
      .bind(s.dealerId, b.dealerId)
      .run();
    expect((await decide(dispute.id, "buyer")).status).toBe(200);
    // Measured across the wall: a refresh through the admin's network would have found none of their deals.
    expect(await reputationOf(b, s.dealerId, (r) => r.disputesLost === 1)).toMatchObject({
      disputesLost: 1,
      dealsCompleted: 1,
    });
  });
});
