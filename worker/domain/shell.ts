import { sql } from "drizzle-orm";
import { toIso, toIsoOrNull } from "../../app/lib/api-types";
import type { Database } from "../db/client";
import { acceptedConnectionsOf } from "./accepted-connections";
import type { messagingService } from "./messaging";

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

/** What the dealer shell shows around every screen: unread count and the right-column panels. */
export function shellService(
  db: Database,
  messaging: Pick<ReturnType<typeof messagingService>, "unreadTotal">,
) {
  return {
    async panels(dealerId: string) {
      // Raw statements cannot join a D1 batch; three parallel reads cost one round trip of wall time.
      const [recentChats, unread, recentConnections] = await Promise.all([
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
          limit 3`),
        messaging.unreadTotal(dealerId),
        db.all<Omit<RecentConnection, "connectedAt"> & { connectedAt: number }>(sql`
          select d.id as dealerId, d.name as name, d.dealership_name as dealershipName, d.city as city, d.state as state,
                 c.created_at as connectedAt
          from (${acceptedConnectionsOf(dealerId)}) c
          join dealers d on d.id = c.partner_id
          order by c.created_at desc
          limit 3`),
      ]);
      return {
        recentChats: recentChats.map((c) => ({ ...c, lastMessageAt: toIsoOrNull(c.lastMessageAt) })),
        unreadMessages: unread,
        recentConnections: recentConnections.map((c) => ({ ...c, connectedAt: toIso(c.connectedAt) })),
      };
    },
  };
}
