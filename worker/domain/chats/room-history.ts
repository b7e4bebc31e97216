import type { ChatMessage } from "#lib/api-types";
import type { ChatHistory, RoomAnswer, RoomSend, RoomStored } from "../../realtime/chat-history";
import type { Database } from "../../db/client";
import { DomainError } from "../shared/errors";
import { newId } from "../shared/ids";
import { chatLedger } from "./room-ledger";
import { roomMessagesBefore, roomPage, type MessagePage } from "./room-pages";
import {
  ensureRoomSchema,
  fromRoomRow,
  insertRoomRow,
  rowByClient,
  rowById,
  summariseMessages,
  toRoomRow,
  type RoomRow,
  type RoomSql,
} from "./room-storage";

/** A dealer may take back a message this long after sending it (its files leave R2 with it). */
export const MESSAGE_DELETE_WINDOW_MS = 15 * 60 * 1000;

const refused = (error: unknown): RoomAnswer<never> => {
  if (error instanceof DomainError && (error.status === 400 || error.status === 403 || error.status === 404))
    return { ok: false, status: error.status, message: error.message };
  throw error;
};

/**
 * The history of one chat as its room keeps it: the room's SQLite holds the messages, D1 the lines the chat
 * list and the counts read (room-ledger.ts). The room stores first and then writes D1 in one batch; a batch
 * that fails takes the message back out, so the two never disagree for long and a retry stores it again.
 * The first call of a room's life moves the chat's rows that are still in D1 (older chats) into it.
 */
export function roomHistory(
  sql: RoomSql,
  db: Database,
  chatId: string,
  room: {
    broadcast(message: ChatMessage): void;
    /** Whether this room has already moved its D1 rows (kept in the room's own storage). */
    imported(): Promise<boolean>;
    markImported(): Promise<void>;
    deleteAll(): Promise<void>;
  },
): ChatHistory {
  const ledger = chatLedger(db);
  let ready: Promise<number> | null = null;

  async function importRows(always = false): Promise<number> {
    ensureRoomSchema(sql);
    if (!always && (await room.imported())) return 0;
    const rows = await ledger.legacyRows(chatId);
    if (rows.length > 0) {
      for (const row of rows) insertRoomRow(sql, row);
      const all = sql.exec<RoomRow>(`SELECT * FROM messages ORDER BY created_at, id`).toArray();
      const messages = all.map((r) => ({ ...fromRoomRow(r, chatId), at: r.created_at }));
      await ledger.summarised(chatId, summariseMessages(messages, await ledger.dealersOf(chatId)));
      await ledger.dropLegacy(chatId);
    }
    await room.markImported();
    return rows.length;
  }
  /** Once per room's life in memory; a failed import is tried again by the next call. */
  const prepared = () => {
    ready ??= importRows().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };

  return {
    async storeMessage(input: RoomSend): Promise<RoomAnswer<RoomStored>> {
      await prepared();
      const createdAt = Date.now();
      const row = toRoomRow({ ...input, id: newId(), isRead: false, createdAt });
      if (!insertRoomRow(sql, row)) {
        const stored = rowByClient(sql, input.senderId, input.clientId);
        if (!stored) return { ok: false, status: 400, message: "This message was already sent" };
        const message = fromRoomRow(stored, chatId);
        room.broadcast(message);
        const [sender, receiver] = await Promise.all([
          ledger.unreadTotal(input.senderId),
          ledger.unreadTotal(input.receiverId),
        ]);
        return {
          ok: true,
          value: { message, created: false, unread: { sender, receiver }, firstFromSender: false },
        };
      }
      const message = fromRoomRow(row, chatId);
      try {
        const { unread, firstFromSender } = await ledger.stored(message, createdAt);
        room.broadcast(message);
        return { ok: true, value: { message, created: true, unread, firstFromSender } };
      } catch (error) {
        // D1 refused (a file already on another message, or D1 away): the message is not kept half-sent.
        sql.exec(`DELETE FROM messages WHERE id = ?`, row.id);
        if (String(error).includes("UNIQUE constraint failed"))
          return { ok: false, status: 400, message: "A file can be sent on one message only" };
        throw error;
      }
    },

    async storedByClient(senderId, clientId) {
      await prepared();
      const row = rowByClient(sql, senderId, clientId);
      return row ? fromRoomRow(row, chatId) : null;
    },

    async messagePage(page: MessagePage) {
      await prepared();
      try {
        return { ok: true, value: roomPage(sql, chatId, page) };
      } catch (error) {
        return refused(error);
      }
    },

    async messagesBefore(before, limit) {
      await prepared();
      return roomMessagesBefore(sql, chatId, before, limit);
    },

    async markRead(dealerId) {
      await prepared();
      const readAt = Date.now();
      sql.exec(`UPDATE messages SET is_read = 1 WHERE receiver_id = ? AND is_read = 0`, dealerId);
      return { readAt, unreadTotal: await ledger.read(chatId, dealerId, readAt) };
    },

    async takeBack(dealerId, messageId, now) {
      await prepared();
      const row = rowById(sql, messageId);
      if (!row) return null;
      if (row.sender_id !== dealerId && row.receiver_id !== dealerId)
        return { ok: false, status: 404, message: "Message not found" };
      if (row.sender_id !== dealerId)
        return { ok: false, status: 403, message: "You can only delete your own messages" };
      // An offer's card is its history, which both dealers keep.
      if (row.offer) return { ok: false, status: 403, message: "A step of an offer stays in the chat" };
      if (now - row.created_at > MESSAGE_DELETE_WINDOW_MS)
        return { ok: false, status: 403, message: "Messages can be deleted within 15 minutes of sending" };
      sql.exec(`DELETE FROM messages WHERE id = ?`, messageId);
      const [before] = sql
        .exec<RoomRow>(`SELECT * FROM messages ORDER BY created_at DESC, id DESC LIMIT 1`)
        .toArray();
      const message = fromRoomRow(row, chatId);
      await ledger.removed(
        message,
        row.is_read === 1,
        before ? fromRoomRow(before, chatId) : null,
        before?.created_at ?? null,
      );
      return {
        ok: true,
        value: { receiverId: row.receiver_id, fileUrls: message.attachments.map((a) => a.url) },
      };
    },

    async allMessages() {
      await prepared();
      return sql
        .exec<RoomRow>(`SELECT * FROM messages ORDER BY created_at, id`)
        .toArray()
        .map((r) => fromRoomRow(r, chatId));
    },

    async activitySince(since) {
      await prepared();
      return sql
        .exec<{ sender_id: string; created_at: number }>(
          `SELECT sender_id, created_at FROM messages WHERE created_at >= ? ORDER BY created_at`,
          since,
        )
        .toArray()
        .map((r) => ({ senderId: r.sender_id, at: r.created_at }));
    },

    async importHistory() {
      if (ready) {
        await ready;
        return importRows(true);
      }
      return prepared();
    },

    async clearHistory() {
      ready = null;
      await room.deleteAll();
    },
  };
}
