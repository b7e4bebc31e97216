/**
 * The rows a seeded network writes, one mapping per table for the demo network and the benchmark's large one.
 * Column names are the tables' own (worker/db/schema.ts): the seed commands insert them as they are.
 */
import { POST_LIFETIME_DAYS } from "#lib/constants";
import { matchIndexRows } from "../domain/deal-alerts/match.ts";
import type { DemoDealer } from "./dealers.ts";
import type { DemoPost } from "./posts.ts";
import { randomUuid, type Random } from "./random.ts";

export type Row = Record<string, string | number | boolean | null>;

/** A generated dealer as both networks hold it: the demo profile plus its ids and times. */
export type SeededDealer = DemoDealer & {
  id: string;
  accountId: string;
  createdAt: number;
  lastActiveAt: number;
};

/** A dealer of the demo network, the administrator among them. */
export type SeedDealer = SeededDealer & { role: "dealer" | "admin" };

/** `interest`: how much attention the post draws (older posts more), which sets its views and comments. */
export type SeedPost = DemoPost & { id: string; dealerId: string; createdAt: number; interest: number };
export type SeedComment = {
  id: string;
  postId: string;
  dealerId: string;
  content: string;
  createdAt: number;
};
export type SeedConnection = { id: string; requesterId: string; receiverId: string; createdAt: number };

/** The `dealers` row of a seeded dealer: one mapping for the demo seed and the benchmark's large network. */
export function dealerRow({ dealership5MilNumber, ...d }: SeededDealer): Row {
  const { role: _, ...columns } = columnsOf({ ...d, updatedAt: d.createdAt });
  return { ...columns, dealership_5mil_number: dealership5MilNumber };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Posts older than this are shown as renewed when active: a seeded network does not all expire at the first cron. */
const LIFETIME_MS = POST_LIFETIME_DAYS * DAY_MS;

/** `renewed_at` of a seeded post: active posts past their 30 days were renewed some days ago. */
function renewedAtOf(
  post: { status: string; createdAt: number },
  now: number,
  random: () => number,
): number | null {
  if (post.status !== "active" || now - post.createdAt < LIFETIME_MS - DAY_MS) return null;
  return now - Math.round(random() * (LIFETIME_MS - 2 * DAY_MS));
}

/**
 * The rows of seeded posts, as the tables `inventory_posts`, `vehicles`, `wanted_vehicles` and
 * `offered_vehicles`. `ownRow` adds the columns each network fills its own way (summary, views, photos);
 * `random` draws the vehicles' ids, `lifecycle` the renewals and the match index's ids.
 */
export function postTables<P extends DemoPost & { id: string; dealerId: string; createdAt: number }>(
  posts: readonly P[],
  now: number,
  draws: { random: Random; lifecycle: Random },
  ownRow: (post: P, index: number) => Row & { state: string },
): [string, Row[]][] {
  const states: string[] = [];
  const postRows: Row[] = posts.map((p, i) => {
    const { state, ...own } = ownRow(p, i);
    states.push(state);
    return {
      id: p.id,
      dealer_id: p.dealerId,
      title: p.title,
      description: p.description,
      type: p.type,
      status: p.status,
      spreadsheet_url: p.spreadsheetUrl,
      auction_facilitator: p.auctionFacilitator,
      ...own,
      renewed_at: renewedAtOf(p, now, draws.lifecycle),
      // When a post off the feed left it, as expiry or a sale would have written it: the daily cron's retention
      // counts from there (worker/domain/retention/posts.ts). No draw, so every seeded id stays what it was.
      updated_at: p.status === "active" ? null : Math.min(now, p.createdAt + LIFETIME_MS),
      created_at: p.createdAt,
    };
  });
  const postVehicles = posts.map((p) => p.vehicles.map((v) => ({ ...v, id: randomUuid(draws.random) })));
  // The index the worker writes when a dealer posts, from the same code.
  const matchRows = posts.map((p, i) =>
    matchIndexRows({ ...p, state: states[i] || null }, postVehicles[i]!, p.createdAt, () =>
      randomUuid(draws.lifecycle),
    ),
  );
  return [
    ["inventory_posts", postRows],
    [
      "vehicles",
      posts.flatMap((p, i) =>
        postVehicles[i]!.map((v, position) => columnsOf({ ...v, postId: p.id, position })),
      ),
    ],
    ["wanted_vehicles", matchRows.flatMap((m) => m.wanted.map(columnsOf))],
    ["offered_vehicles", matchRows.flatMap((m) => m.offered.map(columnsOf))],
  ];
}

const MONTH_MS = 30 * DAY_MS;

/**
 * The active Premium plan every demo dealer holds, seeded or throwaway, so the demo always works: the demo
 * processor with Stripe's Visa test card on file (worker/domain/subscriptions/entitlement.ts).
 */
export function premiumSubscription(dealerId: string, id: string, now: number, periodEnd = now + MONTH_MS) {
  return {
    id,
    dealerId,
    planId: "premium",
    status: "active",
    processor: "demo",
    externalId: `demo_sub_${id}`,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    cardBrand: "visa",
    cardLast4: "4242",
    lastEventAt: now,
    createdAt: now,
    updatedAt: now,
  } as const;
}

/** The same plan as a `subscriptions` row for the seed commands, columns named as the table names them. */
export function premiumSubscriptionRow(dealerId: string, id: string, now: number): Row {
  return columnsOf(premiumSubscription(dealerId, id, now));
}

/** A row the worker writes through Drizzle (camelCase keys) as the seed commands insert it (column names). */
export function columnsOf(values: Row): Row {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      value,
    ]),
  );
}

/** The paid invoice behind a seeded subscription (Plan Management lists it). */
export function premiumInvoiceRow(dealerId: string, subscriptionId: string, id: string, now: number) {
  return {
    id,
    dealer_id: dealerId,
    subscription_id: subscriptionId,
    plan_id: "premium",
    processor: "demo",
    external_id: `demo_in_${id}`,
    payment_ref: `demo_ch_${id}`,
    description: "Premium Plan, monthly",
    amount_cents: 14900,
    refunded_cents: 0,
    status: "paid",
    period_start: now,
    period_end: now + MONTH_MS,
    paid_at: now,
    created_at: now,
  };
}
