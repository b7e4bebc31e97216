/// <reference types="node" />
/**
 * Demo data for the local D1 database (run by `npm start` on an empty database).
 *
 *   node scripts/seed.ts                          seed .wrangler/state (skipped when dealers exist)
 *   node scripts/seed.ts --persist-to <dir>       seed the state directory of `wrangler dev --persist-to <dir>`
 *   node scripts/seed.ts --sql-only <file>        only write the SQL, touch no database
 *
 * Rows go into local D1 and the listings' pictures (scripts/seed-photos.ts) into local R2, both through one
 * local runtime (scripts/local-bindings.ts).
 *
 * The content is deterministic (createRandom(2026)); only timestamps (relative to now) and password
 * salts change between runs.
 */
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { summarizeVehicles } from "../worker/domain/inventory/ai-summary.ts";
import { formatDollars } from "#lib/format";
import {
  dealerRow,
  matchIndexRowsOf,
  premiumInvoiceRow,
  premiumSubscriptionRow,
  renewedAtOf,
  vehicleRow,
} from "./seed-rows.ts";
import { sampleArticleRows } from "./seed-news.ts";
import { demoPhotosOf, storeDemoPhotos } from "./seed-photos.ts";
import { executeSql, openLocalBindings } from "./local-bindings.ts";
import { DEALERSHIP_TYPES, DEMO_ACCOUNT, POST_LIFETIME_DAYS } from "#lib/constants";
import { commissionCents } from "#lib/deals/constants";
import {
  createRandom,
  DEMO_CANADIAN_LOCATIONS,
  DEMO_FIRST_NAMES,
  DEMO_LAST_NAMES,
  DEMO_LOCATIONS,
  DEMO_US_LOCATIONS,
  intBetween,
  makeDemoComment,
  makeDemoDealer,
  makeDemoPost,
  makeDemoVehicle,
  pick,
  randomUuid,
  shuffle,
  weighted,
  type DealerOverrides,
  type DemoDealer,
  type DemoLocation,
  type DemoPost,
  type DemoPostKind,
  type DemoVehicle,
  type Random,
  VEHICLE_CATALOGUE,
} from "../worker/domain/demo-inventory.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ADMIN_EMAIL = "admin@dealerlane.app";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------------
// Command line

function parseArgs(argv: string[]): { sqlOnly: string | null; persistTo: string | null } {
  let sqlOnly: string | null = null;
  let persistTo: string | null = null;
  const valueOf = (name: string, i: number) => {
    const arg = argv[i] as string;
    if (arg.startsWith(`${name}=`)) return [arg.slice(name.length + 1), i] as const;
    const value = argv[i + 1];
    if (!value) fail(`${name} needs a value`);
    return [value, i + 1] as const;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--sql-only" || arg.startsWith("--sql-only=")) [sqlOnly, i] = valueOf("--sql-only", i);
    else if (arg === "--persist-to" || arg.startsWith("--persist-to="))
      [persistTo, i] = valueOf("--persist-to", i);
    else fail(`unknown argument ${arg}`);
  }
  return { sqlOnly, persistTo };
}

function fail(message: string): never {
  console.error(`seed: ${message}`);
  process.exit(1);
  throw new Error(message); // not reached; keeps the `never` return type honest for every typing of process.exit
}

