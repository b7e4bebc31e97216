import { sql } from "drizzle-orm";
import { toIsoOrNull, type ChatMessage, type ChatParticipant, type ChatSummary } from "#lib/api-types";
import { CHATS_PAGE_MAX } from "#lib/schemas/network";
import type { Database } from "../../db/client";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { clampPage } from "./room-pages";

export const CHATS_PAGE_SIZE = 50;

/** The chat list pages by latest activity, keyed by (time, id). */
const CHATS = cursorKind("chats", cursorValue.time, cursorValue.id);

/**
 * A page of the dealer's chats (GET /api/chats), latest activity first, in three queries whatever the
 * page size.
 */
export async function listChats(
  db: Database,
  dealerId: string,
  options: { cursor?: string; limit?: number } = {},
): Promise<Page<ChatSummary>> {
  const limit = clampPage(options.limit, CHATS_PAGE_SIZE, CHATS_PAGE_MAX);
  const cursor = CHATS.decode(options.cursor);
  const activity = sql`coalesce(c.last_message_at, c.created_at)`;
  type ChatRow = {
    id: string;
    lastMessageAt: number | null;
    at: number;
    unread: number;
    otherId: string;
    otherName: string;
    otherDealershipName: string;
    otherAvatar: string | null;
    otherCity: string;
    otherState: string;
    /** JSON of the last message, its text cut to a preview (kept by the chat's room). */
    lastMessage: string | null;
  };
  // One wait on D1: the page of chats with each one's other dealer and last message, beside the viewer's card.
  const [rows, [me]] = await Promise.all([
    db.all<ChatRow>(sql`
      select c.id as id, c.last_message_at as lastMessageAt, ${activity} as at,
             me.unread_count as unread, c.last_message as lastMessage,
             od.id as otherId, od.name as otherName, od.dealership_name as otherDealershipName,
             od.avatar as otherAvatar, od.city as otherCity, od.state as otherState
      from chat_participants me
      join chats c on c.id = me.chat_id
      join chat_participants other on other.chat_id = c.id and other.dealer_id != me.dealer_id
      join dealers od on od.id = other.dealer_id
      where me.dealer_id = ${dealerId}
        ${cursor ? sql`and (${activity} < ${cursor[0]} or (${activity} = ${cursor[0]} and c.id < ${cursor[1]}))` : sql``}
      order by ${activity} desc, c.id desc
      limit ${limit + 1}`),
    db.all<ChatParticipant>(sql`
      select id, name, dealership_name as dealershipName, avatar, city, state
      from dealers where id = ${dealerId}`),
  ]);
  const page = pageOf(
    rows,
    limit,
    (row) => row,
    (last) => CHATS.encode(last.at, last.id),
  );
  if (page.items.length === 0) return { items: [], nextCursor: null };
  return {
    nextCursor: page.nextCursor,
    items: page.items.flatMap((row) => {
      if (!me) return [];
      const other: ChatParticipant = {
        id: row.otherId,
        name: row.otherName,
        dealershipName: row.otherDealershipName,
        avatar: row.otherAvatar,
        city: row.otherCity,
        state: row.otherState,
      };
      const lastMessage = lastMessageOf(row.lastMessage, row.unread, dealerId);
      return [
        {
          id: row.id,
          participants: [me, other],
          otherParticipant: other,
          lastMessage,
          messages: lastMessage ? [lastMessage] : [],
          unreadCount: row.unread,
          lastMessageAt: toIsoOrNull(row.lastMessageAt),
        },
      ];
    }),
  };
}

/**
 * The chat's last message from its D1 line. Whether it is read: the viewer's own unread count says it for
 * a message they received; one they sent is read once the other dealer has nothing unread, which the line
 * does not say, so it is shown as stored (the chat itself has the receipts).
 */
export function lastMessageOf(json: string | null, unread: number, viewerId: string): ChatMessage | null {
  if (!json) return null;
  const message = JSON.parse(json) as ChatMessage;
  return message.receiverId === viewerId ? { ...message, isRead: unread === 0 } : message;
}
