import type { ChatMessage } from "#lib/api-types";
import { CHAT_MESSAGES_PAGE_MAX } from "#lib/schemas/network";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { badRequest } from "../shared/errors";
import { fromRoomRow, rowById, type RoomRow, type RoomSql } from "./room-storage";

export const CHAT_PAGE_SIZE = 50;

/**
 * Cursors: a chat's messages page backwards in time (older) and, to catch up, forwards (newer); each keyed by
 * (time, id). Their names are those of the pages D1 answered before the rooms, so a cursor a browser holds
 * still reads.
 */
const OLDER = cursorKind("messages.older", cursorValue.time, cursorValue.id);
const NEWER = cursorKind("messages.newer", cursorValue.time, cursorValue.id);

export type MessagePage = { cursor?: string; after?: string; limit?: number };

export const clampPage = (limit: number | undefined, size: number, max: number) =>
  Math.min(Math.max(limit ?? size, 1), max);

/**
 * A page of a chat's messages, oldest first on the page. Without a cursor: the latest. With an OLDER
 * cursor: those before it (scrolling up). With `after` (a message id of this chat) or a NEWER cursor:
 * those stored after it (catching up), where the next cursor keeps going forward.
 */
export function roomPage(sql: RoomSql, chatId: string, page: MessagePage = {}): Page<ChatMessage> {
  const limit = clampPage(page.limit, CHAT_PAGE_SIZE, CHAT_MESSAGES_PAGE_MAX);
  const toMessage = (row: RoomRow) => fromRoomRow(row, chatId);
  let newer: [number, string] | null = null;
  if (page.after) {
    const anchor = rowById(sql, page.after);
    if (!anchor) throw badRequest("after must be the id of a message in this chat");
    newer = [anchor.created_at, anchor.id];
  } else if (page.cursor && NEWER.is(page.cursor)) newer = NEWER.decode(page.cursor);
  if (newer) {
    const rows = sql
      .exec<RoomRow>(
        `SELECT * FROM messages WHERE (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ?`,
        newer[0],
        newer[1],
        limit + 1,
      )
      .toArray();
    return pageOf(rows, limit, toMessage, (last) => NEWER.encode(last.created_at, last.id));
  }
  const older = OLDER.decode(page.cursor);
  const rows = (
    older
      ? sql.exec<RoomRow>(
          `SELECT * FROM messages WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?`,
          older[0],
          older[1],
          limit + 1,
        )
      : sql.exec<RoomRow>(`SELECT * FROM messages ORDER BY created_at DESC, id DESC LIMIT ?`, limit + 1)
  ).toArray();
  const result = pageOf(rows, limit, toMessage, (last) => OLDER.encode(last.created_at, last.id));
  return { ...result, items: result.items.reverse() };
}

/** Up to `limit` of the room's messages before (time, id), newest first: one chat's share of GET /api/messages. */
export function roomMessagesBefore(
  sql: RoomSql,
  chatId: string,
  before: [number, string] | null,
  limit: number,
): ChatMessage[] {
  const rows = before
    ? sql.exec<RoomRow>(
        `SELECT * FROM messages WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?`,
        before[0],
        before[1],
        limit,
      )
    : sql.exec<RoomRow>(`SELECT * FROM messages ORDER BY created_at DESC, id DESC LIMIT ?`, limit);
  return rows.toArray().map((row) => fromRoomRow(row, chatId));
}
