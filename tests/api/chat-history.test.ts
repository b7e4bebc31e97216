import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chatMessageSchema, currentUserSchema, type ChatMessage } from "#lib/api-types";
import {
  ORIGIN,
  call,
  chatInD1Only,
  freshIp,
  roomMessages,
  runDailyCron,
  sessionCookieOf,
  signUpDealer,
  twoDealersWithAChat,
} from "./helpers";
import migration0038 from "../../migrations/0038_chat_lines_from_d1_messages.sql?raw";
import { migrationStatements } from "../../scripts/migration-statements";

/** Each chat's messages live in its own ChatRoom's SQLite; D1 keeps the list, the last message and the counts. */

const send = (from: { cookie: string }, to: { dealerId: string }, content: string, clientId?: string) =>
  call("POST", "/api/messages", {
    cookie: from.cookie,
    body: { receiverId: to.dealerId, content, clientId },
  });

const page = async (cookie: string, chatId: string, query = "") => {
  const res = await call("GET", `/api/chats/${chatId}/messages${query}`, { cookie });
  return {
    status: res.status,
    items: res.status === 200 ? (res.json as unknown as ChatMessage[]) : [],
    next: res.headers.get("X-Next-Cursor"),
  };
};

const unreadOf = async (cookie: string) =>
  (await call("GET", "/api/chats/unread", { cookie })).json.unreadTotal as number;

const d1Rows = (chatId: string) =>
  env.DB.prepare("select count(*) as n from messages where chat_id = ?").bind(chatId).first<{ n: number }>();

describe("chat history in each chat's room", () => {
  it("pages a chat's messages from its room, oldest first on a page, with cursors back and forward", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    for (const n of [1, 2, 3, 4, 5]) expect((await send(a, b, `Line ${n}`)).status).toBe(201);
    const latest = await page(b.cookie, chatId, "?limit=2");
    expect(latest.items.map((m) => m.content)).toEqual(["Line 4", "Line 5"]);
    expect(latest.next).toBeTruthy();
    const older = await page(b.cookie, chatId, `?limit=2&cursor=${latest.next}`);
    expect(older.items.map((m) => m.content)).toEqual(["Line 2", "Line 3"]);
    const oldest = await page(b.cookie, chatId, `?limit=2&cursor=${older.next}`);
    expect(oldest.items.map((m) => m.content)).toEqual(["Line 1"]);
    expect(oldest.next).toBeNull();
    const after = await page(b.cookie, chatId, `?after=${older.items[0]!.id}`);
    expect(after.items.map((m) => m.content)).toEqual(["Line 3", "Line 4", "Line 5"]);
    expect((await page(b.cookie, chatId, "?after=not-a-message-here")).status).toBe(400);
    // GET /api/messages gathers across the dealer's rooms, newest first.
    const across = await call("GET", "/api/messages?limit=3", { cookie: a.cookie });
    expect((across.json as unknown as ChatMessage[]).map((m) => m.content)).toEqual([
      "Line 5",
      "Line 4",
      "Line 3",
    ]);
  });

  it("stores a clientId sent many times at once exactly once", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => send(a, b, "Only once", "same-client-id-0001")),
    );
    const ids = new Set(answers.map((r) => chatMessageSchema.parse(r.json).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect((await roomMessages(chatId)).filter((m) => m.clientId === "same-client-id-0001")).toHaveLength(1);
    const sent = await env.DB.prepare("select sent_count as n from chat_participants where dealer_id = ?")
      .bind(a.dealerId)
      .first<{ n: number }>();
    expect(sent?.n).toBe(1);
  });

  it("counts unread per chat in D1 as the room stores, and reading clears them", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    await send(a, b, "One");
    await send(a, b, "Two");
    expect(await unreadOf(b.cookie)).toBe(2);
    expect(await unreadOf(a.cookie)).toBe(0);
    const list = await call("GET", "/api/chats", { cookie: b.cookie });
    const [chat] = list.json as unknown as { id: string; unreadCount: number; lastMessage: ChatMessage }[];
    expect(chat).toMatchObject({
      id: chatId,
      unreadCount: 2,
      lastMessage: { content: "Two", isRead: false },
    });
    const read = await call("POST", `/api/chats/${chatId}/read`, { cookie: b.cookie });
    expect(read.json.unreadTotal).toBe(0);
    expect(await unreadOf(b.cookie)).toBe(0);
    expect((await roomMessages(chatId)).every((m) => m.isRead)).toBe(true);
  });

  it("moves a chat's D1 rows into its room on first use, and the daily cron drains the rest", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const c = await signUpDealer();
    const first = await chatInD1Only(a, b);
    const opened = await page(a.cookie, first);
    expect(opened.items.map((m) => m.content)).toEqual(["Old hello", "Old answer"]);
    expect((await d1Rows(first))?.n).toBe(0);
    expect(await unreadOf(a.cookie)).toBe(1);
    const [line] = (await call("GET", "/api/chats", { cookie: a.cookie })).json as unknown as {
      lastMessage: ChatMessage;
    }[];
    expect(line?.lastMessage.content).toBe("Old answer");

    const second = await chatInD1Only(a, c);
    await runDailyCron();
    expect((await d1Rows(second))?.n).toBe(0);
    expect((await roomMessages(second)).map((m) => m.content)).toEqual(["Old hello", "Old answer"]);
    // Moved once: a later use of the room imports nothing twice.
    expect((await page(c.cookie, second)).items).toHaveLength(2);
  });

  it("shows a chat begun before the move with its last message and unread count before its room is used (migration 0038)", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const chatId = await chatInD1Only(a, b);
    for (const statement of migrationStatements(migration0038)) await env.DB.prepare(statement).run();
    expect((await d1Rows(chatId))?.n).toBe(2);
    expect(await unreadOf(a.cookie)).toBe(1);
    expect(await unreadOf(b.cookie)).toBe(0);
    const [line] = (await call("GET", "/api/chats", { cookie: b.cookie })).json as unknown as {
      lastMessage: ChatMessage;
    }[];
    expect(line?.lastMessage).toMatchObject({
      chatId,
      senderId: b.dealerId,
      content: "Old answer",
      isRead: false,
    });
    expect(line?.lastMessage.attachments).toEqual([]);
    const sent = await env.DB.prepare(
      "select sent_count as n from chat_participants where chat_id = ? and dealer_id = ?",
    )
      .bind(chatId, a.dealerId)
      .first<{ n: number }>();
    expect(sent?.n).toBe(1);
  });

  it("keeps a room's messages from another dealer and from the demo network, over the API and the socket", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    await send(a, b, "Between us");
    const stranger = await signUpDealer();
    expect((await page(stranger.cookie, chatId)).status).toBe(403);
    const demo = await call("POST", "/api/auth/create-dummy", { headers: { "CF-Connecting-IP": freshIp() } });
    expect(demo.status).toBe(201);
    currentUserSchema.parse(demo.json);
    const demoCookie = sessionCookieOf(demo.headers);
    expect((await page(demoCookie, chatId)).status).toBe(404);
    const across = (await call("GET", "/api/messages", { cookie: demoCookie }))
      .json as unknown as ChatMessage[];
    expect(across.some((m) => m.chatId === chatId)).toBe(false);
    for (const [cookie, status] of [
      [stranger.cookie, 403],
      [demoCookie, 404],
    ] as const) {
      const res = await SELF.fetch(`${ORIGIN}/parties/chat-room/${chatId}`, {
        headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: cookie },
      });
      expect(res.status).toBe(status);
    }
  });
});
