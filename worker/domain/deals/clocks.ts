import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Deal } from "#lib/api-types";
import {
  DUE_DATE_MAX_DAYS_AHEAD,
  UNWIND_AFTER_LATE_DAYS,
  addDays,
  shortDate,
  unwindOpensAt,
  type ClockName,
} from "#lib/deals/clocks";
import type { PaymentStep, ProposeDueDate } from "#lib/schemas/deal-clocks";
import { batchable, type Database } from "../../db/client";
import type { PostChange } from "../inventory/lifecycle";
import { LIMITS, type RateLimitService } from "../rate-limits";
import { badRequest, conflict, forbidden, notFound } from "../shared/errors";
import { dueDatesOf, hasClocks } from "./clock-views";
import { DEAL_POST_COLUMNS, DEAL_POST_JOINS, relistStatements, type DealPostColumns } from "./mark-sold";
import {
  DEAL_COLUMNS,
  DEAL_JOINS,
  stepsOf,
  stepsOfDealStatement,
  titleReceivedAtOf,
  toDeal,
  type DealRow,
} from "./views";

/** What changed on a deal's clocks, for the dealer who did not act (and the live deal on both dealers' tabs). */
export type ClockChange =
  | { kind: "title-in-hand" | "payment-sent" | "payment-received" | "unwind-asked" | "unwind-declined" }
  | { kind: "due-date-proposed" | "due-date-agreed"; clock: ClockName; dueAt: number }
  | { kind: "unwound" };

type ClockDeps = {
  rateLimits: RateLimitService;
  /** Tells the deal's dealers; runs after the answer. */
  announce: (dealId: string, actorId: string, change: ClockChange, at: number) => Promise<void>;
  /** The unwound deal's vehicle is listed again: the deal alerts to send for it (after the answer). */
  onPostChanged: (postId: string, change: PostChange) => void;
};

const NOT_FOUND = "Deal not found";
const OPEN = sql`status in ('confirmed', 'completed')`;
const columnOf = (
  clock: ClockName,
  name: "due_at" | "agreed_by" | "agreed_at" | "proposed_due_at" | "proposed_by" | "proposed_at",
) => sql.raw(`${clock}_${name}`);

/**
 * Title and payment clocks on a confirmed deal, and unwinding one whose title never came: either dealer proposes
 * a due date and the other accepts it; the buyer marks the funds sent and the seller confirms them; the buyer
 * asks to unwind 30 days past the title's due date and the seller agrees or declines. Every change is a
 * conditional UPDATE, so of two answers at once one wins and the other is told 409.
 */
