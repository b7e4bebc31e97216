import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Deal } from "#lib/api-types";
import { commissionCents, type PassThruStep } from "#lib/deals/constants";
import type { CompleteDeal, PassThruStepsUpdate, ProposeDeal } from "#lib/schemas/deals";
import { batchable, type Database } from "../../db/client";
import { passThruSteps } from "../../db/schema";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import type { DealerRow } from "../dealers";
import { requireDealer } from "../dealers";
import { badRequest, conflict, forbidden, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import type { PostChange } from "../inventory/lifecycle";
import { LIMITS, type RateLimitService } from "../rate-limits";
import { DEAL_POST_COLUMNS, DEAL_POST_JOINS, markSoldStatements, type DealPostColumns } from "./mark-sold";
import {
  DEAL_COLUMNS,
  DEAL_JOINS,
  stepsOf,
  stepsOfDealsIn,
  stepsOfDealStatement,
  toDeal,
  type DealRow,
  type StepRow,
} from "./views";

const DEAL_NOT_FOUND = "Deal not found";

/** GET /api/deals and /api/pass-thru-sales, newest first: the last row's (created_at, id). */
const dealsCursor = cursorKind("deals.newest", cursorValue.time, cursorValue.id);
const passThruCursor = cursorKind("pass-thru.newest", cursorValue.time, cursorValue.id);

export type DealEvent =
  "proposed" | "confirmed" | "declined" | "withdrawn" | "completed" | "updated" | "signed";

type DealDeps = {
  rateLimits: RateLimitService;
  /** Tells the deal's dealers (the bell, e-mail, the live 'deal' frame); runs after the answer. */
  announce: (event: DealEvent, dealId: string, actorId: string) => Promise<void>;
  /**
   * Told when completing a deal marked its vehicle sold on the post (as a post edit tells: the deal alerts
   * still to send for what the post now offers); runs after the answer.
   */
  onPostChanged: (postId: string, change: PostChange) => void;
};

/** Both parties: whoever else asks gets 404, as if the deal did not exist. */
const involves = (dealerId: string) => sql`(d.proposer_id = ${dealerId} or d.counterparty_id = ${dealerId})`;

/**
 * Deals: proposed by one dealer, confirmed
 * or declined by the other, withdrawn by the proposer while pending, completed with verified details. The
 * only code that reads or writes `deals` and `pass_thru_steps`.
 */
export function dealService(db: Database, deps: DealDeps) {
  /** The deal's row as a statement, for a `batch` that writes it first. */
  const rowStatement = (dealId: string) =>
    batchable(
      db,
      db.all<DealRow>(sql`select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS} where d.id = ${dealId}`),
    );

  async function rowOf(dealId: string): Promise<DealRow | undefined> {
    const [row] = await rowStatement(dealId);
    return row;
  }

  /** The deal if `dealerId` is one of its two dealers; 404 otherwise. */
  function requireParty<Row extends DealRow>(row: Row | undefined, dealerId: string): Row {
    if (!row || (row.proposerId !== dealerId && row.counterpartyId !== dealerId))
      throw notFound(DEAL_NOT_FOUND);
    return row;
  }

  async function partyRow(dealerId: string, dealId: string): Promise<DealRow> {
    return requireParty(await rowOf(dealId), dealerId);
  }

  /** The deal and its pass-thru steps in one wave (a party's read: checked before anything is answered). */
  async function partyView(dealerId: string, dealId: string) {
    const [row, steps] = await Promise.all([rowOf(dealId), stepsOf(db, [dealId])]);
    return { row: requireParty(row, dealerId), steps: steps.get(dealId) };
  }

  async function view(dealId: string, viewerId: string): Promise<Deal> {
    const [row, steps] = await Promise.all([rowOf(dealId), stepsOf(db, [dealId])]);
    if (!row) throw notFound(DEAL_NOT_FOUND);
    return toDeal(row, viewerId, steps.get(dealId));
  }

  /**
   * A pending deal's next status, for one of its dealers: the deal and its steps are read in one wave, `decide`
   * refuses (403, 409) or answers that nothing changes, then one batch updates it and reads it back.
   */
  async function transition(
    dealerId: string,
    dealId: string,
    event: DealEvent,
    decide: (row: DealRow) => "unchanged" | "change",
    update: (row: DealRow) => ReturnType<typeof sql>,
  ): Promise<Deal> {
    const { row, steps } = await partyView(dealerId, dealId);
    if (decide(row) === "unchanged") return toDeal(row, dealerId, steps);
    const [changed, [stored]] = await db.batch([
      batchable(
        db,
        db.all<{ id: string }>(sql`${update(row)} where id = ${dealId} and status = 'pending' returning id`),
      ),
      rowStatement(dealId),
    ]);
    if (!stored) throw notFound(DEAL_NOT_FOUND);
    if (changed.length > 0) await announceLater(event, dealId, dealerId);
    return toDeal(stored, dealerId, steps);
  }

  async function page(
    dealerId: string,
    filter: ReturnType<typeof sql>,
    cursorOf: typeof dealsCursor | typeof passThruCursor,
    query: { cursor?: string; limit: number },
  ): Promise<Page<Deal>> {
    const cursor = cursorOf.decode(query.cursor);
    const after = cursor ? sql`and (d.created_at, d.id) < (${cursor[0]}, ${cursor[1]})` : sql``;
    const where = sql`where ${involves(dealerId)} ${filter} ${after} order by d.created_at desc, d.id desc`;
    // The page and its deals' steps side by side: the steps are picked by the page's own query.
    const [rows, steps] = await Promise.all([
      db.all<DealRow>(
        sql`select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS} ${where} limit ${query.limit + 1}`,
      ),
      stepsOfDealsIn(db, sql`select d.id from deals d ${where} limit ${query.limit}`),
    ]);
    return pageOf(
      rows,
      query.limit,
      (row) => toDeal(row, dealerId, steps.get(row.id)),
      (last) => cursorOf.encode(last.createdAt, last.id),
    );
  }

  /** The upsert of the steps a patch sets, or null when it sets none (to go in a `batch`, or be awaited). */
  function stepsStatement(dealId: string, dealerId: string, patch: PassThruStepsUpdate, now: number) {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [
      PassThruStep,
      boolean | string,
    ][];
    if (entries.length === 0) return null;
    return db
      .insert(passThruSteps)
      .values(
        entries.map(([step, value]) => ({
          dealId,
          step,
          value: String(value),
          updatedBy: dealerId,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [passThruSteps.dealId, passThruSteps.step],
        set: {
          value: sql`excluded.value`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }

  const announceLater = (event: DealEvent, dealId: string, actorId: string) =>
    deps.announce(event, dealId, actorId);

  /** A pending deal closed: declined by the dealer it was proposed to, or withdrawn by its proposer. */
  const close = (dealerId: string, dealId: string, status: "declined" | "withdrawn", now: number) =>
    transition(
      dealerId,
      dealId,
      status,
      (row) => {
        if ((row.proposerId === dealerId) !== (status === "withdrawn"))
          throw forbidden(
            status === "declined"
              ? "You proposed this deal: withdraw it instead"
              : "Only the dealer who proposed this deal can withdraw it",
          );
        if (row.status === status) return "unchanged";
        if (row.status !== "pending")
          throw conflict(`This deal is ${row.status}; only a pending deal can be ${status}`);
        return "change";
      },
      () => sql`update deals set status = ${status}, closed_at = ${now}, updated_at = ${now}`,
    );

  return {
    view,

    /** The deal for one of its dealers (404 for anyone else). */
    async get(dealerId: string, dealId: string): Promise<Deal> {
      const { row, steps } = await partyView(dealerId, dealId);
      return toDeal(row, dealerId, steps);
    },

    /** GET /api/deals: every deal the dealer is part of, newest first; `status` narrows it. */
    list(dealerId: string, query: { status?: string; cursor?: string; limit: number }): Promise<Page<Deal>> {
      const filter = query.status ? sql`and d.status = ${query.status}` : sql``;
      return page(dealerId, filter, dealsCursor, query);
    },

    /** GET /api/pass-thru-sales: the confirmed and completed deals (confirming adds a deal to them), and those unwound. */
    passThruSales(dealerId: string, query: { cursor?: string; limit: number }): Promise<Page<Deal>> {
      return page(
        dealerId,
        sql`and d.status in ('confirmed', 'completed', 'unwound')`,
        passThruCursor,
        query,
      );
    },

    /** POST /api/deals: the signed-in dealer proposes; `role` is their side. */
    async propose(proposer: DealerRow, input: ProposeDeal, now = Date.now()): Promise<Deal> {
      if (input.counterpartyId === proposer.id) throw badRequest("You cannot propose a deal to yourself");
      // One wave of checks, refused in this order: the other dealer (404), the post (404, 400), the
      // limit (429); then one batch stores the deal and reads it back.
      const [paired, spent, posts] = await Promise.allSettled([
        requireDealer(db, input.counterpartyId),
        deps.rateLimits.spend([LIMITS.dealsPerDealer, proposer.id]),
        input.postId
          ? db.all<{ dealerId: string }>(
              sql`select dealer_id as dealerId from inventory_posts where id = ${input.postId}`,
            )
          : null,
      ]);
      if (paired.status === "rejected") throw paired.reason;
      if (posts.status === "rejected") throw posts.reason;
      if (posts.value) {
        const [post] = posts.value;
        if (!post) throw notFound("Post not found");
        if (post.dealerId !== proposer.id && post.dealerId !== input.counterpartyId)
          throw badRequest("The post must belong to one of the two dealers");
      }
      if (spent.status === "rejected") throw spent.reason;
      const sellerId = input.role === "seller" ? proposer.id : input.counterpartyId;
      const buyerId = input.role === "seller" ? input.counterpartyId : proposer.id;
      const id = newId();
      const v = input.vehicle;
      const [, [stored]] = await db.batch([
        batchable(
          db,
          db.run(sql`
            insert into deals (id, proposer_id, counterparty_id, seller_id, buyer_id, post_id, vin, year, make, model,
              trim, miles, color, price_cents, location, auction, auction_location, status, created_at, updated_at)
            values (${id}, ${proposer.id}, ${input.counterpartyId}, ${sellerId}, ${buyerId}, ${input.postId ?? null},
              ${v.vin ?? null}, ${v.year}, ${v.make}, ${v.model}, ${v.trim}, ${v.miles}, ${v.color},
              ${input.price * 100}, ${input.location}, ${input.auction ?? null}, ${input.auctionLocation || null},
              'pending', ${now}, ${now})`),
        ),
        rowStatement(id),
      ]);
      if (!stored) throw new Error("Deal was not stored");
      await announceLater("proposed", id, proposer.id);
      return toDeal(stored, proposer.id, undefined);
    },

    /**
     * POST /api/deals/{id}/confirm: only the dealer asked (the proposer: 403); the commission is fixed now.
     * Confirming a confirmed or completed deal changes nothing and answers it.
     */
    async confirm(dealerId: string, dealId: string, now = Date.now()): Promise<Deal> {
      return transition(
        dealerId,
        dealId,
        "confirmed",
        (row) => {
          if (row.proposerId === dealerId)
            throw forbidden("Only the dealer this deal was proposed to can confirm it");
          if (row.status === "confirmed" || row.status === "completed") return "unchanged";
          if (row.status !== "pending")
            throw conflict(`This deal was ${row.status}; it can no longer be confirmed`);
          return "change";
        },
        (row) => sql`update deals set status = 'confirmed', confirmed_at = ${now}, updated_at = ${now},
          commission_cents = ${commissionCents(row.priceCents)}`,
      );
    },

    /** POST /api/deals/{id}/decline: the dealer asked says no (the proposer withdraws instead: 403). */
    decline: (dealerId: string, dealId: string, now = Date.now()) => close(dealerId, dealId, "declined", now),

    /** POST /api/deals/{id}/withdraw: the proposer takes a pending deal back. */
    withdraw: (dealerId: string, dealId: string, now = Date.now()) =>
      close(dealerId, dealId, "withdrawn", now),

    /**
     * POST /api/deals/complete: with `dealId`, completes a confirmed deal with the
     * verified details; without, records a deal the dealer closed elsewhere. Completing twice is one deal.
     */
    async complete(
      dealer: DealerRow,
      input: CompleteDeal,
      now = Date.now(),
    ): Promise<{ id: string; created: boolean }> {
      const priceCents = input.price * 100;
      const completedAt = input.completedAt ? Date.parse(input.completedAt) : now;
      const details = sql`vin = ${input.vin}, year = ${input.year}, make = ${input.make}, model = ${input.model},
        trim = ${input.trim}, miles = ${input.miles}, location = ${input.location}, price_cents = ${priceCents},
        auction = ${input.auction ?? null}, auction_location = ${input.auctionLocation || null}`;
      if (input.dealId) {
        // The one wave of checks is one statement: the deal with its post and the post's vehicles (for marking
        // the vehicle sold; nothing of them is used unless the dealer is one of the deal's two). Then one batch.
        const [found] = await db.all<DealRow & DealPostColumns>(sql`
          select ${DEAL_COLUMNS}, ${DEAL_POST_COLUMNS}
          from deals d ${DEAL_JOINS} ${DEAL_POST_JOINS}
          where d.id = ${input.dealId}`);
        const row = requireParty(found, dealer.id);
        if (row.status === "completed") return { id: row.id, created: false };
        if (row.status === "pending") throw conflict("Confirm this deal before completing it");
        if (row.status !== "confirmed") throw conflict(`This deal was ${row.status}; it cannot be completed`);
        // The completion and its step (only when this call completed it), then the post's vehicle marked sold,
        // in one batch: marking it twice, should the other dealer complete it at the same time, changes nothing.
        const sold = markSoldStatements(
          db,
          row,
          { vin: input.vin, make: input.make, model: input.model },
          now,
        );
        const [changed] = await db.batch([
          batchable(
            db,
            db.all<{ id: string }>(sql`
            update deals set ${details}, status = 'completed', completed_at = ${completedAt}, updated_at = ${now},
              commission_cents = coalesce(commission_cents, ${commissionCents(priceCents)}),
              color = case when ${input.color} = '' then color else ${input.color} end
            where id = ${row.id} and status = 'confirmed' returning id`),
          ),
          batchable(
            db,
            db.run(sql`
            insert into pass_thru_steps (deal_id, step, value, updated_by, updated_at)
            select ${row.id}, 'saleComplete', 'true', ${dealer.id}, ${now}
            where changes() > 0
            on conflict (deal_id, step) do update set
              value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at`),
          ),
          ...(sold?.statements ?? []),
        ]);
        if (sold) deps.onPostChanged(sold.postId, { drops: sold.drops, matchAgain: sold.matchAgain });
        if (changed.length === 0) return { id: row.id, created: false };
        await announceLater("completed", row.id, dealer.id);
        return { id: row.id, created: false };
      }
      // The same dealer sending the same completed deal again (a double submit) finds the first one; it is
      // looked for beside the limit (so a double submit counts against it too), then one batch stores the deal.
      const [duplicate, spent] = await Promise.allSettled([
        db.all<{ id: string }>(sql`
          select id from deals
          where proposer_id = ${dealer.id} and counterparty_id is null and status = 'completed'
            and vin = ${input.vin} and price_cents = ${priceCents} and created_at > ${now - 24 * 60 * 60 * 1000}
          limit 1`),
        deps.rateLimits.spend([LIMITS.dealsPerDealer, dealer.id]),
      ]);
      if (duplicate.status === "rejected") throw duplicate.reason;
      const [same] = duplicate.value;
      if (same) return { id: same.id, created: false };
      if (spent.status === "rejected") throw spent.reason;
      const id = newId();
      await db.batch([
        batchable(
          db,
          db.run(sql`
            insert into deals (id, proposer_id, counterparty_id, seller_id, buyer_id, vin, year, make, model, trim,
              miles, color, price_cents, commission_cents, location, auction, auction_location, seller_name,
              seller_email, buyer_email, status, created_at, confirmed_at, completed_at, updated_at)
            values (${id}, ${dealer.id}, null, null, null, ${input.vin}, ${input.year}, ${input.make}, ${input.model},
              ${input.trim}, ${input.miles}, ${input.color}, ${priceCents}, ${commissionCents(priceCents)},
              ${input.location}, ${input.auction ?? null}, ${input.auctionLocation || null}, ${input.sellerName || null},
              ${input.sellerEmail || null}, ${input.buyerEmail || null}, 'completed', ${now}, ${now}, ${completedAt}, ${now})`),
        ),
        stepsStatement(id, dealer.id, { saleComplete: true }, now)!,
      ]);
      await announceLater("completed", id, dealer.id);
      return { id, created: true };
    },

    /** PATCH /api/pass-thru-sales/{id}: either dealer moves the steps of a confirmed or completed deal. */
    async updateSteps(
      dealerId: string,
      dealId: string,
      patch: PassThruStepsUpdate,
      now = Date.now(),
    ): Promise<Deal> {
      // The deal beside the limit (refused in that order: 404, 409, then 429), then one batch writes the steps
      // and reads the deal back.
      const [party, spent] = await Promise.allSettled([
        partyRow(dealerId, dealId),
        deps.rateLimits.spend([LIMITS.passThruUpdatesPerDealer, dealerId]),
      ]);
      if (party.status === "rejected") throw party.reason;
      if (party.value.status !== "confirmed" && party.value.status !== "completed")
        throw conflict("Steps are tracked once the deal is confirmed");
      if (spent.status === "rejected") throw spent.reason;
      const steps = stepsStatement(dealId, dealerId, patch, now);
      const statements: BatchItem<"sqlite">[] = [
        ...(steps ? [steps] : []),
        batchable(db, db.run(sql`update deals set updated_at = ${now} where id = ${dealId}`)),
        rowStatement(dealId),
        stepsOfDealStatement(db, dealId),
      ];
      const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      const [stored] = results[results.length - 2] as DealRow[];
      if (!stored) throw notFound(DEAL_NOT_FOUND);
      await announceLater("updated", dealId, dealerId);
      return toDeal(stored, dealerId, results[results.length - 1] as StepRow[]);
    },

    /** Every pass-thru sale of the dealer, for the CSV export (at most 5,000, newest first). */
    async allPassThruSales(dealerId: string): Promise<Deal[]> {
      const rows = await db.all<DealRow>(sql`
        select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS}
        where ${involves(dealerId)} and d.status in ('confirmed', 'completed')
        order by d.created_at desc, d.id desc limit 5000`);
      const steps = await stepsOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => toDeal(row, dealerId, steps.get(row.id)));
    },

    /** The completed deal's row, for its Bill of Sale (404 to anyone but its two dealers, or before completion). */
    async completedRow(dealerId: string, dealId: string): Promise<DealRow> {
      const row = await partyRow(dealerId, dealId);
      if (row.status !== "completed") throw notFound("The Bill of Sale exists once the deal is completed");
      return row;
    },

    /** A row by id, for the announcements (no viewer check: the worker calls it for the deal's own dealers). */
    rowOf,

    /** The deal's row for one of its two dealers, for its Bill of Sale (404 to anyone else). */
    partyRow,

    /** A dealer signed the Bill of Sale: the other is told, and both see the deal again. */
    signed: (dealId: string, dealerId: string) => announceLater("signed", dealId, dealerId),

    /** The pass-thru counters: computed from the dealer's deals. */
    async passThruSummary(dealerId: string, now = new Date()) {
      const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
      const [row] = await db.all<{
        total: number;
        thisMonth: number;
        volumeCents: number;
        commissionCents: number;
        pending: number;
      }>(sql`
        select
          coalesce(sum(case when d.status in ('confirmed', 'completed') then 1 else 0 end), 0) as total,
          coalesce(sum(case when d.status in ('confirmed', 'completed')
            and coalesce(d.confirmed_at, d.created_at) >= ${monthStart} then 1 else 0 end), 0) as thisMonth,
          coalesce(sum(case when d.status in ('confirmed', 'completed') then d.price_cents else 0 end), 0) as volumeCents,
          coalesce(sum(case when d.status in ('confirmed', 'completed')
            then coalesce(d.commission_cents, 0) else 0 end), 0) as commissionCents,
          coalesce(sum(case when d.status = 'pending' then 1 else 0 end), 0) as pending
        from deals d where ${involves(dealerId)}`);
      return row ?? { total: 0, thisMonth: 0, volumeCents: 0, commissionCents: 0, pending: 0 };
    },
  };
}
