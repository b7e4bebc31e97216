import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { messagingService } from "./messaging";

/** One of the dealer's latest conversations in the right column (times ISO 8601, as at every edge). */
export type RecentChat = {
  chatId: string;
  dealerId: string;
  name: string;
  dealershipName: string;
  avatar: string | null;
  lastMessage: string | null;
  lastMessageAt: string | null;
  unread: number;
};

export type RecentConnection = {
  dealerId: string;
  name: string;
  dealershipName: string;
  city: string;
  state: string;
  connectedAt: string;
};

/** The right column of the dealer's screens (core spec §2): GET /api/activity. */
export type Activity = { recentChats: RecentChat[]; recentConnections: RecentConnection[] };

export const ACTIVITY_ITEMS = 3;

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/**
 * What the dealer shell shows around every screen. The unread count is part of every page (top bar, menus);
 * the right column's activity is fetched by the browser after the page has painted, and only where the
 * column shows (wide screens), so it never slows a page down.
 */
export function shellService(
  db: Database,
  messaging: Pick<ReturnType<typeof messagingService>, "unreadTotal">,
) {
  return {
    unreadMessages: (dealerId: string) => messaging.unreadTotal(dealerId),

    async activity(dealerId: string): Promise<Activity> {
      // Raw statements cannot join a D1 batch; two parallel reads cost one round trip of wall time.
      const [chats, connections] = await Promise.all([
        db.all<Omit<RecentChat, "lastMessageAt"> & { lastMessageAt: number | null }>(sql`
          select c.id as chatId, c.last_message_at as lastMessageAt, d.id as dealerId, d.name as name,
                 d.dealership_name as dealershipName, d.avatar as avatar,
                 (select m.content from messages m where m.chat_id = c.id order by m.created_at desc limit 1) as lastMessage,
                 (select count(*) from messages m where m.chat_id = c.id and m.receiver_id = ${dealerId} and m.is_read = 0) as unread
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
          from connections c
          join dealers d on d.id = case when c.requester_id = ${dealerId} then c.receiver_id else c.requester_id end
          where (c.requester_id = ${dealerId} or c.receiver_id = ${dealerId}) and c.status = 'accepted'
          order by c.created_at desc
          limit ${ACTIVITY_ITEMS}`),
      ]);
      return {
        recentChats: chats.map((c) => ({
          ...c,
          lastMessageAt: c.lastMessageAt === null ? null : iso(c.lastMessageAt),
        })),
        recentConnections: connections.map((c) => ({ ...c, connectedAt: iso(c.connectedAt) })),
      };
    },
  };
}