async function dealerCount(db: D1Database): Promise<number> {
  try {
    const row = await db.prepare("select count(*) as n from dealers").first<{ n: number }>();
    return Number(row?.n ?? 0);
  } catch (error) {
    if (/no such table/i.test(String(error)))
      fail("the dealers table does not exist; apply the migrations first (npm run db:migrate).");
    fail(`could not query the local database:\n${error}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// SQL

type SqlValue = string | number | boolean | null;

function sqlValue(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

const MAX_ROWS_PER_STATEMENT = 50;
const MAX_STATEMENT_BYTES = 90_000; // D1 refuses statements over 100 KB.

/** Multi-row INSERTs of at most 50 rows and 90 KB each. */
type Row = Record<string, SqlValue>;

/** Multi-row INSERTs of at most 50 rows and 90 KB each; the first row's keys are the column names. */
function insertStatements(table: string, rows: readonly Row[]): string[] {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first);
  const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n`;
  const statements: string[] = [];
  let tuples: string[] = [];
  let bytes = Buffer.byteLength(head);
  const flush = () => {
    if (tuples.length > 0) statements.push(`${head}${tuples.join(",\n")};`);
    tuples = [];
    bytes = Buffer.byteLength(head);
  };
  for (const row of rows) {
    const tuple = `(${columns
      .map((column) => {
        const value = row[column];
        if (value === undefined) throw new Error(`${table}: a row has no ${column}`);
        return sqlValue(value);
      })
      .join(", ")})`;
    const size = Buffer.byteLength(tuple) + 2;
    if (
      tuples.length >= MAX_ROWS_PER_STATEMENT ||
      (tuples.length > 0 && bytes + size > MAX_STATEMENT_BYTES)
    ) {
      flush();
    }
    tuples.push(tuple);
    bytes += size;
  }
  flush();
  return statements;
}

/** The sample Wholesale News articles: INSERT OR IGNORE, so a run keeps what is there. */
function newsStatements(now: number): string[] {
  const rows: Row[] = sampleArticleRows(now, (slug) => `sample-news-${slug}`);
  return insertStatements("news_articles", rows).map((s) =>
    s.replace(/^INSERT INTO/, "INSERT OR IGNORE INTO"),
  );
}

// ---------------------------------------------------------------------------------------------------
// Passwords: the format of worker/auth/password.ts, with PBKDF2 from node:crypto.

const PASSWORD_ITERATIONS = 100_000;

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, PASSWORD_ITERATIONS, 32, "sha256");
  return `pbkdf2-sha256$${PASSWORD_ITERATIONS}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

// ---------------------------------------------------------------------------------------------------
// Content

type SeedDealer = DemoDealer & {
  id: string;
  accountId: string;
  role: "dealer" | "admin";
  createdAt: number;
  lastActiveAt: number;
};

/** `interest`: how much attention the post draws (older posts more), which sets its views and comments. */
type SeedPost = DemoPost & { id: string; dealerId: string; createdAt: number; interest: number };
type SeedComment = { id: string; postId: string; dealerId: string; content: string; createdAt: number };
type SeedConnection = { id: string; requesterId: string; receiverId: string; createdAt: number };
type SeedMessage = {
  id: string;
  clientId: string;
  senderId: string;
  receiverId: string;
  content: string;
  context: string | null;
  isRead: boolean;
  createdAt: number;
};
type SeedChat = {
  id: string;
  pairKey: string;
  createdAt: number;
  lastMessageAt: number;
  participants: { dealerId: string; lastReadAt: number }[];
  messages: SeedMessage[];
};

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
      email: ADMIN_EMAIL,
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

function buildPosts(random: Random, dealers: SeedDealer[], now: number): SeedPost[] {
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

function buildComments(random: Random, dealers: SeedDealer[], posts: SeedPost[], now: number): SeedComment[] {
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
function buildViews(random: Random, dealers: SeedDealer[], posts: SeedPost[], now: number): Row[] {
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

function buildConnections(random: Random, dealers: SeedDealer[], now: number): SeedConnection[] {
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

// Chats ----------------------------------------------------------------------------------------------

type Line = { from: "initiator" | "other"; text: string };

const roundTo250 = (cents: number) => Math.round(cents / 25_000) * 25_000;

function dealTerms(v: DemoVehicle) {
  const ask = v.priceCents ?? 1_500_000;
  const offer = roundTo250(ask * 0.9);
  const meet = roundTo250((ask + offer) / 2);
  return {
    name: `${v.year} ${v.make} ${v.model}${v.trim ? ` ${v.trim}` : ""}`,
    short: `${v.year} ${v.model}`,
    miles: v.mileage ? String(v.mileage).replace(/\B(?=(\d{3})+(?!\d))/g, ",") : "low",
    ask: formatDollars(ask),
    offer: formatDollars(offer),
    meet: formatDollars(meet),
    model: v.model,
  };
}

/** Buyer writes first about the seller's vehicle. */
function inquiryLines(v: DemoVehicle): Line[] {
  const t = dealTerms(v);
  const b = (text: string): Line => ({ from: "initiator", text });
  const s = (text: string): Line => ({ from: "other", text });
  return [
    b(`Hey, is the ${t.short} still available?`),
    s("Yes, still here. Just came back from detail."),
    b(`What's your bottom dollar? MMR has it around ${t.offer}.`),
    s(`I'm at ${t.ask}. Could do ${t.meet} if you take it this week.`),
    b("Can you send a cold start video and the Carfax?"),
    s("Sent both to your email. Clean, one owner."),
    b(`Looks good. ${t.meet} works, I'll take it.`),
    s("Deal. I'll send the bill of sale and wire info."),
    b("Got it. Wire goes out this afternoon, transport Thursday."),
    s("Title's in hand, I'll overnight it once the wire lands."),
    b("Wire sent, confirmation is in your email."),
    s("Received, thanks. Keys will be at the front desk for the driver."),
  ];
}

