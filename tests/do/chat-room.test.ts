import { SELF, env, evictAllDurableObjects, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chatServerFrameSchema, type ChatServerFrame, type InboxFrame } from "#lib/realtime";
import { LIMITS } from "../../worker/domain/rate-limits";
import { ORIGIN, call, roomMessages, signUpDealer, twoDealersWithAChat } from "../api/helpers";

type Socket = {
  ws: WebSocket;
  frames: unknown[];
  next(match: (f: never) => boolean, timeoutMs?: number): Promise<unknown>;
};

async function connect(
  path: string,
  cookie?: string,
  origin = ORIGIN,
): Promise<{ status: number; socket?: Socket; body?: unknown }> {
  const headers: Record<string, string> = { Upgrade: "websocket", Origin: origin };
  if (cookie) headers.Cookie = cookie;
  const res = await SELF.fetch(`${ORIGIN}${path}`, { headers });
  if (res.status !== 101 || !res.webSocket) return { status: res.status, body: await res.json() };
  const ws = res.webSocket;
  ws.accept();
  const frames: unknown[] = [];
  const waiters: Array<{ match: (f: never) => boolean; resolve: (f: unknown) => void }> = [];
  ws.addEventListener("message", (event) => {
    const frame = JSON.parse(String(event.data));
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame as never)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const next = (match: (f: never) => boolean, timeoutMs = 3000) =>
    new Promise<unknown>((resolve, reject) => {
      const seen = frames.find((f) => match(f as never));
      if (seen) return resolve(seen);
      const timer = setTimeout(
        () => reject(new Error(`No matching frame; saw ${JSON.stringify(frames)}`)),
        timeoutMs,
      );
      waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  return { status: 101, socket: { ws, frames, next } };
}

const isMessage = (content: string) => (f: ChatServerFrame) =>
  f.type === "message" && f.message.content === content;

describe("ChatRoom", () => {
  it("refuses a lapsed dealer's message with the plan message, stores nothing, and keeps the room open", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    await env.DB.prepare("update accounts set created_at = created_at - ? where email = ?")
      .bind(15 * 24 * 60 * 60 * 1000, a.email)
      .run();
    const sa = (await connect(`/parties/chat-room/${chatId}`, a.cookie)).socket!;
    sa.ws.send(JSON.stringify({ type: "send", clientId: "client-lapsed-0001", content: "Still there?" }));
    const error = (await sa.next((f: ChatServerFrame) => f.type === "error")) as {
      message: string;
      clientId?: string;
    };
    expect(error).toMatchObject({
      message:
        "Your DealerLane trial or subscription has ended. Choose a plan to post, message and make deals again.",
      clientId: "client-lapsed-0001",
    });
    expect(await roomMessages(chatId)).toHaveLength(0);
    const sb = (await connect(`/parties/chat-room/${chatId}`, b.cookie)).socket!;
    sb.ws.send(JSON.stringify({ type: "send", clientId: "client-active-0001", content: "Yes, still here" }));
    await sa.next(isMessage("Yes, still here"));
  });

  it("delivers a message sent on one socket to the other participant's socket, stored first", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    const sa = (await connect(`/parties/chat-room/${chatId}`, a.cookie)).socket!;
    const sb = (await connect(`/parties/chat-room/${chatId}`, b.cookie)).socket!;

    sa.ws.send(
      JSON.stringify({
        type: "send",
        clientId: "client-abc-0001",
        content: "  Is the Tahoe still available?  ",
      }),
    );
    const received = (await sb.next(isMessage("Is the Tahoe still available?"))) as Extract<
      ChatServerFrame,
      { type: "message" }
    >;
    expect(received.message).toMatchObject({
      senderId: a.dealerId,
      receiverId: b.dealerId,
      chatId,
      clientId: "client-abc-0001",
    });
    // Frames carry ISO times, like the API.
    expect(chatServerFrameSchema.parse(received)).toEqual(received);
    expect(received.message.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await sa.next(isMessage("Is the Tahoe still available?"));

    sb.ws.send(JSON.stringify({ type: "send", clientId: "client-abc-0002", content: "Yes — $31,500 firm." }));
    await sa.next(isMessage("Yes — $31,500 firm."));

    expect(await roomMessages(chatId)).toHaveLength(2);
  });

  it("relays typing to the other side only, and read receipts to both", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    const sa = (await connect(`/parties/chat-room/${chatId}`, a.cookie)).socket!;
    const sb = (await connect(`/parties/chat-room/${chatId}`, b.cookie)).socket!;
    sa.ws.send(JSON.stringify({ type: "typing", isTyping: true }));
    await sb.next((f: ChatServerFrame) => f.type === "typing" && f.dealerId === a.dealerId && f.isTyping);
    expect(sa.frames.some((f) => (f as ChatServerFrame).type === "typing")).toBe(false);

    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "Ping" },
    });
    await sb.next(isMessage("Ping"));
    sb.ws.send(JSON.stringify({ type: "read" }));
    const receipt = (await sa.next(
      (f: ChatServerFrame) => f.type === "read" && f.dealerId === b.dealerId,
    )) as Extract<ChatServerFrame, { type: "read" }>;
    expect(Date.parse(receipt.readAt)).toBeGreaterThan(Date.now() - 60_000);
    const unread = (await roomMessages(chatId)).filter((m) => m.receiverId === b.dealerId && !m.isRead);
    expect(unread).toHaveLength(0);
    const badge = await env.DB.prepare("select unread_count as n from chat_participants where dealer_id = ?")
      .bind(b.dealerId)
      .first<{ n: number }>();
    expect(badge?.n).toBe(0);
  });

  it("refuses a signed-out socket with 401 and a non-participant with 403", async () => {
    const { chatId } = await twoDealersWithAChat();
    const stranger = await signUpDealer();
    expect((await connect(`/parties/chat-room/${chatId}`)).status).toBe(401);
    expect((await connect(`/parties/chat-room/${chatId}`, stranger.cookie)).status).toBe(403);
    expect((await connect(`/parties/chat-room/${chatId}`, "dl_session=forged-token")).status).toBe(401);
  });

  it("stores one message for a duplicate clientId, over the socket and over REST", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    const sa = (await connect(`/parties/chat-room/${chatId}`, a.cookie)).socket!;
    const frame = JSON.stringify({ type: "send", clientId: "retry-me-12345", content: "Sent twice" });
    sa.ws.send(frame);
    sa.ws.send(frame);
    await sa.next(isMessage("Sent twice"));
    const rest = await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "Sent twice", clientId: "retry-me-12345" },
    });
    expect(rest.status).toBe(200);
    const stored = (await roomMessages(chatId)).filter((m) => m.clientId === "retry-me-12345");
    expect(stored).toHaveLength(1);
  });

  it("works again after the objects are evicted, and a reconnecting client catches up from D1", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    const first = (await connect(`/parties/chat-room/${chatId}`, b.cookie)).socket!;
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "Before eviction" },
    });
    const seen = (await first.next(isMessage("Before eviction"))) as Extract<
      ChatServerFrame,
      { type: "message" }
    >;
    first.ws.close();

    await evictAllDurableObjects();
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "While B was away" },
    });

    const missed = await call("GET", `/api/chats/${chatId}/messages?after=${seen.message.id}`, {
      cookie: b.cookie,
    });
    expect((missed.json as unknown as Array<{ content: string }>).map((m) => m.content)).toEqual([
      "While B was away",
    ]);

    const again = (await connect(`/parties/chat-room/${chatId}`, b.cookie)).socket!;
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "After eviction" },
    });
    await again.next(isMessage("After eviction"));
  });
});

