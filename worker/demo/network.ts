/**
 * The seeded demo network: 46 dealers (the demo account behind quick login, the administrator, 40 US dealers
 * and 4 Canadian buyers), their posts, comments, views, connections, chats and deals, as the rows to write.
 * The content is deterministic (createRandom(2026)); only timestamps (relative to `now`) change between runs.
 */
import { DEALERSHIP_TYPES, DEMO_ACCOUNT } from "#lib/constants";
import { summarizeVehicles } from "../domain/inventory/ai-summary.ts";
import { buildComments, buildConnections, buildDeals, buildPosts, buildViews } from "./activity.ts";
import { buildChats } from "./chats.ts";
import { withChatLines } from "./chat-lines.ts";
import { buildReviews } from "./reviews.ts";
import {
  DEMO_CANADIAN_LOCATIONS,
  DEMO_FIRST_NAMES,
  DEMO_LAST_NAMES,
  DEMO_LOCATIONS,
  DEMO_US_LOCATIONS,
  makeDemoDealer,
  type DealerOverrides,
  type DemoDealer,
  type DemoLocation,
} from "./dealers.ts";
import { demoPhotosOf } from "./photos.ts";
import { createRandom, intBetween, pick, randomUuid, shuffle, type Random } from "./random.ts";
import {
  dealerRow,
  postTables,
  premiumInvoiceRow,
  premiumSubscriptionRow,
  type Row,
  type SeedDealer,
} from "./rows.ts";

/** The seeded administrator; the password is the demo account's. */
export const DEMO_ADMIN_EMAIL = "admin@dealerlane.app";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function locationIn(random: Random, state: string): DemoLocation {
  return pick(
    random,
    DEMO_LOCATIONS.filter((l) => l.state === state),
  );
}

function dallas(): DemoLocation {
  const found = DEMO_LOCATIONS.find((l) => l.city === "Dallas" && l.state === "TX");
  if (!found) throw new Error("Dallas is missing from DEMO_LOCATIONS");
  return found;
}

