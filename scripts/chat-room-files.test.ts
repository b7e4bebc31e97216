import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chatRoomFile, chatRoomsDir, writeChatRooms } from "./chat-room-files.ts";

/**
 * A stand-in ChatRoom under the app's script name: the same namespace, so the same ids and files as the app's
 * rooms. It reads its messages table through its own storage, as the room does.
 */
const PROBE = `
export class ChatRoom {
  constructor(ctx) { this.ctx = ctx; }
  fetch(request) {
    const sql = this.ctx.storage.sql;
    if (new URL(request.url).searchParams.has("write")) {
      sql.exec("CREATE TABLE IF NOT EXISTS probe (n INTEGER)");
      sql.exec("INSERT INTO probe VALUES (1)");
      return new Response("written");
    }
    return Response.json(sql.exec("SELECT id, sender_id, content, is_read, created_at FROM messages ORDER BY created_at, id").toArray());
  }
}
export default {
  fetch(request, env) {
    const room = new URL(request.url).searchParams.get("room");
    return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(room)).fetch(request);
  },
};`;

const SCRIPT = "dealerlane";

describe("chat rooms written straight into their Durable Objects' files", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dealerlane-rooms-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are read back by the running room, and a room the runtime makes lands in the file named for it", async () => {
    writeFileSync(path.join(dir, "probe.js"), PROBE);
    writeFileSync(
      path.join(dir, "wrangler.json"),
      JSON.stringify({
        name: SCRIPT,
        main: "probe.js",
        compatibility_date: "2025-01-01",
        durable_objects: { bindings: [{ name: "CHAT_ROOM", class_name: "ChatRoom" }] },
        migrations: [{ tag: "v1", new_sqlite_classes: ["ChatRoom"] }],
      }),
    );
    const persistTo = path.join(dir, "state");
    const chatId = "0b8f4f8e-2c59-4a37-9d0e-5f1f1c1e7a01";
    const messages = [
      {
        id: "m2",
        client_id: "c2",
        sender_id: "b",
        receiver_id: "a",
        content: "Still have it?",
        created_at: 2000,
      },
      {
        id: "m1",
        client_id: "c1",
        sender_id: "a",
        receiver_id: "b",
        content: "Clean title",
        is_read: true,
        created_at: 1000,
      },
    ];
    expect(writeChatRooms(persistTo, SCRIPT, [{ chatId, messages }])).toBe(2);

    process.env.WRANGLER_LOG ??= "error";
    const { unstable_startWorker } = await import("wrangler");
    const worker = await unstable_startWorker({
      config: path.join(dir, "wrangler.json"),
      dev: { persist: persistTo, server: { port: 0 }, inspector: false },
    });
    try {
      const read = await worker.fetch(`http://room/?room=${chatId}`);
      expect(await read.json()).toEqual([
        { id: "m1", sender_id: "a", content: "Clean title", is_read: 1, created_at: 1000 },
        { id: "m2", sender_id: "b", content: "Still have it?", is_read: 0, created_at: 2000 },
      ]);
      const other = "another-chat";
      await (await worker.fetch(`http://room/?room=${other}&write`)).text();
      expect(existsSync(chatRoomFile(persistTo, SCRIPT, other))).toBe(true);
    } finally {
      await worker.dispose();
    }
    expect(readdirSync(chatRoomsDir(persistTo, SCRIPT)).filter((f) => f.endsWith(".sqlite")).length).toBe(3);
  }, 300_000);
});