export function dealClockService(db: Database, deps: ClockDeps) {
  const rowStatement = (dealId: string) =>
    batchable(
      db,
      db.all<DealRow>(sql`select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS} where d.id = ${dealId}`),
    );

  /** The deal with its steps, if the dealer is one of its two (404 otherwise) and its clocks run (409 otherwise). */
  async function openDeal(dealerId: string, dealId: string, spend: boolean) {
    const [read, spent] = await Promise.allSettled([
      db.batch([rowStatement(dealId), stepsOfDealStatement(db, dealId)]),
      spend ? deps.rateLimits.spend([LIMITS.passThruUpdatesPerDealer, dealerId]) : Promise.resolve(),
    ]);
    if (read.status === "rejected") throw read.reason;
    const [[row], steps] = read.value;
    if (!row || (row.sellerId !== dealerId && row.buyerId !== dealerId)) throw notFound(NOT_FOUND);
    if (!hasClocks(row)) throw conflict("Title and payment clocks run once the deal is confirmed");
    if (spend && spent.status === "rejected") throw spent.reason;
    return { row, steps, titleReceivedAt: titleReceivedAtOf(steps) };
  }

  const refuseClosed = (row: DealRow) => {
    if (row.status !== "confirmed" && row.status !== "completed")
      throw conflict(`This deal was ${row.status}; its clocks are stopped`);
  };

  /**
   * Writes `update` to the deal's clock row (made first if need be) and reads the deal back, in one batch.
   * `update` ends in `where deal_id = … and <the state it was read in>`; no row changed means another answer won.
   */
  async function write(
    dealerId: string,
    dealId: string,
    update: SQL,
    now: number,
  ): Promise<{ changed: boolean; deal: Deal }> {
    const [, changed, [stored], steps] = await db.batch([
      batchable(
        db,
        db.run(
          sql`insert into deal_clocks (deal_id, updated_at) values (${dealId}, ${now}) on conflict do nothing`,
        ),
      ),
      batchable(db, db.all<{ dealId: string }>(sql`${update} returning deal_id as dealId`)),
      rowStatement(dealId),
      stepsOfDealStatement(db, dealId),
    ]);
    if (!stored) throw notFound(NOT_FOUND);
    return { changed: changed.length > 0, deal: toDeal(stored, dealerId, steps, now) };
  }

  async function told(
    dealId: string,
    dealerId: string,
    result: { changed: boolean; deal: Deal },
    change: ClockChange,
    now: number,
  ) {
    if (result.changed) await deps.announce(dealId, dealerId, change, now);
    return result.deal;
  }

  return {
    /**
     * When each deal's title reached its buyer (the pass-thru title step while it reads 'received'), for figures
     * such as the days a dealer takes to deliver a title; deals whose title has not arrived are left out.
     */
    async titleReceivedTimes(dealIds: string[]): Promise<Map<string, number>> {
      const steps = await stepsOf(db, dealIds);
      const times = new Map<string, number>();
      for (const [dealId, rows] of steps) {
        const at = titleReceivedAtOf(rows);
        if (at !== null) times.set(dealId, at);
      }
      return times;
    },

    /** GET /api/pass-thru-sales/{id}: the deal, its steps and its clocks, for one of its two dealers. */
    async get(dealerId: string, dealId: string, now = Date.now()): Promise<Deal> {
      const [[row], steps] = await db.batch([rowStatement(dealId), stepsOfDealStatement(db, dealId)]);
      if (!row || (row.proposerId !== dealerId && row.counterpartyId !== dealerId)) throw notFound(NOT_FOUND);
      if (row.status === "pending" || row.status === "declined" || row.status === "withdrawn")
        throw notFound("This deal is not in Pass Thru Sales: it was never confirmed");
      return toDeal(row, dealerId, steps, now);
    },

    /** The seller held the title at the sale: it is due 5 business days after it instead of 21 days. Once. */
    async titleInHand(dealerId: string, dealId: string, now = Date.now()): Promise<Deal> {
      const { row, titleReceivedAt } = await openDeal(dealerId, dealId, true);
      if (row.sellerId !== dealerId) throw forbidden("Only the seller says whether the title was in hand");
      refuseClosed(row);
      if (titleReceivedAt !== null) throw conflict("The buyer already has the title");
      if (row.titleDueAt !== null) throw conflict("A due date was agreed: propose a new one instead");
      const result = await write(
        dealerId,
        dealId,
        sql`update deal_clocks set title_in_hand = 1, title_in_hand_by = ${dealerId}, updated_at = ${now}
          where deal_id = ${dealId} and title_in_hand = 0 and title_due_at is null`,
        now,
      );
      return told(dealId, dealerId, result, { kind: "title-in-hand" }, now);
    },

    /** One dealer proposes a new due date for a clock; it replaces any date still waiting on that clock. */
    async proposeDueDate(
      dealerId: string,
      dealId: string,
      input: ProposeDueDate,
      now = Date.now(),
    ): Promise<Deal> {
      const dueAt = Date.parse(input.dueAt);
      const { row, titleReceivedAt } = await openDeal(dealerId, dealId, true);
      refuseClosed(row);
      if (input.clock === "title" ? titleReceivedAt !== null : row.paymentReceivedAt !== null)
        throw conflict(
          input.clock === "title" ? "The buyer already has the title" : "The payment was already received",
        );
      if (dueAt <= now) throw badRequest("The new due date must be in the future");
      if (dueAt > addDays(now, DUE_DATE_MAX_DAYS_AHEAD))
        throw badRequest(`The new due date must be within ${DUE_DATE_MAX_DAYS_AHEAD} days`);
      const c = (name: Parameters<typeof columnOf>[1]) => columnOf(input.clock, name);
      const result = await write(
        dealerId,
        dealId,
        sql`update deal_clocks set ${c("proposed_due_at")} = ${dueAt}, ${c("proposed_by")} = ${dealerId},
          ${c("proposed_at")} = ${now}, updated_at = ${now} where deal_id = ${dealId}`,
        now,
      );
      return told(dealId, dealerId, result, { kind: "due-date-proposed", clock: input.clock, dueAt }, now);
    },

    /** The other dealer accepts the date waiting on a clock: it becomes the due date, with who agreed and when. */
    async acceptDueDate(dealerId: string, dealId: string, clock: ClockName, now = Date.now()): Promise<Deal> {
      const { row } = await openDeal(dealerId, dealId, true);
      refuseClosed(row);
      const proposedBy = clock === "title" ? row.titleProposedBy : row.paymentProposedBy;
      const proposedAt = clock === "title" ? row.titleProposedAt : row.paymentProposedAt;
      const proposedDueAt = clock === "title" ? row.titleProposedDueAt : row.paymentProposedDueAt;
      if (!proposedBy || proposedAt === null || proposedDueAt === null)
        throw conflict(`No new ${clock} due date is waiting for your answer`);
      if (proposedBy === dealerId) throw forbidden("You proposed this date: the other dealer accepts it");
      const c = (name: Parameters<typeof columnOf>[1]) => columnOf(clock, name);
      const result = await write(
        dealerId,
        dealId,
        sql`update deal_clocks set ${c("due_at")} = ${c("proposed_due_at")}, ${c("agreed_by")} = ${dealerId},
          ${c("agreed_at")} = ${now}, ${c("proposed_due_at")} = null, ${c("proposed_by")} = null,
          ${c("proposed_at")} = null, updated_at = ${now}
          where deal_id = ${dealId} and ${c("proposed_by")} = ${proposedBy} and ${c("proposed_at")} = ${proposedAt}`,
        now,
      );
      if (!result.changed)
        throw conflict("That date was answered or replaced meanwhile: look at the deal again");
      return told(dealId, dealerId, result, { kind: "due-date-agreed", clock, dueAt: proposedDueAt }, now);
    },

    /** The buyer marks the funds sent; the seller confirms them received (with or without the buyer's mark). */
    async markPayment(dealerId: string, dealId: string, step: PaymentStep, now = Date.now()): Promise<Deal> {
      const { row } = await openDeal(dealerId, dealId, true);
      if (step === "sent" && row.buyerId !== dealerId)
        throw forbidden("Only the buyer marks the payment sent");
      if (step === "received" && row.sellerId !== dealerId)
        throw forbidden("Only the seller confirms the payment received");
      refuseClosed(row);
      const column = sql.raw(step === "sent" ? "payment_sent_at" : "payment_received_at");
      const result = await write(
        dealerId,
        dealId,
        sql`update deal_clocks set ${column} = ${now}, updated_at = ${now} where deal_id = ${dealId} and ${column} is null`,
        now,
      );
      return told(
        dealId,
        dealerId,
        result,
        { kind: step === "sent" ? "payment-sent" : "payment-received" },
        now,
      );
    },

    /** The buyer asks to unwind: only 30 days past the title's due date, while the title has not come. */
    async askUnwind(dealerId: string, dealId: string, now = Date.now()): Promise<Deal> {
      const { row, titleReceivedAt } = await openDeal(dealerId, dealId, true);
      if (row.buyerId !== dealerId) throw forbidden("Only the buyer can ask to unwind a deal");
      refuseClosed(row);
      if (titleReceivedAt !== null) throw conflict("The title was received: this deal cannot be unwound");
      const opensAt = unwindOpensAt(dueDatesOf(row).title);
      if (now < opensAt)
        throw conflict(
          `You can ask to unwind from ${shortDate(opensAt)}, ${UNWIND_AFTER_LATE_DAYS} days past the title's due date`,
        );
      const result = await write(
        dealerId,
        dealId,
        sql`update deal_clocks set unwind_status = 'asked', unwind_asked_at = ${now}, unwind_answered_at = null,
          updated_at = ${now}
          where deal_id = ${dealId} and (unwind_status is null or unwind_status = 'declined')`,
        now,
      );
      return told(dealId, dealerId, result, { kind: "unwind-asked" }, now);
    },

    /**
     * The seller answers the buyer's request. Agreeing unwinds the deal (status 'unwound') in the same batch
     * that records the answer, then lists the vehicle again. Of two answers at once, one wins; the other: 409.
     */
    async answerUnwind(dealerId: string, dealId: string, agree: boolean, now = Date.now()): Promise<Deal> {
      const { row } = await openDeal(dealerId, dealId, true);
      if (row.sellerId !== dealerId) throw forbidden("Only the seller answers a request to unwind");
      if (row.unwindStatus !== "asked") throw conflict("No request to unwind is waiting for your answer");
      if (!agree) {
        const result = await write(
          dealerId,
          dealId,
          sql`update deal_clocks set unwind_status = 'declined', unwind_answered_at = ${now}, updated_at = ${now}
            where deal_id = ${dealId} and unwind_status = 'asked'`,
          now,
        );
        if (!result.changed) throw conflict("The request was answered meanwhile: look at the deal again");
        return told(dealId, dealerId, result, { kind: "unwind-declined" }, now);
      }
      const [won, , [stored], steps, [withPost]] = await db.batch([
        batchable(
          db,
          db.all<{ dealId: string }>(sql`
            update deal_clocks set unwind_status = 'agreed', unwind_answered_at = ${now}, updated_at = ${now}
            where deal_id = ${dealId} and unwind_status = 'asked' returning deal_id as dealId`),
        ),
        // Only the answer that recorded 'agreed' finds the deal still open: a second one changes nothing.
        batchable(
          db,
          db.run(sql`
            update deals set status = 'unwound', closed_at = ${now}, updated_at = ${now}
            where id = ${dealId} and ${OPEN}
              and exists (select 1 from deal_clocks where deal_id = ${dealId} and unwind_status = 'agreed')`),
        ),
        rowStatement(dealId),
        stepsOfDealStatement(db, dealId),
        batchable(
          db,
          db.all<DealPostColumns>(
            sql`select ${DEAL_POST_COLUMNS} from deals d ${DEAL_POST_JOINS} where d.id = ${dealId}`,
          ),
        ),
      ]);
      if (!stored) throw notFound(NOT_FOUND);
      if (won.length === 0) throw conflict("The request was answered meanwhile: look at the deal again");
      const relist = withPost ? relistStatements(db, withPost, stored, now) : null;
      if (relist) {
        await db.batch(relist.statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
        deps.onPostChanged(relist.postId, { drops: relist.drops, matchAgain: relist.matchAgain });
      }
      return told(
        dealId,
        dealerId,
        { changed: true, deal: toDeal(stored, dealerId, steps, now) },
        { kind: "unwound" },
        now,
      );
    },
  };
}

export type DealClockService = ReturnType<typeof dealClockService>;
