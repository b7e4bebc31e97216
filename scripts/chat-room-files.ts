/// <reference types="node" />
/**
 * Each chat's messages written straight into its ChatRoom Durable Object's own SQLite file, as `wrangler dev
 * --persist-to <dir>` keeps it: `<dir>/v3/do/<script>-ChatRoom/<id>.sqlite`, where `<id>` is what
 * `CHAT_ROOM.idFromName(chatId)` answers. The national network's 5 M messages go in this way (writing them
 * through the rooms would take hours); scripts/chat-room-files.test.ts reads a written room back through a
 * running Durable Object.
 */
import { createHash, createHmac } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/** The worker's name in wrangler.toml: the local runtime keys its Durable Objects' folders by it. */
export const scriptName = (root: string) => {
  const name = /^name\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(root, "wrangler.toml"), "utf8"))?.[1];
  if (!name) throw new Error("wrangler.toml names no worker");
  return name;
};

/** The chat room's Durable Object class, as wrangler.toml binds it. */
const CHAT_ROOM_CLASS = "ChatRoom";

/** The room's own table, as the ChatRoom creates it on first use (created_at in milliseconds, like D1's). */
export const ROOM_MESSAGES_SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (id TEXT PRIMARY KEY, client_id TEXT NOT NULL, sender_id TEXT NOT NULL, receiver_id TEXT NOT NULL, content TEXT NOT NULL, context TEXT, attachments TEXT, call TEXT, offer TEXT, is_read INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS messages_client_idx ON messages(sender_id, client_id);
CREATE INDEX IF NOT EXISTS messages_time_idx ON messages(created_at, id);`;

/** The room table's columns, in its order. */
export const ROOM_COLUMNS = [
  "id",
  "client_id",
  "sender_id",
  "receiver_id",
  "content",
  "context",
  "attachments",
  "call",
  "offer",
  "is_read",
  "created_at",
] as const;

export type RoomMessage = Partial<Record<(typeof ROOM_COLUMNS)[number], string | number | boolean | null>>;

/**
 * The id the local runtime gives the object named `name` in the namespace whose unique key is
 * `<script>-<class>` (Miniflare's key for a worker's own class). workerd's derivation: key = SHA-256(unique
 * key); the id's first 16 bytes are HMAC-SHA-256(key, name), the last 16 an HMAC of those. Checked against
 * the runtime by the test.
 */
export function localDurableObjectId(uniqueKey: string, name: string): string {
  const key = createHash("sha256").update(uniqueKey).digest();
  const base = createHmac("sha256", key).update(name).digest().subarray(0, 16);
  const mac = createHmac("sha256", key).update(base).digest().subarray(0, 16);
  return Buffer.concat([base, mac]).toString("hex");
}

/** The folder of the script's chat rooms in a state directory. */
export const chatRoomsDir = (persistTo: string, script: string) =>
  path.join(persistTo, "v3", "do", `${script}-${CHAT_ROOM_CLASS}`);

/** The SQLite file of the room of `chatId`. */
export const chatRoomFile = (persistTo: string, script: string, chatId: string) =>
  path.join(
    chatRoomsDir(persistTo, script),
    `${localDurableObjectId(`${script}-${CHAT_ROOM_CLASS}`, chatId)}.sqlite`,
  );

/**
 * Writes every room's file (none may exist yet): its messages table and, as Miniflare records it for the
 * local explorer, the object's name. Answers the number of messages written.
 */
export function writeChatRooms(
  persistTo: string,
  script: string,
  rooms: Iterable<{ chatId: string; messages: readonly RoomMessage[] }>,
): number {
  mkdirSync(chatRoomsDir(persistTo, script), { recursive: true });
  let written = 0;
  for (const { chatId, messages } of rooms) {
    const db = new DatabaseSync(chatRoomFile(persistTo, script, chatId));
    try {
      // A room file is written once, whole; a crash leaves a state directory that is seeded again.
      db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF");
      db.exec(ROOM_MESSAGES_SCHEMA);
      db.exec("CREATE TABLE IF NOT EXISTS __miniflare_do_name (id INTEGER PRIMARY KEY, name TEXT)");
      db.prepare("INSERT OR REPLACE INTO __miniflare_do_name (id, name) VALUES (1, ?)").run(chatId);
      const insert = db.prepare(
        `INSERT INTO messages (${ROOM_COLUMNS.join(", ")}) VALUES (${ROOM_COLUMNS.map(() => "?").join(", ")})`,
      );
      db.exec("BEGIN");
      for (const m of messages) {
        insert.run(
          ...ROOM_COLUMNS.map((c) => {
            const value = m[c] ?? (c === "is_read" ? 0 : null);
            return typeof value === "boolean" ? Number(value) : value;
          }),
        );
        written++;
      }
      db.exec("COMMIT");
      // workerd opens the room's storage in WAL mode, as any room it created itself.
      db.exec("PRAGMA journal_mode = WAL");
    } finally {
      db.close();
    }
  }
  return written;
}
