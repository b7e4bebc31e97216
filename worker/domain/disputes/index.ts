import { sql } from "drizzle-orm";
import type {
  AnswerDispute,
  Dispute,
  DisputeFile,
  DisputePageQuery,
  OpenDispute,
} from "#lib/schemas/disputes";
import { DISPUTE_WINDOW_DAYS, NOT_FROM_THE_CHAT, disputeWindowEndsAt } from "#lib/schemas/disputes";
import type { BatchItem } from "drizzle-orm/batch";
import { batchable, type Database } from "../../db/client";
import { listOf } from "../../db/bound-parameters";
import { LIMITS, type RateLimitService } from "../rate-limits";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import type { DisputeStep } from "./announce";
import { disputesLostBy } from "./lost";
import {
  DISPUTE_COLUMNS,
  DISPUTE_JOINS,
  chatFileIdOf,
  chatOfDeal,
  fileMapOf,
  filesOfChat,
  filesOfDisputesIn,
  filesOfDisputesStatement,
  toDispute,
  type DisputeRow,
} from "./views";

/** A deal's disputes, newest first: a cursor of its own, so another list's is refused. */
const disputesCursor = cursorKind("deal-disputes.newest", cursorValue.time, cursorValue.id);

const DEAL_NOT_FOUND = "Deal not found";

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

/** A dispute's row, for the statement that reads it back (walled like every read of the request). */
const rowSql = (where: ReturnType<typeof sql>) =>
  sql`select ${DISPUTE_COLUMNS} from deal_disputes x ${DISPUTE_JOINS} where ${where}`;

/**
 * Disputes on completed deals, as the deal's two dealers see them: the buyer opens one within
 * DISPUTE_WINDOW_DAYS of completion, the seller answers it once. Anyone else gets the deal's 404.
 */
