import { sql, type SQL } from "drizzle-orm";
import { toIso, toIsoOrNull, type Deal, type PassThruStepState } from "#lib/api-types";
import {
  PASS_THRU_STEPS,
  SELLER_NAME_FALLBACK,
  commissionCents,
  type DealStatus,
  type PassThruStep,
  type SaleStatus,
  type TitleStatus,
} from "#lib/deals/constants";
import { SIGNING_COLUMNS, signaturesOf, signingGapsOf } from "./signing";
import { inChunks, listOf } from "../../db/bound-parameters";
import { batchable, type Database } from "../../db/client";
import type { deals } from "../../db/schema";
import { CLOCK_COLUMNS, CLOCK_JOIN, clocksOf, type ClockColumns } from "./clock-views";

type Name = string | null;

/** A deal row with its four parties' names and its clocks, as one query reads it. */
export type DealRow = Omit<typeof deals.$inferSelect, "closedAt" | "updatedAt" | "disclosures"> &
  ClockColumns & {
    /** JSON text as the raw statement reads it. */
    disclosures: string | null;
    proposerName: Name;
    proposerDealership: Name;
    counterpartyName: Name;
    counterpartyDealership: Name;
    sellerDealerName: Name;
    sellerDealership: Name;
    sellerDealerEmail: Name;
    buyerDealerName: Name;
    buyerDealership: Name;
    buyerDealerEmail: Name;
    /** What each side's profile still lacks for signing, and the current Bill of Sale's signatures (JSON text). */
    sellerProfile: string | null;
    buyerProfile: string | null;
    signatures: string | null;
  };

export const DEAL_COLUMNS = sql`
  d.id as id, d.proposer_id as proposerId, d.counterparty_id as counterpartyId, d.seller_id as sellerId,
  d.buyer_id as buyerId, d.post_id as postId, d.vin as vin, d.year as year, d.make as make, d.model as model,
  d.trim as trim, d.miles as miles, d.color as color, d.price_cents as priceCents,
  d.commission_cents as commissionCents, d.location as location, d.auction as auction,
  d.auction_location as auctionLocation, d.status as status, d.review_status as reviewStatus,
  d.review_notes as reviewNotes, d.reviewed_at as reviewedAt, d.seller_name as sellerName,
  d.seller_email as sellerEmail, d.buyer_email as buyerEmail,
  d.bill_of_sale_key as billOfSaleKey, d.disclosures as disclosures, d.created_at as createdAt, d.confirmed_at as confirmedAt,
  d.completed_at as completedAt,
  p.name as proposerName, p.dealership_name as proposerDealership,
  c.name as counterpartyName, c.dealership_name as counterpartyDealership,
  s.name as sellerDealerName, s.dealership_name as sellerDealership, s.email as sellerDealerEmail,
  b.name as buyerDealerName, b.dealership_name as buyerDealership, b.email as buyerDealerEmail,
  ${SIGNING_COLUMNS},
  ${CLOCK_COLUMNS}`;

export const DEAL_JOINS = sql`
  left join dealers p on p.id = d.proposer_id
  left join dealers c on c.id = d.counterparty_id
  left join dealers s on s.id = d.seller_id
  left join dealers b on b.id = d.buyer_id
  ${CLOCK_JOIN}`;

export type StepRow = {
  dealId: string;
  step: PassThruStep;
  value: string;
  updatedBy: string | null;
  updatedByName: string | null;
  updatedByDealership: string | null;
  updatedAt: number;
};

/** The steps with the dealer who last set each; a `where` on `t.deal_id` follows. */
const STEPS = sql`select t.deal_id as dealId, t.step as step, t.value as value, t.updated_by as updatedBy,
    u.name as updatedByName, u.dealership_name as updatedByDealership, t.updated_at as updatedAt
  from pass_thru_steps t left join dealers u on u.id = t.updated_by`;

function byDeal(rows: StepRow[]): Map<string, StepRow[]> {
  const steps = new Map<string, StepRow[]>();
  for (const row of rows) steps.set(row.dealId, [...(steps.get(row.dealId) ?? []), row]);
  return steps;
}

/** One deal's steps as a statement, for the `batch` that writes them. */
export function stepsOfDealStatement(db: Database, dealId: string) {
  return batchable(db, db.all<StepRow>(sql`${STEPS} where t.deal_id = ${dealId}`));
}

/** The steps of the deals a subquery picks (`select d.id from deals d …`), grouped by deal: read beside the deals. */
export async function stepsOfDealsIn(db: Database, dealIds: SQL): Promise<Map<string, StepRow[]>> {
  return byDeal(await db.all<StepRow>(sql`${STEPS} where t.deal_id in (${dealIds})`));
}

