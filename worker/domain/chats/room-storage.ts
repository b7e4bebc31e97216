import { toIso, type ChatMessage } from "#lib/api-types";
import { CHAT_MESSAGES_PAGE_MAX } from "#lib/schemas/network";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { badRequest } from "../shared/errors";

/**
 * A chat's messages in its own room's SQLite (durable-objects/chat-room.ts, `ctx.storage.sql`): one database
 * per chat. The room and the scripts that write rooms directly (the seeds) share this table and codec.
 * `created_at` is epoch milliseconds, as D1's timestamps; the JSON columns hold JSON text.
 */
export const ROOM_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS messages (id TEXT PRIMARY KEY, client_id TEXT NOT NULL, sender_id TEXT NOT NULL, receiver_id TEXT NOT NULL, content TEXT NOT NULL, context TEXT, attachments TEXT, call TEXT, offer TEXT, is_read INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS messages_client_idx ON messages(sender_id, client_id)`,
  `CREATE INDEX IF NOT EXISTS messages_time_idx ON messages(created_at, id)`,
];

export const CHAT_PAGE_SIZE = 50;

/** A row of a room's `messages` table, as SQLite answers it. */
export type RoomRow = {
  id: string;
  client_id: string;
  sender_id: string;
  receiver_id: string;
  content: string;
  context: string | null;
  attachments: string | null;
  call: string | null;
  offer: string | null;
  is_read: number;
  created_at: number;
};

/** The part of `SqlStorage` the room's queries use, so a test or a script can hand in its own. */
export type RoomSql = {
  exec<T extends Record<string, SqlStorageValue>>(query: string, ...bindings: unknown[]): { toArray(): T[] };
};

const jsonOrNull = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0)
    ? null
    : JSON.stringify(value);
const parsed = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/** A message (the API's shape, times as epoch ms) as its room stores it. */
export type StoredMessage = Omit<ChatMessage, "createdAt" | "chatId"> & { createdAt: number };

export function toRoomRow(m: StoredMessage): RoomRow {
  return {
    id: m.id,
    client_id: m.clientId,
    sender_id: m.senderId,
    receiver_id: m.receiverId,
    content: m.content,
    context: jsonOrNull(m.context),
    attachments: jsonOrNull(m.attachments),
    call: jsonOrNull(m.call),
    offer: jsonOrNull(m.offer),
    is_read: m.isRead ? 1 : 0,
    created_at: m.createdAt,
  };
}

export function fromRoomRow(row: RoomRow, chatId: string): ChatMessage {
  return {
    id: row.id,
    clientId: row.client_id,
    chatId,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    content: row.content,
    createdAt: toIso(row.created_at),
    isRead: row.is_read === 1,
    context: parsed<ChatMessage["context"]>(row.context),
    attachments: parsed<ChatMessage["attachments"]>(row.attachments) ?? [],
    call: parsed<ChatMessage["call"]>(row.call),
    offer: parsed<ChatMessage["offer"]>(row.offer),
  };
}

const COLUMNS = Object.keys(toRoomRow({} as StoredMessage)) as (keyof RoomRow)[];

export function ensureRoomSchema(sql: RoomSql) {
  for (const statement of ROOM_SCHEMA) sql.exec(statement);
}

/** Stores a row unless (sender, clientId) or its id is stored already; answers whether it was stored now. */
export function insertRoomRow(sql: RoomSql, row: RoomRow): boolean {
  const stored = sql.exec<{ id: string }>(
    `INSERT INTO messages (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})
     ON CONFLICT DO NOTHING RETURNING id`,
    ...COLUMNS.map((c) => row[c]),
  );
  return stored.toArray().length > 0;
}

export function rowByClient(sql: RoomSql, senderId: string, clientId: string): RoomRow | undefined {
  return sql
    .exec<RoomRow>(`SELECT * FROM messages WHERE sender_id = ? AND client_id = ?`, senderId, clientId)
    .toArray()[0];
}

export function rowById(sql: RoomSql, id: string): RoomRow | undefined {
  return sql.exec<RoomRow>(`SELECT * FROM messages WHERE id = ?`, id).toArray()[0];
}

/**
 * Cursors: a chat's messages page backwards in time (older) and, to catch up, forwards (newer); each keyed by
 * (time, id). Their names are those of the pages D1 answered before the rooms, so a cursor a browser holds
 * still reads.
 */
const OLDER = cursorKind("messages.older", cursorValue.time, cursorValue.id);
const NEWER = cursorKind("messages.newer", cursorValue.time, cursorValue.id);

export type MessagePage = { cursor?: string; after?: string; limit?: number };

export const clampPage = (limit: number | undefined, size: number, max: number) =>
  Math.min(Math.max(limit ?? size, 1), max);

/**
 * A page of a chat's messages, oldest first on the page. Without a cursor: the latest. With an OLDER
 * cursor: those before it (scrolling up). With `after` (a message id of this chat) or a NEWER cursor:
 * those stored after it (catching up), where the next cursor keeps going forward.
 */
export function roomPage(sql: RoomSql, chatId: string, page: MessagePage = {}): Page<ChatMessage> {
  const limit = clampPage(page.limit, CHAT_PAGE_SIZE, CHAT_MESSAGES_PAGE_MAX);
  const toMessage = (row: RoomRow) => fromRoomRow(row, chatId);
  let newer: [number, string] | null = null;
  if (page.after) {
    const anchor = rowById(sql, page.after);
    if (!anchor) throw badRequest("after must be the id of a message in this chat");
    newer = [anchor.created_at, anchor.id];
  } else if (page.cursor && NEWER.is(page.cursor)) newer = NEWER.decode(page.cursor);
  if (newer) {
    const rows = sql
      .exec<RoomRow>(
        `SELECT * FROM messages WHERE (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ?`,
        newer[0],
        newer[1],
        limit + 1,
      )
      .toArray();
    return pageOf(rows, limit, toMessage, (last) => NEWER.encode(last.created_at, last.id));
  }
  const older = OLDER.decode(page.cursor);
  const rows = (
    older
      ? sql.exec<RoomRow>(
          `SELECT * FROM messages WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?`,
          older[0],
          older[1],
          limit + 1,
        )
      : sql.exec<RoomRow>(`SELECT * FROM messages ORDER BY created_at DESC, id DESC LIMIT ?`, limit + 1)
  ).toArray();
  const result = pageOf(rows, limit, toMessage, (last) => OLDER.encode(last.created_at, last.id));
  return { ...result, items: result.items.reverse() };
}

/** Up to `limit` of the room's messages before (time, id), newest first: one chat's share of GET /api/messages. */
export function roomMessagesBefore(
  sql: RoomSql,
  chatId: string,
  before: [number, string] | null,
  limit: number,
): ChatMessage[] {
  const rows = before
    ? sql.exec<RoomRow>(
        `SELECT * FROM messages WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?`,
        before[0],
        before[1],
        limit,
      )
    : sql.exec<RoomRow>(`SELECT * FROM messages ORDER BY created_at DESC, id DESC LIMIT ?`, limit);
  return rows.toArray().map((row) => fromRoomRow(row, chatId));
}
