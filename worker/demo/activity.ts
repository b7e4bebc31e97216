/** What the demo network did: its posts, the comments and views on them, its connections and its deals. */
import { POST_LIFETIME_DAYS } from "#lib/constants";
import { commissionCents } from "#lib/deals/constants";
import { makeDemoComment, makeDemoPost, type DemoPostKind } from "./posts.ts";
import { intBetween, pick, randomUuid, shuffle, weighted, type Random } from "./random.ts";
import type { Row, SeedComment, SeedConnection, SeedDealer, SeedPost } from "./rows.ts";
import type { DemoVehicle } from "./vehicles.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const KIND_WEIGHTS: readonly (readonly [DemoPostKind, number])[] = [
  ["single", 35],
  ["multiple", 20],
  ["for-sale", 20],
  ["request", 20],
  ["spreadsheet", 5],
];

function makePost(
  random: Random,
  dealer: SeedDealer,
  kind: DemoPostKind,
  createdAt: number,
  now: number,
): SeedPost {
  const post = makeDemoPost(random, dealer, kind);
  // An expired post is one past its lifetime: never "expired" minutes after it was posted.
  if (post.status === "expired" && now - createdAt < POST_LIFETIME_DAYS * DAY)
    createdAt -= POST_LIFETIME_DAYS * DAY;
  const ageDays = (now - createdAt) / DAY;
  const interest = Math.min(400, Math.round(random() * (15 + ageDays * 9)));
  return { ...post, id: randomUuid(random), dealerId: dealer.id, createdAt, interest };
}

export function buildPosts(random: Random, dealers: SeedDealer[], now: number): SeedPost[] {
  const [demo] = dealers;
  if (!demo) throw new Error("no dealers");
  const members = dealers.filter((d) => d.role === "dealer" && d.id !== demo.id);
  const postTime = () => now - 30 * MINUTE - Math.round(Math.pow(random(), 1.4) * 60 * DAY);
  const posts: SeedPost[] = [];

  // The demo dealer's own posts, so "My posts", comments and views have something to show.
  const demoKinds: DemoPostKind[] = [
    "single",
    "multiple",
    "single",
    "for-sale",
    "request",
    "multiple",
    "spreadsheet",
    "single",
    "for-sale",
  ];
  demoKinds.forEach((kind, i) => {
    const createdAt = i === 0 ? now - intBetween(random, 2 * HOUR, 20 * HOUR) : postTime();
    posts.push(makePost(random, demo, kind, createdAt, now));
  });

  while (posts.length < 180) {
    const kind = weighted(random, KIND_WEIGHTS);
    const candidates = members.filter((d) => (kind === "request" ? true : d.country === "US"));
    const dealer = weighted(
      random,
      candidates.map((d) => {
        const fits = kind === "request" ? d.profileType === "buyer" : d.profileType === "seller";
        return [d, fits ? 3 : 1] as const;
      }),
    );
    posts.push(makePost(random, dealer, kind, postTime(), now));
  }
  return posts.sort((a, b) => b.createdAt - a.createdAt);
}

export function buildComments(
  random: Random,
  dealers: SeedDealer[],
  posts: SeedPost[],
  now: number,
): SeedComment[] {
  const demo = dealers[0] as SeedDealer;
  const commenters = dealers.filter((d) => d.role === "dealer");
  const comments: SeedComment[] = [];
  const comment = (post: SeedPost) => {
    let author = pick(random, commenters);
    while (author.id === post.dealerId) author = pick(random, commenters);
    const earliest = post.createdAt + 5 * MINUTE;
    const createdAt =
      earliest + Math.round(Math.pow(random(), 2) * Math.max(MINUTE, now - MINUTE - earliest));
    comments.push({
      id: randomUuid(random),
      postId: post.id,
      dealerId: author.id,
      content: makeDemoComment(random),
      createdAt,
    });
  };
  for (const post of posts.filter((p) => p.dealerId === demo.id)) {
    const count = intBetween(random, 2, 5);
    for (let i = 0; i < count; i++) comment(post);
  }
  const weights = posts.map((p) => [p, p.interest + 25] as const);
  while (comments.length < 440) comment(weighted(random, weights));
  return comments;
}

const MOST_INTEREST = 400;

/**
 * Who opened each post, and when: one row per dealer (a view counts once per dealer, never the post's own), as
 * many as the post's interest says out of the dealers who could, from its first minutes to now.
 */
export function buildViews(random: Random, dealers: SeedDealer[], posts: SeedPost[], now: number): Row[] {
  const viewers = dealers.filter((d) => d.role === "dealer");
  return posts.flatMap((post) => {
    const eligible = viewers.filter((d) => d.id !== post.dealerId);
    const count = Math.round((Math.min(post.interest, MOST_INTEREST) / MOST_INTEREST) * eligible.length);
    const chosen = shuffle(random, eligible).slice(0, count);
    const earliest = post.createdAt + MINUTE;
    return chosen.map((viewer) => ({
      post_id: post.id,
      viewer_id: viewer.id,
      created_at: earliest + Math.round(Math.pow(random(), 2) * Math.max(MINUTE, now - MINUTE - earliest)),
    }));
  });
}

