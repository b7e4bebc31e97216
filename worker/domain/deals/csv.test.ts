import { describe, expect, it } from "vitest";
import type { Deal } from "#lib/api-types";
import { passThruCsv } from "./csv";

const deal = (over: Partial<Deal>): Deal => ({
  id: "d1",
  status: "completed",
  reviewStatus: "unreviewed",
  reviewNotes: null,
  myRole: "buyer",
  proposedByMe: false,
  canConfirm: false,
  proposer: null,
  counterparty: null,
  seller: null,
  buyer: { id: "b", name: "Bea Buyer", dealershipName: "Buyer Autos" },
  sellerName: "Sam Seller",
  postId: null,
  vin: "1FTEW1E50KFA12345",
  year: 2019,
  make: "Ford",
  model: "F-150",
  trim: "XLT",
  miles: 41250,
  color: "White",
  priceCents: 2_850_050,
  commissionCents: 57_000,
  estimatedCommissionCents: 57_000,
  location: "Dallas, TX",
  auction: "manheim",
  auctionLocation: "Manheim Dallas (Dallas, TX)",
  saleStatus: "completed",
  steps: [
    { step: "saleComplete", value: true, updatedBy: null, updatedAt: null },
    { step: "titleStatus", value: "received", updatedBy: null, updatedAt: null },
    { step: "gatePassIssued", value: false, updatedBy: null, updatedAt: null },
    { step: "inTransit", value: false, updatedBy: null, updatedAt: null },
    { step: "delivered", value: false, updatedBy: null, updatedAt: null },
  ],
  title: null,
  payment: null,
  unwind: null,
  billOfSaleUrl: null,
  signatures: [],
  signingGaps: { mine: [], theirs: [] },
  createdAt: "2026-11-20T10:00:00.000Z",
  confirmedAt: null,
  completedAt: null,
  approvedAt: null,
  ...over,
});

describe("passThruCsv", () => {
  it("writes one row per sale, dollars with cents, quoted where a comma or quote appears", () => {
    const [header, row] = passThruCsv([deal({})]).split("\r\n");
    expect(header).toContain("Price (USD),Commission (USD)");
    expect(row).toContain(
      ',28500.50,570.00,Sam Seller,Bea Buyer,"Dallas, TX",Manheim,"Manheim Dallas (Dallas, TX)",yes,received,no,no,no',
    );
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    const row = passThruCsv([deal({ sellerName: '=HYPERLINK("x")', trim: "+1", location: "@home" })]).split(
      "\r\n",
    )[1]!;
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain(",'+1,");
    expect(row).toContain(",'@home,");
  });
});
