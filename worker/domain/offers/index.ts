import { sql } from "drizzle-orm";
import type { Offer } from "#lib/api-types";
import { commissionCents } from "#lib/deals/constants";
import {
  SOLD_TO_ANOTHER_MESSAGE,
  type CounterOffer,
  type MakeOffer,
  type OfferSide,
  type OffersQuery,
} from "#lib/schemas/offers";
import { type OfferAction } from "#lib/schemas/offer-constants";
import { batchable, type Database } from "../../db/client";
import type { OfferHistoryStep } from "../../db/schema";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { badRequest, conflict, isUniqueViolation, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import { LIMITS, type RateLimitService } from "../rate-limits";
import {
  OFFER_COLUMNS,
  OFFER_JOINS,
  offerRowStatement,
  otherSide,
  sideOf,
  toOffer,
  type OfferRow,
} from "./views";

const OFFER_NOT_FOUND = "Offer not found";
const HOUR_MS = 60 * 60 * 1000;

/** GET /api/offers, newest first: the last row's (created_at, id). */
const offersCursor = cursorKind("offers.newest", cursorValue.time, cursorValue.id);

/** What a step set off, for the announcements (after the answer). */
export type OfferEvent = {
  offerId: string;
  action: OfferAction;
  /** The dealer who acted; null when the clock ran out. */
  actorId: string | null;
};

type OfferDeps = {
  rateLimits: RateLimitService;
  /** Sets (or moves) the offer's clock: its Durable Object alarm fires at `expiresAt`. */
  setClock: (offerId: string, expiresAt: number) => Promise<void>;
  /** Tells both dealers (inbox socket, chat card, bell, e-mail and text); runs after the answer. */
  announce: (events: OfferEvent[]) => Promise<void>;
  /** The deal an accept made, live on both dealers' tabs (the offer's own notice tells them). */
  dealConfirmed: (dealId: string) => Promise<void>;
};

type Answer = "counter" | "accept" | "decline" | "withdraw";

const ACTION_OF: Record<Answer, OfferAction> = {
  counter: "countered",
  accept: "accepted",
  decline: "declined",
  withdraw: "withdrawn",
};

/** The history step as JSON text, appended in the same UPDATE that changes the offer. */
const stepJson = (step: OfferHistoryStep) => JSON.stringify(step);
const appendStep = (step: OfferHistoryStep) => sql`json_insert(history, '$[#]', json(${stepJson(step)}))`;

/**
 * Offers and counter-offers on a listed vehicle: made by a buyer, answered in turns (accept, counter,
 * decline) before the other side's clock runs out, withdrawn by the dealer whose price is on the table.
 * Accepting makes a confirmed deal at that price. The only code that reads or writes `offers`.
 */
export function offerService(db: Database, deps: OfferDeps) {
  const rowStatement = (offerId: string) => offerRowStatement(db, offerId);

  async function rowOf(offerId: string): Promise<OfferRow | undefined> {
    const [row] = await rowStatement(offerId);
    return row;
  }

  /** The offer if `dealerId` is its buyer or seller; 404 for anyone else, as if it did not exist. */
  function requireParty(row: OfferRow | undefined, dealerId: string): OfferRow {
    if (!row || (row.buyerId !== dealerId && row.sellerId !== dealerId)) throw notFound(OFFER_NOT_FOUND);
    return row;
  }

  /** Why `side` may not take this step now, or null when it may. */
  function refusal(row: OfferRow, side: OfferSide, answer: Answer, now: number): string | null {
    if (row.status !== "open") return `This offer was ${row.status}; it can no longer be answered`;
    if (row.expiresAt <= now) return "The clock on this offer has run out";
    if (answer === "withdraw")
      return row.turn === side ? "Only the dealer whose price is on the table can withdraw it" : null;
    return row.turn === side ? null : "It is the other dealer's turn to answer this offer";
  }

  /**
   * The condition of every step's write: the offer is still as it was read (open, the same turn and version,
   * its clock still running). Of two answers at once, or an answer and the clock, exactly one finds it so.
   */
  const asRead = (row: OfferRow, now: number, table = "offers") => {
    const t = sql.raw(table);
    return sql`${t}.status = 'open' and ${t}.turn = ${row.turn} and ${t}.updated_at = ${row.updatedAt}
      and ${t}.expires_at > ${now}`;
  };

  const stepUpdate = (row: OfferRow, set: ReturnType<typeof sql>, step: OfferHistoryStep, now: number) =>
    batchable(
      db,
      db.all<{ id: string }>(sql`
        update offers set ${set}, history = ${appendStep(step)}, updated_at = ${now}
        where id = ${row.id} and ${asRead(row, now)}
        returning id`),
    );

  const LOST_RACE = "This offer was answered meanwhile: see where it stands now";

  /**
   * An accept in one batch: the deal of today's flow, confirmed at once and proposed by the dealer whose price was
   * accepted, stored only while the offer is as read; then the offer names it; then, gated on that, the vehicle
   * turns pending sale (leaving the deal alerts' matches) and every other open offer on it is declined, saying why.
   */
  function acceptStatements(
    row: OfferRow,
    dealId: string,
    accepterId: string,
    step: OfferHistoryStep,
    now: number,
  ) {
    const won = sql`exists (select 1 from offers w where w.id = ${row.id} and w.deal_id = ${dealId})`;
    const proposerId = row.turn === "seller" ? row.buyerId : row.sellerId;
    const declined: OfferHistoryStep = {
      by: "seller",
      action: "declined",
      message: SOLD_TO_ANOTHER_MESSAGE,
      at: now,
    };
    return [
      batchable(
        db,
        db.run(sql`
          insert into deals (id, proposer_id, counterparty_id, seller_id, buyer_id, post_id, vin, year, make, model,
            trim, miles, color, price_cents, commission_cents, location, status, disclosures, created_at,
            confirmed_at, updated_at)
          select ${dealId}, ${proposerId}, ${accepterId}, o.seller_id, o.buyer_id, o.post_id, v.vin,
            coalesce(v.year, 0), v.make, v.model, coalesce(v.trim, ''), coalesce(v.mileage, 0), coalesce(v.color, ''),
            o.price_cents, ${commissionCents(row.priceCents)},
            coalesce(nullif(v.location, ''), trim(coalesce(v.city, '') || ', ' || coalesce(v.state, ''), ', ')),
            'confirmed', o.disclosures, ${now}, ${now}, ${now}
          from offers o join vehicles v on v.id = o.vehicle_id
          where o.id = ${row.id} and ${asRead(row, now, "o")}`),
      ),
      stepUpdate(row, sql`status = 'accepted', deal_id = ${dealId}`, step, now),
      batchable(
        db,
        db.run(
          sql`update vehicles set status = 'pending' where id = ${row.vehicleId} and status = 'available' and ${won}`,
        ),
      ),
      batchable(db, db.run(sql`delete from offered_vehicles where vehicle_id = ${row.vehicleId} and ${won}`)),
      batchable(
        db,
        db.all<{ id: string }>(sql`
          update offers set status = 'declined', history = ${appendStep(declined)}, updated_at = ${now}
          where vehicle_id = ${row.vehicleId} and status = 'open' and id <> ${row.id} and ${won}
          returning id`),
      ),
    ] as const;
  }

  async function answer(
    dealerId: string,
    offerId: string,
    kind: Answer,
    input: Partial<CounterOffer> = {},
    now = Date.now(),
  ): Promise<Offer> {
    // The offer beside the limit, refused in that order: 404, 409, then 429.
    const [found, spent] = await Promise.allSettled([
      rowOf(offerId),
      deps.rateLimits.spend([LIMITS.offerAnswersPerDealer, dealerId]),
    ]);
    if (found.status === "rejected") throw found.reason;
    const row = requireParty(found.value, dealerId);
    const side = sideOf(row, dealerId);
    const refused = refusal(row, side, kind, now);
    if (refused) throw conflict(refused);
    if (spent.status === "rejected") throw spent.reason;
    const action = ACTION_OF[kind];
    const step: OfferHistoryStep = {
      by: side,
      action,
      ...(kind === "counter" ? { priceCents: input.price! * 100 } : {}),
      ...(input.message ? { message: input.message } : {}),
      at: now,
    };
    const events: OfferEvent[] = [{ offerId, action, actorId: dealerId }];
    if (kind === "accept") {
      const dealId = newId();
      const [, changed, , , others, [stored]] = await db.batch([
        ...acceptStatements(row, dealId, dealerId, step, now),
        rowStatement(offerId),
      ]);
      if (changed.length === 0) throw conflict(LOST_RACE);
      for (const other of others)
        events.push({ offerId: other.id, action: "declined", actorId: row.sellerId });
      await deps.announce(events);
      await deps.dealConfirmed(dealId);
      return toOffer(stored!, dealerId);
    }
    const set =
      kind === "counter"
        ? sql`price_cents = ${step.priceCents}, turn = ${otherSide(side)},
            expires_at = ${now + row.clockHours * HOUR_MS}`
        : sql`status = ${action}`;
    const [changed, [stored]] = await db.batch([stepUpdate(row, set, step, now), rowStatement(offerId)]);
    if (changed.length === 0) throw conflict(LOST_RACE);
    if (kind === "counter") await setClock(offerId, stored!.expiresAt);
    await deps.announce(events);
    return toOffer(stored!, dealerId);
  }

  /** The clock is moved after the write; a clock that could not be set is logged (the offer stands). */
  async function setClock(offerId: string, expiresAt: number) {
    try {
      await deps.setClock(offerId, expiresAt);
    } catch (error) {
      console.error(`Offer ${offerId}: setting its clock failed`, error);
    }
  }

  return {
    /** The offer for one of its two dealers (404 for anyone else). */
    async get(dealerId: string, offerId: string): Promise<Offer> {
      return toOffer(requireParty(await rowOf(offerId), dealerId), dealerId);
    },

    /** GET /api/offers: the dealer's offers, buying or selling or both, open or closed, newest first. */
    async list(dealerId: string, query: OffersQuery): Promise<Page<Offer>> {
      const cursor = offersCursor.decode(query.cursor);
      const whose =
        query.role === "buying"
          ? sql`o.buyer_id = ${dealerId}`
          : query.role === "selling"
            ? sql`o.seller_id = ${dealerId}`
            : sql`(o.buyer_id = ${dealerId} or o.seller_id = ${dealerId})`;
      const status =
        query.status === "open"
          ? sql`and o.status = 'open'`
          : query.status === "closed"
            ? sql`and o.status <> 'open'`
            : sql``;
      const after = cursor ? sql`and (o.created_at, o.id) < (${cursor[0]}, ${cursor[1]})` : sql``;
      const rows = await db.all<OfferRow>(sql`
        select ${OFFER_COLUMNS} from offers o ${OFFER_JOINS}
        where ${whose} ${status} ${after}
        order by o.created_at desc, o.id desc limit ${query.limit + 1}`);
      return pageOf(
        rows,
        query.limit,
        (row) => toOffer(row, dealerId),
        (last) => offersCursor.encode(last.createdAt, last.id),
      );
    },

    /**
     * POST /api/offers: the signed-in dealer offers on another dealer's available vehicle. The vehicle's
     * disclosures are copied onto the offer as they stand now.
     */
    async make(buyerId: string, input: MakeOffer, now = Date.now()): Promise<Offer> {
      type VehicleRow = {
        sellerId: string;
        postId: string;
        postStatus: string;
        postType: string;
        status: string;
      };
      const [found, spent] = await Promise.allSettled([
        db.all<VehicleRow>(sql`
          select p.dealer_id as sellerId, p.id as postId, p.status as postStatus, p.type as postType,
                 v.status as status
          from vehicles v join inventory_posts p on p.id = v.post_id where v.id = ${input.vehicleId}`),
        deps.rateLimits.spend([LIMITS.offersPerDealer, buyerId]),
      ]);
      if (found.status === "rejected") throw found.reason;
      const [vehicle] = found.value;
      if (!vehicle || vehicle.postType === "request") throw notFound("Vehicle not found");
      if (vehicle.sellerId === buyerId) throw badRequest("You cannot make an offer on your own vehicle");
      if (vehicle.status === "sold") throw conflict("This vehicle is sold");
      if (vehicle.status === "pending") throw conflict("This vehicle is pending sale");
      if (vehicle.postStatus !== "active") throw conflict("This post is no longer active");
      if (spent.status === "rejected") throw spent.reason;
      const id = newId();
      const expiresAt = now + input.expiresInHours * HOUR_MS;
      const priceCents = input.price * 100;
      const history: OfferHistoryStep[] = [
        {
          by: "buyer",
          action: "offered",
          priceCents,
          ...(input.message ? { message: input.message } : {}),
          at: now,
        },
      ];
      let stored: OfferRow | undefined;
      try {
        // Stored only while the vehicle is still available and its post active: an offer racing an accept
        // finds nothing to offer on.
        const [inserted, [row]] = await db.batch([
          batchable(
            db,
            db.all<{ id: string }>(sql`
              insert into offers (id, vehicle_id, post_id, buyer_id, seller_id, status, price_cents, turn,
                clock_hours, expires_at, terms, history, disclosures, created_at, updated_at)
              select ${id}, v.id, v.post_id, ${buyerId}, ${vehicle.sellerId}, 'open', ${priceCents}, 'seller',
                ${input.expiresInHours}, ${expiresAt}, ${JSON.stringify(input.terms ?? {})}, ${JSON.stringify(history)},
                v.disclosures, ${now}, ${now}
              from vehicles v join inventory_posts p on p.id = v.post_id
              where v.id = ${input.vehicleId} and v.status = 'available' and p.status = 'active'
              returning id`),
          ),
          rowStatement(id),
        ]);
        if (inserted.length === 0) throw conflict("This vehicle is no longer available");
        stored = row;
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict("You already have an open offer on this vehicle: it must be answered first");
        throw error;
      }
      await setClock(id, expiresAt);
      await deps.announce([{ offerId: id, action: "offered", actorId: buyerId }]);
      return toOffer(stored!, buyerId);
    },

    counter: (dealerId: string, offerId: string, input: CounterOffer, now?: number) =>
      answer(dealerId, offerId, "counter", input, now),
    accept: (dealerId: string, offerId: string, now?: number) => answer(dealerId, offerId, "accept", {}, now),
    decline: (dealerId: string, offerId: string, input: { message?: string } = {}, now?: number) =>
      answer(dealerId, offerId, "decline", input, now),
    withdraw: (dealerId: string, offerId: string, now?: number) =>
      answer(dealerId, offerId, "withdraw", {}, now),

    /**
     * The clock ran out (the offer's alarm): an open offer whose time has passed expires, once; whoever answers
     * at the same moment, one of the two wins. Answers when to look again if the clock was moved meanwhile.
     */
    async expire(offerId: string, now = Date.now()): Promise<{ expired: boolean; nextAt: number | null }> {
      const [changed, [row]] = await db.batch([
        batchable(
          db,
          db.all<{ id: string }>(sql`
            update offers set status = 'expired', updated_at = ${now},
              history = json_insert(history, '$[#]', json_object('by', turn, 'action', 'expired', 'at', ${now}))
            where id = ${offerId} and status = 'open' and expires_at <= ${now}
            returning id`),
        ),
        rowStatement(offerId),
      ]);
      if (changed.length > 0) {
        await deps.announce([{ offerId, action: "expired", actorId: null }]);
        return { expired: true, nextAt: null };
      }
      return { expired: false, nextAt: row?.status === "open" ? row.expiresAt : null };
    },
  };
}

export type OfferService = ReturnType<typeof offerService>;
