import { describe, expect, it } from "vitest";
import { z } from "zod";
import { chatMessageSchema, chatSummarySchema, openedChatSchema, readReceiptSchema } from "#lib/api-types";
import { call, signUpDealer } from "./helpers";

const messagesOf = (json: unknown) => z.array(chatMessageSchema).parse(json);
const chatsOf = (json: unknown) => z.array(chatSummarySchema).parse(json);

describe("signed out", () => {
  it.each([
    ["GET", "/api/chats"],
    ["POST", "/api/chats"],
    ["GET", "/api/messages"],
    ["POST", "/api/messages"],
    ["GET", "/api/chats/some-id/messages"],
    ["POST", "/api/chats/some-id/read"],
  ])("%s %s answers 401", async (method, path) => {
    const res = await call(method, path, method === "POST" ? { body: {} } : {});
    expect(res.status).toBe(401);
  });
});

describe("POST /api/chats", () => {
  it("opens the same chat for the same pair, whoever opens it: 201 when it starts, 200 after", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const fromA = await call("POST", "/api/chats", { cookie: a.cookie, body: { participantId: b.dealerId } });
    const fromB = await call("POST", "/api/chats", { cookie: b.cookie, body: { participantId: a.dealerId } });
    expect(fromA.status).toBe(201);
    expect(fromB.status).toBe(200);
    const chat = openedChatSchema.parse(fromA.json);
    expect(chat.id).toBe(openedChatSchema.parse(fromB.json).id);
    expect(chat.messages).toEqual([]);
    expect(chat.otherParticipant.id).toBe(b.dealerId);
  });

  it("refuses a chat with oneself (400), an unknown dealer (404) and a missing participant (400)", async () => {
    const a = await signUpDealer();
    expect(
      (await call("POST", "/api/chats", { cookie: a.cookie, body: { participantId: a.dealerId } })).status,
    ).toBe(400);
    expect(
      (await call("POST", "/api/chats", { cookie: a.cookie, body: { participantId: "nobody" } })).status,
    ).toBe(404);
    expect((await call("POST", "/api/chats", { cookie: a.cookie, body: {} })).status).toBe(400);
  });
});

describe("POST /api/messages", () => {
  it("sends as the session's dealer whatever senderId says, trims, keeps the post title as context", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const res = await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: {
        senderId: b.dealerId,
        receiverId: b.dealerId,
        content: "  Interested in the F-150  ",
        isRead: true,
        context: { postTitle: "2019 Ford F-150 XLT" },
      },
    });
    expect(res.status).toBe(201);
    const message = chatMessageSchema.parse(res.json);
    expect(message.senderId).toBe(a.dealerId);
    expect(message.content).toBe("Interested in the F-150");
    expect(message.context).toEqual({ postTitle: "2019 Ford F-150 XLT" });
    expect(message.isRead).toBe(false);
  });

  it.each([
    ["blank content", { content: "   " }],
    ["oversized content", { content: "x".repeat(4001) }],
    ["no receiver", { receiverId: undefined }],
    ["a bad clientId", { clientId: "has spaces!" }],
  ])("refuses %s with 400", async (_label, override) => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const res = await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "Hi", ...override },
    });
    expect(res.status).toBe(400);
    expect(res.json.issues).toBeDefined();
  });

  it("lets any dealer message any other dealer, connected or not, and 4000 characters is fine", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const res = await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "y".repeat(4000) },
    });
    expect(res.status).toBe(201);
  });

  it("answers 404 for an unknown receiver", async () => {
    const a = await signUpDealer();
    expect(
      (
        await call("POST", "/api/messages", {
          cookie: a.cookie,
          body: { receiverId: "ghost", content: "Hi" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("GET /api/chats, messages and read", () => {
  it("lists chats with the other dealer, the last message and unread counts; reading clears them", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "First" },
    });
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "Second" },
    });

    const bChats = chatsOf((await call("GET", "/api/chats", { cookie: b.cookie })).json);
    expect(bChats).toHaveLength(1);
    expect(bChats[0]).toMatchObject({
      unreadCount: 2,
      otherParticipant: { id: a.dealerId, name: "Dana Whitfield" },
    });
    expect(bChats[0]!.lastMessage?.content).toBe("Second");
    const aChats = chatsOf((await call("GET", "/api/chats", { cookie: a.cookie })).json);
    expect(aChats[0]!.unreadCount).toBe(0);

    const chatId = bChats[0]!.id;
    const list = messagesOf((await call("GET", `/api/chats/${chatId}/messages`, { cookie: b.cookie })).json);
    expect(list.map((m) => m.content)).toEqual(["First", "Second"]);
    // Across every chat, newest first; one chat's messages have one address, /api/chats/{id}/messages.
    const latest = messagesOf((await call("GET", "/api/messages", { cookie: b.cookie })).json);
    expect(latest.map((m) => m.content)).toEqual(["Second", "First"]);
    const byChat = await call("GET", `/api/messages?chatId=${chatId}`, { cookie: b.cookie });
    expect(byChat.status).toBe(400);
    expect(byChat.json.message).toContain("/api/chats/{id}/messages");

    const read = await call("POST", `/api/chats/${chatId}/read`, { cookie: b.cookie });
    expect(read.status).toBe(200);
    expect(readReceiptSchema.parse(read.json).unreadTotal).toBe(0);
    expect(chatsOf((await call("GET", "/api/chats", { cookie: b.cookie })).json)[0]!.unreadCount).toBe(0);
    const unread = await call("GET", "/api/chats/unread", { cookie: b.cookie });
    expect(unread.json).toEqual({ unreadTotal: 0 });
  });

  it("keeps a chat's messages to its participants", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const stranger = await signUpDealer();
    const sent = chatMessageSchema.parse(
      (
        await call("POST", "/api/messages", {
          cookie: a.cookie,
          body: { receiverId: b.dealerId, content: "Private" },
        })
      ).json,
    );
    expect(
      (await call("GET", `/api/chats/${sent.chatId}/messages`, { cookie: stranger.cookie })).status,
    ).toBe(403);
    expect((await call("POST", `/api/chats/${sent.chatId}/read`, { cookie: stranger.cookie })).status).toBe(
      403,
    );
    expect(messagesOf((await call("GET", "/api/messages", { cookie: stranger.cookie })).json)).toEqual([]);
    expect(
      (await call("GET", `/api/chats/${sent.chatId}/messages?after=${sent.id}`, { cookie: stranger.cookie }))
        .status,
    ).toBe(403);
  });

  it("catches up after the newest message held, and refuses an id that is not one of the chat's", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const first = chatMessageSchema.parse(
      (
        await call("POST", "/api/messages", {
          cookie: a.cookie,
          body: { receiverId: b.dealerId, content: "Old" },
        })
      ).json,
    );
    await new Promise((r) => setTimeout(r, 5));
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "New" },
    });
    const after = await call("GET", `/api/chats/${first.chatId}/messages?after=${first.id}`, {
      cookie: b.cookie,
    });
    expect(messagesOf(after.json).map((m) => m.content)).toEqual(["New"]);
    expect(after.headers.get("X-Next-Cursor")).toBeNull();
    expect(
      (await call("GET", `/api/chats/${first.chatId}/messages?after=-1`, { cookie: b.cookie })).status,
    ).toBe(400);
  });
});
