import { sql } from "drizzle-orm";
import { toIso, type ChatMessage } from "#lib/api-types";
import type { messages } from "../../db/schema";

export const CHAT_PAGE_SIZE = 50;
export const CHATS_PAGE_SIZE = 50;

export type MessageRow = typeof messages.$inferSelect;
export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    clientId: row.clientId,
    chatId: row.chatId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    createdAt: toIso(row.createdAt),
    isRead: row.isRead,
    context: row.context ?? null,
    attachments: row.attachments ?? [],
    call: row.call ?? null,
    offer: row.offer ?? null,
  };
}

export const clampPage = (limit: number | undefined, size: number, max: number) =>
  Math.min(Math.max(limit ?? size, 1), max);

export type MessagePage = { cursor?: string; after?: string; limit?: number };

/** The message columns under the names of Drizzle's row, for raw statements. */
export const messageColumns = sql`
  select m.id as id, m.chat_id as chatId, m.client_id as clientId, m.sender_id as senderId,
         m.receiver_id as receiverId, m.content as content, m.context as context,
         m.attachments as attachments, m.call as call, m.offer as offer, m.is_read as isRead, m.created_at as createdAt
  from messages m`;

/** A raw row's flag and JSON columns as Drizzle would have mapped them. */
export function parseRow(row: MessageRow): MessageRow {
  const raw = row as unknown as { isRead: number | boolean };
  const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
  return {
    ...row,
    isRead: Boolean(raw.isRead),
    context: json<MessageRow["context"]>(row.context),
    attachments: json<MessageRow["attachments"]>(row.attachments),
    call: json<MessageRow["call"]>(row.call),
    offer: json<MessageRow["offer"]>(row.offer),
  };
}