/** Seller offers a fresh trade to a dealer who buys that kind of unit. */
function pitchLines(v: DemoVehicle, auction: string): Line[] {
  const t = dealTerms(v);
  const s = (text: string): Line => ({ from: "initiator", text });
  const b = (text: string): Line => ({ from: "other", text });
  return [
    s(`Just took in a ${t.name} on trade, ${t.miles} miles. Thought of you.`),
    b("Nice, what do you need for it?"),
    s(`${t.ask} and it's yours.`),
    b(`That's a little strong for me. Would you do ${t.offer}?`),
    s(`Can't do ${t.offer}. Meet me at ${t.meet}?`),
    b("Let me check with my used car manager and I'll get back to you."),
    s("Sounds good, I'll hold it until tomorrow at noon."),
    b(`We're good at ${t.meet}. Send it over.`),
    s("Perfect. Paperwork is coming your way."),
    b(`Thanks! Can you drop it at ${auction} so my driver grabs it there?`),
    s("Sure, it'll be there by Wednesday."),
    b("Appreciate it. Send me the next one like it too."),
  ];
}

/** Seller answers a buyer's "Looking for…" post. */
function requestLines(v: DemoVehicle, buyer: SeedDealer): Line[] {
  const t = dealTerms(v);
  const s = (text: string): Line => ({ from: "initiator", text });
  const b = (text: string): Line => ({ from: "other", text });
  return [
    s(`Saw your post. I have a ${t.name} with ${t.miles} miles that could work.`),
    b("Could be. What's the condition like?"),
    s("Clean inside and out, tires about half. One small scratch on the rear bumper."),
    b("What are you asking?"),
    s(`${t.ask}. I can send photos.`),
    b(`Please do. If it's as clean as you say I'd do ${t.offer}.`),
    s(`Photos sent. Lowest I can go is ${t.meet}.`),
    b(`Ok, let's do ${t.meet}. I'll send transport.`),
    s("Great, where do I make out the bill of sale?"),
    b(`${buyer.dealershipName}, ${buyer.address}, ${buyer.city}, ${buyer.state} ${buyer.zipCode}.`),
    s("Got it. It'll be ready for pickup tomorrow after 10."),
    b("Thanks, pleasure doing business."),
  ];
}

