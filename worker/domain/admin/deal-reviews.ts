import { eq, sql } from "drizzle-orm";
import type { AdminDealsQuery, ProcessDealInput } from "#lib/admin";
import { toIso, toIsoOrNull, type AdminDeal } from "#lib/api-types";
import type { Database } from "../../db/client";
import { deals } from "../../db/schema";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { conflict, notFound } from "../shared/errors";
import { DEAL_COLUMNS, DEAL_JOINS, sellerNameOf, vehicleName, type DealRow } from "../deals/views";
import type { AdminActor, AuditTrail } from "./audit";

const dealsCursor = cursorKind("admin-deals.newest", cursorValue.time, cursorValue.id);

const party = (id: string | null, name: string | null, dealershipName: string | null) =>
  id ? { id, name: name ?? "", dealershipName: dealershipName ?? "" } : null;

const toAdminDeal = (row: DealRow): AdminDeal => ({
  id: row.id,
  status: row.status,
  reviewStatus: row.reviewStatus,
  reviewNotes: row.reviewNotes,
  reviewedAt: toIsoOrNull(row.reviewedAt),
  seller: party(row.sellerId, row.sellerDealerName, row.sellerDealership),
  buyer: party(row.buyerId, row.buyerDealerName, row.buyerDealership),
  sellerName: sellerNameOf(row),
  vehicle: vehicleName(row),
  vin: row.vin,
  priceCents: row.priceCents,
  commissionCents: row.commissionCents,
  createdAt: toIso(row.createdAt),
});

type DealReviewDeps = {
  audit: AuditTrail;
  /** Tells both dealers (live frame, notification): worker/domain/deals/announce.ts `reviewed`. */
  announce: (dealId: string) => Promise<void>;
};

/** /admin/deals: every deal, and the admin's Approve / Reject. */
export function dealReviews(db: Database, deps: DealReviewDeps) {
  async function rowOf(dealId: string): Promise<DealRow> {
    const [row] = await db.all<DealRow>(
      sql`select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS} where d.id = ${dealId}`,
    );
    if (!row) throw notFound("Deal not found");
    return row;
  }

  return {
    async list(query: AdminDealsQuery): Promise<Page<AdminDeal>> {
      const cursor = dealsCursor.decode(query.cursor);
      const filters = [
        query.status ? sql`d.status = ${query.status}` : null,
        query.review ? sql`d.review_status = ${query.review}` : null,
        cursor ? sql`(d.created_at, d.id) < (${cursor[0]}, ${cursor[1]})` : null,
      ].filter((f) => f !== null);
      const rows = await db.all<DealRow>(sql`
        select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS}
        ${filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``}
        order by d.created_at desc, d.id desc
        limit ${query.limit + 1}`);
      return pageOf(rows, query.limit, toAdminDeal, (last) => dealsCursor.encode(last.createdAt, last.id));
    },

    /** Approve or reject with notes; both dealers are told after the answer. A withdrawn or declined deal is final. */
    async process(
      actor: AdminActor,
      dealId: string,
      input: ProcessDealInput,
      now = Date.now(),
    ): Promise<AdminDeal> {
      const before = await rowOf(dealId);
      if (before.status === "declined" || before.status === "withdrawn")
        throw conflict(`This deal was ${before.status}: there is nothing to approve or reject`);
      await db.batch([
        db
          .update(deals)
          .set({
            reviewStatus: input.decision,
            reviewNotes: input.notes || null,
            reviewedAt: now,
            updatedAt: now,
          })
          .where(eq(deals.id, dealId)),
        deps.audit.entry(actor, {
          action: input.decision === "approved" ? "deal.approve" : "deal.reject",
          recordType: "deal",
          recordId: dealId,
          before: { reviewStatus: before.reviewStatus, reviewNotes: before.reviewNotes },
          after: { reviewStatus: input.decision, reviewNotes: input.notes || null },
        }),
      ]);
      await deps.announce(dealId);
      return toAdminDeal(await rowOf(dealId));
    },
  };
}
