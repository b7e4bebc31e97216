import type { ChatHistory } from "../../realtime/chat-history";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { StatsBook } from "../stats";
import { dealerStatsOf } from "./dealer-stats";
import { periodFigures, statsView, type DealerActivity, type StatPeriod, type StatsView } from "./figures";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which side of a completed deal the dealer was on. A deal proposed between two dealers names both; a deal
 * recorded after the fact names only its seller (the completion form's seller name and e-mail), so the dealer
 * who records it bought the vehicle — unless the seller e-mail they gave is their own.
 */
const soldByDealer = (dealerId: string): SQL => sql`(d.seller_id = ${dealerId}
  or (d.seller_id is null and d.buyer_id is null and d.proposer_id = ${dealerId}
      and lower(coalesce(d.seller_email, '')) = (select lower(email) from dealers where id = ${dealerId})))`;

/** The dealer's own deals (either party). */
const dealsOf = (dealerId: string): SQL =>
  sql`(d.proposer_id = ${dealerId} or d.counterparty_id = ${dealerId})`;

type DealTotals = { dealsClosed: number; vehiclesSold: number; vehiclesBought: number };

/** Completed deals, and how many of them the dealer sold or bought: the profile's and the popup's figures. */
export async function dealTotalsOf(db: Database, dealerId: string): Promise<DealTotals> {
  const [row] = await db.all<DealTotals>(sql`
    select count(*) as dealsClosed,
      coalesce(sum(case when ${soldByDealer(dealerId)} then 1 else 0 end), 0) as vehiclesSold,
      coalesce(sum(case when ${soldByDealer(dealerId)} then 0 else 1 end), 0) as vehiclesBought
    from deals d where ${dealsOf(dealerId)} and d.status = 'completed'`);
  return row ?? { dealsClosed: 0, vehiclesSold: 0, vehiclesBought: 0 };
}

export type VehicleCount = { vehicle: string; count: number };

/** My Vehicle Activity, from the dealer's completed deals. */
export type VehicleActivity = {
  mostBought: VehicleCount[];
  mostSold: VehicleCount[];
  month: { bought: number; sold: number; volumeCents: number };
  /** Completed deals ever: with none the panel explains how deals are made. */
  dealsClosed: number;
};

/**
 * The dealer's own figures: My Stats over 7/30/90 days and all time, the profile's Statistics tab,
 * My Vehicle Activity, the deal totals: every figure of the dealer's activity is counted here.
 * Reads the dealer's activity as event times; the figures themselves are computed by figures.ts.
 */
export function insightsService(
  db: Database,
  rooms: (chatId: string) => Pick<ChatHistory, "activitySince">,
  stats: Pick<StatsBook, "activitySince" | "viewFigures">,
) {
  /** Who wrote when in the dealer's chats since `since`, asked of the rooms of the chats active since then. */
  async function chatActivitySince(dealerId: string, since: number): Promise<DealerActivity["messages"]> {
    const chats = await db.all<{ id: string }>(sql`
      select c.id as id from chat_participants cp join chats c on c.id = cp.chat_id
      where cp.dealer_id = ${dealerId} and c.last_message_at >= ${since}`);
    const each = await Promise.all(
      chats.map(async (c) =>
        (await rooms(c.id).activitySince(since)).map((m) => ({
          chatId: c.id,
          fromMe: m.senderId === dealerId,
          at: m.at,
        })),
      ),
    );
    return each.flat();
  }

  /**
   * Everything the figures of two periods (the one asked for and the one before) are counted from, in one
   * statement: each kind of event is one column, a JSON array gathered by a subquery, so the page waits on
   * one D1 trip instead of seven (D1 caps a compound SELECT at a few terms, so not a `union all`). The views and
   * day counts of My Stats' own database are read beside it, and added to those the main one still keeps.
   */
  async function activitySince(dealerId: string, since: number): Promise<DealerActivity> {
    type Json = string;
    const [[row], messages, views] = await Promise.all([
      db.all<Record<Exclude<keyof DealerActivity, "messages">, Json>>(sql`
      select
        (select json_group_array(pv.created_at)
          from inventory_posts p join post_views pv on pv.post_id = p.id
          where p.dealer_id = ${dealerId} and pv.viewer_id <> ${dealerId} and pv.created_at >= ${since}) as postViews,
        (select json_group_array(c.created_at)
          from inventory_posts p join comments c on c.post_id = p.id
          where p.dealer_id = ${dealerId} and c.dealer_id <> ${dealerId} and c.created_at >= ${since}) as commentsReceived,
        (select json_group_array(created_at) from connections
          where (requester_id = ${dealerId} or receiver_id = ${dealerId}) and status = 'accepted'
            and created_at >= ${since}) as connections,
        (select json_group_array(at) from (
          select min(c.created_at) as at from comments c join inventory_posts p on p.id = c.post_id
          where c.dealer_id = ${dealerId} and p.type = 'request' and p.dealer_id <> ${dealerId}
          group by c.post_id having min(c.created_at) >= ${since})) as requestsAnswered,
        (select json_group_array(json_array(d.proposer_id = ${dealerId}, d.created_at, d.confirmed_at,
            d.completed_at, d.price_cents, d.commission_cents))
          from deals d
          where ${dealsOf(dealerId)}
            and max(d.created_at, coalesce(d.confirmed_at, 0), coalesce(d.completed_at, 0)) >= ${since}) as deals,
        (select json_group_array(json_array(day, post_views, comments_received, requests_answered))
          from dealer_day_figures where dealer_id = ${dealerId} and day >= ${since}) as foldedDays`),
      chatActivitySince(dealerId, since),
      stats.activitySince(dealerId, since),
    ]);
    const list = <T>(json: Json | undefined) => (json ? (JSON.parse(json) as T[]) : []);
    type DealRow = [number, number, number | null, number | null, number, number | null];
    type FoldedRow = [number, number, number, number];
    return {
      postViews: [...list<number>(row?.postViews), ...views.postViews],
      commentsReceived: list<number>(row?.commentsReceived),
      connections: list<number>(row?.connections),
      requestsAnswered: list<number>(row?.requestsAnswered),
      messages,
      deals: list<DealRow>(row?.deals).map(
        ([proposedByMe, createdAt, confirmedAt, completedAt, priceCents, commissionCents]) => ({
          proposedByMe: proposedByMe === 1,
          createdAt,
          confirmedAt,
          completedAt,
          priceCents,
          commissionCents,
        }),
      ),
      foldedDays: [
        ...list<FoldedRow>(row?.foldedDays).map(([day, postViews, commentsReceived, requestsAnswered]) => ({
          day,
          postViews,
          commentsReceived,
          requestsAnswered,
        })),
        ...views.foldedDays,
      ],
    };
  }

  return {
    activitySince,

    /** /my-stats: the period's figures against the one before; `advanced` (Premium) adds breakdowns and series. */
    /** `advanced` may still be on its way (the plan look-up), so the reads run beside it. */
    async myStats(
      dealerId: string,
      periodDays: StatPeriod,
      advanced: boolean | Promise<boolean>,
      now = Date.now(),
    ): Promise<StatsView> {
      const [activity, premium] = await Promise.all([
        activitySince(dealerId, now - 2 * periodDays * DAY_MS),
        advanced,
      ]);
      return statsView(periodFigures(activity, periodDays, now), premium);
    },

    dealTotals: (dealerId: string) => dealTotalsOf(db, dealerId),

    /** The all-time figures of /my-stats and the profile's Statistics tab. */
    dealerStats: (dealerId: string, now = Date.now()) => dealerStatsOf(db, stats, dealerId, now),

    /** The Dealer Network's left panel: the makes and models the dealer bought and sold most, and this month. */
    async vehicleActivity(dealerId: string, now = Date.now()): Promise<VehicleActivity> {
      const d = new Date(now);
      const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      const sold = soldByDealer(dealerId);
      const ranked = (side: SQL) =>
        db.all<VehicleCount>(sql`
          select min(d.make) || ' ' || min(d.model) as vehicle, count(*) as count
          from deals d where ${dealsOf(dealerId)} and d.status = 'completed' and ${side}
          group by lower(d.make), lower(d.model) order by count desc, vehicle limit 5`);
      const [mostBought, mostSold, month, totals] = await Promise.all([
        ranked(sql`not ${sold}`),
        ranked(sold),
        db.all<VehicleActivity["month"]>(sql`
          select coalesce(sum(case when ${sold} then 0 else 1 end), 0) as bought,
            coalesce(sum(case when ${sold} then 1 else 0 end), 0) as sold,
            coalesce(sum(d.price_cents), 0) as volumeCents
          from deals d
          where ${dealsOf(dealerId)} and d.status = 'completed' and d.completed_at >= ${monthStart}`),
        dealTotalsOf(db, dealerId),
      ]);
      return {
        mostBought,
        mostSold,
        month: month[0] ?? { bought: 0, sold: 0, volumeCents: 0 },
        dealsClosed: totals.dealsClosed,
      };
    },
  };
}
