import { sql } from "drizzle-orm";
import type { AdminUser } from "#lib/api-types";
import type { Database } from "../../db/client";
import type { ChatHistory } from "../../realtime/chat-history";
import { csvHeader, csvRows, type CsvColumn } from "../shared/csv";
import { cursorKind, cursorValue, type Page } from "../shared/cursors";

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
 * history, read from the chats' rooms (below), not from D1.
 */
const BACKUP_TABLES: Record<string, ReturnType<typeof sql> | "rooms"> = {
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
  notifications: sql`*`,
  contact_messages: sql`*`,
  verification_requests: sql`*`,
  audit_log: sql`*`,
};

/**
 * Chats whose rooms one download of the backup reads. Each room is one call or more (a page of
 * `ROOM_PAGE` messages per call), and one request may make 10 000 calls on Workers Paid: 2 000 rooms of
 * ~70 messages is ~2 000 calls and ~50 MB of JSON, well inside the calls and the CPU time. A network with
 * more chats gets its backup in parts, each part the next chats (docs/decisions: backup in parts).
 */
export const BACKUP_CHATS_PER_PART = 2_000;
/** Messages a room answers per call of the backup (a busy chat is read in several). */
export const ROOM_PAGE = 500;
/** Rooms asked at once: a request's simultaneous outgoing connections. */
const ROOMS_AT_ONCE = 6;

/** Where the next part starts: its number (for the file's name) and the last chat (rowid) already read. */
const BACKUP_PART = cursorKind("backup.part", cursorValue.count, cursorValue.rowid);

/** A chat's room, as the backup reads it: newest messages first, page by page. */
export type BackupRooms = (chatId: string) => Pick<ChatHistory, "messagesBefore">;

export type BackupPart = {
  /** 1 for the first download (every table), 2… for the next chats' messages. */
  part: number;
  /** The next part's cursor; null when this part holds the last chats. */
  nextCursor: string | null;
  chunks: AsyncGenerator<string>;
};

/** Rows of one D1 table in batches (by rowid), each batch a JSON text of rows. */
async function* d1Rows(db: Database, table: string, columns: ReturnType<typeof sql>) {
  let after = 0;
  for (;;) {
    const rows = await db.all<Record<string, unknown> & { _rowid: number }>(
      sql`select rowid as _rowid, ${columns} from ${sql.identifier(table)} where rowid > ${after} order by rowid limit ${BATCH}`,
    );
    if (rows.length === 0) return;
    yield rows
      .map(({ _rowid, ...row }) => {
        after = _rowid;
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
async function* roomRows(db: Database, rooms: BackupRooms, after: number, last: number) {
  for (let from = after; from < last;) {
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
    from = chats[chats.length - 1]!.rowid;
  }
}

/**
 * The cursor of every part of the backup after the first, in order (none when one part holds every chat):
 * the admin's console links each, so a network of any size backs up whole.
 */
export async function backupParts(db: Database, chatsPerPart = BACKUP_CHATS_PER_PART): Promise<string[]> {
  // Every part's last chat: one read of the chats' rowids, whatever their number.
  const ends = await db.all<{ rowid: number }>(sql`
    select r as rowid from (
      select rowid as r, row_number() over (order by rowid) as n, count(*) over () as total from chats)
    where n % ${chatsPerPart} = 0 and n < total order by r`);
  return ends.map((end, i) => BACKUP_PART.encode(i + 1, end.rowid));
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
 * batches, so it never holds the database in memory. The first part holds every table, `messages` the
 * first chats' history; each next part (`cursor`) holds `messages` only, of the next chats. Put together,
 * the parts hold every message once.
 */
export async function backupJson(
  db: Database,
  rooms: BackupRooms,
  {
    cursor,
    now = Date.now(),
    chatsPerPart = BACKUP_CHATS_PER_PART,
  }: { cursor?: string; now?: number; chatsPerPart?: number } = {},
): Promise<BackupPart> {
  const [done, after] = BACKUP_PART.decode(cursor) ?? [0, 0];
  const part = done + 1;
  // The part's last chat, and whether any comes after it, are known before the first byte: the cursor
  // goes out as a header.
  const ends = await db.all<{ rowid: number }>(
    sql`select rowid from chats where rowid > ${after} order by rowid limit 2 offset ${chatsPerPart - 1}`,
  );
  const last = ends[0]?.rowid ?? Number.MAX_SAFE_INTEGER;
  const nextCursor = ends.length === 2 ? BACKUP_PART.encode(part, last) : null;
  const tables = Object.entries(part === 1 ? BACKUP_TABLES : { messages: "rooms" as const });

  async function* chunks(): AsyncGenerator<string> {
    yield `{"exportedAt":${JSON.stringify(new Date(now).toISOString())},"part":${part},"tables":{`;
    let firstTable = true;
    for (const [table, columns] of tables) {
      yield `${firstTable ? "" : ","}${JSON.stringify(table)}:[`;
      firstTable = false;
      yield* arrayOf(columns === "rooms" ? roomRows(db, rooms, after, last) : d1Rows(db, table, columns));
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
