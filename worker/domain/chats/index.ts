import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  toIso,
  type ChatCall,
  type ChatOfferCard,
  type ChatMessage,
  type ChatParticipant,
  type OpenedChat,
  type ReadReceipt,
} from "#lib/api-types";
import { batchable, type Database } from "../../db/client";
import { chatAttachments, chatParticipants, chats, dealers, messages } from "../../db/schema";
import type { AttachmentInput, ChatFileService } from "./files";
import type { Page } from "../shared/cursors";
import { DomainError, badRequest, forbidden, isUniqueViolation, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import { LIMITS, type RateLimitService } from "../rate-limits";
import { listChats } from "./chat-list";
import { chatMessages, latestMessages } from "./message-pages";
import { toChatMessage, type MessagePage, type MessageRow } from "./message-rows";

export type SendInput = {
  senderId: string;
  receiverId: string;
  content: string;
  clientId?: string;
  context?: { postTitle?: string } | null;
  /** As the sender gave them: each is checked to be the sender's own unused upload before anything is stored. */
  attachments?: AttachmentInput[];
  /** The line a finished call leaves (written by the ChatRoom, never from a dealer's body). */
  call?: ChatCall;
  /** The card a step of an offer leaves (written by the offers, never from a dealer's body). */
  offer?: ChatOfferCard;
};

/** A dealer may take back a message this long after sending it (its files leave R2 with it). */
const MESSAGE_DELETE_WINDOW_MS = 15 * 60 * 1000;

const pairKeyOf = (a: string, b: string) => [a, b].sort().join(":");

/** Chats and messages between dealers. D1 is the record: a message exists once it is stored here. */
export function chatService(
  db: Database,
  rateLimits: RateLimitService,
  files?: Pick<ChatFileService, "attachable">,
) {
  /**
   * The latest page of a chat `findChat` found, read beside it, kept for the `listMessages` that opens it
   * next: by `${dealerId}:${chatId}`, answered once. (The services live for one request.)
   */
  const foundPages = new Map<string, Page<ChatMessage>>();
  const foundPageKey = (dealerId: string, chatId: string) => `${dealerId}:${chatId}`;

  /**
   * The chat of a pair of dealers if it exists: a read, never a write (GET loaders use it). A chat with a
   * dealer of the other network is never found (worker/db/network-wall.ts).
   * Its latest messages are read beside it (by the pair key, one wait on D1 for both), so that opening it
   * next (`listMessages` of its latest page) costs no wait of its own: /messages?chat={dealerId}.
   */
  async function findChat(dealerId: string, otherId: string): Promise<string | null> {
    const pairKey = pairKeyOf(dealerId, otherId);
    const [chat, latest] = await Promise.all([
      db.get<{ id: string }>(sql`select id from chats where pair_key = ${pairKey}`),
      chatMessages(db, sql`(select id from chats where pair_key = ${pairKey})`),
    ]);
    // The pair's chat has the dealer among its two participants: the page needs no check of its own.
    if (chat) foundPages.set(foundPageKey(dealerId, chat.id), latest);
    return chat?.id ?? null;
  }

  /**
   * Who the pair is, in one statement: their chat if there is one, and whether the other dealer is one the
   * viewer's network shows. Throws 400 for a chat with oneself, 404 for an unknown `otherId`.
   */
  function pairCheck(dealerId: string, otherId: string, read = true) {
    if (dealerId === otherId) throw badRequest("You cannot start a chat with yourself");
    const pairKey = pairKeyOf(dealerId, otherId);
    type PairRow = { chatId: string | null; theirs: number | null };
    return {
      pairKey,
      read: !read
        ? Promise.resolve(undefined as PairRow | undefined)
        : db.get<PairRow>(sql`
        select (select id from chats where pair_key = ${pairKey}) as chatId,
               (select 1 from dealers where id = ${otherId}) as theirs`),
      /** The chat's id, when it exists, once the pair passed. */
      passed(row: PairRow | undefined) {
        if (row?.theirs === null || row?.theirs === undefined) throw notFound("Dealer not found");
        return row.chatId;
      },
    };
  }

  /**
   * The statements that create a pair's chat with its two participants; a chat created meanwhile by the other
   * dealer is kept (one chat per pair key), so the pair's chat is always `chatOfPair(pairKey)` after them.
   */
  function createChatStatements(pairKey: string, dealerId: string, otherId: string): BatchItem<"sqlite">[] {
    return [
      db.insert(chats).values({ id: newId(), pairKey }).onConflictDoNothing({ target: chats.pairKey }),
      batchable(
        db,
        db.run(sql`
          insert into chat_participants (chat_id, dealer_id)
          select id, ${dealerId} from chats where pair_key = ${pairKey}
          union all select id, ${otherId} from chats where pair_key = ${pairKey}
          on conflict do nothing`),
      ),
    ];
  }

  /** The one chat of a pair of dealers, created on first use, whoever opens it: a check, then one batch. */
  async function ensureChat(
    dealerId: string,
    otherId: string,
    known?: Parameters<ReturnType<typeof pairCheck>["passed"]>[0],
  ): Promise<{ id: string; created: boolean }> {
    const pair = pairCheck(dealerId, otherId, known === undefined);
    const existing = pair.passed(known ?? (await pair.read));
    if (existing) return { id: existing, created: false };
    const [inserted, , [chat]] = await db.batch([
      ...(createChatStatements(pair.pairKey, dealerId, otherId) as [
        BatchItem<"sqlite">,
        BatchItem<"sqlite">,
      ]),
      db.select({ id: chats.id }).from(chats).where(eq(chats.pairKey, pair.pairKey)),
    ]);
    if (!chat) throw new Error("Chat was not created");
    return { id: chat.id, created: (inserted as D1Result).meta.changes > 0 };
  }

  /** 404 for a chat the viewer's network does not show (worker/db/network-wall.ts), 403 for another pair's. */
  async function requireParticipant(chatId: string, dealerId: string) {
    const row = await db.get<{ mine: number | null }>(sql`
      select (select 1 from chat_participants where chat_id = ${chatId} and dealer_id = ${dealerId}) as mine
      from chats where id = ${chatId}`);
    if (!row) throw notFound("Chat not found");
    if (!row.mine) throw new DomainError(403, "You are not part of this chat");
  }

  /** A dealer's unread messages across all chats, as a query a `batch` can carry after its writes. */
  function unreadCount(dealerId: string) {
    return db
      .select({ n: sql<number>`count(*)` })
      .from(messages)
      .where(and(eq(messages.receiverId, dealerId), eq(messages.isRead, false)));
  }

  async function unreadTotal(dealerId: string): Promise<number> {
    const row = await unreadCount(dealerId).get();
    return row?.n ?? 0;
  }

  async function participantOf(dealerId: string): Promise<ChatParticipant> {
    const person = await participantCard(dealerId);
    if (!person) throw notFound("Dealer not found");
    return person;
  }

  function participantCard(dealerId: string): Promise<ChatParticipant | undefined> {
    return db
      .select({
        id: dealers.id,
        name: dealers.name,
        dealershipName: dealers.dealershipName,
        avatar: dealers.avatar,
        city: dealers.city,
        state: dealers.state,
      })
      .from(dealers)
      .where(eq(dealers.id, dealerId))
      .get();
  }

  return {
    ensureChat,
    findChat,
    requireParticipant,
    /** A dealer's card as a chat shows it (the caller on a ringing call). */
    participant: participantOf,

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

    /** POST /api/chats: the chat with that dealer (created on first use) and its latest messages. */
    async openChat(dealerId: string, participantId: string): Promise<{ chat: OpenedChat; created: boolean }> {
      // One wave reads the pair, the other dealer's card and the chat's latest messages (by its pair key);
      // a first chat is then created in one batch, with no messages to read.
      const pair = pairCheck(dealerId, participantId);
      const [row, person, page] = await Promise.all([
        pair.read,
        participantCard(participantId),
        chatMessages(db, sql`(select id from chats where pair_key = ${pair.pairKey})`),
      ]);
      const existing = pair.passed(row);
      if (!person) throw notFound("Dealer not found");
      if (existing)
        return { chat: { id: existing, otherParticipant: person, messages: page.items }, created: false };
      const { id, created } = await ensureChat(dealerId, participantId, row);
      return { chat: { id, otherParticipant: person, messages: [] }, created };
    },

    /**
     * Stores a message once per (sender, clientId): a retried send answers the stored message. Answers whether
     * this call created it, and both dealers' unread totals after it. D1 is waited on twice: every check at
     * once (the limit, the pair's chat and networks, a retry, the files), then one batch that creates the chat
     * on a first message, stores the message and reads the totals. Refusals in order: 404/403 (who), 400 (the
     * files), 429 (the limit), whichever answered first.
     */
    async send(
      input: SendInput,
    ): Promise<{ message: ChatMessage; created: boolean; unread: { sender: number; receiver: number } }> {
      const pair = pairCheck(input.senderId, input.receiverId);
      if (input.attachments?.length && !files) throw badRequest("Attachments cannot be sent here");
      const { pairKey } = pair;
      const clientId = input.clientId ?? newId();
      const storedAs = () =>
        db
          .select()
          .from(messages)
          .where(and(eq(messages.senderId, input.senderId), eq(messages.clientId, clientId)))
          .get();
      const unreadTotals = async () => {
        const [receiver, sender] = await Promise.all([
          unreadTotal(input.receiverId),
          unreadTotal(input.senderId),
        ]);
        return { receiver, sender };
      };
      const checks = await Promise.allSettled([
        rateLimits.spend([LIMITS.messagesPerDealer, input.senderId]),
        pair.read,
        input.clientId ? storedAs() : undefined,
        input.attachments?.length ? files!.attachable(input.senderId, input.attachments) : [],
      ]);
      const [spent, paired, earlier, checkedFiles] = checks;
      if (paired.status === "rejected") throw paired.reason;
      const existingChat = pair.passed(paired.value);
      if (earlier.status === "rejected") throw earlier.reason;
      // A retry answers what was stored, before its files (now on that message) are checked again.
      if (earlier.value)
        return { message: toChatMessage(earlier.value), created: false, unread: await unreadTotals() };
      if (checkedFiles.status === "rejected") throw checkedFiles.reason;
      if (spent.status === "rejected") throw spent.reason;
      const attachments = checkedFiles.value;
      const now = Date.now();
      const id = newId();
      // The pair's chat by its key, whichever send created it: two first messages at once meet in one chat.
      const chatOfPair = sql`(select id from chats where pair_key = ${pairKey})`;
      const firstMessage = existingChat
        ? []
        : createChatStatements(pairKey, input.senderId, input.receiverId);
      try {
        const results = await db.batch([
          ...(firstMessage as [BatchItem<"sqlite">]),
          db
            .insert(messages)
            .values({
              id,
              chatId: existingChat ?? chatOfPair,
              clientId,
              senderId: input.senderId,
              receiverId: input.receiverId,
              content: input.content,
              context: input.context?.postTitle ? { postTitle: input.context.postTitle } : null,
              attachments: attachments.length ? attachments : null,
              call: input.call ?? null,
              offer: input.offer ?? null,
              isRead: false,
              createdAt: now,
            })
            .returning(),
          db
            .update(chats)
            .set({ lastMessageAt: now })
            .where(existingChat ? eq(chats.id, existingChat) : eq(chats.pairKey, pairKey)),
          ...attachments.map((a) =>
            db.insert(chatAttachments).values({
              fileId: a.url.slice("/objects/chat-files/".length),
              messageId: id,
              chatId: existingChat ?? chatOfPair,
              senderId: input.senderId,
              createdAt: now,
            }),
          ),
          unreadCount(input.receiverId),
          unreadCount(input.senderId),
        ]);
        const [inserted] = results[firstMessage.length] as MessageRow[];
        const [receiver] = results[results.length - 2] as { n: number }[];
        const [sender] = results[results.length - 1] as { n: number }[];
        if (!inserted) throw new Error("Message was not stored");
        return {
          message: toChatMessage(inserted),
          created: true,
          unread: { receiver: receiver?.n ?? 0, sender: sender?.n ?? 0 },
        };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Two sends of one clientId raced: the other one stored it.
        const stored = await storedAs();
        if (!stored) throw badRequest("A file can be sent on one message only");
        return { message: toChatMessage(stored), created: false, unread: await unreadTotals() };
      }
    },

    /**
     * A dealer takes back their own message within 15 minutes. Answers what the live side and R2 need:
     * the chat to tell and the files to remove. The other dealer's messages: 403; unknown: 404.
     */
    async deleteMessage(
      dealerId: string,
      messageId: string,
      now = Date.now(),
    ): Promise<{ chatId: string; receiverId: string; fileUrls: string[] }> {
      const row = await db.select().from(messages).where(eq(messages.id, messageId)).get();
      if (!row || (row.senderId !== dealerId && row.receiverId !== dealerId)) {
        throw notFound("Message not found");
      }
      if (row.senderId !== dealerId) throw forbidden("You can only delete your own messages");
      // An offer's card is its history, which both dealers keep.
      if (row.offer) throw forbidden("A step of an offer stays in the chat");
      if (now - row.createdAt > MESSAGE_DELETE_WINDOW_MS) {
        throw forbidden("Messages can be deleted within 15 minutes of sending");
      }
      await db.delete(messages).where(eq(messages.id, messageId));
      return {
        chatId: row.chatId,
        receiverId: row.receiverId,
        fileUrls: (row.attachments ?? []).map((a) => a.url),
      };
    },

    /** GET /api/chats: a page of the dealer's chats, latest activity first. */
    listChats: (dealerId: string, options: { cursor?: string; limit?: number } = {}) =>
      listChats(db, dealerId, options),

    /** GET /api/chats/{id}/messages: a page of a chat's messages, for one of its dealers. */
    async listMessages(dealerId: string, chatId: string, page: MessagePage = {}): Promise<Page<ChatMessage>> {
      // The latest page, when `findChat` just read it for this dealer (once: a later call reads again).
      const found = foundPages.get(foundPageKey(dealerId, chatId));
      if (found && !page.cursor && !page.after && page.limit === undefined) {
        foundPages.delete(foundPageKey(dealerId, chatId));
        return found;
      }
      // Read beside the participant check, one wait on D1; nothing is answered unless the check passes.
      const [, messages] = await Promise.all([
        requireParticipant(chatId, dealerId),
        chatMessages(db, chatId, page),
      ]);
      return messages;
    },

    /** GET /api/messages: the dealer's messages across all chats, newest first. */
    latestMessages: (dealerId: string, options: { cursor?: string; limit?: number } = {}) =>
      latestMessages(db, dealerId, options),

    /** Marks what the dealer received in a chat as read; answers the time and the dealer's unread total. */
    async markRead(dealerId: string, chatId: string): Promise<ReadReceipt> {
      await requireParticipant(chatId, dealerId);
      const readAt = Date.now();
      // The new unread total is read in the batch, after the writes.
      const [, , [total]] = await db.batch([
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
        unreadCount(dealerId),
      ]);
      return { chatId, readAt: toIso(readAt), unreadTotal: total?.n ?? 0 };
    },

    unreadTotal,
  };
}
