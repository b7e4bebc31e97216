import { and, eq, sql, type SQL } from "drizzle-orm";
import type { ChatMessage } from "#lib/api-types";
import { CHAT_MESSAGES_PAGE_MAX } from "#lib/schemas/network";
import type { Database } from "../../db/client";
import { messages } from "../../db/schema";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { badRequest } from "../shared/errors";
import {
  CHAT_PAGE_SIZE,
  clampPage,
  messageColumns,
  parseRow,
  toChatMessage,
  type MessagePage,
  type MessageRow,
} from "./message-rows";

/**
 * Cursors: a chat's messages page backwards in time (older) and, to catch up, forwards (newer);
 * GET /api/messages by time across every chat. Each keyed by (time, id).
 */
const OLDER = cursorKind("messages.older", cursorValue.time, cursorValue.id);
const NEWER = cursorKind("messages.newer", cursorValue.time, cursorValue.id);
const LATEST = cursorKind("messages.latest", cursorValue.time, cursorValue.id);

/**
 * A page of a chat's messages, oldest first on the page. Without a cursor: the latest. With an OLDER
 * cursor: those before it (scrolling up). With `after` (a message id of this chat) or a NEWER cursor:
 * those stored after it (catching up), where the next cursor keeps going forward.
 */
export async function chatMessages(
  db: Database,
  chatId: string | SQL,
  page: MessagePage = {},
): Promise<Page<ChatMessage>> {
  const limit = clampPage(page.limit, CHAT_PAGE_SIZE, CHAT_MESSAGES_PAGE_MAX);
  const newer = page.after
    ? await anchorOf(db, chatId, page.after)
    : page.cursor && NEWER.is(page.cursor)
      ? NEWER.decode(page.cursor)
      : null;
  if (newer) {
    const [time, id] = newer;
    const rows = await db.all<MessageRow>(sql`${messageColumns}
      where m.chat_id = ${chatId} and (m.created_at > ${time} or (m.created_at = ${time} and m.id > ${id}))
      order by m.created_at, m.id limit ${limit + 1}`);
    return pageOf(rows.map(parseRow), limit, toChatMessage, (last) => NEWER.encode(last.createdAt, last.id));
  }
  const older = OLDER.decode(page.cursor);
  const rows = await db.all<MessageRow>(sql`${messageColumns}
    where m.chat_id = ${chatId}
      ${older ? sql`and (m.created_at < ${older[0]} or (m.created_at = ${older[0]} and m.id < ${older[1]}))` : sql``}
    order by m.created_at desc, m.id desc limit ${limit + 1}`);
  const result = pageOf(rows.map(parseRow), limit, toChatMessage, (last) =>
    OLDER.encode(last.createdAt, last.id),
  );
  return { ...result, items: result.items.reverse() };
}

/** The (time, id) of a message of this chat, the point `after` catches up from; 400 when it is not one. */
async function anchorOf(db: Database, chatId: string | SQL, messageId: string): Promise<[number, string]> {
  const row = await db
    .select({ createdAt: messages.createdAt, id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.chatId, chatId)))
    .get();
  if (!row) throw badRequest("after must be the id of a message in this chat");
  return [row.createdAt, row.id];
}

/** GET /api/messages: the dealer's messages across all chats, newest first. */
export async function latestMessages(
  db: Database,
  dealerId: string,
  options: { cursor?: string; limit?: number } = {},
): Promise<Page<ChatMessage>> {
  const limit = clampPage(options.limit, CHAT_PAGE_SIZE, CHAT_MESSAGES_PAGE_MAX);
  const cursor = LATEST.decode(options.cursor);
  const after = cursor
    ? sql`and (m.created_at < ${cursor[0]} or (m.created_at = ${cursor[0]} and m.id < ${cursor[1]}))`
    : sql``;
  // Each half reads its own index (sender, receiver); the union is cut to one page.
  const rows = await db.all<MessageRow>(sql`
    select * from (
      ${messageColumns} where m.sender_id = ${dealerId} ${after}
      union all
      ${messageColumns} where m.receiver_id = ${dealerId} and m.sender_id != ${dealerId} ${after})
    order by createdAt desc, id desc limit ${limit + 1}`);
  return pageOf(rows.map(parseRow), limit, toChatMessage, (last) => LATEST.encode(last.createdAt, last.id));
}
