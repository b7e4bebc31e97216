import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ChatMessage } from "#lib/api-types";
import { REPLY_TIME_WINDOW_DAYS } from "#lib/reputation/constants";
import { batchable, type Database } from "../../db/client";
import {
  ACTIVITY_PER_MESSAGE_MS,
  asks,
  DAY,
  fileIdOf,
  previewOf,
  type RoomRow,
  type RoomSummary,
} from "./room-storage";

export type UnreadTotals = { sender: number; receiver: number };

/**
 * What D1 keeps of the chats whose messages live in their rooms: the list, the last message, the unread
 * counts and the figures that counted messages. The room is the one writer of each chat's lines here.
 */
export function chatLedger(db: Database) {
  const run = (statement: ReturnType<typeof sql>) => batchable(db, db.run(statement));
  const totals = (ids: string[]) =>
    batchable(
      db,
      db.all<{ dealerId: string; n: number }>(sql`
      select dealer_id as dealerId, sum(unread_count) as n from chat_participants
      where dealer_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) group by dealer_id`),
    );

  return {
    /**
     * One batch after a room stored a message: the chat's last message, the receiver's unread count and
     * reply-time marks, the sender's count, the day's message figure (real dealers only), the sender's
     * activity, the files' owners, then both dealers' unread totals. Answers those and whether this was the
     * sender's first message in the chat.
     */
    async stored(
      message: ChatMessage,
      createdAt: number,
    ): Promise<{ unread: UnreadTotals; firstFromSender: boolean }> {
      const { chatId, senderId, receiverId } = message;
      const windowStart = createdAt - REPLY_TIME_WINDOW_DAYS * DAY;
      const statements: BatchItem<"sqlite">[] = [
        run(sql`update chats set last_message_at = ${createdAt}, last_message = ${JSON.stringify(previewOf(message))}
                where id = ${chatId}`),
        run(sql`update chat_participants set unread_count = unread_count + 1
                ${
                  asks(message)
                    ? sql`, replied_at = case when asked_at is null or asked_at < ${windowStart} then null else replied_at end,
                         asked_at = case when asked_at is null or asked_at < ${windowStart} then ${createdAt} else asked_at end`
                    : sql``
                }
                where chat_id = ${chatId} and dealer_id = ${receiverId}`),
        run(sql`update chat_participants set sent_count = sent_count + 1,
                  replied_at = case when asked_at is not null and replied_at is null then ${createdAt} else replied_at end
                where chat_id = ${chatId} and dealer_id = ${senderId}`),
        run(sql`insert into daily_activity (day, messages)
                select strftime('%Y-%m-%d', ${createdAt} / 1000, 'unixepoch'), 1
                where (select is_demo from dealers where id = ${senderId}) = 0
                on conflict (day) do update set messages = messages + 1`),
        run(sql`update dealers set
                  activity_score = max(coalesce(activity_score, 0), ${createdAt}) + ${ACTIVITY_PER_MESSAGE_MS},
                  last_active_at = max(coalesce(last_active_at, 0), ${createdAt})
                where id = ${senderId}`),
        ...message.attachments.map((a) =>
          run(sql`insert into chat_attachments (file_id, message_id, chat_id, sender_id, attachment, created_at)
                  values (${fileIdOf(a.url)}, ${message.id}, ${chatId}, ${senderId},
                          ${JSON.stringify(a)}, ${createdAt})`),
        ),
        totals([senderId, receiverId]),
        batchable(
          db,
          db.all<{ n: number }>(
            sql`select sent_count as n from chat_participants where chat_id = ${chatId} and dealer_id = ${senderId}`,
          ),
        ),
      ];
      const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      const counts = results[results.length - 2] as { dealerId: string; n: number }[];
      const [sent] = results[results.length - 1] as { n: number }[];
      const of = (id: string) => counts.find((c) => c.dealerId === id)?.n ?? 0;
      return { unread: { sender: of(senderId), receiver: of(receiverId) }, firstFromSender: sent?.n === 1 };
    },

    /** A dealer read the chat: nothing unread, and when. Answers their unread total after it. */
    async read(chatId: string, dealerId: string, readAt: number): Promise<number> {
      const [, [total]] = await db.batch([
        run(sql`update chat_participants set unread_count = 0, last_read_at = ${readAt}
                where chat_id = ${chatId} and dealer_id = ${dealerId}`),
        batchable(
          db,
          db.all<{ n: number }>(
            sql`select coalesce(sum(unread_count), 0) as n from chat_participants where dealer_id = ${dealerId}`,
          ),
        ),
      ]);
      return (total as { n: number } | undefined)?.n ?? 0;
    },

    /**
     * A message taken back: its files' owners go, the counts it made are undone and the chat shows the message
     * before it (or none).
     */
    async removed(
      message: ChatMessage,
      wasRead: boolean,
      before: ChatMessage | null,
      beforeAt: number | null,
    ) {
      await db.batch([
        run(sql`delete from chat_attachments where message_id = ${message.id}`),
        run(sql`update chat_participants set sent_count = max(sent_count - 1, 0)
                where chat_id = ${message.chatId} and dealer_id = ${message.senderId}`),
        run(sql`update chat_participants set unread_count = max(unread_count - ${wasRead ? 0 : 1}, 0)
                where chat_id = ${message.chatId} and dealer_id = ${message.receiverId}`),
        run(sql`update chats set last_message = ${before ? JSON.stringify(previewOf(before)) : null},
                  last_message_at = ${beforeAt}
                where id = ${message.chatId} and last_message ->> '$.id' = ${message.id}`),
      ]);
    },

    /**
     * A chat's lines as its room's messages make them (after the room imported its D1 rows, or a seed wrote
     * them): the last message, each dealer's unread and sent counts and reply-time marks, the files' cards.
     */
    async summarised(chatId: string, summary: RoomSummary) {
      const statements: BatchItem<"sqlite">[] = [
        run(sql`update chats set last_message = ${summary.last ? JSON.stringify(previewOf(summary.last)) : null},
                  last_message_at = coalesce(${summary.lastAt}, last_message_at)
                where id = ${chatId}`),
        ...summary.participants.map((p) =>
          run(sql`update chat_participants set unread_count = ${p.unread}, sent_count = ${p.sent},
                    asked_at = ${p.askedAt}, replied_at = ${p.repliedAt}
                  where chat_id = ${chatId} and dealer_id = ${p.dealerId}`),
        ),
        ...summary.files.map((f) =>
          run(sql`update chat_attachments set attachment = ${JSON.stringify(f.attachment)}
                  where file_id = ${f.fileId} and chat_id = ${chatId}`),
        ),
      ];
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    },

    /** The chat's two dealers. */
    async dealersOf(chatId: string): Promise<string[]> {
      const rows = await db.all<{ dealerId: string }>(
        sql`select dealer_id as dealerId from chat_participants where chat_id = ${chatId}`,
      );
      return rows.map((r) => r.dealerId);
    },

    /** The chat's messages still in D1 (written before the rooms kept them), as a room stores them. */
    async legacyRows(chatId: string): Promise<RoomRow[]> {
      const rows = await db.all<RoomRow>(sql`
        select id, client_id, sender_id, receiver_id, content, context, attachments, call, offer, is_read, created_at
        from messages where chat_id = ${chatId}`);
      return rows.map((r) => ({ ...r, is_read: r.is_read ? 1 : 0 }));
    },

    /** The chat's D1 rows leave once its room holds them. */
    async dropLegacy(chatId: string) {
      await db.run(sql`delete from messages where chat_id = ${chatId}`);
    },

    /** Chats whose messages are still in D1, for the cron that moves them (each room deletes its rows). */
    async chatsWithLegacyRows(limit: number): Promise<string[]> {
      const rows = await db.all<{ chatId: string }>(
        sql`select distinct chat_id as chatId from messages limit ${limit}`,
      );
      return rows.map((r) => r.chatId);
    },

    /** A dealer's unread messages across every chat (the badge). */
    async unreadTotal(dealerId: string): Promise<number> {
      const [row] = await db.all<{ n: number }>(
        sql`select coalesce(sum(unread_count), 0) as n from chat_participants where dealer_id = ${dealerId}`,
      );
      return row?.n ?? 0;
    },
  };
}
