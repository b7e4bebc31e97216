import { sql } from "drizzle-orm";
import { toIsoOrNull, type ChatParticipant, type ChatSummary } from "#lib/api-types";
import { CHATS_PAGE_MAX } from "#lib/schemas/network";
import type { Database } from "../../db/client";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { CHATS_PAGE_SIZE, clampPage, parseRow, toChatMessage, type MessageRow } from "./message-rows";

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
    lastId: string | null;
  } & { [K in keyof MessageRow as `last_${K & string}`]: MessageRow[K] };
  // One wait on D1: the page of chats with each one's other dealer and last message, beside the viewer's card.
  const [rows, [me]] = await Promise.all([
    db.all<ChatRow>(sql`
      select c.id as id, c.last_message_at as lastMessageAt, ${activity} as at,
             (select count(*) from messages m
               where m.chat_id = c.id and m.receiver_id = ${dealerId} and m.is_read = 0) as unread,
             od.id as otherId, od.name as otherName, od.dealership_name as otherDealershipName,
             od.avatar as otherAvatar, od.city as otherCity, od.state as otherState,
             lm.id as lastId, lm.chat_id as last_chatId, lm.client_id as last_clientId,
             lm.sender_id as last_senderId, lm.receiver_id as last_receiverId, lm.content as last_content,
             lm.context as last_context, lm.attachments as last_attachments, lm.call as last_call,
             lm.is_read as last_isRead, lm.created_at as last_createdAt
      from chat_participants me
      join chats c on c.id = me.chat_id
      join chat_participants other on other.chat_id = c.id and other.dealer_id != me.dealer_id
      join dealers od on od.id = other.dealer_id
      left join messages lm on lm.id = (
        select m2.id from messages m2 where m2.chat_id = c.id order by m2.created_at desc, m2.id desc limit 1)
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
      const lastMessage = row.lastId
        ? toChatMessage(
            parseRow({
              id: row.lastId,
              chatId: row.last_chatId,
              clientId: row.last_clientId,
              senderId: row.last_senderId,
              receiverId: row.last_receiverId,
              content: row.last_content,
              context: row.last_context,
              attachments: row.last_attachments,
              call: row.last_call,
              isRead: row.last_isRead,
              createdAt: row.last_createdAt,
            } as MessageRow),
          )
        : null;
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