function buildDealers(random: Random, now: number): SeedDealer[] {
  const drafts: { dealer: DemoDealer; role: "dealer" | "admin" }[] = [];
  const taken = new Set<string>();
  const add = (index: number, overrides: DealerOverrides, role: "dealer" | "admin" = "dealer") => {
    let dealer = makeDemoDealer(random, index, overrides);
    for (let attempt = 0; taken.has(dealer.dealershipName.toLowerCase()) && attempt < 20; attempt++) {
      dealer = makeDemoDealer(random, index, overrides);
    }
    if (taken.has(dealer.dealershipName.toLowerCase())) {
      dealer = makeDemoDealer(random, index, {
        ...overrides,
        dealershipName: `${dealer.dealershipName} of ${dealer.city}`,
      });
    }
    taken.add(dealer.dealershipName.toLowerCase());
    drafts.push({ dealer, role });
  };

  // 0: the demo account behind the quick-login button.
  add(0, {
    firstName: "Jordan",
    lastName: "Reyes",
    dealershipName: "Reyes Auto Group",
    dealershipType: "independent",
    profileType: "seller",
    email: DEMO_ACCOUNT.email,
    location: dallas(),
  });
  // 1: the administrator, who also needs a dealer profile to use the app.
  add(
    1,
    {
      firstName: "Avery",
      lastName: "Collins",
      dealershipName: "DealerLane Operations",
      dealershipType: "wholesaler",
      profileType: "buyer",
      email: DEMO_ADMIN_EMAIL,
      location: dallas(),
    },
    "admin",
  );

  // Everyone else gets a first and a last name nobody else in the network has.
  const firstNames = shuffle(
    random,
    (DEMO_FIRST_NAMES as readonly string[]).filter((n) => n !== "Jordan" && n !== "Avery"),
  );
  const lastNames = shuffle(
    random,
    (DEMO_LAST_NAMES as readonly string[]).filter((n) => n !== "Reyes" && n !== "Collins"),
  );
  const names = (i: number) => ({
    firstName: firstNames[i % firstNames.length],
    lastName: lastNames[i % lastNames.length],
  });

  // 40 US dealers: one per state first (38 states), then anywhere.
  const states = shuffle(random, [...new Set(DEMO_US_LOCATIONS.map((l) => l.state))]);
  for (let i = 0; i < 40; i++) {
    const state = states[i];
    const location = state ? locationIn(random, state) : pick(random, DEMO_US_LOCATIONS);
    const dealershipType = i < DEALERSHIP_TYPES.length ? DEALERSHIP_TYPES[i] : undefined;
    add(drafts.length, { ...names(i), location, dealershipType });
  }

  // 4 Canadian buyers, one per province.
  for (const [i, province] of ["ON", "BC", "AB", "QC"].entries()) {
    const location = pick(
      random,
      DEMO_CANADIAN_LOCATIONS.filter((l) => l.state === province),
    );
    add(drafts.length, { ...names(40 + i), location, profileType: "buyer" });
  }

  return drafts.map(({ dealer, role }, index) => {
    const createdAt =
      index === 0 ? now - 420 * DAY : now - intBetween(random, 62, 730) * DAY - intBetween(random, 0, DAY);
    const activity = random();
    const lastActiveAt =
      index === 0
        ? now - 5 * MINUTE
        : activity < 0.75
          ? now - intBetween(random, 2 * MINUTE, 3 * DAY)
          : activity < 0.95
            ? now - intBetween(random, 3 * DAY, 30 * DAY)
            : now - intBetween(random, 30 * DAY, 60 * DAY);
    return {
      ...dealer,
      description: role === "admin" ? "DealerLane support and operations." : dealer.description,
      id: randomUuid(random),
      accountId: randomUuid(random),
      role,
      createdAt,
      lastActiveAt: Math.max(lastActiveAt, createdAt + DAY),
    };
  });
}

/**
 * The demo network written at `now`, table by table, parents first (D1 enforces foreign keys), and the pictures
 * its posts show. `accounts` are the rows of the accounts table, without a password yet: the seed hashes the
 * demo password into each with the worker's own hashing, which is asynchronous.
 */
