import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "#lib/api-types";
import { openDatabase } from "../../worker/db/client";
import { backupJson, ROOM_PAGE, type BackupRooms } from "../../worker/domain/admin/exports";
import { createServices } from "../../worker/services";
import { call, chatInD1Only, signUpAdmin, signUpDealer, twoDealersWithAChat } from "./helpers";

/** The admin's backup holds every chat's messages: those in the chats' rooms and those not yet moved there. */

type Backup = { part: number; tables: Record<string, Record<string, unknown>[]> };

let admin: Awaited<ReturnType<typeof signUpAdmin>>;
beforeAll(async () => {
  admin = await signUpAdmin();
});

const ids = (rows: Record<string, unknown>[]) => rows.map((m) => m.id as string);

/** A part of the backup as the domain streams it, read whole. */
async function partOf(cursor?: string, chatsPerPart?: number) {
  const part = await createServices(env).admin.exports.backupJson({ cursor, chatsPerPart });
  let text = "";
  for await (const chunk of part.chunks) text += chunk;
  return { ...part, backup: JSON.parse(text) as Backup };
}

describe("GET /api/admin/export/backup", () => {
  it("holds a chat whose messages live in its room and a chat not yet moved, each message once", async () => {
    const { a, b, chatId } = await twoDealersWithAChat();
    for (const content of ["Is the Tahoe still there?", "Yes, 41k miles", "Sending the photos"])
      expect(
        (await call("POST", "/api/messages", { cookie: a.cookie, body: { receiverId: b.dealerId, content } }))
          .status,
      ).toBe(201);
    const c = await signUpDealer();
    const oldChat = await chatInD1Only(a, c);
    const inD1 = await env.DB.prepare("select id from messages where chat_id = ?")
      .bind(oldChat)
      .all<{ id: string }>();
    expect(inD1.results).toHaveLength(2);

    const res = await call("GET", "/api/admin/export/backup", { cookie: admin.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("X-Next-Cursor")).toBeNull();
    const { part, tables } = res.json as unknown as Backup;
    expect(part).toBe(1);
    const messages = tables.messages as unknown as ChatMessage[];
    const inRoom = messages.filter((m) => m.chatId === chatId);
    expect(inRoom.map((m) => m.content).sort()).toEqual([
      "Is the Tahoe still there?",
      "Sending the photos",
      "Yes, 41k miles",
    ]);
    const moved = messages.filter((m) => m.chatId === oldChat);
    expect(moved.map((m) => m.id).sort()).toEqual(inD1.results.map((r) => r.id).sort());
    expect(moved.map((m) => m.content).sort()).toEqual(["Old answer", "Old hello"]);
    expect(new Set(ids(tables.messages!)).size).toBe(tables.messages!.length);
    // The rest of the backup is as before: the chat list beside the messages, and no secrets.
    expect(ids(tables.chats!)).toEqual(expect.arrayContaining([chatId, oldChat]));
    expect(tables).not.toHaveProperty("sessions");
    expect(res.text).not.toContain("password_hash");
  });

  it("comes in parts with a cursor when the network has more chats than a part reads, nothing twice", async () => {
    const { a, b } = await twoDealersWithAChat();
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "One more" },
    });
    await chatInD1Only(b, await signUpDealer());
    const chats = (await env.DB.prepare("select count(*) as n from chats").first<{ n: number }>())!.n;
    const whole = (await partOf()).backup.tables.messages!;

    const first = await partOf(undefined, 2);
    expect(Object.keys(first.backup.tables)).toContain("dealers");
    const parts = [first];
    while (parts[parts.length - 1]!.nextCursor) {
      const next = await partOf(parts[parts.length - 1]!.nextCursor!, 2);
      expect(Object.keys(next.backup.tables)).toEqual(["messages"]);
      parts.push(next);
    }
    expect(parts.map((p) => p.part)).toEqual(parts.map((_, i) => i + 1));
    // The console lists the same parts, read in one go.
    expect(await createServices(env).admin.exports.backupParts(2)).toEqual(
      parts.slice(0, -1).map((p) => p.nextCursor),
    );
    expect(parts).toHaveLength(Math.ceil(chats / 2));
    const together = parts.flatMap((p) => ids(p.backup.tables.messages!));
    expect(new Set(together).size).toBe(together.length);
    expect(together.sort()).toEqual(ids(whole).sort());
  });

  it("names a later part in its file and refuses a made-up cursor", async () => {
    const bad = await call("GET", "/api/admin/export/backup?cursor=nonsense", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    const second = (await partOf(undefined, 1)).nextCursor;
    expect(second).toBeTruthy();
    const res = await call("GET", `/api/admin/export/backup?cursor=${second}`, { cookie: admin.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(
      /dealerlane-backup-\d{4}-\d{2}-\d{2}-part-2\.json/,
    );
    expect(Object.keys((res.json as unknown as Backup).tables)).toEqual(["messages"]);
  });

  it("reads a busy room page by page until its oldest message", async () => {
    const { chatId } = await twoDealersWithAChat();
    // A room of two and a half pages, as the room answers `messagesBefore`: newest first, before (time, id).
    const stored = Array.from({ length: ROOM_PAGE * 2 + 7 }, (_, n) => ({
      id: `m${String(n).padStart(5, "0")}`,
      chatId,
      createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(n / 3) * 1000).toISOString(),
    })).reverse();
    const key = (m: { createdAt: string; id: string }) => [Date.parse(m.createdAt), m.id] as const;
    const before = (m: { createdAt: string; id: string }, [t, id]: [number, string]) =>
      key(m)[0] < t || (key(m)[0] === t && m.id < id);
    const calls: unknown[] = [];
    const rooms = ((id: string) => ({
      async messagesBefore(from: [number, string] | null, limit: number) {
        calls.push(from);
        if (id !== chatId) return [];
        return stored.filter((m) => !from || before(m, from)).slice(0, limit) as unknown as ChatMessage[];
      },
    })) as BackupRooms;
    const part = await backupJson(openDatabase(env.DB), rooms, { chatsPerPart: 100_000 });
    let text = "";
    for await (const chunk of part.chunks) text += chunk;
    const messages = (JSON.parse(text) as Backup).tables.messages!.filter((m) => m.chatId === chatId);
    expect(ids(messages)).toEqual(stored.map((m) => m.id));
    expect(calls.filter((c) => c !== null)).toHaveLength(2);
  });
});