/** Two dealers talking shop, no particular vehicle. */
function shopTalkLines(auction: string, state: string): Line[] {
  const a = (text: string): Line => ({ from: "initiator", text });
  const b = (text: string): Line => ({ from: "other", text });
  return [
    a(`Are you going to the ${auction} sale Thursday?`),
    b("Planning on it. Looking for trucks mostly."),
    a("Same. If you see any clean Tahoes let me know, I've got a buyer."),
    b("Will do. You still need cheap sedans?"),
    a("Always. Anything under $8k that runs and drives."),
    b("I've got three Altimas coming in next week, I'll send you the list."),
    a("Perfect, send them over."),
    b("Sending the sheet tonight."),
    a(`Thanks. Do you have a transport company you like in ${state}?`),
    b("Call Mike at Southern Car Haulers, tell him I sent you."),
    a("Appreciate it."),
    b("Anytime. See you at the sale."),
  ];
}

const DOUBLE_TEXTS = [
  "Also have two more like it coming in Friday if you're interested.",
  "Let me know either way, I have another dealer asking about it.",
  "Just checking, did you get my last message?",
] as const;

const AUCTIONS = [
  "Manheim Dallas",
  "ADESA Atlanta",
  "Manheim Pennsylvania",
  "America's AA Nashville",
  "Manheim Riverside",
] as const;

type ChatPlan = { initiator: SeedDealer; other: SeedDealer; lines: Line[]; postTitle: string | null };

function planChat(
  random: Random,
  a: SeedDealer,
  b: SeedDealer,
  posts: SeedPost[],
  preferred?: number,
): ChatPlan {
  const listedBy = (d: SeedDealer) =>
    posts.filter(
      (p) => p.dealerId === d.id && p.type !== "request" && p.vehicles.some((v) => v.vin !== null),
    );
  const requestsBy = (d: SeedDealer) => posts.filter((p) => p.dealerId === d.id && p.type === "request");
  const kind = preferred ?? intBetween(random, 0, 3);
  const auction = pick(random, AUCTIONS);

  if (kind === 0 || kind === 1) {
    // Inquiry about a listed post (kind 0) or a seller pitching (kind 1).
    const [seller, buyer] =
      listedBy(b).length > 0 && (listedBy(a).length === 0 || random() < 0.5) ? [b, a] : [a, b];
    const post = listedBy(seller).length > 0 ? pick(random, listedBy(seller)) : null;
    const vehicle = post
      ? (pick(
          random,
          post.vehicles.filter((v) => v.vin !== null),
        ) as DemoVehicle)
      : makeDemoVehicle(random, seller);
    return kind === 0
      ? { initiator: buyer, other: seller, lines: inquiryLines(vehicle), postTitle: post?.title ?? null }
      : { initiator: seller, other: buyer, lines: pitchLines(vehicle, auction), postTitle: null };
  }
  if (kind === 2) {
    const [buyer, seller] = requestsBy(a).length > 0 ? [a, b] : [b, a];
    const request = requestsBy(buyer)[0];
    if (request) {
      const wanted = request.vehicles[0];
      const entry = wanted
        ? VEHICLE_CATALOGUE.find((e) => e.make === wanted.make && e.model === wanted.model)
        : undefined;
      let offered = makeDemoVehicle(random, { city: seller.city, state: seller.state, entry });
      // A request says "2019+": offer one at least that new.
      for (let i = 0; wanted && offered.year < wanted.year && i < 20; i++) {
        offered = makeDemoVehicle(random, { city: seller.city, state: seller.state, entry });
      }
      return {
        initiator: seller,
        other: buyer,
        lines: requestLines(offered, buyer),
        postTitle: request.title,
      };
    }
  }
  return { initiator: a, other: b, lines: shopTalkLines(auction, b.state), postTitle: null };
}

