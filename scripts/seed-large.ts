/// <reference types="node" />
/**
 * A large dealer network in its own local D1 state directory, for `npm run bench`.
 *
 *   node scripts/seed-large.ts --posts 20000                    → .wrangler/bench-state-20000
 *   node scripts/seed-large.ts --posts 1000 --dealers 2000 --persist-to <dir> --fresh
 *
 * Per 20 000 posts: ≥ 60 000 vehicles, ≥ 100 000 comments; 2 000 dealers (default) with connections,
 * chats and messages. Rows come from the demo generators (worker/domain/demo-inventory.ts), are written as SQL
 * files and applied in chunks with `wrangler d1 execute --local --persist-to <dir> --file <f> --yes`.
 * The signed-in dealer of the benchmark gets a session written straight into D1; its cookie and the counts
 * are kept in <dir>/bench-seed.json, which also tells the benchmark the state is ready.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { summarizeVehicles } from "../worker/domain/inventory/ai-summary.ts";
import { dealerRow, matchIndexRowsOf, premiumSubscriptionRow, renewedAtOf, vehicleRow } from "./seed-rows.ts";
import {
  createRandom,
  DEMO_LOCATIONS,
  intBetween,
  makeDemoComment,
  makeDemoDealer,
  makeDemoPost,
  makeDemoVehicle,
  pick,
  randomUuid,
  weighted,
  type DemoPostKind,
  type DemoVehicle,
} from "../worker/domain/demo-inventory.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Bumped when the seeded rows change shape, so an older bench database is seeded again. */
export const BENCH_SEED_VERSION = 3;

export type BenchSeed = {
  version?: number;
  posts: number;
  vehicles: number;
  comments: number;
  dealers: number;
  connections: number;
  chats: number;
  messages: number;
  /** The benchmark's signed-in dealer. */
  dealerId: string;
  cookie: string;
  /** A session of the network's admin (the last dealer), for GET /admin. */
  adminCookie?: string;
  seededAt: string;
};

// ---------------------------------------------------------------------------------------------------
// Command line

function args(argv: string[]) {
  const options = { posts: 20_000, dealers: 2_000, persistTo: "", fresh: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      const value = argv[++i];
      if (!value) throw new Error(`${arg} needs a value`);
      return value;
    };
    if (arg === "--posts") options.posts = Number(next());
    else if (arg === "--dealers") options.dealers = Number(next());
    else if (arg === "--persist-to") options.persistTo = next();
    else if (arg === "--fresh") options.fresh = true;
    else throw new Error(`Unknown argument ${arg}`);
  }
  if (!Number.isInteger(options.posts) || options.posts < 10)
    throw new Error("--posts must be a whole number ≥ 10");
  if (!Number.isInteger(options.dealers) || options.dealers < 10)
    throw new Error("--dealers must be a whole number ≥ 10");
  options.persistTo = path.resolve(ROOT, options.persistTo || `.wrangler/bench-state-${options.posts}`);
  return options;
}

// ---------------------------------------------------------------------------------------------------
// SQL (the same rules as scripts/seed.ts: multi-row inserts of ≤ 50 rows and ≤ 90 KB)

type SqlValue = string | number | boolean | null;
type Row = Record<string, SqlValue>;

