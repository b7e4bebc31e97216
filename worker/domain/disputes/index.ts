import { sql } from "drizzle-orm";
import type { AnswerDispute, Dispute, DisputeFile, OpenDispute } from "#lib/schemas/disputes";
import { DISPUTE_REASONS, DISPUTE_WINDOW_DAYS, disputeWindowEndsAt } from "#lib/schemas/disputes";
import { batchable, type Database } from "../../db/client";
import { inChunks, listOf } from "../../db/bound-parameters";
import { LIMITS, type RateLimitService } from "../rate-limits";
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import type { DisputeStep } from "./announce";
import {
  DISPUTE_COLUMNS,
  DISPUTE_JOINS,
  chatFileIdOf,
  filesOfChat,
  filesOfDisputesIn,
  toDispute,
  type DisputeRow,
} from "./views";

/** The most chat files the picker offers, newest first. */
const PICKABLE_FILES = 100;

const DEAL_NOT_FOUND = "Deal not found";
const NOT_IN_CHAT = "Pick photos and files from your chat with this dealer";

type DealParties = {
  id: string;
  sellerId: string | null;
  buyerId: string | null;
  status: string;
  completedAt: number | null;
};

type DisputeDeps = {
  rateLimits: RateLimitService;
  /** Tells both dealers of the step (bell, e-mail, push); runs after the answer. */
  announce: (step: DisputeStep, row: DisputeRow) => Promise<void>;
};

const pairKeyOf = (a: string, b: string) => [a, b].sort().join(":");

/** A dispute's row, for the statement that reads it back (walled like every read of the request). */
const rowSql = (where: ReturnType<typeof sql>) =>
  sql`select ${DISPUTE_COLUMNS} from deal_disputes x ${DISPUTE_JOINS} where ${where}`;

/**
 * Disputes on completed deals, as the deal's two dealers see them: the buyer opens one within
 * DISPUTE_WINDOW_DAYS of completion, the seller answers it once. Anyone else gets the deal's 404.
 */