export function demoNetwork(now: number) {
  const random = createRandom(2026);
  const dealers = buildDealers(random, now);
  const posts = buildPosts(random, dealers, now);
  const comments = buildComments(random, dealers, posts, now);
  const connections = buildConnections(random, dealers, now);
  const chats = buildChats(random, dealers, posts, connections, now);
  // A generator of its own, so adding the deals changed none of the demo's other ids.
  const dealRows = buildDeals(createRandom(5051), dealers, posts, connections, now);
  const viewRows = buildViews(createRandom(6061), dealers, posts, now);
  const viewsByPost = new Map<string, number>();
  for (const view of viewRows)
    viewsByPost.set(String(view.post_id), (viewsByPost.get(String(view.post_id)) ?? 0) + 1);
  // Its own generator too; the ratings are left to the seed, which measures them from these reviews.
  const reviewRows = buildReviews(createRandom(7079), dealRows, dealers[0]!.id, now);
  const dealerById = new Map(dealers.map((d) => [d.id, d]));

  const accountRows: Row[] = dealers.map((d) => ({
    id: d.accountId,
    email: d.email,
    password_hash: null,
    role: d.role,
    // The demo network's addresses count as confirmed: its alerts are what the demo shows.
    email_verified_at: d.createdAt,
    created_at: d.createdAt,
  }));
  // The seeded network is the demo network: demo accounts meet only these dealers (the network wall, worker/db/network-wall.ts).
  const dealerRows: Row[] = dealers.map((d) => ({ ...dealerRow(d), rating: null, is_demo: true }));
  const connectionRows: Row[] = connections.map((c) => ({
    id: c.id,
    requester_id: c.requesterId,
    receiver_id: c.receiverId,
    status: "accepted",
    created_at: c.createdAt,
  }));
  // A generator of its own, so the demo's other ids stay what they were before posts had renewals.
  const lifecycleRandom = createRandom(3011);
  // A generator of its own again: the pictures changed none of the demo's other ids.
  const photoRandom = createRandom(6067);
  const photosByPost = posts.map((p) => demoPhotosOf(photoRandom, p));
  const postRows = postTables(posts, now, { random, lifecycle: lifecycleRandom }, (p, i) => {
    const dealer = dealerById.get(p.dealerId) as SeedDealer;
    const summary = summarizeVehicles(p.vehicles, `${dealer.city}, ${dealer.state}`);
    return {
      photo_urls: JSON.stringify(photosByPost[i]!.map((photo) => photo.path)),
      ai_summary: summary.length > 0 ? JSON.stringify(summary) : null,
      // Its view rows below, as a first view counts (they go to My Stats' own database).
      view_count: viewsByPost.get(p.id) ?? 0,
      state: dealer.state,
    };
  });
  const commentRows: Row[] = comments.map((c) => ({
    id: c.id,
    post_id: c.postId,
    dealer_id: c.dealerId,
    content: c.content,
    created_at: c.createdAt,
  }));
  const chatRows: Row[] = chats.map((c) => ({
    id: c.id,
    pair_key: c.pairKey,
    last_message_at: c.lastMessageAt,
    created_at: c.createdAt,
  }));
  const participantRows: Row[] = chats.flatMap((c) =>
    c.participants.map((p) => ({ chat_id: c.id, dealer_id: p.dealerId, last_read_at: p.lastReadAt })),
  );
  const messageRows: Row[] = chats.flatMap((c) =>
    c.messages.map((m) => ({
      id: m.id,
      chat_id: c.id,
      client_id: m.clientId,
      sender_id: m.senderId,
      receiver_id: m.receiverId,
      content: m.content,
      context: m.context,
      is_read: m.isRead,
      created_at: m.createdAt,
    })),
  );

  const chatLines = withChatLines(chatRows, participantRows, messageRows, now);

  // Every seeded dealer holds an active Premium plan, so the demo always works.
  const billingRandom = createRandom(4021);
  const subscriptionRows: Row[] = dealers.map((d) =>
    premiumSubscriptionRow(d.id, randomUuid(billingRandom), now),
  );
  const invoiceRows: Row[] = subscriptionRows.map((s) =>
    premiumInvoiceRow(s.dealer_id as string, s.id as string, randomUuid(billingRandom), now),
  );

  const tables: [string, Row[]][] = [
    ["accounts", accountRows],
    ["dealers", dealerRows],
    ["subscriptions", subscriptionRows],
    ["invoices", invoiceRows],
    ["connections", connectionRows],
    ...postRows,
    ["comments", commentRows],
    ["chats", chatLines.chats],
    ["chat_participants", chatLines.participants],
    ["messages", messageRows],
    ["deals", dealRows],
    ["deal_reviews", reviewRows],
  ];
  const counts = {
    dealers: dealers.length,
    posts: posts.length,
    vehicles: postRows[1]![1].length,
    comments: comments.length,
    views: viewRows.length,
    connections: connections.length,
    chats: chats.length,
    messages: messageRows.length,
    deals: dealRows.length,
    reviews: reviewRows.length,
  };
  /** My Stats' own database's rows (docs/decisions/0098-stats-database.md). */
  const viewedPosts = posts.filter((p) => viewsByPost.has(p.id));
  const statsTables: [string, Row[]][] = [
    ["post_views", viewRows],
    ["post_dealers", viewedPosts.map((p) => ({ post_id: p.id, dealer_id: p.dealerId }))],
  ];
  return { tables, statsTables, accounts: accountRows, counts, photos: photosByPost.flat() };
}
