import { sql } from "drizzle-orm";
import { toIso, toIsoOrNull, type DealerReview } from "#lib/api-types";

/** A review row with its reviewer and deal, as the review queries select it (`r`, `d` the deal, `w` the reviewer). */
export type ReviewRow = {
  id: string;
  dealId: string;
  reviewerId: string;
  reviewerName: string;
  reviewerDealership: string;
  reviewedId: string;
  vehicleAsDescribed: number;
  paperworkOnTime: number;
  paymentOnTime: number;
  communication: number;
  score: number;
  comment: string;
  year: number;
  make: string;
  model: string;
  reply: string | null;
  repliedAt: number | null;
  createdAt: number;
};

export const REVIEW_COLUMNS = sql`r.id as id, r.deal_id as dealId, r.reviewer_id as reviewerId,
  w.name as reviewerName, w.dealership_name as reviewerDealership, r.reviewed_id as reviewedId,
  r.vehicle_as_described as vehicleAsDescribed, r.paperwork_on_time as paperworkOnTime,
  r.payment_on_time as paymentOnTime, r.communication as communication, r.score as score, r.comment as comment,
  d.year as year, d.make as make, d.model as model, r.reply as reply, r.replied_at as repliedAt,
  r.created_at as createdAt`;

export const REVIEW_JOINS = sql`join deals d on d.id = r.deal_id join dealers w on w.id = r.reviewer_id`;

export function toReview(row: ReviewRow, viewerId: string | null): DealerReview {
  return {
    id: row.id,
    dealId: row.dealId,
    reviewer: { id: row.reviewerId, name: row.reviewerName, dealershipName: row.reviewerDealership },
    reviewedId: row.reviewedId,
    vehicleAsDescribed: row.vehicleAsDescribed,
    paperworkOnTime: row.paperworkOnTime,
    paymentOnTime: row.paymentOnTime,
    communication: row.communication,
    score: row.score,
    comment: row.comment,
    vehicle: `${row.year} ${row.make} ${row.model}`,
    reply: row.reply,
    repliedAt: toIsoOrNull(row.repliedAt),
    createdAt: toIso(row.createdAt),
    canReply: viewerId === row.reviewedId && row.reply === null,
  };
}