describe("ChatRoom rate limit", () => {
  it("answers a send over the dealer's message limit with an error frame and keeps the socket open", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, ?)")
      .bind(`${LIMITS.messagesPerDealer.name}:${a.dealerId}`, Date.now(), LIMITS.messagesPerDealer.max)
      .run();
    const sa = (await connect(`/parties/chat-room/${chatId}`, a.cookie)).socket!;
    const sb = (await connect(`/parties/chat-room/${chatId}`, b.cookie)).socket!;
    sa.ws.send(JSON.stringify({ type: "send", clientId: "over-the-limit-1", content: "One too many" }));
    const refused = (await sa.next(
      (f: ChatServerFrame) => f.type === "error" && f.clientId === "over-the-limit-1",
    )) as Extract<ChatServerFrame, { type: "error" }>;
    expect(refused.message).toMatch(/^Slow down: at most 600 messages an hour\./);
    expect(refused.retryAfterSeconds).toBeGreaterThan(3500);
    expect(sa.ws.readyState).toBe(WebSocket.OPEN);
    expect(await roomMessages(chatId)).toHaveLength(0);

    // Still live both ways: typing is relayed, and the other dealer's sends arrive.
    sa.ws.send(JSON.stringify({ type: "typing", isTyping: true }));
    await sb.next((f: ChatServerFrame) => f.type === "typing" && f.dealerId === a.dealerId);
    sb.ws.send(JSON.stringify({ type: "send", clientId: "under-the-limit-1", content: "Still here" }));
    await sa.next(isMessage("Still here"));
  });
});