/** Every step of these deals: one query per run of ids that D1 can bind. */
export async function stepsOf(db: Database, dealIds: string[]): Promise<Map<string, StepRow[]>> {
  const rows: StepRow[] = [];
  for (const chunk of inChunks(dealIds))
    rows.push(...(await db.all<StepRow>(sql`${STEPS} where t.deal_id in (${listOf(chunk)})`)));
  return byDeal(rows);
}

const party = (id: string | null, name: string | null, dealership: string | null) =>
  id && name !== null ? { id, name, dealershipName: dealership ?? "" } : null;

function stepStates(rows: StepRow[]): PassThruStepState[] {
  return PASS_THRU_STEPS.map((step) => {
    const row = rows.find((r) => r.step === step);
    const value: boolean | TitleStatus =
      step === "titleStatus" ? ((row?.value as TitleStatus | undefined) ?? "missing") : row?.value === "true";
    return {
      step,
      value,
      updatedBy: row ? party(row.updatedBy, row.updatedByName, row.updatedByDealership) : null,
      updatedAt: row ? toIso(row.updatedAt) : null,
    };
  });
}

/** Colours: completed green, pending yellow, in-transit blue. Delivered or completed reads completed. */
function saleStatusOf(status: DealStatus, steps: PassThruStepState[]): SaleStatus | null {
  if (status !== "confirmed" && status !== "completed") return null;
  const on = (s: PassThruStep) => steps.find((x) => x.step === s)?.value === true;
  if (on("delivered")) return "completed";
  if (on("inTransit")) return "in-transit";
  return status === "completed" ? "completed" : "pending";
}

export const sellerNameOf = (row: DealRow) => row.sellerDealerName || row.sellerName || SELLER_NAME_FALLBACK;

const billOfSalePath = (dealId: string) => `/api/deals/${dealId}/bill-of-sale`;

/** When the title reached the buyer: the title step's time while it reads 'received', else null. */
export const titleReceivedAtOf = (steps: readonly StepRow[]) =>
  steps.find((s) => s.step === "titleStatus" && s.value === "received")?.updatedAt ?? null;

/** The deal as `viewerId` sees it (its clocks as they stand at `now`). */
export function toDeal(row: DealRow, viewerId: string, steps: StepRow[] = [], now = Date.now()): Deal {
  const stepList = stepStates(steps);
  const myRole = row.sellerId === viewerId ? "seller" : row.buyerId === viewerId ? "buyer" : "recorder";
  return {
    id: row.id,
    status: row.status,
    reviewStatus: row.reviewStatus,
    reviewNotes: row.reviewNotes,
    myRole,
    proposedByMe: row.proposerId === viewerId,
    canConfirm: row.status === "pending" && row.counterpartyId === viewerId && row.proposerId !== viewerId,
    proposer: party(row.proposerId, row.proposerName, row.proposerDealership),
    counterparty: party(row.counterpartyId, row.counterpartyName, row.counterpartyDealership),
    seller: party(row.sellerId, row.sellerDealerName, row.sellerDealership),
    buyer: party(row.buyerId, row.buyerDealerName, row.buyerDealership),
    sellerName: sellerNameOf(row),
    postId: row.postId,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    miles: row.miles,
    color: row.color,
    priceCents: row.priceCents,
    commissionCents: row.commissionCents,
    estimatedCommissionCents: commissionCents(row.priceCents),
    location: row.location,
    auction: row.auction,
    auctionLocation: row.auctionLocation,
    // A deal the admin approved shows as completed in Pass Thru Sales.
    saleStatus:
      row.reviewStatus === "approved" && (row.status === "confirmed" || row.status === "completed")
        ? "completed"
        : saleStatusOf(row.status, stepList),
    steps: stepList,
    billOfSaleUrl: row.status === "completed" || row.status === "confirmed" ? billOfSalePath(row.id) : null,
    signatures: signaturesOf(row),
    signingGaps: signingGapsOf(row, viewerId),
    ...clocksOf(row, viewerId, titleReceivedAtOf(steps), now),
    createdAt: toIso(row.createdAt),
    confirmedAt: toIsoOrNull(row.confirmedAt),
    completedAt: toIsoOrNull(row.completedAt),
    approvedAt: row.reviewStatus === "approved" ? toIsoOrNull(row.reviewedAt) : null,
    disclosures: row.disclosures ? (JSON.parse(row.disclosures) as Deal["disclosures"]) : null,
  };
}

export const vehicleName = (d: { year: number; make: string; model: string; trim?: string | null }) =>
  [d.year, d.make, d.model, d.trim].filter(Boolean).join(" ");
