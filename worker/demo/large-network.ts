/**
 * The benchmark's large dealer network (scripts/seed-large.ts writes it), from the same generators as the demo.
 * The content is deterministic for a number of posts; only timestamps (relative to `now`) change.
 */
import { withChatLines } from "./chat-lines.ts";
import { summarizeVehicles } from "../domain/inventory/ai-summary.ts";
import { DEMO_LOCATIONS, makeDemoDealer } from "./dealers.ts";
import { makeDemoComment, makeDemoPost, type DemoPostKind } from "./posts.ts";
import { createRandom, intBetween, pick, randomUuid, weighted } from "./random.ts";
import { dealerRow, postTables, premiumSubscriptionRow, type Row } from "./rows.ts";
import { makeDemoVehicle, type DemoVehicle } from "./vehicles.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The national network: about as many dealers as the US and Canada have used-vehicle and franchise dealerships
 * (some 60 000), and what a year of them posts and writes. `npm run bench -- --sizes 20000,500000` seeds it.
 */
export const NATIONAL_NETWORK = {
  posts: 500_000,
  dealers: 50_000,
  comments: 2_000_000,
  messages: 5_000_000,
} as const;

/** Comments per post and messages per chat, on average, unless the network states its own totals. */
const COMMENTS_PER_POST = 5;
const MESSAGES_PER_CHAT = 7.5;

/**
 * The benchmark's own dealer posts every 97th post up to this many (what the 20 000-post network gives them),
 * then spread out at the same count: their My Stats, own posts and profile measure the same work at every size.
 */
const OWN_POST_EVERY = 97;
const OWN_POSTS = Math.ceil(20_000 / OWN_POST_EVERY);

const KIND_WEIGHTS: readonly (readonly [DemoPostKind, number])[] = [
  ["single", 22],
  ["multiple", 48],
  ["for-sale", 12],
  ["request", 13],
  ["spreadsheet", 5],
];

/**
 * A network of `dealers` dealers and `posts` posts, written at `now`, table by table, parents first: per 20 000
 * posts ≥ 60 000 vehicles and ≥ 100 000 comments, with connections, chats and messages. Dealer 0 (`me`) is the
 * benchmark's signed-in dealer and the last one (`admin`) the network's administrator.
 */