export function disputeService(db: Database, deps: DisputeDeps) {
  /** The deal if `dealerId` is its buyer or seller (a recorded deal has neither): 404 otherwise. */
  async function partyDeal(dealerId: string, dealId: string): Promise<DealParties> {
    const [deal] = await db.all<DealParties>(sql`
      select id, seller_id as sellerId, buyer_id as buyerId, status, completed_at as completedAt
      from deals where id = ${dealId}`);
    if (!deal || (deal.sellerId !== dealerId && deal.buyerId !== dealerId)) throw notFound(DEAL_NOT_FOUND);
    return deal;
  }

  /** The file ids of `urls`, each one a file sent in the chat between the deal's two dealers: 400 otherwise. */
  async function chatFileIds(deal: DealParties, urls: readonly string[]): Promise<string[]> {
    const ids = urls.map((url) => {
      const id = chatFileIdOf(url);
      if (!id) throw badRequest(NOT_IN_CHAT);
      return id;
    });
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = await db.all<{ fileId: string }>(sql`
      select ca.file_id as fileId from chat_attachments ca
      where ca.chat_id = (select id from chats where pair_key = ${pairKeyOf(deal.sellerId!, deal.buyerId!)})
        and ca.file_id in (${listOf(unique)})`);
    if (found.length !== unique.length) throw badRequest(NOT_IN_CHAT);
    return unique;
  }

  async function readBack(disputeId: string): Promise<{ row: DisputeRow; dispute: Dispute }> {
    const [[row], files] = await Promise.all([
      db.all<DisputeRow>(rowSql(sql`x.id = ${disputeId}`)),
      filesOfDisputesIn(db, sql`${disputeId}`),
    ]);
    if (!row) throw notFound("Dispute not found");
    return { row, dispute: toDispute(row, files) };
  }

  return {
    /** GET /api/deals/{id}/disputes: the deal's disputes, newest first (one undecided at most). */
    async forDeal(dealerId: string, dealId: string): Promise<Dispute[]> {
      await partyDeal(dealerId, dealId);
      const [rows, files] = await Promise.all([
        db.all<DisputeRow>(sql`${rowSql(sql`x.deal_id = ${dealId}`)} order by x.created_at desc, x.id desc`),
        filesOfDisputesIn(db, sql`select y.id from deal_disputes y where y.deal_id = ${dealId}`),
      ]);
      return rows.map((row) => toDispute(row, files));
    },

    /** GET /api/deals/{id}/dispute-files: the photos and files of the two dealers' chat, to pick from. */
    async chatFiles(dealerId: string, dealId: string): Promise<DisputeFile[]> {
      const deal = await partyDeal(dealerId, dealId);
      return filesOfChat(db, pairKeyOf(deal.sellerId!, deal.buyerId!), PICKABLE_FILES);
    },

    /** POST /api/deals/{id}/disputes: the buyer, on a completed deal, within the window; one undecided at a time. */
    async open(dealerId: string, dealId: string, input: OpenDispute, now = Date.now()): Promise<Dispute> {
      const deal = await partyDeal(dealerId, dealId);
      if (deal.buyerId !== dealerId) throw forbidden("Only the buyer can open a dispute on a deal");
      if (deal.status !== "completed" || deal.completedAt === null)
        throw conflict("A dispute can be opened once the deal is completed");
      const endsAt = disputeWindowEndsAt(deal.completedAt);
      if (now > endsAt)
        throw conflict(
          `Disputes can be opened within ${DISPUTE_WINDOW_DAYS} days of completion; this deal's window closed on ${new Date(endsAt).toISOString().slice(0, 10)}`,
        );
      if (!DISPUTE_REASONS.includes(input.reason)) throw badRequest("Unknown reason");
      const [fileIds] = await Promise.all([
        chatFileIds(deal, input.attachments),
        deps.rateLimits.spend([LIMITS.disputesPerDealer, dealerId]),
      ]);
      const id = newId();
      try {
        await db.run(sql`
          insert into deal_disputes (id, deal_id, buyer_id, seller_id, reason, description, file_ids, status,
            created_at, updated_at)
          values (${id}, ${dealId}, ${dealerId}, ${deal.sellerId}, ${input.reason}, ${input.description},
            ${JSON.stringify(fileIds)}, 'open', ${now}, ${now})`);
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict("This deal already has a dispute waiting for a decision");
        throw error;
      }
      const { row, dispute } = await readBack(id);
      await deps.announce("opened", row);
      return dispute;
    },

    /** POST /api/deals/{id}/disputes/{disputeId}/answer: the seller, once, before the decision. */
    async answer(
      dealerId: string,
      dealId: string,
      disputeId: string,
      input: AnswerDispute,
      now = Date.now(),
    ): Promise<Dispute> {
      const deal = await partyDeal(dealerId, dealId);
      if (deal.sellerId !== dealerId) throw forbidden("Only the seller answers a dispute");
      const [fileIds] = await Promise.all([
        chatFileIds(deal, input.attachments),
        deps.rateLimits.spend([LIMITS.disputesPerDealer, dealerId]),
      ]);
      // The answer lands only on an open dispute of this deal: of two answers at once, one wins.
      const [changed, [stored]] = await db.batch([
        batchable(
          db,
          db.all<{ id: string }>(sql`
            update deal_disputes set answer = ${input.answer}, answer_file_ids = ${JSON.stringify(fileIds)},
              answered_at = ${now}, status = 'answered', updated_at = ${now}
            where id = ${disputeId} and deal_id = ${dealId} and status = 'open' returning id`),
        ),
        batchable(
          db,
          db.all<{ status: string }>(sql`
          select status from deal_disputes where id = ${disputeId} and deal_id = ${dealId}`),
        ),
      ]);
      if (!stored) throw notFound("Dispute not found");
      if (changed.length === 0)
        throw conflict(
          stored.status === "decided"
            ? "This dispute has been decided"
            : "This dispute has already been answered",
        );
      const { row, dispute } = await readBack(disputeId);
      await deps.announce("answered", row);
      return dispute;
    },

    /**
     * The disputes each dealer lost (decided against them), for their reputation: every dealer asked has an
     * entry, 0 when none. One statement per run of ids D1 can bind.
     */
    async disputesLostBy(dealerIds: readonly string[]): Promise<Map<string, number>> {
      const lost = new Map(dealerIds.map((id) => [id, 0]));
      const unique = [...new Set(dealerIds)];
      for (const chunk of inChunks(unique)) {
        const rows = await db.all<{ dealerId: string; lost: number }>(sql`
          select lost_by as dealerId, count(*) as lost from deal_disputes
          where lost_by in (${listOf(chunk)}) group by lost_by`);
        for (const row of rows) lost.set(row.dealerId, row.lost);
      }
      return lost;
    },
  };
}

export type DisputeService = ReturnType<typeof disputeService>;