export function disputeService(db: Database, deps: DisputeDeps) {
  const dealStatement = (dealId: string) =>
    db.all<DealParties>(sql`
      select id, seller_id as sellerId, buyer_id as buyerId, status, completed_at as completedAt
      from deals where id = ${dealId}`);

  /** The deal if `dealerId` is its buyer or seller (a recorded deal has neither): 404 otherwise. */
  function requireParty(deal: DealParties | undefined, dealerId: string): DealParties {
    if (!deal || (deal.sellerId !== dealerId && deal.buyerId !== dealerId)) throw notFound(DEAL_NOT_FOUND);
    return deal;
  }

  /** The file ids of `urls`; 400 for an address that is not a chat file. */
  function fileIdsOf(urls: readonly string[]): string[] {
    return [
      ...new Set(
        urls.map((url) => {
          const id = chatFileIdOf(url);
          if (!id) throw badRequest(NOT_FROM_THE_CHAT);
          return id;
        }),
      ),
    ];
  }

  /** Which of `fileIds` were sent in the chat between the deal's two dealers (read beside the deal). */
  const inTheDealsChat = async (dealId: string, fileIds: string[]) =>
    fileIds.length === 0
      ? []
      : db.all<{ fileId: string }>(sql`
          select ca.file_id as fileId from chat_attachments ca
          where ca.chat_id = ${chatOfDeal(dealId)}
            and ca.file_id in (${listOf(fileIds)})`);

  /**
   * One wave for a dealer's step: the deal, which of the files are in its chat, and the limit spent. Refused in
   * this order: not a party (404), `check` (403, 409), a file from elsewhere (400), the limit (429).
   */
  async function checkedStep(
    dealerId: string,
    dealId: string,
    urls: readonly string[],
    check: (deal: DealParties) => void,
  ): Promise<{ deal: DealParties; fileIds: string[] }> {
    const fileIds = fileIdsOf(urls);
    const [found, inChat, spent] = await Promise.allSettled([
      dealStatement(dealId),
      inTheDealsChat(dealId, fileIds),
      deps.rateLimits.spend([LIMITS.disputesPerDealer, dealerId]),
    ]);
    if (found.status === "rejected") throw found.reason;
    const deal = requireParty(found.value[0], dealerId);
    check(deal);
    if (inChat.status === "rejected") throw inChat.reason;
    if (inChat.value.length !== fileIds.length) throw badRequest(NOT_FROM_THE_CHAT);
    if (spent.status === "rejected") throw spent.reason;
    return { deal, fileIds };
  }

  /** A write, then the dispute and its files read back in the same batch. */
  async function writeThenRead(write: BatchItem<"sqlite">, disputeId: string) {
    const [written, [row], files] = await db.batch([
      write,
      batchable(db, db.all<DisputeRow>(rowSql(sql`x.id = ${disputeId}`))),
      batchable(db, filesOfDisputesStatement(db, sql`${disputeId}`)),
    ]);
    if (!row) throw notFound("Dispute not found");
    return { written, row, dispute: toDispute(row, fileMapOf(files)) };
  }

  return {
    /** GET /api/deals/{id}/disputes: a page of the deal's disputes, newest first (one undecided at most). */
    async forDeal(dealerId: string, dealId: string, query: DisputePageQuery): Promise<Page<Dispute>> {
      const cursor = disputesCursor.decode(query.cursor);
      const where = sql`x.deal_id = ${dealId}${cursor ? sql` and (x.created_at, x.id) < (${cursor[0]}, ${cursor[1]})` : sql``}`;
      const newest = sql`order by x.created_at desc, x.id desc limit ${query.limit + 1}`;
      // Read in one wave; nothing is answered before the party check.
      const [[deal], rows, files] = await Promise.all([
        dealStatement(dealId),
        db.all<DisputeRow>(sql`${rowSql(where)} ${newest}`),
        filesOfDisputesIn(db, sql`select x.id from deal_disputes x where ${where} ${newest}`),
      ]);
      requireParty(deal, dealerId);
      return pageOf(
        rows,
        query.limit,
        (row) => toDispute(row, files),
        (last) => disputesCursor.encode(last.createdAt, last.id),
      );
    },

    /** GET /api/deals/{id}/dispute-files: a page of the photos and files of the two dealers' chat, to pick from. */
    async chatFiles(dealerId: string, dealId: string, query: DisputePageQuery): Promise<Page<DisputeFile>> {
      const [[deal], files] = await Promise.all([dealStatement(dealId), filesOfChat(db, dealId, query)]);
      requireParty(deal, dealerId);
      return files;
    },

    /** POST /api/deals/{id}/disputes: the buyer, on a completed deal, within the window; one undecided at a time. */
    async open(dealerId: string, dealId: string, input: OpenDispute, now = Date.now()): Promise<Dispute> {
      const { deal, fileIds } = await checkedStep(dealerId, dealId, input.attachments, (deal) => {
        if (deal.buyerId !== dealerId) throw forbidden("Only the buyer can open a dispute on a deal");
        if (deal.status !== "completed" || deal.completedAt === null)
          throw conflict("A dispute can be opened once the deal is completed");
        if (!deal.sellerId)
          throw conflict("The seller has left DealerLane: there is no one to answer a dispute");
        const endsAt = disputeWindowEndsAt(deal.completedAt);
        if (now > endsAt)
          throw conflict(
            `Disputes can be opened within ${DISPUTE_WINDOW_DAYS} days of completion; this deal's window closed on ${new Date(endsAt).toISOString().slice(0, 10)}`,
          );
      });
      const id = newId();
      try {
        const { row, dispute } = await writeThenRead(
          batchable(
            db,
            db.run(sql`
              insert into deal_disputes (id, deal_id, buyer_id, seller_id, reason, description, file_ids, status,
                created_at, updated_at)
              values (${id}, ${dealId}, ${dealerId}, ${deal.sellerId}, ${input.reason}, ${input.description},
                ${JSON.stringify(fileIds)}, 'open', ${now}, ${now})`),
          ),
          id,
        );
        await deps.announce("opened", row);
        return dispute;
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict("This deal already has a dispute waiting for a decision");
        throw error;
      }
    },

    /** POST /api/deals/{id}/disputes/{disputeId}/answer: the seller, once, before the decision. */
    async answer(
      dealerId: string,
      dealId: string,
      disputeId: string,
      input: AnswerDispute,
      now = Date.now(),
    ): Promise<Dispute> {
      const { fileIds } = await checkedStep(dealerId, dealId, input.attachments, (deal) => {
        if (deal.sellerId !== dealerId) throw forbidden("Only the seller answers a dispute");
      });
      // The answer lands only on an open dispute of this deal: of two answers at once, one wins.
      const { written, row, dispute } = await writeThenRead(
        batchable(
          db,
          db.all<{ id: string }>(sql`
            update deal_disputes set answer = ${input.answer}, answer_file_ids = ${JSON.stringify(fileIds)},
              answered_at = ${now}, status = 'answered', updated_at = ${now}
            where id = ${disputeId} and deal_id = ${dealId} and status = 'open' returning id`),
        ),
        disputeId,
      );
      if (row.dealId !== dealId) throw notFound("Dispute not found");
      if ((written as { id: string }[]).length === 0)
        throw conflict(
          row.status === "decided"
            ? "This dispute has been decided"
            : "This dispute has already been answered",
        );
      await deps.announce("answered", row);
      return dispute;
    },

    /** The disputes each dealer lost, for their reputation (0 when none). */
    disputesLostBy: (dealerIds: readonly string[]) => disputesLostBy(db, dealerIds),
  };
}

export type DisputeService = ReturnType<typeof disputeService>;