function sqlValue(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

function insertStatements(table: string, rows: readonly Row[]): string[] {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first);
  const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n`;
  const statements: string[] = [];
  let tuples: string[] = [];
  let bytes = head.length;
  for (const row of rows) {
    const tuple = `(${columns.map((c) => sqlValue(row[c] ?? null)).join(", ")})`;
    if (tuples.length >= 50 || (tuples.length > 0 && bytes + tuple.length > 90_000)) {
      statements.push(`${head}${tuples.join(",\n")};`);
      tuples = [];
      bytes = head.length;
    }
    tuples.push(tuple);
    bytes += tuple.length + 2;
  }
  if (tuples.length) statements.push(`${head}${tuples.join(",\n")};`);
  return statements;
}

// ---------------------------------------------------------------------------------------------------
// Content

const KIND_WEIGHTS: readonly (readonly [DemoPostKind, number])[] = [
  ["single", 22],
  ["multiple", 48],
  ["for-sale", 12],
  ["request", 13],
  ["spreadsheet", 5],
];

function build(options: { posts: number; dealers: number }, now: number) {
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
  const posts = times.map((createdAt, i) => {
    const kind = weighted(random, KIND_WEIGHTS);
    const dealer = i % 97 === 0 ? me : kind === "request" ? pick(random, dealers) : pick(random, sellers);
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

  // Comments: five per post on average, weighted towards recent posts, after the post.
  const comments: Row[] = [];
  const commentTarget = options.posts * 5;
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
  for (const c of chatPairs) {
    const a = String(c.requester_id);
    const b = String(c.receiver_id);
    const id = randomUuid(random);
    const count = intBetween(random, 3, 12);
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
  const postRows: Row[] = posts.map((p) => ({
    id: p.id,
    dealer_id: p.dealerId,
    title: p.title,
    description: p.description,
    type: p.type,
    status: p.status,
    spreadsheet_url: p.spreadsheetUrl,
    auction_facilitator: p.auctionFacilitator,
    ai_summary: JSON.stringify(summarizeVehicles(p.vehicles, { city: p.city, state: p.state })),
    view_count: intBetween(random, 0, 400),
    renewed_at: renewedAtOf(p, now, lifecycleRandom),
    created_at: p.createdAt,
  }));
  const postVehicles = posts.map((p) => p.vehicles.map((v) => ({ ...v, id: randomUuid(random) })));
  const vehicleRows: Row[] = posts.flatMap((p, i) =>
    postVehicles[i]!.map((v, position) => vehicleRow(v, { id: v.id, postId: p.id, position })),
  );
  const matchRows = posts.map((p, i) =>
    matchIndexRowsOf(p, postVehicles[i]!, p.state, () => randomUuid(lifecycleRandom)),
  );

  // The benchmark's session: only the SHA-256 of the token is stored (worker/domain/sessions.ts).
  const token = randomBytes(32).toString("base64url");
  const adminToken = randomBytes(32).toString("base64url");
  const sessionRows: Row[] = [
    [token, me.accountId],
    [adminToken, adminDealer.accountId],
  ].map(([secret, accountId]) => ({
    token_hash: createHash("sha256").update(secret!).digest("hex"),
    account_id: accountId,
    expires_at: now + 30 * DAY,
    id: randomBytes(16).toString("hex"),
    last_active_at: now,
    created_at: now,
  }));

  // Parents before children: D1 enforces foreign keys.
  const groups: [string, string[]][] = [
    ["accounts", insertStatements("accounts", accountRows)],
    ["dealers", insertStatements("dealers", dealerRows)],
    [
      "subscriptions",
      insertStatements(
        "subscriptions",
        dealerRows.map((d) => premiumSubscriptionRow(d.id as string, randomUuid(random), now)),
      ),
    ],
    ["sessions", insertStatements("sessions", sessionRows)],
    ["connections", insertStatements("connections", connections)],
    ["inventory_posts", insertStatements("inventory_posts", postRows)],
    ["vehicles", insertStatements("vehicles", vehicleRows)],
    [
      "wanted_vehicles",
      insertStatements(
        "wanted_vehicles",
        matchRows.flatMap((m) => m.wanted),
      ),
    ],
    [
      "offered_vehicles",
      insertStatements(
        "offered_vehicles",
        matchRows.flatMap((m) => m.offered),
      ),
    ],
    ["comments", insertStatements("comments", comments)],
    ["chats", insertStatements("chats", chats)],
    ["chat_participants", insertStatements("chat_participants", participants)],
    ["messages", insertStatements("messages", messages)],
  ];
  const seed: BenchSeed = {
    version: BENCH_SEED_VERSION,
    posts: postRows.length,
    vehicles: vehicleRows.length,
    comments: comments.length,
    dealers: dealerRows.length,
    connections: connections.length,
    chats: chats.length,
    messages: messages.length,
    dealerId: me.id,
    cookie: `dl_session=${token}`,
    adminCookie: `dl_session=${adminToken}`,
    seededAt: new Date(now).toISOString(),
  };
  return { groups, seed };
}

// ---------------------------------------------------------------------------------------------------

const STATEMENTS_PER_FILE = 1500;

function wrangler(argv: string[]) {
  const bin = path.join(ROOT, "node_modules", ".bin");
  const result = spawnSync(process.execPath, [path.join(bin, "wrangler"), ...argv], {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
      WRANGLER_SEND_METRICS: "false",
      CI: "1",
      NO_D1_WARNING: "true",
    },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`wrangler ${argv.slice(0, 3).join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export function markerOf(persistTo: string): BenchSeed | null {
  const file = path.join(persistTo, "bench-seed.json");
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as BenchSeed;
}

export function seedLarge(options: {
  posts: number;
  dealers: number;
  persistTo: string;
  fresh?: boolean;
  log?: (line: string) => void;
}): BenchSeed {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.fresh) rmSync(options.persistTo, { recursive: true, force: true });
  const existing = markerOf(options.persistTo);
  if (
    existing &&
    existing.posts === options.posts &&
    existing.dealers === options.dealers &&
    existing.version === BENCH_SEED_VERSION
  ) {
    log(
      `Bench data already in ${path.relative(ROOT, options.persistTo)} (${existing.posts} posts); use --fresh to rebuild.`,
    );
    return existing;
  }
  rmSync(options.persistTo, { recursive: true, force: true });
  mkdirSync(options.persistTo, { recursive: true });
  const started = Date.now();
  log(`Migrating ${path.relative(ROOT, options.persistTo)}…`);
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", options.persistTo]);

  const { groups, seed } = build(options, Date.now());
  const dir = path.join(os.tmpdir(), `dealerlane-bench-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    for (const [table, statements] of groups) {
      for (let i = 0; i < statements.length; i += STATEMENTS_PER_FILE) {
        const file = path.join(dir, `${table}-${i}.sql`);
        writeFileSync(file, statements.slice(i, i + STATEMENTS_PER_FILE).join("\n"));
        wrangler([
          "d1",
          "execute",
          "DB",
          "--local",
          "--persist-to",
          options.persistTo,
          "--file",
          file,
          "--yes",
        ]);
      }
      log(`  ${table}: ${statements.length} statements (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  wrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    options.persistTo,
    "--command",
    "PRAGMA optimize",
    "--yes",
  ]);
  writeFileSync(path.join(options.persistTo, "bench-seed.json"), `${JSON.stringify(seed, null, 2)}\n`);
  log(
    `Seeded ${seed.dealers} dealers, ${seed.posts} posts, ${seed.vehicles} vehicles, ${seed.comments} comments, ` +
      `${seed.connections} connections, ${seed.chats} chats, ${seed.messages} messages in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
  return seed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    seedLarge(args(process.argv.slice(2)));
  } catch (error) {
    console.error(`seed-large: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
