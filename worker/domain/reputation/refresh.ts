import { sql } from "drizzle-orm";
import type { OfferSide } from "#lib/schemas/offers";
import { REPLY_TIME_WINDOW_DAYS, REVIEW_WINDOW_MS } from "#lib/reputation/constants";
import { inChunks, listOf } from "../../db/bound-parameters.ts";
import { batchable, type Database } from "../../db/client.ts";
import type { OfferHistoryStep } from "../../db/schema.ts";
import { disputesLostBy } from "../disputes/lost.ts";
import {
  completionRateOf,
  medianReplyMinutesOf,
  medianTitleDaysOf,
  offersAnsweredInTimeOf,
  ratingOf,
  type FirstReply,
  type OfferFacts,
} from "./figures.ts";

const DAY = 24 * 60 * 60 * 1000;

/** A review shows once both were written or the window after the deal's completion ended (`r`, `d` its deal). */
export const revealed = (now: number) =>
  sql`(r.revealed_at is not null or d.completed_at + ${REVIEW_WINDOW_MS} <= ${now})`;

type DealFact = {
  dealerId: string;
  status: string;
  sellerId: string | null;
  completedAt: number | null;
  titleAt: number | null;
};

/** What each query reads per dealer: the ids bound twice in some, so a run holds half as many. */
const PER_DEALER = 2;

function groupBy<T extends { dealerId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.dealerId, [...(groups.get(row.dealerId) ?? []), row]);
  return groups;
}

/**
 * The facts of `ids` in one wave of five reads, then one batch writes each dealer's figures and rating. Only
 * two-dealer deals count (a deal recorded with a dealer outside DealerLane says nothing about either). Disputes
 * lost are the disputes domain's to count.
 */
async function refreshRun(db: Database, ids: string[], now: number): Promise<void> {
  const list = listOf(ids);
  const since = now - REPLY_TIME_WINDOW_DAYS * DAY;
  const [scores, deals, replies, offers, lost] = await Promise.all([
    db.all<{ dealerId: string; score: number }>(sql`
      select r.reviewed_id as dealerId, r.score as score
      from deal_reviews r join deals d on d.id = r.deal_id
      where r.reviewed_id in (${list}) and ${revealed(now)}`),
    db.all<DealFact>(sql`
      select x.dealerId as dealerId, d.status as status, d.seller_id as sellerId, d.completed_at as completedAt,
        (select s.updated_at from pass_thru_steps s
          where s.deal_id = d.id and s.step = 'titleStatus' and s.value in ('received', 'sent')) as titleAt
      from (select proposer_id as dealerId, id from deals
              where proposer_id in (${list}) and counterparty_id is not null and confirmed_at is not null
            union all
            select counterparty_id, id from deals where counterparty_id in (${list}) and confirmed_at is not null) x
      join deals d on d.id = x.id`),
    db.all<FirstReply & { dealerId: string }>(sql`
      select dealer_id as dealerId, asked_at as askedAt, replied_at as repliedAt
      from chat_participants
      where dealer_id in (${list}) and asked_at >= ${since}`),
    db.all<{ dealerId: string; side: OfferSide; clockHours: number; history: string }>(sql`
      select seller_id as dealerId, 'seller' as side, clock_hours as clockHours, history from offers
        where seller_id in (${list})
      union all
      select buyer_id, 'buyer', clock_hours, history from offers where buyer_id in (${list})`),
    disputesLostBy(db, ids),
  ]);
  const scoresOf = groupBy(scores);
  const dealsOf = groupBy(deals);
  const repliesOf = groupBy(replies);
  const offersOf = groupBy(offers);
  const writes = ids.flatMap((id) => {
    const received = (scoresOf.get(id) ?? []).map((r) => r.score);
    const confirmed = dealsOf.get(id) ?? [];
    const completed = confirmed.filter((d) => d.status === "completed");
    const titles = completed.flatMap((d) =>
      d.sellerId === id && d.titleAt !== null && d.completedAt !== null
        ? [{ completedAt: d.completedAt, receivedAt: d.titleAt }]
        : [],
    );
    const offerFacts: OfferFacts[] = (offersOf.get(id) ?? []).map((o) => ({
      side: o.side,
      clockHours: o.clockHours,
      history: JSON.parse(o.history) as OfferHistoryStep[],
    }));
    return [
      batchable(db, db.run(sql`update dealers set rating = ${ratingOf(received)} where id = ${id}`)),
      batchable(
        db,
        db.run(sql`
          insert into dealer_reputations (dealer_id, review_count, deals_completed, completion_rate,
            median_reply_minutes, offers_answered_in_time, median_title_days, disputes_lost, updated_at)
          values (${id}, ${received.length}, ${completed.length},
            ${completionRateOf(completed.length, confirmed.length)}, ${medianReplyMinutesOf(repliesOf.get(id) ?? [])},
            ${offersAnsweredInTimeOf(offerFacts)}, ${medianTitleDaysOf(titles)}, ${lost.get(id) ?? 0}, ${now})
          on conflict (dealer_id) do update set review_count = excluded.review_count,
            deals_completed = excluded.deals_completed, completion_rate = excluded.completion_rate,
            median_reply_minutes = excluded.median_reply_minutes,
            offers_answered_in_time = excluded.offers_answered_in_time,
            median_title_days = excluded.median_title_days, disputes_lost = excluded.disputes_lost,
            updated_at = excluded.updated_at`),
      ),
    ];
  });
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
}

/**
 * Every figure of `dealerIds` measured again from the database as it is at `now` (the seed runs it too, for the
 * demo network's reputations: hence imports that Node loads as they are).
 */
export async function refreshReputations(db: Database, dealerIds: string[], now = Date.now()) {
  for (const ids of inChunks([...new Set(dealerIds)], { perItem: PER_DEALER, fixed: 2 }))
    await refreshRun(db, ids, now);
}
