import { isoDay, revenueEstimate } from "#lib/admin";
import { toIso, type AdminFigures } from "#lib/api-types";
import type { Database } from "../../db/client";

const DAY_MS = 24 * 60 * 60 * 1000;
const CHART_DAYS = 30;
/**
 * A subscription that is a customer's: not the staff's own (the admins' dealers, a few rows) nor one of the demo
 * network (its throwaway accounts start trials too).
 */
const NOT_STAFF = `dealer_id not in (select d.id from dealers d join accounts a on a.id = d.account_id where a.role = 'admin' or d.is_demo = 1)`;

/**
 * The /admin figures in one D1 round trip: dealers and subscriptions are counted (a few thousand rows,
 * indexed), while everything that grows with activity — posts, messages, alerts, deals — is read from the
 * summary rows the triggers keep (daily_activity, deal_totals; migrations 0015 and 0019). Every business figure
 * is the real network's: the demo network is counted apart, from its own few rows.
 */
export function adminFigures(db: Database) {
  return {
    async figures(now = Date.now()): Promise<AdminFigures> {
      const weekStart = now - 7 * DAY_MS;
      const firstChartDay = isoDay(now - (CHART_DAYS - 1) * DAY_MS);
      const firstWeekDay = isoDay(now - 6 * DAY_MS);
      // One D1 round trip for the five reads (a batch of prepared statements).
      const client = db.$client;
      const results = await client.batch([
        client
          .prepare(
            // Every signed-up dealer (dealers_signup_idx alone), less the admins' own and the demo network's
            // (a few rows each).
            `select
               (select count(*) from dealers where account_id is not null and deleted_at is null)
               - (select count(*) from accounts a join dealers d on d.account_id = a.id
                  where (a.role = 'admin' or d.is_demo = 1) and d.deleted_at is null) as total,
               (select count(*) from dealers where account_id is not null and deleted_at is null and created_at >= ?1)
               - (select count(*) from accounts a join dealers d on d.account_id = a.id
                  where (a.role = 'admin' or d.is_demo = 1) and d.deleted_at is null and d.created_at >= ?1) as newThisWeek,
               (select count(*) from dealers where is_demo = 1 and deleted_at is null) as demoDealers,
               (select count(*) from accounts where demo_expires_at is not null) as throwawayAccounts,
               (select count(*) from inventory_posts p join dealers d on d.id = p.dealer_id where d.is_demo = 1) as demoPosts,
               (select count(*) from inventory_posts p join dealers d on d.id = p.dealer_id
                  where d.is_demo = 1 and p.created_at >= ?1) as demoPostsThisWeek`,
          )
          .bind(weekStart),
        // Counted in subscriptions_plan_status_idx first, then named: the join never visits a subscription row.
        // The staff's own dealers are left out here as in the dealer count (an admin's plan is no revenue).
        client.prepare(
          `select g.planId, p.name as planName, g.status, g.count
           from (select plan_id as planId, status, count(*) as count from subscriptions
                 where ${NOT_STAFF} group by plan_id, status) g
           join plans p on p.id = g.planId
           order by p.sort_order, g.status`,
        ),
        client
          .prepare(
            `select coalesce(sum(p.price_cents * g.count), 0) as mrrCents, coalesce(sum(g.count), 0) as payingDealers
             from (select plan_id, count(*) as count from subscriptions
                   where status = 'active' and (current_period_end is null or current_period_end > ?)
                     and ${NOT_STAFF}
                   group by plan_id) g
             join plans p on p.id = g.plan_id`,
          )
          .bind(now),
        client.prepare(
          `select status, count, volume_cents as volumeCents, commission_cents as commissionCents
           from deal_totals order by status`,
        ),
        client
          .prepare(
            `select day, signups, deals, posts, messages, alerts from daily_activity where day >= ? order by day`,
          )
          .bind(firstChartDay),
      ]);
      const rowsOf = <T>(i: number) => (results[i]?.results ?? []) as T[];
      const dealerCounts = rowsOf<{
        total: number;
        newThisWeek: number;
        demoDealers: number;
        throwawayAccounts: number;
        demoPosts: number;
        demoPostsThisWeek: number;
      }>(0);
      const subscriptionRows = rowsOf<{ planId: string; planName: string; status: string; count: number }>(1);
      const revenue = rowsOf<{ mrrCents: number; payingDealers: number }>(2);
      const dealRows = rowsOf<{
        status: string;
        count: number;
        volumeCents: number;
        commissionCents: number;
      }>(3);
      const days = rowsOf<{
        day: string;
        signups: number;
        deals: number;
        posts: number;
        messages: number;
        alerts: number;
      }>(4);
      const dealers = dealerCounts[0] ?? {
        total: 0,
        newThisWeek: 0,
        demoDealers: 0,
        throwawayAccounts: 0,
        demoPosts: 0,
        demoPostsThisWeek: 0,
      };
      const mrrCents = revenue[0]?.mrrCents ?? 0;
      const byDay = new Map(days.map((d) => [d.day, d]));
      const week = days.filter((d) => d.day >= firstWeekDay);
      const sum = (key: "posts" | "messages" | "alerts" | "signups" | "deals") =>
        week.reduce((total, d) => total + d[key], 0);
      const live = dealRows.filter((r) => r.count > 0);
      return {
        dealers: { total: dealers.total, newThisWeek: dealers.newThisWeek },
        demoNetwork: {
          dealers: dealers.demoDealers,
          throwawayAccounts: dealers.throwawayAccounts,
          posts: dealers.demoPosts,
          postsThisWeek: dealers.demoPostsThisWeek,
        },
        subscriptions: subscriptionRows,
        revenue: {
          mrrCents,
          annualRunRateCents: mrrCents * 12,
          payingDealers: revenue[0]?.payingDealers ?? 0,
          estimate: revenueEstimate(dealers.total),
        },
        deals: {
          byStatus: live
            .filter((r) => !r.status.startsWith("review:"))
            .map(({ status, count, volumeCents, commissionCents }) => ({
              status,
              count,
              volumeCents,
              commissionCents,
            })),
          byReview: live
            .filter((r) => r.status.startsWith("review:"))
            .map(({ status, count, volumeCents, commissionCents }) => ({
              review: status.slice("review:".length),
              count,
              volumeCents,
              commissionCents,
            })),
        },
        thisWeek: {
          posts: sum("posts"),
          messages: sum("messages"),
          alerts: sum("alerts"),
          signups: sum("signups"),
          deals: sum("deals"),
        },
        daily: Array.from({ length: CHART_DAYS }, (_, i) => {
          const day = isoDay(now - (CHART_DAYS - 1 - i) * DAY_MS);
          const row = byDay.get(day);
          return { day, signups: row?.signups ?? 0, deals: row?.deals ?? 0 };
        }),
        generatedAt: toIso(now),
      };
    },
  };
}
