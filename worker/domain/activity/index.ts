import { sql } from "drizzle-orm";
import { messagePreview } from "#lib/chat-texts";
import { toIso, toIsoOrNull, type Activity, type RecentChat, type RecentConnection } from "#lib/api-types";
import type { Database } from "../../db/client";
import { acceptedConnectionsOf } from "../connections/accepted";

const ACTIVITY_ITEMS = 3;

/**
 * A dealer's unread counts and recent activity, shown around every screen. The unread counts are part of every page (top bar, menus);
 * the right column's activity is fetched by the browser after the page has painted, and only where the
 * column shows (wide screens), so it never slows a page down.
 */
export function activityService(db: Database) {
  return {
    /**
     * The two counts every signed-in page shows (messages, the bell), read in one statement: each D1 trip is
     * a share of every page's time, wherever the dealer is.
     */
    async unreadCounts(dealerId: string): Promise<{ messages: number; notifications: number }> {
      const [row] = await db.all<{ messages: number; notifications: number }>(sql`
        select (select coalesce(sum(unread_count), 0) from chat_participants where dealer_id = ${dealerId}) as messages,
               (select unread_notifications from dealers where id = ${dealerId}) as notifications`);
      return { messages: row?.messages ?? 0, notifications: row?.notifications ?? 0 };
    },

    async activity(dealerId: string): Promise<Activity> {
      // Raw statements cannot join a D1 batch; two parallel reads cost one round trip of wall time.
      const [chats, connections] = await Promise.all([
        db.all<Omit<RecentChat, "lastMessageAt"> & { lastMessageAt: number | null }>(sql`
          select c.id as chatId, c.last_message_at as lastMessageAt, d.id as dealerId, d.name as name,
                 d.dealership_name as dealershipName, d.avatar as avatar,
                 (select json_array(c.last_message ->> '$.content', json(coalesce(c.last_message -> '$.attachments', 'null')),
                    json(coalesce(c.last_message -> '$.call', 'null'))) where c.last_message is not null) as lastMessage,
                 me.unread_count as unread
          from chat_participants me
          join chats c on c.id = me.chat_id
          join chat_participants other on other.chat_id = c.id and other.dealer_id != me.dealer_id
          join dealers d on d.id = other.dealer_id
          where me.dealer_id = ${dealerId}
          order by c.last_message_at desc
          limit ${ACTIVITY_ITEMS}`),
        db.all<Omit<RecentConnection, "connectedAt"> & { connectedAt: number }>(sql`
          select d.id as dealerId, d.name as name, d.dealership_name as dealershipName, d.city as city, d.state as state,
                 c.created_at as connectedAt
          from (${acceptedConnectionsOf(dealerId)}) c
          join dealers d on d.id = c.partner_id
          order by c.created_at desc
          limit ${ACTIVITY_ITEMS}`),
      ]);
      return {
        recentChats: chats.map((c) => ({
          ...c,
          lastMessage: c.lastMessage === null ? null : previewOf(c.lastMessage),
          lastMessageAt: toIsoOrNull(c.lastMessageAt),
        })),
        recentConnections: connections.map((c) => ({ ...c, connectedAt: toIso(c.connectedAt) })),
      };
    },
  };
}

/** The last message's `[content, attachments, call]` as the chat list words it. */
function previewOf(raw: string): string {
  const [content, attachments, call] = JSON.parse(raw) as [
    string,
    Parameters<typeof messagePreview>[0]["attachments"],
    Parameters<typeof messagePreview>[0]["call"],
  ];
  return messagePreview({ content, attachments, call });
}
