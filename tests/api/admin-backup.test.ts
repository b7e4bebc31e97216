import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "#lib/api-types";
import { openDatabase } from "../../worker/db/client";
import {
  BACKUP_D1_QUERIES_PER_PART,
  backupJson,
  ROOM_PAGE,
  type BackupLimits,
  type BackupRooms,
} from "../../worker/domain/admin/exports";
import { historyOf } from "../../worker/realtime/chat-history";
import { createServices } from "../../worker/services";
import { call, chatInD1Only, countedDb, signUpAdmin, signUpDealer, twoDealersWithAChat } from "./helpers";

/** The admin's backup holds every chat's messages: those in the chats' rooms and those not yet moved there. */

type Backup = { part: number; tables: Record<string, Record<string, unknown>[]> };

let admin: Awaited<ReturnType<typeof signUpAdmin>>;
beforeAll(async () => {
  admin = await signUpAdmin();
});

const ids = (rows: Record<string, unknown>[]) => rows.map((m) => m.id as string);

/** A part of the backup as the domain streams it, read whole, with the D1 queries and room calls it made. */
async function partOf(cursor?: string, limits?: BackupLimits) {
  const { database, counter } = countedDb();
  let roomCalls = 0;
  const rooms: BackupRooms = (chatId) => ({
    messagesBefore: (...page) => {
      roomCalls++;
      return historyOf(env, chatId).messagesBefore(...page);
    },
  });
  const databases = { main: openDatabase(database), bell: openDatabase(env.BELL_DB) };
  const part = await backupJson(databases, rooms, { cursor, limits });
  let text = "";
  for await (const chunk of part.chunks) text += chunk;
  return { ...part, backup: JSON.parse(text) as Backup, queries: counter.queries, roomCalls };
}

/** Every part from the first, each by the cursor of the one before. */
async function allParts(limits?: BackupLimits) {
  const parts = [await partOf(undefined, limits)];
  while (parts[parts.length - 1]!.nextCursor)
    parts.push(await partOf(parts[parts.length - 1]!.nextCursor!, limits));
  return parts;
}

/** Each table's rows across the parts, joined in order. */
const joined = (parts: { backup: Backup }[]) => {
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const { backup } of parts)
    for (const [name, rows] of Object.entries(backup.tables)) (tables[name] ??= []).push(...rows);
  return tables;
};

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

  it("comes in parts, each within its D1 queries and rooms, that join into exactly the whole backup", async () => {
    const { a, b } = await twoDealersWithAChat();
    await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "One more" },
    });
    await chatInD1Only(b, await signUpDealer());
    // A table of more rows than one read fetches, with gaps in its rowids, so a part ends inside it.
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 1234)
       insert into audit_log (id, actor_email, action, record_type, created_at)
       select 'bulk-' || i, 'admin@example.com', 'data.export', 'export', i from n`,
    ).run();
    await env.DB.prepare("delete from audit_log where id like 'bulk-%' and rowid % 7 = 0").run();
    // A first read moves the old chat's D1 rows into its room (and its last message onto the chat); the
    // parts are compared with the backup after that.
    await partOf(undefined, { reads: 100_000 });
    const whole = await partOf(undefined, { reads: 100_000 });
    expect(whole.nextCursor).toBeNull();

    // Parts of 2 queries of 500 rows and 2 chats: the tables and the chats both cut across parts.
    const limits = { reads: 2, chats: 2 };
    const parts = await allParts(limits);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.filter((p) => "audit_log" in p.backup.tables).length).toBeGreaterThan(1);
    expect(parts.map((p) => p.backup.part)).toEqual(parts.map((_, i) => i + 1));
    const together = joined(parts);
    expect(Object.keys(together).sort()).toEqual(Object.keys(whole.backup.tables).sort());
    for (const [table, rows] of Object.entries(whole.backup.tables)) {
      // Every row once: the same rows as the one-part backup, in the same order (by rowid, rooms by chat).
      expect(
        together[table]!.map((row) => JSON.stringify(row)),
        table,
      ).toEqual(rows.map((row) => JSON.stringify(row)));
    }
    // A part reads its rows and plans the next one: the first also plans itself, one query a table.
    const tables = Object.keys(whole.backup.tables).length;
    for (const p of parts) {
      expect(p.queries).toBeLessThanOrEqual(limits.reads + (p.part === 1 ? 2 : 1) * tables);
      expect(p.roomCalls).toBeLessThanOrEqual(limits.chats);
    }
    // The console lists the same parts, each with the end it was planned with.
    const listed = await createServices(env).admin.exports.backupParts(limits);
    expect(listed).toHaveLength(parts.length);
    expect(listed.slice(1)).toEqual(parts.slice(0, -1).map((p) => p.nextCursor));
    expect(joined(await Promise.all(listed.map((cursor) => partOf(cursor, limits))))).toEqual(together);
  });

  it("holds no part to more than its D1 queries at the real size of a part", async () => {
    for (const p of await allParts()) expect(p.queries).toBeLessThanOrEqual(BACKUP_D1_QUERIES_PER_PART);
  });

  it("names a later part in its file and refuses a made-up cursor", async () => {
    const made = (...values: unknown[]) =>
      btoa(JSON.stringify(["backup.part", ...values])).replace(/=+$/, "");
    for (const cursor of [
      "nonsense",
      made(2, 0, 0, 999, 0), // a table past the last
      made(2, 5, 10, 3, 0), // ends before it starts
      made(-1, 0, 0, 1, 5),
    ]) {
      const bad = await call("GET", `/api/admin/export/backup?cursor=${cursor}`, { cookie: admin.cookie });
      expect(bad.status, cursor).toBe(400);
      expect((bad.json as { message?: string }).message).toMatch(/cursor/i);
    }
    const second = (await partOf(undefined, { reads: 1, chats: 1 })).nextCursor;
    expect(second).toBeTruthy();
    const res = await call("GET", `/api/admin/export/backup?cursor=${second}`, { cookie: admin.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(
      /dealerlane-backup-\d{4}-\d{2}-\d{2}-part-2\.json/,
    );
    expect((res.json as unknown as Backup).part).toBe(2);
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
    const part = await backupJson({ main: openDatabase(env.DB), bell: openDatabase(env.BELL_DB) }, rooms, {
      limits: { reads: 100_000, chats: 100_000 },
    });
    let text = "";
    for await (const chunk of part.chunks) text += chunk;
    const messages = (JSON.parse(text) as Backup).tables.messages!.filter((m) => m.chatId === chatId);
    expect(ids(messages)).toEqual(stored.map((m) => m.id));
    expect(calls.filter((c) => c !== null)).toHaveLength(2);
  });
});
