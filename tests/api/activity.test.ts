import { describe, expect, it } from "vitest";
import { activitySchema } from "#lib/api-types";
import { call, signUpDealer } from "./helpers";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("GET /api/activity", () => {
  it("answers 401 signed out", async () => {
    expect((await call("GET", "/api/activity")).status).toBe(401);
  });

  it("is empty for a new dealer", async () => {
    const a = await signUpDealer();
    const res = await call("GET", "/api/activity", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ recentChats: [], recentConnections: [] });
  });

  it("lists the latest chats with preview and unread count, and the newest connections, times in ISO", async () => {
    const me = await signUpDealer();
    const peers = await Promise.all([1, 2, 3, 4].map(() => signUpDealer()));
    for (const peer of peers) {
      const added = await call("POST", "/api/connections/add-dealer", {
        cookie: me.cookie,
        body: { receiverId: peer.dealerId },
      });
      expect(added.status).toBe(201);
    }
    for (const [i, peer] of peers.entries()) {
      const sent = await call("POST", "/api/messages", {
        cookie: peer.cookie,
        body: { receiverId: me.dealerId, content: `Message ${i + 1}` },
      });
      expect(sent.status).toBe(201);
    }

    const res = await call("GET", "/api/activity", { cookie: me.cookie });
    expect(res.status).toBe(200);
    const activity = activitySchema.parse(res.json);
    expect(activity.recentChats).toHaveLength(3);
    for (const chat of activity.recentChats) {
      const i = peers.findIndex((p) => p.dealerId === chat.dealerId);
      expect(chat).toMatchObject({ lastMessage: `Message ${i + 1}`, unread: 1 });
    }
    const times = activity.recentChats.map((c) => Date.parse(c.lastMessageAt ?? ""));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(activity.recentChats.every((c) => c.lastMessageAt !== null && ISO.test(c.lastMessageAt))).toBe(
      true,
    );
    expect(activity.recentConnections).toHaveLength(3);
    expect(activity.recentConnections.every((c) => ISO.test(c.connectedAt))).toBe(true);
    expect(activity.recentConnections.map((c) => c.dealerId)).not.toContain(me.dealerId);
  });
});
