import { sql } from "drizzle-orm";
import type { AdminUser } from "#lib/api-types";
import type { Database } from "../../db/client";
import type { ChatHistory } from "../../realtime/chat-history";
import { csvHeader, csvRows, type CsvColumn } from "../shared/csv";
import { z } from "zod";
import { cursorKind, cursorValue, INVALID_CURSOR, type Page } from "../shared/cursors";
import { badRequest } from "../shared/errors";

const BATCH = 500;

const yesNo = (value: boolean | undefined) => (value ? "yes" : "no");

const USER_COLUMNS: CsvColumn<AdminUser>[] = [
  ["Account ID", (u) => u.id],
  ["E-mail", (u) => u.email],
  ["Role", (u) => u.role],
  ["Status", (u) => u.status],
  ["E-mail confirmed", (u) => yesNo(u.emailVerified)],
  ["Demo", (u) => yesNo(u.isDemo)],
  ["Signed up", (u) => u.createdAt],
  ["Dealer ID", (u) => u.dealer?.id],
  ["Name", (u) => u.dealer?.name],
  ["Dealership", (u) => u.dealer?.dealershipName],
  ["Phone", (u) => u.dealer?.phone],
  ["City", (u) => u.dealer?.city],
  ["State", (u) => u.dealer?.state],
  ["Verified dealer", (u) => yesNo(u.dealer?.verified)],
  ["Plan", (u) => u.plan?.name],
  ["Subscription status", (u) => u.plan?.status],
  ["Paid until", (u) => u.plan?.currentPeriodEnd],
];