describe("DealerInbox", () => {
  it("lets only its dealer in, and carries new messages with the unread total", async () => {
    const { a, b } = await twoDealersWithAChat();
    expect((await connect(`/parties/dealer-inbox/${b.dealerId}`)).status).toBe(401);
    expect((await connect(`/parties/dealer-inbox/${b.dealerId}`, a.cookie)).status).toBe(403);
    const inbox = (await connect(`/parties/dealer-inbox/${b.dealerId}`, b.cookie)).socket!;
    expect(await inbox.next((f: InboxFrame) => f.type === "unread")).toEqual({
      type: "unread",
      unreadTotal: 0,
    });
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "One" },
    });
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "Two" },
    });
    const frame = (await inbox.next(
      (f: InboxFrame) => f.type === "chat-message" && f.message.content === "Two",
    )) as Extract<InboxFrame, { type: "chat-message" }>;
    expect(frame.unreadTotal).toBe(2);
  });

  it("tells a tab that opens late the unread total and the bell count it missed while its page loaded", async () => {
    const { a, b } = await twoDealersWithAChat();
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "Early" },
    });
    // The first message also rings the bell (after the answer): wait for its notification.
    const bell = async () =>
      (await call("GET", "/api/notifications/unread-count", { cookie: b.cookie })).json.unreadCount;
    for (let i = 0; i < 100 && (await bell()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await bell()).toBe(1);
    const inbox = (await connect(`/parties/dealer-inbox/${b.dealerId}`, b.cookie)).socket!;
    expect(await inbox.next((f: InboxFrame) => f.type === "unread")).toEqual({
      type: "unread",
      unreadTotal: 1,
    });
    expect(await inbox.next((f: InboxFrame) => f.type === "notifications-unread")).toEqual({
      type: "notifications-unread",
      unreadCount: 1,
    });
  });

  it("announces a new post to the inboxes of the author's connections", async () => {
    const author = await signUpDealer();
    const follower = await signUpDealer();
    const stranger = await signUpDealer();
    const connected = await call("POST", "/api/connections/add-dealer", {
      cookie: follower.cookie,
      body: { receiverId: author.dealerId },
    });
    expect(connected.status).toBe(201);
    const followerInbox = (await connect(`/parties/dealer-inbox/${follower.dealerId}`, follower.cookie))
      .socket!;
    const strangerInbox = (await connect(`/parties/dealer-inbox/${stranger.dealerId}`, stranger.cookie))
      .socket!;
    const post = await call("POST", "/api/inventory", {
      cookie: author.cookie,
      body: {
        type: "for-sale",
        title: "Three clean Camrys, priced to move",
        description: "Call me",
        vehicles: [],
        photoUrls: [],
      },
    });
    expect(post.status).toBe(201);
    const frame = (await followerInbox.next((f: InboxFrame) => f.type === "new-post")) as Extract<
      InboxFrame,
      { type: "new-post" }
    >;
    expect(frame).toEqual({ type: "new-post", postId: post.json.id, dealerId: author.dealerId });
    await new Promise((r) => setTimeout(r, 100));
    expect(strangerInbox.frames.filter((f) => (f as InboxFrame).type === "new-post")).toEqual([]);
  });

  it("refuses plain HTTP to the objects", async () => {
    const res = await SELF.fetch(`${ORIGIN}/parties/chat-room/anything`);
    expect(res.status).toBe(404);
  });
});

