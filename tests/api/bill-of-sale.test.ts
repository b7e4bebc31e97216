import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { dealSchema } from "#lib/api-types";
import { ESIGN_CONSENT_TEXT } from "#lib/bill-of-sale";
import {
  signedRecordJson,
  type BillOfSaleContent,
  type SignatureRecord,
} from "../../worker/domain/bill-of-sale/content";
import { sha256Hex } from "../../worker/domain/shared/ids";
import { ORIGIN, call, freshIp, sessionCookieOf, signUpDealer } from "./helpers";
import { pdfText } from "./pdf-text";

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

const VIN = "1FTEW1E50KFA12345";

async function withProfile(dealer: Dealer, name: string, dealership: string, licence: string | null) {
  await env.DB.prepare(
    "update dealers set name = ?, dealership_name = ?, license_number = ?, address = '4100 Lamar Blvd', city = 'Austin', state = 'TX', zip_code = '78756' where id = ?",
  )
    .bind(name, dealership, licence, dealer.dealerId)
    .run();
  return dealer;
}

/** A confirmed deal between the two, the first one selling. */
async function confirmedDeal(seller: Dealer, buyer: Dealer, vehicle: Record<string, unknown> = {}) {
  const proposed = await call("POST", "/api/deals", {
    cookie: seller.cookie,
    body: {
      counterpartyId: buyer.dealerId,
      role: "seller",
      vehicle: {
        vin: VIN,
        year: 2019,
        make: "Ford",
        model: "F-150",
        trim: "XLT",
        miles: 41250,
        color: "White",
        ...vehicle,
      },
      price: 28500,
      location: "Dallas, TX",
    },
  });
  expect(proposed.status, proposed.text).toBe(201);
  const id = (proposed.json as unknown as { id: string }).id;
  const confirmed = await call("POST", `/api/deals/${id}/confirm`, { cookie: buyer.cookie });
  expect(confirmed.status, confirmed.text).toBe(200);
  return id;
}

const sign = (dealer: { cookie: string }, dealId: string, body: Record<string, unknown>, headers = {}) =>
  call("POST", `/api/deals/${dealId}/sign`, { cookie: dealer.cookie, body, headers });