function buildChat(
  random: Random,
  plan: ChatPlan,
  now: number,
  options: { unreadFor?: SeedDealer; unreadCount?: number; endAgo: number },
): SeedChat {
  let count = intBetween(random, 3, 12);
  const lines = plan.lines;
  const unreadFor = options.unreadFor;
  if (unreadFor) {
    // The last message must come from the other side for the reader to have something unread.
    const unreadSender = unreadFor.id === plan.initiator.id ? "other" : "initiator";
    count = Math.min(count, 11);
    if (lines[count - 1]?.from !== unreadSender) count = count > 3 ? count - 1 : count + 1;
  }
  const chosen = lines.slice(0, count);
  if (unreadFor && (options.unreadCount ?? 1) > 1) {
    const last = chosen[chosen.length - 1] as Line;
    chosen.push({ from: last.from, text: pick(random, DOUBLE_TEXTS) });
  }

  // Times run backwards from the last message.
  const times: number[] = [];
  let t = now - options.endAgo;
  for (let i = chosen.length - 1; i >= 0; i--) {
    times[i] = t;
    t -=
      random() < 0.15 ? intBetween(random, 6 * HOUR, 30 * HOUR) : intBetween(random, 2 * MINUTE, 90 * MINUTE);
  }

  const idOf = (line: Line) => (line.from === "initiator" ? plan.initiator : plan.other);
  const otherOf = (line: Line) => (line.from === "initiator" ? plan.other : plan.initiator);
  const lastAt = times[times.length - 1] as number;
  const unreadCount = unreadFor ? (options.unreadCount ?? 1) : 0;
  const readUpTo = (dealer: SeedDealer) =>
    unreadFor && dealer.id === unreadFor.id
      ? (times[chosen.length - 1 - unreadCount] as number)
      : Math.min(now, lastAt + intBetween(random, MINUTE, 20 * MINUTE));
  const lastRead = new Map([plan.initiator, plan.other].map((d) => [d.id, readUpTo(d)]));

  const messages: SeedMessage[] = chosen.map((line, i) => {
    const sender = idOf(line);
    const receiver = otherOf(line);
    const createdAt = times[i] as number;
    return {
      id: randomUuid(random),
      clientId: randomUuid(random),
      senderId: sender.id,
      receiverId: receiver.id,
      content: line.text,
      context: i === 0 && plan.postTitle ? JSON.stringify({ postTitle: plan.postTitle }) : null,
      isRead: createdAt <= (lastRead.get(receiver.id) ?? 0),
      createdAt,
    };
  });
  return {
    id: randomUuid(random),
    pairKey: [plan.initiator.id, plan.other.id].sort().join(":"),
    createdAt: times[0] as number,
    lastMessageAt: lastAt,
    participants: [plan.initiator, plan.other].map((d) => ({
      dealerId: d.id,
      lastReadAt: lastRead.get(d.id) as number,
    })),
    messages,
  };
}

function buildChats(
  random: Random,
  dealers: SeedDealer[],
  posts: SeedPost[],
  connections: SeedConnection[],
  now: number,
): SeedChat[] {
  const demo = dealers[0] as SeedDealer;
  const admin = dealers[1] as SeedDealer;
  const byId = new Map(dealers.map((d) => [d.id, d]));
  const chats: SeedChat[] = [];
  const partnerOf = (c: SeedConnection, id: string) =>
    byId.get(c.requesterId === id ? c.receiverId : c.requesterId) as SeedDealer;

  const demoPartners = connections
    .filter((c) => c.requesterId === demo.id || c.receiverId === demo.id)
    .map((c) => partnerOf(c, demo.id));
  shuffle(random, demoPartners)
    .slice(0, 8)
    .forEach((partner, i) => {
      const plan = planChat(random, demo, partner, posts, i % 4);
      const unread = i < 2;
      chats.push(
        buildChat(random, plan, now, {
          unreadFor: unread ? demo : undefined,
          unreadCount: i === 1 ? 2 : 1,
          endAgo: unread ? intBetween(random, 20 * MINUTE, 6 * HOUR) : intBetween(random, HOUR, 12 * DAY),
        }),
      );
    });

  const otherPairs = shuffle(
    random,
    connections.filter(
      (c) => ![demo.id, admin.id].includes(c.requesterId) && ![demo.id, admin.id].includes(c.receiverId),
    ),
  ).slice(0, 20);
  for (const connection of otherPairs) {
    const a = byId.get(connection.requesterId) as SeedDealer;
    const b = byId.get(connection.receiverId) as SeedDealer;
    const plan = planChat(random, a, b, posts);
    const unread = random() < 0.25;
    chats.push(
      buildChat(random, plan, now, {
        unreadFor: unread ? plan.other : undefined,
        endAgo: intBetween(random, 30 * MINUTE, 25 * DAY),
      }),
    );
  }
  return chats;
}

