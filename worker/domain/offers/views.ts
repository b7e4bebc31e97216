import { sql } from "drizzle-orm";
import { toIso, type ChatOfferCard, type Offer } from "#lib/api-types";
import type { Disclosures } from "#lib/schemas/disclosures";
import type { OfferSide, OfferStatus, OfferTerms } from "#lib/schemas/offers";
import { batchable, type Database } from "../../db/client";
import type { OfferHistoryStep } from "../../db/schema";

/** An offer with its two dealers' names and its vehicle, as one query reads it (JSON columns as text). */
export type OfferRow = {
  id: string;
  vehicleId: string;
  postId: string;
  buyerId: string;
  sellerId: string;
  status: OfferStatus;
  priceCents: number;
  turn: OfferSide;
  clockHours: number;
  expiresAt: number;
  terms: string;
  history: string;
  disclosures: string | null;
  dealId: string | null;
  createdAt: number;
  updatedAt: number;
  buyerName: string;
  buyerDealership: string;
  sellerName: string;
  sellerDealership: string;
  year: number | null;
  make: string;
  model: string;
  trim: string | null;
  mileage: number | null;
  askingPriceCents: number | null;
  photoUrl: string | null;
};

export const OFFER_COLUMNS = sql`
  o.id as id, o.vehicle_id as vehicleId, o.post_id as postId, o.buyer_id as buyerId, o.seller_id as sellerId,
  o.status as status, o.price_cents as priceCents, o.turn as turn, o.clock_hours as clockHours,
  o.expires_at as expiresAt, o.terms as terms, o.history as history, o.disclosures as disclosures,
  o.deal_id as dealId, o.created_at as createdAt, o.updated_at as updatedAt,
  b.name as buyerName, b.dealership_name as buyerDealership,
  s.name as sellerName, s.dealership_name as sellerDealership,
  v.year as year, v.make as make, v.model as model, v.trim as trim, v.mileage as mileage,
  v.price_cents as askingPriceCents, json_extract(p.photo_urls, '$[0]') as photoUrl`;

export const OFFER_JOINS = sql`
  join dealers b on b.id = o.buyer_id
  join dealers s on s.id = o.seller_id
  join vehicles v on v.id = o.vehicle_id
  join inventory_posts p on p.id = o.post_id`;

/** One offer's row as a statement (to go in a `batch`, or be awaited). */
export const offerRowStatement = (db: Database, offerId: string) =>
  batchable(
    db,
    db.all<OfferRow>(sql`select ${OFFER_COLUMNS} from offers o ${OFFER_JOINS} where o.id = ${offerId}`),
  );

const dollars = (cents: number) => Math.round(cents / 100);

export const historyOf = (row: Pick<OfferRow, "history">) => JSON.parse(row.history) as OfferHistoryStep[];

export const sideOf = (row: Pick<OfferRow, "buyerId">, dealerId: string): OfferSide =>
  row.buyerId === dealerId ? "buyer" : "seller";

export const dealerOf = (row: Pick<OfferRow, "buyerId" | "sellerId">, side: OfferSide) =>
  side === "buyer" ? row.buyerId : row.sellerId;

export const otherSide = (side: OfferSide): OfferSide => (side === "buyer" ? "seller" : "buyer");

/** "2020 Ford F-150": the vehicle first, in a dealer's words. */
export const vehicleOf = (row: Pick<OfferRow, "year" | "make" | "model">) =>
  [row.year, row.make, row.model].filter(Boolean).join(" ");

/** The offer as `viewerId` (one of its two dealers) sees it. */
export function toOffer(row: OfferRow, viewerId: string): Offer {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    postId: row.postId,
    buyer: { id: row.buyerId, name: row.buyerName, dealershipName: row.buyerDealership },
    seller: { id: row.sellerId, name: row.sellerName, dealershipName: row.sellerDealership },
    status: row.status,
    price: dollars(row.priceCents),
    turn: row.turn,
    myRole: sideOf(row, viewerId),
    clockHours: row.clockHours,
    expiresAt: toIso(row.expiresAt),
    terms: JSON.parse(row.terms) as OfferTerms,
    history: historyOf(row).map((step) => ({
      by: step.by,
      action: step.action,
      ...(step.priceCents !== undefined ? { price: dollars(step.priceCents) } : {}),
      ...(step.message ? { message: step.message } : {}),
      at: toIso(step.at),
    })),
    ...(row.dealId ? { dealId: row.dealId } : {}),
    disclosures: row.disclosures ? (JSON.parse(row.disclosures) as Disclosures) : null,
    vehicle: {
      year: row.year,
      make: row.make,
      model: row.model,
      trim: row.trim,
      mileage: row.mileage,
      askingPriceCents: row.askingPriceCents,
      photoUrl: row.photoUrl,
    },
    createdAt: toIso(row.createdAt),
  };
}

/** The card the offer's latest step leaves in the two dealers' chat. */
export function cardOf(row: OfferRow): ChatOfferCard {
  const steps = historyOf(row);
  const last = steps[steps.length - 1]!;
  return {
    offerId: row.id,
    action: last.action,
    by: last.by,
    price: dollars(row.priceCents),
    vehicle: vehicleOf(row),
    message: last.message ?? null,
  };
}