export function buildConnections(random: Random, dealers: SeedDealer[], now: number): SeedConnection[] {
  const [demo, admin] = dealers as [SeedDealer, SeedDealer];
  const others = dealers.slice(2);
  const byId = new Map(dealers.map((d) => [d.id, d]));
  const pairs = new Set<string>();
  const degree = new Map<string, number>();
  const connections: SeedConnection[] = [];
  const key = (a: string, b: string) => [a, b].sort().join(":");
  const connect = (a: string, b: string) => {
    if (a === b || pairs.has(key(a, b))) return false;
    pairs.add(key(a, b));
    degree.set(a, (degree.get(a) ?? 0) + 1);
    degree.set(b, (degree.get(b) ?? 0) + 1);
    const [requesterId, receiverId] = random() < 0.5 ? [a, b] : [b, a];
    const since = Math.max(byId.get(a)?.createdAt ?? 0, byId.get(b)?.createdAt ?? 0);
    const createdAt = since + Math.round(random() * (now - HOUR - since));
    connections.push({ id: randomUuid(random), requesterId, receiverId, createdAt });
    return true;
  };

  for (const other of shuffle(random, others).slice(0, 12)) connect(demo.id, other.id);
  for (const other of shuffle(random, others).slice(0, 3)) connect(admin.id, other.id);
  for (const dealer of shuffle(random, others)) {
    const target = intBetween(random, 3, 10);
    for (let attempt = 0; (degree.get(dealer.id) ?? 0) < target && attempt < 200; attempt++) {
      const candidate = pick(random, others);
      if ((degree.get(candidate.id) ?? 0) >= 10) continue;
      connect(dealer.id, candidate.id);
    }
  }
  return connections;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_DEALS = 14;

/**
 * Completed deals between connected dealers of the demo network, over the last 80 days, so My Stats, My
 * Vehicle Activity and the Market Report's deal volume have something to show in a demo. The demo dealer
 * (index 0) sells in about half of its deals and buys in the others. Each deal is a priced vehicle of one of
 * the seller's posts (a sold one where there is one), at its asking price.
 */
export function buildDeals(
  random: Random,
  dealers: SeedDealer[],
  posts: SeedPost[],
  connections: SeedConnection[],
  now: number,
): Row[] {
  const demoId = dealers[0]!.id;
  const byId = new Map(dealers.map((d) => [d.id, d]));
  const pricedByDealer = new Map<string, { post: SeedPost; vehicle: DemoVehicle }[]>();
  for (const post of posts) {
    if (post.type === "request") continue;
    for (const vehicle of post.vehicles) {
      if (vehicle.priceCents === null || !vehicle.make || !vehicle.model) continue;
      const list = pricedByDealer.get(post.dealerId) ?? [];
      list.push({ post, vehicle });
      pricedByDealer.set(post.dealerId, list);
    }
  }
  // The administrator's dealer stays out of the network's business, as everywhere in the demo.
  const adminId = dealers[1]!.id;
  const eligible = connections.filter((c) => c.requesterId !== adminId && c.receiverId !== adminId);
  const withDemo = eligible.filter((c) => c.requesterId === demoId || c.receiverId === demoId);
  const others = eligible.filter((c) => c.requesterId !== demoId && c.receiverId !== demoId);
  const rows: Row[] = [];
  for (const connection of [...withDemo.slice(0, 6), ...shuffle(random, others)]) {
    if (rows.length >= DEMO_DEALS) break;
    const pair = [connection.requesterId, connection.receiverId];
    // The demo dealer alternates between selling and buying; elsewhere either side may sell.
    const sellerFirst = pair.includes(demoId) ? rows.length % 2 === 0 : random() < 0.5;
    const [sellerId, buyerId] = (pair[0] === demoId) === sellerFirst ? pair : [pair[1]!, pair[0]!];
    const stock = pricedByDealer.get(sellerId!);
    const seller = byId.get(sellerId!);
    if (!stock?.length || !seller) continue;
    // A vehicle of a post already marked sold where the seller has one, as completing a deal does.
    const sold = stock.filter((s) => s.post.status === "sold");
    const { post, vehicle } = pick(random, sold.length > 0 ? sold : stock);
    const priceCents = vehicle.priceCents as number;
    const createdAt = Math.max(now - intBetween(random, 2, 80) * DAY_MS, connection.createdAt + DAY_MS);
    const confirmedAt = createdAt + intBetween(random, 1, 6) * 60 * 60 * 1000;
    const completedAt = confirmedAt + intBetween(random, 1, 3) * DAY_MS;
    if (completedAt >= now) continue;
    rows.push({
      id: randomUuid(random),
      proposer_id: buyerId!,
      counterparty_id: sellerId!,
      seller_id: sellerId!,
      buyer_id: buyerId!,
      post_id: post.id,
      vin: vehicle.vin,
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      trim: vehicle.trim ?? "",
      miles: vehicle.mileage ?? 0,
      color: vehicle.color ?? "",
      price_cents: priceCents,
      commission_cents: commissionCents(priceCents),
      location: `${seller.city}, ${seller.state}`,
      status: "completed",
      created_at: createdAt,
      confirmed_at: confirmedAt,
      completed_at: completedAt,
      updated_at: completedAt,
    });
  }
  return rows;
}