async function pdfOf(dealer: { cookie: string }, dealId: string, query = "") {
  const res = await SELF.fetch(`${ORIGIN}/api/deals/${dealId}/bill-of-sale${query}`, {
    headers: { Cookie: dealer.cookie },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  return pdfText(new Uint8Array(await res.arrayBuffer()));
}

let seller: Dealer;
let buyer: Dealer;
let stranger: Dealer;

beforeAll(async () => {
  seller = await withProfile(await signUpDealer(), "Sam Seller", "Seller Motors", "TX-P12345");
  buyer = await withProfile(await signUpDealer(), "Bea Buyer", "Buyer Autos", "TX-P67890");
  stranger = await withProfile(await signUpDealer(), "Stan Stranger", "Other Cars", "TX-P00001");
});

describe("POST /api/deals/{id}/sign", () => {
  it("takes the seller's signature first, then the buyer's, and issues the signed PDF with the odometer statement and its SHA-256", async () => {
    const dealId = await confirmedDeal(seller, buyer);
    const draft = await pdfOf(buyer, dealId);
    expect(draft).toContain("Odometer Disclosure Statement");
    expect(draft).toContain("Not signed yet");

    const early = await sign(buyer, dealId, { fullName: "Bea Buyer", consent: true });
    expect(early.status, early.text).toBe(409);
    expect(early.json.message).toMatch(/seller signs the Bill of Sale first/);

    const first = await sign(
      seller,
      dealId,
      { fullName: "  Sam   Seller ", consent: true, odometer: "not-actual", paymentMethod: "ach" },
      { "User-Agent": "SellerPhone/1.0", "CF-Connecting-IP": "198.51.100.7" },
    );
    expect(first.status, first.text).toBe(200);
    const afterSeller = dealSchema.parse(first.json);
    expect(afterSeller.signatures).toEqual([
      { dealerId: seller.dealerId, name: "Sam Seller", at: expect.any(String) },
    ]);
    expect((await sign(seller, dealId, { fullName: "Sam Seller", consent: true })).status).toBe(409);
    const partly = await pdfOf(buyer, dealId);
    expect(partly).toContain("/s/ Sam Seller (signed electronically)");
    expect(partly).toContain("waiting for the buyer");

    const second = await sign(
      buyer,
      dealId,
      { fullName: "Bea Buyer", consent: true },
      { "User-Agent": "BuyerLaptop/2.0" },
    );
    expect(second.status, second.text).toBe(200);
    const signed = dealSchema.parse(second.json);
    expect(signed.signatures.map((s) => s.dealerId)).toEqual([seller.dealerId, buyer.dealerId]);
    expect((await sign(buyer, dealId, { fullName: "Bea Buyer", consent: true })).status).toBe(409);

    const text = await pdfOf(seller, dealId);
    for (const expected of [
      "now reads 41,250 miles (no tenths)",
      "[X] (2) I hereby certify that the odometer reading is not the actual mileage. WARNING - ODOMETER",
      "Is not the actual mileage - WARNING: ODOMETER DISCREPANCY",
      "/s/ Sam Seller (signed electronically)",
      "/s/ Bea Buyer (signed electronically)",
      "TX-P12345",
      "TX-P67890",
      "4100 Lamar Blvd, Austin, TX 78756, US",
      "ACH transfer",
      "Audit trail",
      "SellerPhone/1.0",
      "BuyerLaptop/2.0",
      "198.51.100.7",
      VIN,
      "$28,500",
    ])
      expect(text).toContain(expected);

    // The hash on the document is the SHA-256 of the stored content and both signatures, canonically written.
    const version = await env.DB.prepare(
      "select content, sha256 from bill_of_sale_versions where deal_id = ? and version = 1",
    )
      .bind(dealId)
      .first<{ content: string; sha256: string }>();
    expect(text).toContain(version!.sha256);
    const rows = await env.DB.prepare(
      "select dealer_id, role, full_name, signed_at, ip, place, user_agent, consent_text from bill_of_sale_signatures where deal_id = ? order by signed_at",
    )
      .bind(dealId)
      .all<Record<string, string | number | null>>();
    const signatures: SignatureRecord[] = rows.results.map((r) => ({
      dealerId: String(r.dealer_id),
      role: r.role as "seller" | "buyer",
      fullName: String(r.full_name),
      signedAt: new Date(Number(r.signed_at)).toISOString(),
      ip: r.ip as string | null,
      place: r.place as string | null,
      userAgent: r.user_agent as string | null,
      consentText: String(r.consent_text),
    }));
    expect(signatures[0]!.consentText).toBe(ESIGN_CONSENT_TEXT);
    const content = JSON.parse(version!.content) as BillOfSaleContent;
    expect(await sha256Hex(signedRecordJson(content, signatures))).toBe(version!.sha256);
  });

  it("refuses a third dealer (404), consent not given (400) and a blank name (400)", async () => {
    const dealId = await confirmedDeal(seller, buyer);
    expect((await sign(stranger, dealId, { fullName: "Stan Stranger", consent: true })).status).toBe(404);
    const refused = await sign(seller, dealId, { fullName: "Sam Seller", consent: false });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("agree to sign electronically");
    expect((await sign(seller, dealId, { fullName: "Sam Seller" })).status).toBe(400);
    expect((await sign(seller, dealId, { fullName: "   ", consent: true })).status).toBe(400);
    expect((await sign(seller, dealId, { fullName: "x".repeat(121), consent: true })).status).toBe(400);
    const deal = dealSchema.parse(
      (await call("GET", `/api/deals/${dealId}`, { cookie: seller.cookie })).json,
    );
    expect(deal.signatures).toEqual([]);
  });

  it("refuses a pending deal", async () => {
    const proposed = await call("POST", "/api/deals", {
      cookie: seller.cookie,
      body: {
        counterpartyId: buyer.dealerId,
        role: "seller",
        vehicle: { year: 2019, make: "Ford", model: "F-150", trim: "XLT", miles: 1000, color: "White" },
        price: 1000,
        location: "Dallas, TX",
      },
    });
    const id = (proposed.json as unknown as { id: string }).id;
    expect((await sign(seller, id, { fullName: "Sam Seller", consent: true })).status).toBe(409);
    expect((await call("GET", `/api/deals/${id}/bill-of-sale`, { cookie: seller.cookie })).status).toBe(404);
  });

  it("names the missing licence number, for the dealer who lacks it and for the other one", async () => {
    const unlicensed = await withProfile(await signUpDealer(), "Una Licensed", "Gap Motors", null);
    const dealId = await confirmedDeal(unlicensed, buyer);
    const deal = dealSchema.parse(
      (await call("GET", `/api/deals/${dealId}`, { cookie: unlicensed.cookie })).json,
    );
    expect(deal.signingGaps).toEqual({ mine: ["licenseNumber"], theirs: [] });
    const mine = await sign(unlicensed, dealId, { fullName: "Una Licensed", consent: true });
    expect(mine.status).toBe(409);
    expect(mine.json.message).toMatch(/Add your dealer license number to your profile/);
    const theirs = await sign(buyer, dealId, { fullName: "Bea Buyer", consent: true });
    expect(theirs.status).toBe(409);
    expect(theirs.json.message).toMatch(/seller has not added their dealer license number/);
  });

  it("keeps a signed version when the deal is corrected, and the corrected one is signed anew", async () => {
    const dealId = await confirmedDeal(seller, buyer);
    await sign(seller, dealId, { fullName: "Sam Seller", consent: true });
    await sign(buyer, dealId, { fullName: "Bea Buyer", consent: true });
    const completed = await call("POST", "/api/deals/complete", {
      cookie: seller.cookie,
      body: {
        dealId,
        vin: VIN,
        year: 2019,
        make: "Ford",
        model: "F-150",
        trim: "XLT",
        miles: 41_300,
        location: "Dallas, TX",
        price: 28_500,
      },
    });
    expect(completed.status, completed.text).toBe(200);
    // The completion opened the corrected version: nobody has signed it yet.
    const deal = dealSchema.parse((await call("GET", `/api/deals/${dealId}`, { cookie: buyer.cookie })).json);
    expect(deal.signatures).toEqual([]);
    const corrected = await pdfOf(buyer, dealId);
    expect(corrected).toContain("Version 2");
    expect(corrected).toContain("now reads 41,300 miles");
    expect(corrected).toContain("Not signed yet");
    const original = await pdfOf(buyer, dealId, "?version=1");
    expect(original).toContain("now reads 41,250 miles");
    expect(original).toContain("/s/ Bea Buyer (signed electronically)");
    expect(
      (await call("GET", `/api/deals/${dealId}/bill-of-sale?version=9`, { cookie: buyer.cookie })).status,
    ).toBe(404);
    expect((await sign(seller, dealId, { fullName: "Sam Seller", consent: true })).status).toBe(200);
    expect((await sign(buyer, dealId, { fullName: "Bea Buyer", consent: true })).status).toBe(200);
    const resigned = await pdfOf(seller, dealId);
    expect(resigned).toContain("Version 2");
    expect(resigned).toContain("/s/ Bea Buyer (signed electronically)");
  });
});

describe("the odometer exemptions (49 CFR 580.17)", () => {
  it("says a 2010 vehicle is exempt instead of stating its reading", async () => {
    const dealId = await confirmedDeal(seller, buyer, { year: 2010, vin: undefined });
    const text = await pdfOf(seller, dealId);
    expect(text).toContain("model year 2010 or older");
    expect(text).not.toContain("now reads");
  });

  it("states the reading of a 2011 vehicle under 20 years old, and exempts it when the seller marks it heavy", async () => {
    const dealId = await confirmedDeal(seller, buyer, { year: 2011, vin: undefined });
    const year = new Date().getUTCFullYear();
    const draft = await pdfOf(seller, dealId);
    if (year < 2031) expect(draft).toContain("now reads 41,250 miles");
    await sign(seller, dealId, { fullName: "Sam Seller", consent: true, heavyVehicle: true });
    expect(await pdfOf(buyer, dealId)).toContain("gross vehicle weight rating over 16,000 lb");
  });
});

describe("the demo network and the real one", () => {
  it("answers 404 to a demo account signing or reading a real deal's Bill of Sale", async () => {
    const dealId = await confirmedDeal(seller, buyer);
    const demo = await call("POST", "/api/auth/create-dummy", { headers: { "CF-Connecting-IP": freshIp() } });
    expect(demo.status).toBe(201);
    const cookie = sessionCookieOf(demo.headers);
    expect((await sign({ cookie }, dealId, { fullName: "Demo Dealer", consent: true })).status).toBe(404);
    expect((await call("GET", `/api/deals/${dealId}/bill-of-sale`, { cookie })).status).toBe(404);
    const stored = await env.DB.prepare("select count(*) as n from bill_of_sale_signatures where deal_id = ?")
      .bind(dealId)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });
});
