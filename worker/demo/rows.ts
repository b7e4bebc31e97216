/**
 * The rows a seeded network writes, one mapping per table for the demo network and the benchmark's large one.
 * Column names are the tables' own (worker/db/schema.ts): the seed commands insert them as they are.
 */
import { offeredVehiclesOf, wantedVehiclesOf } from "../domain/deal-alerts/match.ts";
import type { DemoDealer } from "./dealers.ts";
import type { DemoPost } from "./posts.ts";
import { randomUuid, type Random } from "./random.ts";
import type { DemoVehicle } from "./vehicles.ts";

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
export function dealerRow(d: SeededDealer): Row {
  return {
    id: d.id,
    account_id: d.accountId,
    first_name: d.firstName,
    last_name: d.lastName,
    name: d.name,
    email: d.email,
    phone: d.phone,
    dealership_name: d.dealershipName,
    dealership_type: d.dealershipType,
    address: d.address,
    city: d.city,
    state: d.state,
    zip_code: d.zipCode,
    country: d.country,
    license_number: d.licenseNumber,
    website: d.website,
    description: d.description,
    profile_type: d.profileType,
    buys_canadian_vehicles: d.buysCanadianVehicles,
    auction_access_number: d.auctionAccessNumber,
    dealership_5mil_number: d.dealership5MilNumber,
    rating: d.rating,
    last_active_at: d.lastActiveAt,
    created_at: d.createdAt,
    updated_at: d.createdAt,
  };
}

/** The `vehicles` row of a seeded vehicle, the `position`-th of its post. */
function vehicleRow(v: DemoVehicle, ids: { id: string; postId: string; position: number }): Row {
  return {
    id: ids.id,
    post_id: ids.postId,
    position: ids.position,
    vin: v.vin,
    year: v.year,
    make: v.make,
    model: v.model,
    trim: v.trim,
    mileage: v.mileage,
    price_cents: v.priceCents,
    city: v.city,
    state: v.state,
    color: v.color,
    status: v.status,
  };
}

/** Posts older than this are shown as renewed when active: a seeded network does not all expire at the first cron. */
const LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** `renewed_at` of a seeded post: active posts past their 30 days were renewed some days ago. */
function renewedAtOf(
  post: { status: string; createdAt: number },
  now: number,
  random: () => number,
): number | null {
  if (post.status !== "active" || now - post.createdAt < LIFETIME_MS - 24 * 60 * 60 * 1000) return null;
  return now - Math.round(random() * (LIFETIME_MS - 2 * 24 * 60 * 60 * 1000));
}

/**
 * The deal-alert match index of a seeded post (worker/db/schema.ts wanted_vehicles / offered_vehicles), from
 * the same worker/domain/deal-alerts code the worker uses when a dealer posts.
 */
function matchIndexRowsOf(
  post: {
    id: string;
    dealerId: string;
    type: string;
    status: string;
    title: string;
    description: string;
    createdAt: number;
  },
  vehicles: readonly (DemoVehicle & { id: string })[],
  dealerState: string,
  newId: () => string,
): { wanted: Record<string, string | number | null>[]; offered: Record<string, string | number | null>[] } {
  if (post.status !== "active") return { wanted: [], offered: [] };
  const facts = {
    title: post.title,
    description: post.description,
    vehicles: vehicles.map((v) => ({ ...v, id: v.id })),
  };
  const base = { post_id: post.id, dealer_id: post.dealerId, created_at: post.createdAt };
  if (post.type === "request") {
    return {
      wanted: wantedVehiclesOf(facts).map((w) => ({
        id: newId(),
        ...base,
        make_key: w.makeKey,
        model_key: w.modelKey,
        year_min: w.yearMin,
        year_max: w.yearMax,
        trim: w.trim,
        max_mileage: w.maxMileage,
        max_price_cents: w.maxPriceCents,
        state: w.state,
      })),
      offered: [],
    };
  }
  return {
    wanted: [],
    offered: offeredVehiclesOf({ ...facts, state: dealerState || null }).map((o) => ({
      id: newId(),
      ...base,
      vehicle_id: o.vehicleId,
      make_key: o.makeKey,
      model_key: o.modelKey,
      year_min: o.yearMin,
      year_max: o.yearMax,
      trim: o.trim,
      mileage: o.mileage,
      price_cents: o.priceCents,
      state: o.state,
    })),
  };
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
      created_at: p.createdAt,
    };
  });
  const postVehicles = posts.map((p) => p.vehicles.map((v) => ({ ...v, id: randomUuid(draws.random) })));
  const matchRows = posts.map((p, i) =>
    matchIndexRowsOf(p, postVehicles[i]!, states[i]!, () => randomUuid(draws.lifecycle)),
  );
  return [
    ["inventory_posts", postRows],
    [
      "vehicles",
      posts.flatMap((p, i) =>
        postVehicles[i]!.map((v, position) => vehicleRow(v, { id: v.id, postId: p.id, position })),
      ),
    ],
    ["wanted_vehicles", matchRows.flatMap((m) => m.wanted)],
    ["offered_vehicles", matchRows.flatMap((m) => m.offered)],
  ];
}

const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A seeded dealer's `subscriptions` row: an active Premium plan with the demo processor and Stripe's Visa test
 * card on file, so a seeded network can post and message (worker/domain/subscriptions/entitlement.ts).
 */
export function premiumSubscriptionRow(dealerId: string, id: string, now: number) {
  return {
    id,
    dealer_id: dealerId,
    plan_id: "premium",
    status: "active",
    processor: "demo",
    external_id: `demo_sub_${id}`,
    current_period_start: now,
    current_period_end: now + MONTH_MS,
    cancel_at_period_end: 0,
    card_brand: "visa",
    card_last4: "4242",
    last_event_at: now,
    created_at: now,
    updated_at: now,
  };
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
