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
import { chatParticipants, chats, dealers } from "../../db/schema";
import type { ChatHistory, RoomAnswer, RoomStored } from "../../realtime/chat-history";
import type { AttachmentInput, ChatFileService } from "./files";
import type { Page } from "../shared/cursors";
import { DomainError, badRequest, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import { LIMITS, type RateLimitService } from "../rate-limits";
import { listChats } from "./chat-list";
import { latestMessages } from "./message-pages";
import { chatLedger } from "./room-ledger";
import { MESSAGE_DELETE_WINDOW_MS } from "./room-history";
import type { MessagePage } from "./room-pages";

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

/** Chats whose old D1 messages one cron run moves into their rooms, and how many rooms at once. */
const HISTORY_CHATS_PER_RUN = 2000;
const HISTORY_ROOMS_AT_ONCE = 20;

/** A room's refusal as the one error contract's. */
export function answered<T>(answer: RoomAnswer<T>): T {
  if (!answer.ok) throw new DomainError(answer.status, answer.message);
  return answer.value;
}

const pairKeyOf = (a: string, b: string) => [a, b].sort().join(":");

/**
 * Chats and messages between dealers. D1 keeps the chats, their dealers and the lines the list and the counts
 * read; each chat's room keeps its messages (`rooms`), and a message exists once its room stored it.
 */
export function chatService(
  db: Database,
  rateLimits: RateLimitService,
  rooms: (chatId: string) => ChatHistory,
  files?: Pick<ChatFileService, "attachable">,
) {
  const ledger = chatLedger(db);
  const pageOfRoom = async (chatId: string, page: MessagePage = {}) =>
    answered(await rooms(chatId).messagePage(page));
  /**
   * The latest page of a chat `findChat` found, read beside it, kept for the `listMessages` that opens it
   * next: by `${dealerId}:${chatId}`, answered once. (The services live for one request.)
   */
  const foundPages = new Map<string, Page<ChatMessage>>();
  const foundPageKey = (dealerId: string, chatId: string) => `${dealerId}:${chatId}`;

  /**
   * The chat of a pair of dealers if it exists: a read, never a write (GET loaders use it). A chat with a
   * dealer of the other network is never found (worker/db/network-wall.ts).
   * Its latest messages are read from its room right after, so that opening it next (`listMessages` of its
   * latest page) costs no wait of its own: /messages?chat={dealerId}.
   */
  async function findChat(dealerId: string, otherId: string): Promise<string | null> {
    const pairKey = pairKeyOf(dealerId, otherId);
    const chat = await db.get<{ id: string }>(sql`select id from chats where pair_key = ${pairKey}`);
    // The pair's chat has the dealer among its two participants: the page needs no check of its own.
    if (chat) foundPages.set(foundPageKey(dealerId, chat.id), await pageOfRoom(chat.id));
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

  const unreadTotal = (dealerId: string) => ledger.unreadTotal(dealerId);

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
      // One wave reads the pair and the other dealer's card, then the chat's room its latest messages;
      // a first chat is created in one batch, with no messages to read.
      const pair = pairCheck(dealerId, participantId);
      const [row, person] = await Promise.all([pair.read, participantCard(participantId)]);
      const existing = pair.passed(row);
      if (!person) throw notFound("Dealer not found");
      if (existing) {
        const page = await pageOfRoom(existing);
        return { chat: { id: existing, otherParticipant: person, messages: page.items }, created: false };
      }
      const { id, created } = await ensureChat(dealerId, participantId, row);
      return { chat: { id, otherParticipant: person, messages: [] }, created };
    },

    /**
     * Sends a message: the checks here (who, the files, the limit, all at once), the chat created on a first
     * message, then the chat's room stores it once per (sender, clientId) — a retried send answers the stored
     * message — and writes D1's lines. Refusals in order: 404/403 (who), 400 (the files), 429 (the limit);
     * a retry of a stored message is answered before its files (now on that message) or the limit refuse it.
     * `room`: the chat's own room when the send comes from its socket.
     */
    async send(input: SendInput, room?: ChatHistory): Promise<RoomStored> {
      const pair = pairCheck(input.senderId, input.receiverId);
      if (input.attachments?.length && !files) throw badRequest("Attachments cannot be sent here");
      const clientId = input.clientId ?? newId();
      const [spent, paired, checkedFiles] = await Promise.allSettled([
        rateLimits.spend([LIMITS.messagesPerDealer, input.senderId]),
        pair.read,
        input.attachments?.length ? files!.attachable(input.senderId, input.attachments) : [],
      ]);
      if (paired.status === "rejected") throw paired.reason;
      const existingChat = pair.passed(paired.value);
      if (checkedFiles.status === "rejected" || spent.status === "rejected") {
        const earlier =
          input.clientId && existingChat
            ? await (room ?? rooms(existingChat)).storedByClient(input.senderId, clientId)
            : null;
        if (earlier) {
          const [sender, receiver] = await Promise.all([
            unreadTotal(input.senderId),
            unreadTotal(input.receiverId),
          ]);
          return { message: earlier, created: false, unread: { sender, receiver }, firstFromSender: false };
        }
        if (checkedFiles.status === "rejected") throw checkedFiles.reason;
        if (spent.status === "rejected") throw spent.reason;
      }
      const chatId = existingChat ?? (await ensureChat(input.senderId, input.receiverId, paired.value)).id;
      return answered(
        await (room ?? rooms(chatId)).storeMessage({
          senderId: input.senderId,
          receiverId: input.receiverId,
          content: input.content,
          clientId,
          context: input.context?.postTitle ? { postTitle: input.context.postTitle } : null,
          attachments: checkedFiles.status === "fulfilled" ? checkedFiles.value : [],
          call: input.call ?? null,
          offer: input.offer ?? null,
        }),
      );
    },

    /**
     * A dealer takes back their own message within 15 minutes. Answers what the live side and R2 need:
     * the chat to tell and the files to remove. The other dealer's messages: 403; unknown: 404. Only the
     * rooms of the dealer's chats active within the window can hold a message still deletable.
     */
    async deleteMessage(
      dealerId: string,
      messageId: string,
      now = Date.now(),
    ): Promise<{ chatId: string; receiverId: string; fileUrls: string[] }> {
      const recent = await db.all<{ id: string }>(sql`
        select c.id as id from chat_participants cp join chats c on c.id = cp.chat_id
        where cp.dealer_id = ${dealerId} and c.last_message_at >= ${now - MESSAGE_DELETE_WINDOW_MS}`);
      const answers = await Promise.all(recent.map((c) => rooms(c.id).takeBack(dealerId, messageId, now)));
      const index = answers.findIndex((a) => a !== null);
      const answer = answers[index];
      if (!answer) throw notFound("Message not found");
      return { chatId: recent[index]!.id, ...answered(answer) };
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
      // The room is asked only once the check passed: nothing of another pair's chat is ever read.
      await requireParticipant(chatId, dealerId);
      return pageOfRoom(chatId, page);
    },

    /** GET /api/messages: the dealer's messages across all chats, newest first. */
    latestMessages: (dealerId: string, options: { cursor?: string; limit?: number } = {}) =>
      latestMessages(db, rooms, dealerId, options),

    /** Marks what the dealer received in a chat as read; answers the time and the dealer's unread total. */
    async markRead(dealerId: string, chatId: string): Promise<ReadReceipt> {
      await requireParticipant(chatId, dealerId);
      const read = await rooms(chatId).markRead(dealerId);
      return { chatId, readAt: toIso(read.readAt), unreadTotal: read.unreadTotal };
    },

    unreadTotal,

    /**
     * The daily cron's part of moving chats begun before the rooms kept history: each chat still with rows in
     * D1 has its room take them (a room also does on first use). Each room deletes its rows once it holds
     * them, so a run cut short resumes where it stopped. Answers how many messages moved.
     */
    async moveOldHistory(maxChats = HISTORY_CHATS_PER_RUN): Promise<number> {
      let moved = 0;
      for (let done = 0; done < maxChats;) {
        const ids = await ledger.chatsWithLegacyRows(Math.min(HISTORY_ROOMS_AT_ONCE, maxChats - done));
        if (ids.length === 0) break;
        const counts = await Promise.all(ids.map((id) => rooms(id).importHistory()));
        const now = counts.reduce((a, b) => a + b, 0);
        // Rooms that moved nothing (the rows are not theirs to take): stop rather than ask again.
        if (now === 0) break;
        moved += now;
        done += ids.length;
      }
      return moved;
    },
  };
}