// ---------------------------------------------------------------------------------------------------
// SQL for everything

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_DEALS = 14;

/**
 * Completed deals between connected dealers of the demo network, over the last 80 days, so My Stats, My
 * Vehicle Activity and the Market Report's deal volume have something to show in a demo. The demo dealer
 * (index 0) sells in about half of its deals and buys in the others. Each deal is a priced vehicle of one of
 * the seller's posts (a sold one where there is one), at its asking price.
 */
function buildDeals(
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

function buildSql(now: number) {
  const random = createRandom(2026);
  const dealers = buildDealers(random, now);
  const posts = buildPosts(random, dealers, now);
  const comments = buildComments(random, dealers, posts, now);
  const connections = buildConnections(random, dealers, now);
  const chats = buildChats(random, dealers, posts, connections, now);
  // A generator of its own, so adding the deals changed none of the demo's other ids.
  const dealRows = buildDeals(createRandom(5051), dealers, posts, connections, now);
  const viewRows = buildViews(createRandom(6061), dealers, posts, now);
  const dealerById = new Map(dealers.map((d) => [d.id, d]));

  const accountRows: Row[] = dealers.map((d) => ({
    id: d.accountId,
    email: d.email,
    password_hash: hashPassword(DEMO_ACCOUNT.password),
    role: d.role,
    // The demo network's addresses count as confirmed: its alerts are what the demo shows.
    email_verified_at: d.createdAt,
    created_at: d.createdAt,
  }));
  // The seeded network is the demo network: demo accounts meet only these dealers (worker/domain/demo-network.ts).
  const dealerRows: Row[] = dealers.map((d) => ({ ...dealerRow(d), is_demo: true }));
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
  const postRows: Row[] = posts.map((p, i) => {
    const dealer = dealerById.get(p.dealerId) as SeedDealer;
    const summary = summarizeVehicles(p.vehicles, `${dealer.city}, ${dealer.state}`);
    return {
      id: p.id,
      dealer_id: p.dealerId,
      title: p.title,
      description: p.description,
      type: p.type,
      status: p.status,
      spreadsheet_url: p.spreadsheetUrl,
      auction_facilitator: p.auctionFacilitator,
      photo_urls: JSON.stringify(photosByPost[i]!.map((photo) => photo.path)),
      ai_summary: summary.length > 0 ? JSON.stringify(summary) : null,
      // Counted by post_views_count_ai from the view rows below, as every view is.
      view_count: 0,
      renewed_at: renewedAtOf(p, now, lifecycleRandom),
      created_at: p.createdAt,
    };
  });
  const postVehicles = posts.map((p) => p.vehicles.map((v) => ({ ...v, id: randomUuid(random) })));
  const vehicleRows: Row[] = posts.flatMap((p, i) =>
    postVehicles[i]!.map((v, position) => vehicleRow(v, { id: v.id, postId: p.id, position })),
  );
  const matchRows = posts.map((p, i) =>
    matchIndexRowsOf(p, postVehicles[i]!, (dealerById.get(p.dealerId) as SeedDealer).state, () =>
      randomUuid(lifecycleRandom),
    ),
  );
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

  // Every seeded dealer holds an active Premium plan, so the demo always works.
  const billingRandom = createRandom(4021);
  const subscriptionRows: Row[] = dealers.map((d) =>
    premiumSubscriptionRow(d.id, randomUuid(billingRandom), now),
  );
  const invoiceRows: Row[] = subscriptionRows.map((s) =>
    premiumInvoiceRow(s.dealer_id as string, s.id as string, randomUuid(billingRandom), now),
  );

  // Parents before children: D1 enforces foreign keys.
  const statements = [
    ...insertStatements("accounts", accountRows),
    ...insertStatements("dealers", dealerRows),
    ...insertStatements("subscriptions", subscriptionRows),
    ...insertStatements("invoices", invoiceRows),
    ...insertStatements("connections", connectionRows),
    ...insertStatements("inventory_posts", postRows),
    ...insertStatements("vehicles", vehicleRows),
    ...insertStatements(
      "wanted_vehicles",
      matchRows.flatMap((m) => m.wanted),
    ),
    ...insertStatements(
      "offered_vehicles",
      matchRows.flatMap((m) => m.offered),
    ),
    ...insertStatements("comments", commentRows),
    ...insertStatements("post_views", viewRows),
    ...insertStatements("chats", chatRows),
    ...insertStatements("chat_participants", participantRows),
    ...insertStatements("messages", messageRows),
    ...insertStatements("deals", dealRows),
    ...newsStatements(now),
  ];

  const sql = `-- DealerLane demo data, generated by scripts/seed.ts at ${new Date(now).toISOString()}\n${statements.join("\n\n")}\n`;
  const counts = {
    dealers: dealers.length,
    posts: posts.length,
    vehicles: vehicleRows.length,
    comments: comments.length,
    views: viewRows.length,
    connections: connections.length,
    chats: chats.length,
    messages: messageRows.length,
    deals: dealRows.length,
  };
  return { sql, counts, statements: statements.length, photos: photosByPost.flat() };
}

// ---------------------------------------------------------------------------------------------------

const summaryOf = ({ counts, photos }: ReturnType<typeof buildSql>) =>
  `Seeded ${counts.dealers} dealers, ${counts.posts} posts, ${photos.length} pictures, ${counts.vehicles} vehicles, ${counts.comments} comments, ${counts.connections} connections, ${counts.chats} chats, ${counts.messages} messages, ${counts.deals} deals`;

async function main() {
  const started = Date.now();
  const { sqlOnly, persistTo } = parseArgs(process.argv.slice(2));

  if (sqlOnly) {
    const seed = buildSql(Date.now());
    const file = path.resolve(process.cwd(), sqlOnly);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, seed.sql);
    console.log(`Wrote ${seed.statements} statements to ${file} (not applied).`);
    console.log(summaryOf(seed).replace(/^Seeded/, "Would seed"));
    return;
  }

  const local = await openLocalBindings(ROOT, persistTo);
  let seed: ReturnType<typeof buildSql>;
  try {
    const existing = await dealerCount(local.DB);
    if (existing > 0) {
      // A database seeded before Wholesale News existed still gets the sample articles (none is replaced).
      await executeSql(local.DB, newsStatements(Date.now()).join("\n\n"));
      console.log(`Demo data already present (${existing} dealers); nothing to do.`);
      return;
    }
    seed = buildSql(Date.now());
    // The pictures first: no post ever shows one that is not stored yet.
    await storeDemoPhotos(local.PHOTOS, seed.photos, ROOT);
    await executeSql(local.DB, seed.sql);
  } finally {
    await local.dispose();
  }

  console.log(`${summaryOf(seed)} in ${((Date.now() - started) / 1000).toFixed(1)}s.`);
  console.log(`Demo sign-in: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  console.log(`Admin sign-in: ${ADMIN_EMAIL} / ${DEMO_ACCOUNT.password}`);
}

await main();
