import { and, asc, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { ChatMessage } from "../../app/lib/realtime";
import type { Database } from "../db/client";
import { chatParticipants, chats, messages } from "../db/schema";
import { NOT_ACROSS_NETWORKS, requireSameNetwork } from "./demo-network";
import { DomainError, badRequest, forbidden, notFound } from "./errors";
import { newId } from "./ids";
import { LIMITS, type RateLimitService } from "./rate-limits";

export const CHAT_PAGE_SIZE = 50;

export type SendInput = {
  senderId: string;
  receiverId: string;
  content: string;
  clientId?: string;
  context?: { postTitle?: string } | null;
};

export type ChatParticipant = {
  id: string;
  name: string;
  dealershipName: string;
  avatar: string | null;
  city: string;
  state: string;
};

export type ChatSummary = {
  id: string;
  participants: ChatParticipant[];
  otherParticipant: ChatParticipant;
  lastMessage: ChatMessage | null;
  messages: ChatMessage[];
  unreadCount: number;
  lastMessageAt: number | null;
};

const pairKeyOf = (a: string, b: string) => [a, b].sort().join(":");

type MessageRow = typeof messages.$inferSelect;
export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    clientId: row.clientId,
    chatId: row.chatId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    createdAt: row.createdAt,
    isRead: row.isRead,
    context: row.context ?? null,
  };
}