describe("socket upgrades", () => {
  it("refuse another site's page before the upgrade, even with the dealer's cookie", async () => {
    const { a, chatId } = await twoDealersWithAChat();
    for (const path of [`/parties/chat-room/${chatId}`, `/parties/dealer-inbox/${a.dealerId}`]) {
      const foreign = await connect(path, a.cookie, "https://evil.example");
      expect(foreign.status, path).toBe(403);
      expect(foreign.body).toEqual({ message: "Cross-site request refused" });
      expect((await connect(path, a.cookie)).status, path).toBe(101);
    }
  });

  it("answer an unknown party with a JSON 404, socket or not", async () => {
    const a = await signUpDealer();
    const socket = await connect("/parties/no-such-party/room-1", a.cookie);
    expect(socket.status).toBe(404);
    expect(socket.body).toEqual({ message: "No such room" });
    const plain = await SELF.fetch(`${ORIGIN}/parties/no-such-party/room-1`);
    expect(plain.status).toBe(404);
    expect(await plain.json()).toEqual({ message: "No such room" });
  });
});

describe("ChatRoom calls", () => {
  const room = (chatId: string) => env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(chatId));
  const isCall = (state: string) => (f: ChatServerFrame) => f.type === "call" && f.call.state === state;
  const isCallLine = (f: ChatServerFrame) => f.type === "message" && f.message.call !== null;
  const answer = (chatId: string, callId: string, cookie: string, verdict: "accept" | "decline") =>
    call("POST", `/api/chats/${chatId}/calls/${callId}`, { cookie, body: { answer: verdict } });

  it("rings every tab of the other dealer, relays signalling between the two dealers only, and leaves the duration in the chat", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    const stranger = await signUpDealer();
    const inboxB1 = (await connect(`/parties/dealer-inbox/${b.dealerId}`, b.cookie)).socket!;
    const inboxB2 = (await connect(`/parties/dealer-inbox/${b.dealerId}`, b.cookie)).socket!;
    const sa = (await connect(`/parties/chat-room/${chatId}`, a.cookie)).socket!;
    const saOtherTab = (await connect(`/parties/chat-room/${chatId}`, a.cookie)).socket!;

    sa.ws.send(JSON.stringify({ type: "call-start", callId: "call-walkaround-1", kind: "video" }));
    for (const inbox of [inboxB1, inboxB2]) {
      const ring = (await inbox.next((f: InboxFrame) => f.type === "call-ring")) as Extract<
        InboxFrame,
        { type: "call-ring" }
      >;
      expect(ring.call).toMatchObject({
        id: "call-walkaround-1",
        kind: "video",
        callerId: a.dealerId,
        state: "ringing",
      });
      expect(ring.caller.id).toBe(a.dealerId);
    }

    // Only the called dealer answers, only while it rings; a stranger is not even in the chat.
    expect((await answer(chatId, "call-walkaround-1", stranger.cookie, "accept")).status).toBe(403);
    expect((await answer(chatId, "call-walkaround-1", a.cookie, "accept")).status).toBe(404);
    const accepted = await answer(chatId, "call-walkaround-1", b.cookie, "accept");
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.state).toBe("connected");
    expect((await answer(chatId, "call-walkaround-1", b.cookie, "accept")).status).toBe(409);
    await inboxB2.next((f: InboxFrame) => f.type === "call-update" && f.call.state === "connected");
    await sa.next(isCall("connected"));

    // The callee's call screen joins the room and learns the call is on.
    const sb = (await connect(`/parties/chat-room/${chatId}`, b.cookie)).socket!;
    await sb.next(isCall("connected"));
    expect((await connect(`/parties/chat-room/${chatId}`, stranger.cookie)).status).toBe(403);

    sb.ws.send(
      JSON.stringify({ type: "call-signal", callId: "call-walkaround-1", signal: { kind: "ready" } }),
    );
    await sa.next(
      (f: ChatServerFrame) =>
        f.type === "call-signal" && f.signal.kind === "ready" && f.fromId === b.dealerId,
    );
    sa.ws.send(
      JSON.stringify({
        type: "call-signal",
        callId: "call-walkaround-1",
        signal: { kind: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" },
      }),
    );
    await sb.next((f: ChatServerFrame) => f.type === "call-signal" && f.signal.kind === "offer");
    sb.ws.send(
      JSON.stringify({
        type: "call-signal",
        callId: "call-walkaround-1",
        signal: {
          kind: "ice",
          candidate: {
            candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host",
            sdpMid: "0",
            sdpMLineIndex: 0,
          },
        },
      }),
    );
    await sa.next((f: ChatServerFrame) => f.type === "call-signal" && f.signal.kind === "ice");

    // A frame for another call is refused; nothing is relayed.
    sb.ws.send(
      JSON.stringify({ type: "call-signal", callId: "call-somebody-else", signal: { kind: "ready" } }),
    );
    expect(await sb.next((f: ChatServerFrame) => f.type === "error")).toMatchObject({
      message: "This call has ended",
    });
    await saOtherTab.next((f: ChatServerFrame) => f.type === "call-signal" && f.signal.kind === "ice");
    // Signalling never reaches the sender's own tabs nor echoes back.
    const signals = (frames: unknown[]) =>
      frames.filter((f) => (f as ChatServerFrame).type === "call-signal");
    expect(signals(saOtherTab.frames).map((f) => (f as { signal: { kind: string } }).signal.kind)).toEqual([
      "ready",
      "ice",
    ]);
    expect(signals(sb.frames).map((f) => (f as { signal: { kind: string } }).signal.kind)).toEqual(["offer"]);

    sa.ws.send(JSON.stringify({ type: "call-end", callId: "call-walkaround-1" }));
    const line = (await sb.next(isCallLine)) as Extract<ChatServerFrame, { type: "message" }>;
    expect(line.message).toMatchObject({ senderId: a.dealerId, receiverId: b.dealerId, content: "" });
    expect(line.message.call).toMatchObject({ id: "call-walkaround-1", kind: "video", outcome: "completed" });
    expect(line.message.call!.durationSeconds).toBeGreaterThanOrEqual(0);
    await sb.next(isCall("ended"));
    await inboxB1.next((f: InboxFrame) => f.type === "call-update" && f.call.state === "ended");
    expect(await roomMessages(chatId)).toHaveLength(1);
  });

  it("leaves a missed call after 30 s without an answer, and a declined one when declined", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    const sa = (await connect(`/parties/chat-room/${chatId}`, a.cookie)).socket!;
    sa.ws.send(JSON.stringify({ type: "call-start", callId: "call-unanswered-1", kind: "voice" }));
    await sa.next(isCall("ringing"));
    expect(await runDurableObjectAlarm(room(chatId))).toBe(true);
    const missed = (await sa.next(isCallLine)) as Extract<ChatServerFrame, { type: "message" }>;
    expect(missed.message.call).toMatchObject({ kind: "voice", outcome: "missed", durationSeconds: 0 });
    expect((await answer(chatId, "call-unanswered-1", b.cookie, "accept")).status).toBe(404);

    sa.ws.send(JSON.stringify({ type: "call-start", callId: "call-declined-01", kind: "video" }));
    await sa.next((f: ChatServerFrame) => f.type === "call" && f.call.id === "call-declined-01");
    expect((await answer(chatId, "call-declined-01", b.cookie, "decline")).json.state).toBe("ended");
    const declined = (await sa.next(
      (f: ChatServerFrame) => f.type === "message" && f.message.call?.id === "call-declined-01",
    )) as Extract<ChatServerFrame, { type: "message" }>;
    expect(declined.message.call!.outcome).toBe("declined");
  });
});
