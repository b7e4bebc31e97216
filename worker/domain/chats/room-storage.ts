import { toIso, type ChatMessage } from "#lib/api-types";
import { REPLY_TIME_WINDOW_DAYS } from "#lib/reputation/constants";

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

/** A chat file's id: the last part of its address, `/objects/chat-files/{id}`. */
export const fileIdOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** How much of the last message's text the chat list keeps beside the chat (the room has the rest). */
export const LAST_MESSAGE_PREVIEW = 200;
export const DAY = 24 * 60 * 60 * 1000;
/** What one message adds to its sender's activity score, as the counters always have (migration 0005). */
export const ACTIVITY_PER_MESSAGE_MS = 6 * 60 * 60 * 1000;

export const previewOf = (message: ChatMessage): ChatMessage =>
  message.content.length > LAST_MESSAGE_PREVIEW
    ? { ...message, content: `${message.content.slice(0, LAST_MESSAGE_PREVIEW - 1)}…` }
    : message;

/** Whether a message asks for an answer (reputation's response time): not a call's line, not an offer's card. */
export const asks = (message: ChatMessage) => !message.call && !message.offer;

/** What a room's messages say of its chat, for the D1 lines (see `summariseRoom`). */
export type RoomSummary = {
  last: ChatMessage | null;
  lastAt: number | null;
  participants: {
    dealerId: string;
    unread: number;
    sent: number;
    askedAt: number | null;
    repliedAt: number | null;
  }[];
  files: { fileId: string; attachment: ChatMessage["attachments"][number] }[];
};

/**
 * The D1 lines of a chat from all its messages (oldest first), the way `stored` builds them one send at a
 * time: the seeds and a room's import use it.
 */
export function summariseMessages(
  messages: (ChatMessage & { at: number })[],
  dealerIds: string[],
  now = Date.now(),
): RoomSummary {
  const windowStart = now - REPLY_TIME_WINDOW_DAYS * DAY;
  const participants = dealerIds.map((dealerId) => {
    const received = messages.filter((m) => m.receiverId === dealerId);
    const asked = received.find((m) => asks(m) && m.at >= windowStart);
    const replied = asked ? messages.find((m) => m.senderId === dealerId && m.at > asked.at) : undefined;
    return {
      dealerId,
      unread: received.filter((m) => !m.isRead).length,
      sent: messages.filter((m) => m.senderId === dealerId).length,
      askedAt: asked?.at ?? null,
      repliedAt: replied?.at ?? null,
    };
  });
  const { at: lastAt, ...last } = messages[messages.length - 1] ?? { at: null };
  return {
    last: lastAt === null ? null : (last as ChatMessage),
    lastAt,
    participants,
    files: messages.flatMap((m) =>
      m.attachments.map((attachment) => ({
        fileId: fileIdOf(attachment.url),
        attachment,
      })),
    ),
  };
}