/** Chats and messages between dealers. D1 is the record: a message exists once it is stored here. */
export function messagingService(db: Database, rateLimits: RateLimitService) {
  /**
   * The one chat of a pair of dealers, created on first use, whoever opens it. Never across the demo and the
   * real network (worker/domain/demo-network.ts), not even in a chat made before that rule.
   */
  async function ensureChat(dealerId: string, otherId: string): Promise<string> {
    if (dealerId === otherId) throw badRequest("You cannot start a chat with yourself");
    const pairKey = pairKeyOf(dealerId, otherId);
    const existing = await db.get<{ id: string; networks: number }>(sql`
      select id, (select count(distinct is_demo) from dealers where id in (${dealerId}, ${otherId})) as networks
      from chats where pair_key = ${pairKey}`);
    if (existing) {
      if (existing.networks > 1) throw forbidden(NOT_ACROSS_NETWORKS);
      return existing.id;
    }
    await requireSameNetwork(db, dealerId, otherId);
    await db.insert(chats).values({ id: newId(), pairKey }).onConflictDoNothing({ target: chats.pairKey });
    const chat = await db.select({ id: chats.id }).from(chats).where(eq(chats.pairKey, pairKey)).get();
    if (!chat) throw new Error("Chat was not created");
    await db
      .insert(chatParticipants)
      .values([
        { chatId: chat.id, dealerId },
        { chatId: chat.id, dealerId: otherId },
      ])
      .onConflictDoNothing();
    return chat.id;
  }

  async function requireParticipant(chatId: string, dealerId: string) {
    const row = await db
      .select({ chatId: chatParticipants.chatId })
      .from(chatParticipants)
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.dealerId, dealerId)))
      .get();
    if (!row) throw new DomainError(403, "You are not part of this chat");
  }

  async function unreadTotal(dealerId: string): Promise<number> {
    const row = await db
      .select({ n: sql<number>`count(*)` })
      .from(messages)
      .where(and(eq(messages.receiverId, dealerId), eq(messages.isRead, false)))
      .get();
    return row?.n ?? 0;
  }

  async function recentMessages(chatId: string, limit = CHAT_PAGE_SIZE) {
    const rows = await db
      .select()
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
    return rows.reverse().map(toChatMessage);
  }

  return {
    ensureChat,
    requireParticipant,

    /** The dealer on the other side of a chat, after checking `dealerId` is in it. */
    async otherParticipant(chatId: string, dealerId: string): Promise<string> {
      await requireParticipant(chatId, dealerId);
      const row = await db
        .select({ dealerId: chatParticipants.dealerId })
        .from(chatParticipants)
        .where(and(eq(chatParticipants.chatId, chatId), sql`${chatParticipants.dealerId} != ${dealerId}`))
        .get();
      if (!row) throw notFound("Chat not found");
      return row.dealerId;
    },

    async isParticipant(chatId: string, dealerId: string): Promise<boolean> {
      return requireParticipant(chatId, dealerId).then(
        () => true,
        () => false,
      );
    },

    /** POST /api/chats: the chat with that dealer and its latest messages. */
    async openChat(dealerId: string, participantId: string) {
      const chatId = await ensureChat(dealerId, participantId);
      return { id: chatId, messages: await recentMessages(chatId) };
    },

    /**
     * Stores a message once per (sender, clientId): a retried send answers the stored message.
     * Answers whether this call created it.
     */
    async send(input: SendInput): Promise<{ message: ChatMessage; created: boolean }> {
      await rateLimits.spend([LIMITS.messagesPerDealer, input.senderId]);
      const chatId = await ensureChat(input.senderId, input.receiverId);
      const clientId = input.clientId ?? newId();
      const now = Date.now();
      const [inserted] = await db
        .insert(messages)
        .values({
          id: newId(),
          chatId,
          clientId,
          senderId: input.senderId,
          receiverId: input.receiverId,
          content: input.content,
          context: input.context?.postTitle ? { postTitle: input.context.postTitle } : null,
          isRead: false,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
        .returning();
      if (inserted) {
        await db.update(chats).set({ lastMessageAt: now }).where(eq(chats.id, chatId));
        return { message: toChatMessage(inserted), created: true };
      }
      const stored = await db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, input.senderId), eq(messages.clientId, clientId)))
        .get();
      if (!stored) throw new Error("Message vanished after a duplicate send");
      return { message: toChatMessage(stored), created: false };
    },

    /** GET /api/chats: every chat of the dealer, newest first, in three queries whatever their number. */
    async listChats(dealerId: string): Promise<ChatSummary[]> {
      const rows = await db.all<{
        id: string;
        lastMessageAt: number | null;
        otherId: string;
        unread: number;
      }>(sql`
        select c.id as id, c.last_message_at as lastMessageAt, other.dealer_id as otherId,
               (select count(*) from messages m
                 where m.chat_id = c.id and m.receiver_id = ${dealerId} and m.is_read = 0) as unread
        from chat_participants me
        join chats c on c.id = me.chat_id
        join chat_participants other on other.chat_id = c.id and other.dealer_id != me.dealer_id
        where me.dealer_id = ${dealerId}
        order by coalesce(c.last_message_at, c.created_at) desc
        limit 200`);
      if (rows.length === 0) return [];
      const dealerIds = [dealerId, ...new Set(rows.map((r) => r.otherId))];
      const [people, lastMessages] = await Promise.all([
        db.all<ChatParticipant>(sql`
          select id, name, dealership_name as dealershipName, avatar, city, state
          from dealers where id in (select value from json_each(${JSON.stringify(dealerIds)}))`),
        db.all<Omit<MessageRow, "isRead" | "context"> & { isRead: number; context: string | null }>(sql`
          select m.id as id, m.chat_id as chatId, m.client_id as clientId, m.sender_id as senderId,
                 m.receiver_id as receiverId, m.content as content, m.context as context, m.is_read as isRead,
                 m.created_at as createdAt
          from messages m
          where m.id in (
            select (select m2.id from messages m2 where m2.chat_id = c.value order by m2.created_at desc limit 1)
            from json_each(${JSON.stringify(rows.map((r) => r.id))}) c)`),
      ]);
      const byId = new Map(people.map((p) => [p.id, p]));
      const lastByChat = new Map(
        lastMessages.map((m) => [
          m.chatId,
          toChatMessage({
            ...m,
            isRead: Boolean(m.isRead),
            context: m.context ? JSON.parse(m.context) : null,
          }),
        ]),
      );
      const me = byId.get(dealerId);
      return rows.flatMap((row) => {
        const other = byId.get(row.otherId);
        if (!me || !other) return [];
        const lastMessage = lastByChat.get(row.id) ?? null;
        return [
          {
            id: row.id,
            participants: [me, other],
            otherParticipant: other,
            lastMessage,
            messages: lastMessage ? [lastMessage] : [],
            unreadCount: row.unread,
            lastMessageAt: row.lastMessageAt,
          },
        ];
      });
    },

    /** A page of a chat's messages: the latest, those before a time (scrolling up) or after one (catching up). */
    async listMessages(
      dealerId: string,
      chatId: string,
      page: { after?: number; before?: number; limit?: number } = {},
    ) {
      await requireParticipant(chatId, dealerId);
      const limit = Math.min(page.limit ?? CHAT_PAGE_SIZE, 200);
      if (page.after !== undefined) {
        const rows = await db
          .select()
          .from(messages)
          .where(and(eq(messages.chatId, chatId), gt(messages.createdAt, page.after)))
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(limit);
        return rows.map(toChatMessage);
      }
      if (page.before !== undefined) {
        const rows = await db
          .select()
          .from(messages)
          .where(and(eq(messages.chatId, chatId), lt(messages.createdAt, page.before)))
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(limit);
        return rows.reverse().map(toChatMessage);
      }
      return recentMessages(chatId, limit);
    },

    /** The dealer's latest messages across all chats (the documented GET /api/messages). */
    async latestMessages(dealerId: string, limit = CHAT_PAGE_SIZE) {
      const rows = await db
        .select()
        .from(messages)
        .where(or(eq(messages.senderId, dealerId), eq(messages.receiverId, dealerId)))
        .orderBy(desc(messages.createdAt))
        .limit(limit);
      return rows.map(toChatMessage);
    },

    /** Marks what the dealer received in a chat as read; answers the time and the dealer's unread total. */
    async markRead(dealerId: string, chatId: string) {
      await requireParticipant(chatId, dealerId);
      const readAt = Date.now();
      await db.batch([
        db
          .update(messages)
          .set({ isRead: true })
          .where(
            and(eq(messages.chatId, chatId), eq(messages.receiverId, dealerId), eq(messages.isRead, false)),
          ),
        db
          .update(chatParticipants)
          .set({ lastReadAt: readAt })
          .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.dealerId, dealerId))),
      ]);
      return { chatId, readAt, unreadTotal: await unreadTotal(dealerId) };
    },

    unreadTotal,
  };
}