/** Export users: every account as CSV, page by page, so the answer streams whatever the number of dealers. */
export async function* usersCsv(
  list: (query: { cursor?: string; limit: number }) => Promise<Page<AdminUser>>,
): AsyncGenerator<string> {
  yield csvHeader(USER_COLUMNS);
  let cursor: string | undefined;
  do {
    const page = await list({ cursor, limit: 100 });
    if (page.items.length) yield csvRows(USER_COLUMNS, page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * The tables of the backup: what the admin console shows. Never the secrets — password hashes, session and
 * link tokens, app secrets, rate limits, the outbox (it holds sign-in links). `messages` is every chat's
 * history, read from the chats' rooms (below), not from D1; `notifications` the bell's own database's (bells from
 * before it moved stay in the main database's old table until their 14 days pass, and are not backed up).
 */
type TableSource = ReturnType<typeof sql> | { bell: ReturnType<typeof sql> };
const BACKUP_TABLES: Record<string, TableSource | "rooms"> = {
  accounts: sql`id, email, role, demo_expires_at, email_verified_at, suspended_at, suspension_reason, created_at`,
  dealers: sql`*`,
  connections: sql`*`,
  inventory_posts: sql`*`,
  vehicles: sql`*`,
  comments: sql`*`,
  chats: sql`*`,
  chat_participants: sql`*`,
  messages: "rooms",
  deals: sql`*`,
  pass_thru_steps: sql`*`,
  deal_disputes: sql`*`,
  plans: sql`*`,
  add_ons: sql`*`,
  subscriptions: sql`*`,
  invoices: sql`*`,
  refunds: sql`*`,
  promotions: sql`*`,
  notifications: { bell: sql`*` },
  contact_messages: sql`*`,
  verification_requests: sql`*`,
  audit_log: sql`*`,
};

/**
 * Chats whose rooms one part of the backup reads. Each room is one call or more (a page of `ROOM_PAGE`
 * messages per call), and one request may make 10 000 calls on Workers Paid: 2 000 rooms of ~70 messages is
 * ~2 000 calls and ~50 MB of JSON, leaving 8 000 calls (4 M messages) for busy chats' further pages.
 */
export const BACKUP_CHATS_PER_PART = 2_000;
/**
 * D1 queries one part of the backup may make: half of D1's 1 000 per Worker invocation, so a part holds
 * whatever the network's size (docs/decisions: backup in parts).
 */
export const BACKUP_D1_QUERIES_PER_PART = 500;
/**
 * Of those, the reads of rows a part is planned with. The rest: the next part's plan (one query per table,
 * made before the first byte) and rows written to a table between its plan and its download (each 500 rows
 * one more query).
 */
const PLANNED_READS = BACKUP_D1_QUERIES_PER_PART - 100;
/** Messages a room answers per call of the backup (a busy chat is read in several). */
export const ROOM_PAGE = 500;
/** Rooms asked at once: a request's simultaneous outgoing connections. */
const ROOMS_AT_ONCE = 6;

const SOURCES = Object.entries(BACKUP_TABLES);

/** The databases the backup reads: the main one, and the bell's (docs/decisions/0097-bell-database.md). */
export type BackupDatabases = { main: Database; bell: Database };

/** Which database a table's rows are in, and the columns read there. */
const whereIs = (databases: BackupDatabases, source: TableSource) =>
  "bell" in source ? { db: databases.bell, columns: source.bell } : { db: databases.main, columns: source };

/** A place in the backup: every table before `source` read, and its rows up to `rowid`. */
type Place = [source: number, rowid: number];
const sourceIndex = z.number().int().min(0).max(SOURCES.length);

/**
 * A part: its number (for the file's name) and the places it starts after and ends at. The end is the
 * plan's, carried in the cursor, so a part read later holds the same rows the list of parts planned.
 */
const BACKUP_PART = cursorKind(
  "backup.part",
  cursorValue.count,
  sourceIndex,
  cursorValue.rowid,
  sourceIndex,
  cursorValue.rowid,
);

/** A chat's room, as the backup reads it: newest messages first, page by page. */
export type BackupRooms = (chatId: string) => Pick<ChatHistory, "messagesBefore">;

/** The sizes a part is cut to (tests make them small). */
export type BackupLimits = { reads?: number; chats?: number };

export type BackupPart = {
  /** 1 for the first download, 2… for the next. */
  part: number;
  /** The next part's cursor; null when this part holds the last rows. */
  nextCursor: string | null;
  chunks: AsyncGenerator<string>;
};

const queriesFor = (rows: number) => Math.floor(rows / BATCH) + 1;

/**
 * Where a part that starts after `from` ends, null when nothing is left: table by table, as many rows as
 * `reads` queries of 500 fetch (and at most `chats` chats' rooms). One D1 query per table it reaches.
 */
async function planPart(
  databases: BackupDatabases,
  from: Place,
  limits: BackupLimits = {},
): Promise<Place | null> {
  let reads = limits.reads ?? PLANNED_READS;
  let chats = limits.chats ?? BACKUP_CHATS_PER_PART;
  let any = false;
  for (let source = from[0]; source < SOURCES.length; source++) {
    if (reads <= 0) return [source, 0];
    const [name, columns] = SOURCES[source]!;
    const table = columns === "rooms" ? "chats" : name;
    const cap = columns === "rooms" ? Math.min(chats, reads * BATCH) : reads * BATCH;
    const db = columns === "rooms" ? databases.main : whereIs(databases, columns).db;
    const [{ n, last } = { n: 0, last: null }] = await db.all<{ n: number; last: number | null }>(sql`
      select count(*) as n, max(r) as last from (
        select rowid as r from ${sql.identifier(table)} where rowid > ${source === from[0] ? from[1] : 0}
        order by rowid limit ${cap})`);
    if (n === 0 || last === null) continue;
    any = true;
    reads -= queriesFor(n);
    if (columns === "rooms") chats -= n;
    if (n === cap) return [source, last];
  }
  return any ? [SOURCES.length, 0] : null;
}

/** The rowids of `source` a part reads: after its start, up to its end when it ends in that table. */
function rangeIn(source: number, from: Place, to: Place): [after: number, last: number] | null {
  const after = source === from[0] ? from[1] : 0;
  if (source < to[0]) return [after, Number.MAX_SAFE_INTEGER];
  return to[1] > after ? [after, to[1]] : null;
}

/** Rows of one D1 table in (after, last], in batches by rowid, each batch a JSON text of rows. */
async function* d1Rows(
  db: Database,
  table: string,
  columns: ReturnType<typeof sql>,
  [after, last]: number[],
) {
  for (let from = after!; from < last!;) {
    const rows = await db.all<Record<string, unknown> & { _rowid: number }>(
      sql`select rowid as _rowid, ${columns} from ${sql.identifier(table)}
          where rowid > ${from} and rowid <= ${last} order by rowid limit ${BATCH}`,
    );
    if (rows.length === 0) return;
    yield rows
      .map(({ _rowid, ...row }) => {
        from = _rowid;
        return JSON.stringify(row);
      })
      .join(",");
    if (rows.length < BATCH) return;
  }
}

/**
 * Every message of the chats in (after, last], chat by chat, each room paged. Asking a room first moves its
 * chat's rows still in D1 into it (as every read of a chat does), so a chat not yet moved comes whole and
 * once, from its room.
 */
async function* roomRows(db: Database, rooms: BackupRooms, [after, last]: number[]) {
  for (let from = after!; from < last!;) {
    const chats = await db.all<{ id: string; rowid: number }>(
      sql`select rowid, id from chats where rowid > ${from} and rowid <= ${last} order by rowid limit ${BATCH}`,
    );
    if (chats.length === 0) return;
    for (let i = 0; i < chats.length; i += ROOMS_AT_ONCE) {
      // A few rooms asked at once (each its own object), their messages written in the chats' order.
      const group = chats.slice(i, i + ROOMS_AT_ONCE);
      const firsts = await Promise.all(group.map((chat) => rooms(chat.id).messagesBefore(null, ROOM_PAGE)));
      for (const [k, chat] of group.entries()) {
        let page = firsts[k]!;
        for (;;) {
          if (page.length > 0) yield page.map((m) => JSON.stringify(m)).join(",");
          if (page.length < ROOM_PAGE) break;
          const oldest = page[page.length - 1]!;
          page = await rooms(chat.id).messagesBefore([Date.parse(oldest.createdAt), oldest.id], ROOM_PAGE);
        }
      }
    }
    if (chats.length < BATCH) return;
    from = chats[chats.length - 1]!.rowid;
  }
}

/**
 * The cursor of every part of the backup, in order (none when one part holds everything): the admin's
 * console links each, so a network of any size backs up whole. One D1 query per part and per table.
 */
export async function backupParts(databases: BackupDatabases, limits?: BackupLimits): Promise<string[]> {
  const cursors: string[] = [];
  for (let from: Place = [0, 0]; ;) {
    const to = await planPart(databases, from, limits);
    if (!to) break;
    cursors.push(BACKUP_PART.encode(cursors.length + 1, ...from, ...to));
    if (to[0] === SOURCES.length) break;
    from = to;
  }
  return cursors.length > 1 ? cursors : [];
}

/** JSON text pieces as one array's items: commas between the non-empty ones. */
async function* arrayOf(pieces: AsyncGenerator<string>) {
  let first = true;
  for await (const piece of pieces) {
    yield `${first ? "" : ","}${piece}`;
    first = false;
  }
}

/**
 * Back up data: a JSON document `{exportedAt, part, tables: {name: [rows]}}`, streamed table by table in
 * batches, so it never holds the database in memory. Each part holds the tables (or the stretch of one) its
 * plan reached; put together in order, each table's rows joined, the parts hold every row and message once.
 */
export async function backupJson(
  databases: BackupDatabases,
  rooms: BackupRooms,
  { cursor, now = Date.now(), limits }: { cursor?: string; now?: number; limits?: BackupLimits } = {},
): Promise<BackupPart> {
  const given = BACKUP_PART.decode(cursor);
  let part = 1;
  let from: Place = [0, 0];
  let to: Place | null;
  if (given) {
    const [number, fromSource, fromRowid, toSource, toRowid] = given;
    part = number;
    from = [fromSource, fromRowid];
    to = [toSource, toRowid];
    const backwards = toSource < fromSource || (toSource === fromSource && toRowid < fromRowid);
    if (part < 1 || backwards || (toSource === SOURCES.length && toRowid !== 0))
      throw badRequest(INVALID_CURSOR);
  } else {
    to = (await planPart(databases, from, limits)) ?? [SOURCES.length, 0];
  }
  // The next part is planned before the first byte: its cursor goes out as a header.
  const next = to[0] < SOURCES.length ? await planPart(databases, to, limits) : null;
  const nextCursor = next ? BACKUP_PART.encode(part + 1, ...to, ...next) : null;
  const end = to;

  async function* chunks(): AsyncGenerator<string> {
    yield `{"exportedAt":${JSON.stringify(new Date(now).toISOString())},"part":${part},"tables":{`;
    let firstTable = true;
    for (let source = from[0]; source <= Math.min(end[0], SOURCES.length - 1); source++) {
      const range = rangeIn(source, from, end);
      if (!range) continue;
      const [table, columns] = SOURCES[source]!;
      yield `${firstTable ? "" : ","}${JSON.stringify(table)}:[`;
      firstTable = false;
      const at = columns === "rooms" ? null : whereIs(databases, columns);
      yield* arrayOf(at ? d1Rows(at.db, table, at.columns, range) : roomRows(databases.main, rooms, range));
      yield "]";
    }
    yield "}}";
  }
  return { part, nextCursor, chunks: chunks() };
}

/** An async generator as a byte stream for a Response body. */
export function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
  });
}
