import { sql } from "drizzle-orm";
import { listOf } from "../../db/bound-parameters";
import type { Database } from "../../db/client";
import {
  buildMarketReport,
  REPORT_DAYS,
  type MarketReport,
  type MarketRows,
  type Ranked,
} from "./market-figures";

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Toyota Camry" whatever the case it was typed in: the first spelling seen names the group. */
const MODEL = sql`min(trim(v.make)) || ' ' || min(trim(v.model))`;
const MODEL_GROUP = sql`lower(trim(v.make)), lower(trim(v.model))`;

/**
 * The Market Report: computed from the network's posts and deals of the last 30 days by the daily cron and
 * stored in `market_reports`, one row a day; the news page reads the latest row. The only code that touches
 * `market_reports`. The stored report is the real network's; a demo viewer's database sees the demo network
 * only (worker/db/network-wall.ts), and the demo's small report is computed when it is read, never stored.
 */
export function marketReportService(db: Database, network: { demoNetwork: () => boolean }) {
  async function rowsFor(now: number): Promise<MarketRows> {
    const from = now - REPORT_DAYS * DAY_MS;
    const before = from - REPORT_DAYS * DAY_MS;
    const ranked = (where: ReturnType<typeof sql>) =>
      db.all<Ranked>(sql`
        select ${MODEL} as label, count(*) as count
        from inventory_posts p join vehicles v on v.post_id = p.id
        where ${where} and p.created_at >= ${from} and p.created_at < ${now}
        group by ${MODEL_GROUP} order by count desc, label`);
    const [requested, listed, states, deals] = await Promise.all([
      ranked(sql`p.type = 'request'`),
      ranked(sql`p.type <> 'request'`),
      db.all<Ranked>(sql`
        select upper(coalesce(nullif(trim(v.state), ''), d.state)) as label, count(*) as count
        from inventory_posts p join vehicles v on v.post_id = p.id join dealers d on d.id = p.dealer_id
        where p.type <> 'request' and p.created_at >= ${from} and p.created_at < ${now}
          and coalesce(nullif(trim(v.state), ''), d.state) <> ''
        group by label order by count desc, label`),
      db.all<{ current: number; count: number; volumeCents: number }>(sql`
        select completed_at >= ${from} as current, count(*) as count, coalesce(sum(price_cents), 0) as volumeCents
        from deals
        where status = 'completed' and completed_at >= ${before} and completed_at < ${now}
        group by completed_at >= ${from}`),
    ]);
    const top = listed.slice(0, 5).map((r) => r.label.toLowerCase());
    const listings =
      top.length === 0
        ? []
        : await db.all<{
            vehicle: string;
            priceCents: number | null;
            mileage: number | null;
            current: number;
          }>(sql`
            select lower(trim(v.make)) || ' ' || lower(trim(v.model)) as vehicle, v.price_cents as priceCents,
              v.mileage as mileage, p.created_at >= ${from} as current
            from inventory_posts p join vehicles v on v.post_id = p.id
            where p.type <> 'request' and p.created_at >= ${before} and p.created_at < ${now}
              and lower(trim(v.make)) || ' ' || lower(trim(v.model)) in (${listOf(top)})`);
    const label = new Map(listed.slice(0, 5).map((r) => [r.label.toLowerCase(), r.label]));
    const dealsOf = (current: boolean) => {
      const row = deals.find((d) => (d.current === 1) === current);
      return { count: row?.count ?? 0, volumeCents: row?.volumeCents ?? 0 };
    };
    return {
      requested,
      listed,
      states,
      listings: listings.map((l) => ({
        vehicle: label.get(l.vehicle) ?? l.vehicle,
        priceCents: l.priceCents !== null && l.priceCents > 0 ? l.priceCents : null,
        mileage: l.mileage,
        current: l.current === 1,
      })),
      deals: { current: dealsOf(true), previous: dealsOf(false) },
    };
  }

  async function compute(now = Date.now()): Promise<MarketReport> {
    const report = buildMarketReport(await rowsFor(now), now);
    const day = report.computedAt.slice(0, 10);
    await db.run(sql`
      insert into market_reports (day, report, computed_at) values (${day}, ${JSON.stringify(report)}, ${now})
      on conflict (day) do update set report = excluded.report, computed_at = excluded.computed_at`);
    // A year of daily reports is plenty of history; older rows go.
    await db.run(sql`delete from market_reports where computed_at < ${now - 365 * DAY_MS}`);
    return report;
  }

  return {
    /** The daily cron (and a fresh database's first read): the report for the 30 days ending now. */
    compute,

    /** The latest report; computed once when none exists yet (a fresh `npm start`, a new test database). */
    async latest(): Promise<MarketReport> {
      if (network.demoNetwork()) return buildMarketReport(await rowsFor(Date.now()), Date.now());
      const [row] = await db.all<{ report: string }>(
        sql`select report from market_reports order by day desc limit 1`,
      );
      return row ? (JSON.parse(row.report) as MarketReport) : compute();
    },
  };
}
