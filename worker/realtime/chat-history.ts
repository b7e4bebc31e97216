import type { ChatCall, ChatMessage, ChatOfferCard } from "#lib/api-types";
import type { ChatAttachment } from "#lib/chat-files";
import type { Page } from "../domain/shared/cursors";
import type { MessagePage } from "../domain/chats/room-pages";
import type { UnreadTotals } from "../domain/chats/room-ledger";
import { chatRoomOf } from "./addresses";

/** A refusal a room answers instead of throwing: errors lose their status on the way back from an object. */
export type RoomAnswer<T> = { ok: true; value: T } | { ok: false; status: 400 | 403 | 404; message: string };

/** A message as the worker hands it to its chat's room, checked: who, what, and the files already vetted. */
export type RoomSend = {
  senderId: string;
  receiverId: string;
  content: string;
  clientId: string;
  context: { postTitle?: string } | null;
  attachments: ChatAttachment[];
  call: ChatCall | null;
  offer: ChatOfferCard | null;
};

export type RoomStored = {
  message: ChatMessage;
  /** False for a retried clientId: the stored message is answered, never a second copy. */
  created: boolean;
  unread: UnreadTotals;
  /** This was the sender's first message in the chat (the other dealer gets a notice). */
  firstFromSender: boolean;
};

/**
 * What the worker asks of a chat's room (durable-objects/chat-room.ts), the one keeper and writer of the chat's
 * messages. Every call comes after the worker checked, through the network wall, that the dealer is one of the
 * chat's two.
 */
export interface ChatHistory {
  storeMessage(input: RoomSend): Promise<RoomAnswer<RoomStored>>;
  storedByClient(senderId: string, clientId: string): Promise<ChatMessage | null>;
  messagePage(page: MessagePage): Promise<RoomAnswer<Page<ChatMessage>>>;
  /** Up to `limit` messages before (time, id), newest first: one chat's share of GET /api/messages. */
  messagesBefore(before: [number, string] | null, limit: number): Promise<ChatMessage[]>;
  markRead(dealerId: string): Promise<{ readAt: number; unreadTotal: number }>;
  /** Null when the message is not this chat's. */
  takeBack(
    dealerId: string,
    messageId: string,
    now: number,
  ): Promise<RoomAnswer<{ receiverId: string; fileUrls: string[] }> | null>;
  /** Every message of the chat (the account's data export keeps those a dealer sent). */
  allMessages(): Promise<ChatMessage[]>;
  /** Who wrote when since `since`: My Stats' replies. */
  activitySince(since: number): Promise<{ senderId: string; at: number }[]>;
  /** Moves the chat's rows still in D1 into the room; answers how many moved. */
  importHistory(): Promise<number>;
  /** The chat is deleted (a demo network's clean-up): its room forgets everything. */
  clearHistory(): Promise<void>;
}

export const historyOf = (env: Env, chatId: string): ChatHistory => chatRoomOf(env, chatId);