export function largeNetwork(
  options: { posts: number; dealers: number; comments?: number; messages?: number },
  now: number,
) {
  const random = createRandom(2026 + options.posts);
  const US = DEMO_LOCATIONS.filter((l) => l.country === "US");

  // Dealers, each with an account (members of the network). Dealer 0 is the benchmark's signed-in dealer.
  const dealers = Array.from({ length: options.dealers }, (_, i) => {
    const location = i % 12 === 11 ? pick(random, DEMO_LOCATIONS) : pick(random, US);
    const demo = makeDemoDealer(random, i, { location });
    const createdAt = now - intBetween(random, 30, 900) * DAY;
    return {
      ...demo,
      email: `bench-${i}@bench.dealerlane.example`,
      id: randomUuid(random),
      accountId: randomUuid(random),
      createdAt,
      lastActiveAt: now - intBetween(random, 1, 60 * 24 * 40) * MINUTE,
    };
  });
  const me = dealers[0]!;
  const sellers = dealers.filter((d) => d.country === "US");

  // Posts over the last year, oldest first (the search index's document order follows insertion order).
  const times = Array.from(
    { length: options.posts },
    () => now - 10 * MINUTE - Math.round(Math.pow(random(), 1.6) * 365 * DAY),
  ).sort((a, b) => a - b);
  let vehicleTotal = 0;
  const ownEvery = Math.max(OWN_POST_EVERY, Math.floor(options.posts / OWN_POSTS));
  const posts = times.map((createdAt, i) => {
    const kind = weighted(random, KIND_WEIGHTS);
    const mine = i % ownEvery === 0 && i / ownEvery < OWN_POSTS;
    const dealer = mine ? me : kind === "request" ? pick(random, dealers) : pick(random, sellers);
    const post = makeDemoPost(random, dealer, kind);
    const vehicles: DemoVehicle[] = [...post.vehicles];
    // Wholesale packages run long: multi-vehicle posts carry a few more units than the demo generator writes.
    if (kind === "multiple") {
      const extra = intBetween(random, 1, 3);
      for (let e = 0; e < extra; e++)
        vehicles.push(makeDemoVehicle(random, { city: dealer.city, state: dealer.state }));
    }
    vehicleTotal += vehicles.length;
    return {
      ...post,
      vehicles,
      id: randomUuid(random),
      dealerId: dealer.id,
      createdAt,
      city: dealer.city,
      state: dealer.state,
    };
  });
  // At least three vehicles per post on average.
  const multiples = posts.filter((p) => p.type === "multiple");
  while (vehicleTotal < options.posts * 3 && multiples.length > 0) {
    const post = pick(random, multiples);
    post.vehicles.push(makeDemoVehicle(random, { city: post.city, state: post.state }));
    vehicleTotal++;
  }

  // Comments: five per post on average (or the network's total), weighted towards recent posts, after the post.
  const comments: Row[] = [];
  const commentTarget = options.comments ?? options.posts * COMMENTS_PER_POST;
  for (let c = 0; c < commentTarget; c++) {
    const post = posts[Math.min(posts.length - 1, Math.floor(Math.pow(random(), 0.6) * posts.length))]!;
    const author = pick(random, dealers);
    const earliest = post.createdAt + 5 * MINUTE;
    comments.push({
      id: randomUuid(random),
      post_id: post.id,
      dealer_id: author.id,
      content: makeDemoComment(random),
      created_at: Math.min(now - MINUTE, earliest + Math.round(random() * Math.max(MINUTE, now - earliest))),
    });
  }

  // Connections: about five per dealer; the signed-in dealer has 25.
  const pairs = new Set<string>();
  const connections: Row[] = [];
  const connect = (a: string, b: string) => {
    const key = [a, b].sort().join(":");
    if (a === b || pairs.has(key)) return;
    pairs.add(key);
    connections.push({
      id: randomUuid(random),
      requester_id: a,
      receiver_id: b,
      status: "accepted",
      created_at: now - intBetween(random, 1, 300) * DAY,
    });
  };
  for (let i = 0; i < 25; i++) connect(me.id, pick(random, dealers).id);
  for (const dealer of dealers) for (let i = 0; i < 3; i++) connect(dealer.id, pick(random, dealers).id);

  // Chats and messages between connected dealers.
  const chats: Row[] = [];
  const participants: Row[] = [];
  const messages: Row[] = [];
  const chatPairs = connections.slice(
    0,
    Math.min(connections.length, Math.max(100, Math.round(options.dealers * 1.5))),
  );
  // Each chat holds 40–160 % of the average (3–12 messages at 7.5).
  const perChat = (options.messages ?? chatPairs.length * MESSAGES_PER_CHAT) / chatPairs.length;
  const [fewest, most] = [Math.round(perChat * 0.4), Math.round(perChat * 1.6)];
  for (const c of chatPairs) {
    const a = String(c.requester_id);
    const b = String(c.receiver_id);
    const id = randomUuid(random);
    const count = intBetween(random, fewest, most);
    let t = now - intBetween(random, 1, 60 * 24 * 30) * MINUTE;
    const stamps = Array.from({ length: count }, () => (t -= intBetween(random, 2, 600) * MINUTE)).reverse();
    const last = stamps[stamps.length - 1]!;
    chats.push({ id, pair_key: [a, b].sort().join(":"), last_message_at: last, created_at: stamps[0]! });
    participants.push(
      { chat_id: id, dealer_id: a, last_read_at: last },
      { chat_id: id, dealer_id: b, last_read_at: stamps[Math.max(0, count - 2)]! },
    );
    stamps.forEach((createdAt, m) => {
      const [sender, receiver] = m % 2 === 0 ? [a, b] : [b, a];
      messages.push({
        id: randomUuid(random),
        chat_id: id,
        client_id: randomUuid(random),
        sender_id: sender,
        receiver_id: receiver,
        content: makeDemoComment(random),
        context: null,
        is_read: createdAt < last || receiver === a,
        created_at: createdAt,
      });
    });
  }

  // The last dealer is the network's admin: GET /admin is measured signed in as them.
  const adminDealer = dealers[dealers.length - 1]!;
  const accountRows: Row[] = dealers.map((d) => ({
    id: d.accountId,
    email: d.email,
    password_hash: null,
    role: d === adminDealer ? "admin" : "dealer",
    email_verified_at: d.createdAt,
    created_at: d.createdAt,
  }));
  const dealerRows: Row[] = dealers.map(dealerRow);
  const lifecycleRandom = createRandom(4099 + options.posts);
  const postRows = postTables(posts, now, { random, lifecycle: lifecycleRandom }, (p) => ({
    ai_summary: JSON.stringify(summarizeVehicles(p.vehicles, { city: p.city, state: p.state })),
    view_count: intBetween(random, 0, 400),
    state: p.state,
  }));
  const subscriptionRows = dealerRows.map((d) =>
    premiumSubscriptionRow(d.id as string, randomUuid(random), now),
  );
  const chatLines = withChatLines(chats, participants, messages, now);
  const tables: [string, Row[]][] = [
    ["accounts", accountRows],
    ["dealers", dealerRows],
    ["subscriptions", subscriptionRows],
    ["connections", connections],
    ...postRows,
    ["comments", comments],
    ["chats", chatLines.chats],
    ["chat_participants", chatLines.participants],
    ["messages", messages],
  ];
  const counts = {
    posts: posts.length,
    vehicles: postRows[1]![1].length,
    comments: comments.length,
    dealers: dealerRows.length,
    connections: connections.length,
    chats: chats.length,
    messages: messages.length,
  };
  return { tables, counts, me, admin: adminDealer };
}
