import { sql } from "drizzle-orm";
import type { ChatMessage } from "#lib/api-types";
import { CHAT_MESSAGES_PAGE_MAX } from "#lib/schemas/network";
import type { Database } from "../../db/client";
import type { ChatHistory } from "../../realtime/chat-history";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { CHAT_PAGE_SIZE, clampPage } from "./room-pages";

/** GET /api/messages pages by time across every chat, keyed by (time, id). */
const LATEST = cursorKind("messages.latest", cursorValue.time, cursorValue.id);
/** Rooms asked at once while gathering a page across chats. */
const ROOMS_AT_ONCE = 8;

const newestFirst = (a: ChatMessage, b: ChatMessage) =>
  b.createdAt.localeCompare(a.createdAt) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

/**
 * GET /api/messages: the dealer's messages across all chats, newest first. Each chat's messages live in its
 * room, so the rooms are asked in order of their chat's last message, a few at a time, until no chat left
 * could hold a message newer than the page's last: a chat whose last message is older than that has none.
 */
export async function latestMessages(
  db: Database,
  rooms: (chatId: string) => ChatHistory,
  dealerId: string,
  options: { cursor?: string; limit?: number } = {},
): Promise<Page<ChatMessage>> {
  const limit = clampPage(options.limit, CHAT_PAGE_SIZE, CHAT_MESSAGES_PAGE_MAX);
  const before = LATEST.decode(options.cursor) ?? null;
  const chats = await db.all<{ id: string; at: number }>(sql`
    select c.id as id, c.last_message_at as at
    from chat_participants cp join chats c on c.id = cp.chat_id
    where cp.dealer_id = ${dealerId} and c.last_message_at is not null
    order by c.last_message_at desc`);
  let found: ChatMessage[] = [];
  for (let i = 0; i < chats.length; i += ROOMS_AT_ONCE) {
    const worst = found.length > limit ? Date.parse(found[limit]!.createdAt) : -Infinity;
    const next = chats.slice(i, i + ROOMS_AT_ONCE).filter((c) => c.at >= worst);
    if (next.length === 0) break;
    const pages = await Promise.all(next.map((c) => rooms(c.id).messagesBefore(before, limit + 1)));
    found = [...found, ...pages.flat()].sort(newestFirst).slice(0, limit + 1);
  }
  return pageOf(
    found,
    limit,
    (m) => m,
    (last) => LATEST.encode(Date.parse(last.createdAt), last.id),
  );
}
