import { sql } from "drizzle-orm";
import { toIso, type DealerReview, type DealReviewState } from "#lib/api-types";
import { REVIEW_SCORES, REVIEW_WINDOW_MS } from "#lib/reputation/constants";
import type { ReviewBody, ReviewReply } from "#lib/schemas/reputation";
import { batchable, type Database } from "../../db/client";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { conflict, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import { refreshReputations, revealed } from "./refresh";
import { REVIEW_COLUMNS, REVIEW_JOINS, toReview, type ReviewRow } from "./reviews";

const DEAL_NOT_FOUND = "Deal not found";

/** A dealer's revealed reviews, newest first: the last row's (created_at, id). */
const reviewsCursor = cursorKind("reviews.newest", cursorValue.time, cursorValue.id);

type DealFacts = {
  id: string;
  proposerId: string | null;
  counterpartyId: string | null;
  status: string;
  completedAt: number | null;
  otherName: string | null;
  otherDealership: string | null;
};

/**
 * Reputation: reviews after a completed deal (double-blind, one per dealer per deal, a public reply) and the
 * figures measured from what dealers did (refresh.ts, figures.ts). The only code that reads or writes
 * `deal_reviews` and `dealer_reputations`.
 */
export function reputationService(db: Database) {
  /** The deal as `dealerId` sees it, with the other dealer; 404 unless `dealerId` is one of its two. */
  async function dealOf(dealerId: string, dealId: string): Promise<DealFacts> {
    const [deal] = await db.all<DealFacts>(sql`
      select d.id as id, d.proposer_id as proposerId, d.counterparty_id as counterpartyId, d.status as status,
        d.completed_at as completedAt, o.name as otherName, o.dealership_name as otherDealership
      from deals d
      left join dealers o on o.id = case when d.proposer_id = ${dealerId} then d.counterparty_id else d.proposer_id end
      where d.id = ${dealId}`);
    if (!deal || (deal.proposerId !== dealerId && deal.counterpartyId !== dealerId))
      throw notFound(DEAL_NOT_FOUND);
    return deal;
  }

  const otherOf = (deal: DealFacts, dealerId: string) =>
    deal.proposerId === dealerId ? deal.counterpartyId : deal.proposerId;

  /** Both reviews of a deal, each as the reader may see it (the other's only once revealed). */
  const reviewsOfDeal = (dealId: string, now: number) =>
    db.all<ReviewRow & { shown: number }>(sql`
      select ${REVIEW_COLUMNS}, ${revealed(now)} as shown
      from deal_reviews r ${REVIEW_JOINS} where r.deal_id = ${dealId}`);

  async function state(dealerId: string, dealId: string, now = Date.now()): Promise<DealReviewState> {
    const [deal, reviews] = await Promise.all([dealOf(dealerId, dealId), reviewsOfDeal(dealId, now)]);
    const other = otherOf(deal, dealerId);
    const mine = reviews.find((r) => r.reviewerId === dealerId) ?? null;
    const theirs = reviews.find((r) => r.reviewerId !== dealerId) ?? null;
    const dueAt =
      deal.status === "completed" && deal.completedAt !== null ? deal.completedAt + REVIEW_WINDOW_MS : null;
    const windowOver = dueAt !== null && dueAt <= now;
    const shown = mine !== null && mine.shown === 1;
    const status: DealReviewState["status"] =
      dueAt === null || other === null
        ? "not-completed"
        : shown
          ? "revealed"
          : mine
            ? "waiting"
            : windowOver
              ? "closed"
              : "open";
    return {
      dealId,
      otherDealer: {
        id: other ?? "",
        name: deal.otherName ?? "",
        dealershipName: deal.otherDealership ?? "",
      },
      status,
      reviewDueAt: dueAt === null ? null : toIso(dueAt),
      mine: mine ? toReview(mine, dealerId) : null,
      theirs: theirs && theirs.shown === 1 ? toReview(theirs, dealerId) : null,
    };
  }

  return {
    state,

    /**
     * POST /api/deals/{id}/review: one of the deal's two dealers reviews the other, once, within the window after
     * completion. The second review reveals both; the two dealers' figures are measured again before answering.
     */
    async review(dealerId: string, dealId: string, input: ReviewBody, now = Date.now()) {
      const deal = await dealOf(dealerId, dealId);
      const other = otherOf(deal, dealerId);
      if (deal.status !== "completed" || deal.completedAt === null)
        throw conflict("You can review the other dealer once the deal is completed");
      if (other === null) throw conflict("This deal was recorded with a dealer outside DealerLane");
      if (now >= deal.completedAt + REVIEW_WINDOW_MS)
        throw conflict("The review window for this deal has closed");
      const scores = REVIEW_SCORES.map(([key]) => input[key]);
      const score = scores.reduce((sum, s) => sum + s, 0) / scores.length;
      const [written] = await db.batch([
        batchable(
          db,
          db.all<{ id: string }>(sql`
            insert into deal_reviews (id, deal_id, reviewer_id, reviewed_id, vehicle_as_described,
              paperwork_on_time, payment_on_time, communication, score, comment, created_at)
            values (${newId()}, ${dealId}, ${dealerId}, ${other}, ${input.vehicleAsDescribed},
              ${input.paperworkOnTime}, ${input.paymentOnTime}, ${input.communication}, ${score}, ${input.comment},
              ${now})
            on conflict (deal_id, reviewer_id) do nothing returning id`),
        ),
        // Both written: both show from now on.
        batchable(
          db,
          db.run(sql`
            update deal_reviews set revealed_at = ${now}
            where deal_id = ${dealId} and revealed_at is null
              and (select count(*) from deal_reviews c where c.deal_id = ${dealId}) = 2`),
        ),
      ]);
      if (written.length === 0) throw conflict("You have already reviewed this deal");
      await refreshReputations(db, [dealerId, other], now);
      return state(dealerId, dealId, now);
    },

    /** GET /api/dealers/{id}/reviews: the dealer's revealed reviews, newest first (404 for an unknown dealer). */
    async list(
      viewerId: string | null,
      dealerId: string,
      query: { cursor?: string; limit: number },
      now = Date.now(),
    ): Promise<Page<DealerReview>> {
      const cursor = reviewsCursor.decode(query.cursor);
      const after = cursor ? sql`and (r.created_at, r.id) < (${cursor[0]}, ${cursor[1]})` : sql``;
      // The page beside the dealer's existence: an unknown dealer (or one across the network wall) is a 404.
      const [rows, [dealer]] = await Promise.all([
        db.all<ReviewRow>(sql`
          select ${REVIEW_COLUMNS} from deal_reviews r ${REVIEW_JOINS}
          where r.reviewed_id = ${dealerId} and ${revealed(now)} ${after}
          order by r.created_at desc, r.id desc limit ${query.limit + 1}`),
        db.all<{ id: string }>(sql`select id from dealers where id = ${dealerId} and deleted_at is null`),
      ]);
      if (!dealer) throw notFound("Dealer not found");
      return pageOf(
        rows,
        query.limit,
        (row) => toReview(row, viewerId),
        (last) => reviewsCursor.encode(last.createdAt, last.id),
      );
    },

    /** The reviewed dealer answers a revealed review once, publicly (404 to anyone else, 409 the second time). */
    async reply(
      dealerId: string,
      reviewId: string,
      input: ReviewReply,
      now = Date.now(),
    ): Promise<DealerReview> {
      const [row] = await db.all<ReviewRow & { shown: number }>(sql`
        select ${REVIEW_COLUMNS}, ${revealed(now)} as shown
        from deal_reviews r ${REVIEW_JOINS} where r.id = ${reviewId}`);
      if (!row || row.reviewedId !== dealerId || row.shown !== 1) throw notFound("Review not found");
      if (row.reply !== null) throw conflict("You have already replied to this review");
      const [changed] = await db.all<{ id: string }>(sql`
        update deal_reviews set reply = ${input.reply}, replied_at = ${now}
        where id = ${reviewId} and reply is null returning id`);
      if (!changed) throw conflict("You have already replied to this review");
      return toReview({ ...row, reply: input.reply, repliedAt: now }, dealerId);
    },

    /** The figures of `dealerIds` measured again (after a deal moved, or a review). */
    refresh: (dealerIds: string[], now = Date.now()) => refreshReputations(db, dealerIds, now),

    /** The two dealers of a deal measured again (its completion, confirmation or title changed their figures). */
    async refreshDeal(dealId: string, now = Date.now()) {
      const [deal] = await db.all<{ proposerId: string | null; counterpartyId: string | null }>(sql`
        select proposer_id as proposerId, counterparty_id as counterpartyId from deals where id = ${dealId}`);
      const ids = [deal?.proposerId, deal?.counterpartyId].filter((id): id is string => Boolean(id));
      await refreshReputations(db, ids, now);
    },

    /**
     * The daily cron: every live dealer measured again, since figures move with time alone (a review window
     * ending reveals a review; replies older than the window drop out).
     */
    async refreshAll(now = Date.now()) {
      const rows = await db.all<{ id: string }>(sql`select id from dealers where deleted_at is null`);
      await refreshReputations(
        db,
        rows.map((r) => r.id),
        now,
      );
    },
  };
}

export type ReputationService = ReturnType<typeof reputationService>;
