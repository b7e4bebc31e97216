/// <reference types="node" />
/**
 * The benchmark's large dealer network (worker/demo/large-network.ts) in its own local D1 state directory, for
 * `npm run bench`.
 *
 *   node scripts/seed-large.ts --posts 20000                    → .wrangler/bench-state-20000
 *   node scripts/seed-large.ts --posts 1000 --dealers 2000 --persist-to <dir> --fresh
 *   node --max-old-space-size=12288 --max-semi-space-size=64 scripts/seed-large.ts --posts 500000   → the national network
 *
 * The rows are written straight into the migrated D1 file (scripts/local-d1-file.ts), each stage's time printed.
 * The chat messages go into each chat's ChatRoom Durable Object's own storage (scripts/chat-room-files.ts), where
 * chat history lives; D1 gets the chat list and counts the rooms keep.
 * The signed-in dealer of the benchmark and the network's admin get sessions written straight into D1; their
 * cookies and the counts are kept in <dir>/bench-seed.json, which also tells the benchmark the state is ready.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { largeNetwork, NATIONAL_NETWORK } from "../worker/demo/large-network.ts";
import { migrate } from "./local-app.mjs";
import { scriptName, writeChatRooms, type RoomMessage } from "./chat-room-files.ts";
import { localD1File, timed, writeRowsDirect, type Took } from "./local-d1-file.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const DAY = 24 * 60 * 60 * 1000;

/** Bumped when the seeded rows change shape, so an older bench database is seeded again. */
const BENCH_SEED_VERSION = 4;

/** The counts, and sessions of the benchmark's signed-in dealer and of the network's admin (for GET /admin). */
type BenchSeed = ReturnType<typeof largeNetwork>["counts"] & {
  version?: number;
  /** Where the chat messages are: "rooms" since each room keeps its own (absent: D1, an older state). */
  messagesIn?: "rooms";
  dealerId: string;
  cookie: string;
  adminCookie?: string;
  seededAt: string;
};

/** A chat's messages together: the generator writes them chat by chat. */
function* roomsOf(messages: Iterable<RoomMessage & { chat_id?: unknown }>) {
  let room: { chatId: string; messages: RoomMessage[] } | null = null;
  for (const message of messages) {
    const chatId = String(message.chat_id);
    if (room && room.chatId !== chatId) yield room;
    if (!room || room.chatId !== chatId) room = { chatId, messages: [] };
    room.messages.push(message);
  }
  if (room) yield room;
}

function args() {
  const { values } = parseArgs({
    options: {
      posts: { type: "string", default: "20000" },
      dealers: { type: "string" },
      "persist-to": { type: "string" },
      fresh: { type: "boolean", default: false },
    },
  });
  const posts = Number(values.posts);
  const dealers = values.dealers === undefined ? undefined : Number(values.dealers);
  for (const [name, n] of Object.entries({ posts, dealers }))
    if (n !== undefined && (!Number.isInteger(n) || n < 10))
      throw new Error(`--${name} must be a whole number ≥ 10`);
  const persistTo = path.resolve(ROOT, values["persist-to"] || `.wrangler/bench-state-${posts}`);
  return { posts, dealers, persistTo, fresh: values.fresh };
}

function markerOf(persistTo: string): BenchSeed | null {
  const file = path.join(persistTo, "bench-seed.json");
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as BenchSeed;
}

/** A session of `accountId`: its cookie, and the row that stores only the token's SHA-256 (worker/domain/accounts/sessions.ts). */
function session(accountId: string, now: number) {
  const token = randomBytes(32).toString("base64url");
  const row = {
    token_hash: createHash("sha256").update(token).digest("hex"),
    account_id: accountId,
    expires_at: now + 30 * DAY,
    id: randomBytes(16).toString("hex"),
    last_active_at: now,
    created_at: now,
  };
  return { cookie: `dl_session=${token}`, row };
}

const cpuOf = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;

/** Dealers of a network of `posts` posts unless stated: the national network's own, else the bench's 2 000. */
const DEFAULT_DEALERS = 2000;

/** The network seeded for `posts` posts: the national one at its size, else `dealers` dealers. */
function shapeOf(posts: number, dealers?: number) {
  if (posts === NATIONAL_NETWORK.posts && (dealers ?? NATIONAL_NETWORK.dealers) === NATIONAL_NETWORK.dealers)
    return NATIONAL_NETWORK;
  return { posts, dealers: dealers ?? DEFAULT_DEALERS };
}

export async function seedLarge(options: {
  posts: number;
  dealers?: number;
  persistTo: string;
  fresh?: boolean;
  log?: (line: string) => void;
}): Promise<BenchSeed> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.fresh) rmSync(options.persistTo, { recursive: true, force: true });
  const shape = shapeOf(options.posts, options.dealers);
  const existing = markerOf(options.persistTo);
  if (
    existing &&
    existing.posts === shape.posts &&
    existing.dealers === shape.dealers &&
    existing.version === BENCH_SEED_VERSION &&
    existing.messagesIn === "rooms"
  ) {
    log(
      `Bench data already in ${path.relative(ROOT, options.persistTo)} (${existing.posts} posts); use --fresh to rebuild.`,
    );
    return existing;
  }
  rmSync(options.persistTo, { recursive: true, force: true });
  const started = Date.now();
  const cpuStarted = process.cpuUsage();
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const took = (t: Took) => `in ${seconds(t.wallMs)} (CPU ${seconds(t.cpuMs)})`;
  log(`Migrating ${path.relative(ROOT, options.persistTo)}…`);
  const [, migrating] = timed(() => migrate(options.persistTo));
  log(`  migrated ${took(migrating)} (wrangler's own process; its CPU not counted)`);
  const now = Date.now();
  const [network, generating] = timed(() => largeNetwork(shape, now));
  const mine = session(network.me.accountId, now);
  const admins = session(network.admin.accountId, now);
  log(`  generated ${took(generating)}`);
  const messages = network.tables.find(([table]) => table === "messages")![1];
  const d1Tables = network.tables.filter(([table]) => table !== "messages");
  writeRowsDirect(
    localD1File(options.persistTo),
    [...d1Tables, ["sessions", [mine.row, admins.row]]],
    (step, rows, t) => log(`  ${step}${rows === null ? "" : `: ${rows} rows`} ${took(t)}`),
  );
  const [count, writing] = timed(() =>
    writeChatRooms(options.persistTo, scriptName(ROOT), roomsOf(messages)),
  );
  log(`  ${count} messages into ${network.counts.chats} chat rooms ${took(writing)}`);
  const seed: BenchSeed = {
    version: BENCH_SEED_VERSION,
    messagesIn: "rooms",
    ...network.counts,
    dealerId: network.me.id,
    cookie: mine.cookie,
    adminCookie: admins.cookie,
    seededAt: new Date(now).toISOString(),
  };
  writeFileSync(path.join(options.persistTo, "bench-seed.json"), `${JSON.stringify(seed, null, 2)}\n`);
  const c = network.counts;
  log(
    `Seeded ${c.dealers} dealers, ${c.posts} posts, ${c.vehicles} vehicles, ${c.comments} comments, ` +
      `${c.connections} connections, ${c.chats} chats, ${c.messages} messages (in their rooms) ` +
      `in ${seconds(Date.now() - started)} (CPU ${seconds(cpuOf(process.cpuUsage(cpuStarted)))} and wrangler's migration).`,
  );
  return seed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await seedLarge(args());
  } catch (error) {
    console.error(`seed-large: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
