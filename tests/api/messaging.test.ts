import { describe, expect, it } from "vitest";
import { call, signUpDealer } from "./helpers";

type Msg = {
  id: string;
  chatId: string;
  senderId: string;
  receiverId: string;
  content: string;
  context: { postTitle?: string } | null;
};
type Chat = {
  id: string;
  unreadCount: number;
  otherParticipant: { id: string; name: string };
  lastMessage: Msg | null;
};

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
  it("opens the same chat for the same pair, whoever opens it", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const fromA = await call("POST", "/api/chats", { cookie: a.cookie, body: { participantId: b.dealerId } });
    const fromB = await call("POST", "/api/chats", { cookie: b.cookie, body: { participantId: a.dealerId } });
    expect(fromA.status).toBe(200);
    expect(fromA.json.id).toBe(fromB.json.id);
    expect(fromA.json.messages).toEqual([]);
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
    const message = res.json as unknown as Msg & { isRead: boolean };
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

    const bChats = (await call("GET", "/api/chats", { cookie: b.cookie })).json as unknown as Chat[];
    expect(bChats).toHaveLength(1);
    expect(bChats[0]).toMatchObject({
      unreadCount: 2,
      otherParticipant: { id: a.dealerId, name: "Dana Whitfield" },
    });
    expect(bChats[0]!.lastMessage?.content).toBe("Second");
    const aChats = (await call("GET", "/api/chats", { cookie: a.cookie })).json as unknown as Chat[];
    expect(aChats[0]!.unreadCount).toBe(0);

    const chatId = bChats[0]!.id;
    const list = (await call("GET", `/api/chats/${chatId}/messages`, { cookie: b.cookie }))
      .json as unknown as Msg[];
    expect(list.map((m) => m.content)).toEqual(["First", "Second"]);
    const viaMessages = (await call("GET", `/api/messages?chatId=${chatId}`, { cookie: b.cookie }))
      .json as unknown as Msg[];
    expect(viaMessages).toHaveLength(2);

    const read = await call("POST", `/api/chats/${chatId}/read`, { cookie: b.cookie });
    expect(read.status).toBe(200);
    expect(read.json.unreadTotal).toBe(0);
    expect(
      ((await call("GET", "/api/chats", { cookie: b.cookie })).json as unknown as Chat[])[0]!.unreadCount,
    ).toBe(0);
  });

  it("keeps a chat's messages to its participants", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const stranger = await signUpDealer();
    const sent = (
      await call("POST", "/api/messages", {
        cookie: a.cookie,
        body: { receiverId: b.dealerId, content: "Private" },
      })
    ).json as unknown as Msg;
    expect(
      (await call("GET", `/api/chats/${sent.chatId}/messages`, { cookie: stranger.cookie })).status,
    ).toBe(403);
    expect((await call("POST", `/api/chats/${sent.chatId}/read`, { cookie: stranger.cookie })).status).toBe(
      403,
    );
    expect(
      (await call("GET", `/api/messages?chatId=${sent.chatId}`, { cookie: stranger.cookie })).status,
    ).toBe(403);
  });

  it("pages after a time for catching up", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const first = (
      await call("POST", "/api/messages", {
        cookie: a.cookie,
        body: { receiverId: b.dealerId, content: "Old" },
      })
    ).json as unknown as Msg & { createdAt: number };
    await new Promise((r) => setTimeout(r, 5));
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "New" },
    });
    const after = (
      await call("GET", `/api/chats/${first.chatId}/messages?after=${first.createdAt}`, { cookie: b.cookie })
    ).json as unknown as Msg[];
    expect(after.map((m) => m.content)).toEqual(["New"]);
    expect(
      (await call("GET", `/api/chats/${first.chatId}/messages?after=-1`, { cookie: b.cookie })).status,
    ).toBe(400);
  });
});
