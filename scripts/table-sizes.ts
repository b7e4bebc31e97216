/// <reference types="node" />
/**
 * What each table of a seeded bench database takes on disk, for docs/capacity.md: its rows, the bytes of its
 * pages and of its indexes' pages (SQLite's dbstat), and both per row. The full-text index's own tables count
 * towards `post_search`, whose rows are the search documents. Then the chat rooms' own SQLite files (each
 * ChatRoom's history): their size on disk, their messages' pages, and the messages' payload, per message.
 * Every file is opened read-only (a room file with no write-ahead log as immutable, so nothing is created
 * beside it): the bench network is measured as it is, never written.
 *
 *   node scripts/table-sizes.ts --posts 500000       → Markdown tables of .wrangler/bench-state-500000
 *   node scripts/table-sizes.ts --persist-to <dir>
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chatRoomsDir, ROOM_COLUMNS, scriptName } from "./chat-room-files.ts";
import { localD1File } from "./local-d1-file.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

export type TableSize = { table: string; rows: number; tableBytes: number; indexBytes: number };

/** Miniflare's and SQLite's own tables and the migrations journal are not the app's data. */
const isAppTable = (name: string) =>
  !name.startsWith("sqlite_") && !name.startsWith("_cf_") && name !== "d1_migrations";

export function tableSizes(file: string): TableSize[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const objects = db
      .prepare(
        "SELECT name, type, tbl_name AS owner, sql FROM sqlite_master WHERE type IN ('table', 'index')",
      )
      .all() as { name: string; type: string; owner: string; sql: string | null }[];
    const bytes = new Map(
      (
        db.prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name").all() as {
          name: string;
          bytes: number;
        }[]
      ).map((r) => [r.name, r.bytes]),
    );
    const virtual = objects.filter((o) => o.sql?.startsWith("CREATE VIRTUAL TABLE")).map((o) => o.name);
    // An FTS5 table keeps its index in shadow tables named after it (post_search_data, post_search_idx, …).
    const ownerOf = (o: { name: string; owner: string }) =>
      virtual.find((v) => o.name.startsWith(`${v}_`)) ?? o.owner;
    const sizes = new Map<string, TableSize>();
    for (const o of objects) {
      const table = ownerOf(o);
      if (!isAppTable(table)) continue;
      const size = sizes.get(table) ?? { table, rows: 0, tableBytes: 0, indexBytes: 0 };
      if (o.type === "index") size.indexBytes += bytes.get(o.name) ?? 0;
      else size.tableBytes += bytes.get(o.name) ?? 0;
      sizes.set(table, size);
    }
    for (const size of sizes.values()) {
      const counted = virtual.includes(size.table) ? `${size.table}_docsize` : size.table;
      size.rows = (db.prepare(`SELECT count(*) AS n FROM "${counted}"`).get() as { n: number }).n;
    }
    return [...sizes.values()].sort((a, b) => b.tableBytes + b.indexBytes - (a.tableBytes + a.indexBytes));
  } finally {
    db.close();
  }
}

/**
 * One table's size on an open connection, its indexes counted with it: dbstat read one b-tree at a time (by
 * name), so a table of a large file is measured without walking every page of the file.
 */
export function sizeOf(db: DatabaseSync, table: string): TableSize {
  const names = db
    .prepare("SELECT name, type FROM sqlite_master WHERE tbl_name = ? AND type IN ('table', 'index')")
    .all(table) as { name: string; type: string }[];
  const size: TableSize = { table, rows: 0, tableBytes: 0, indexBytes: 0 };
  for (const { name, type } of names) {
    const { bytes } = db
      .prepare("SELECT coalesce(sum(pgsize), 0) AS bytes FROM dbstat WHERE name = ?")
      .get(name) as {
      bytes: number;
    };
    if (type === "index") size.indexBytes += bytes;
    else size.tableBytes += bytes;
  }
  size.rows = (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
  return size;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const perRow = (bytes: number, rows: number) => (rows ? Math.round(bytes / rows).toString() : "—");

export function sizesTable(sizes: TableSize[]): string {
  const total = sizes.reduce((s, t) => s + t.tableBytes + t.indexBytes, 0);
  return [
    "| Table | Rows | Table (MB) | Indexes (MB) | Bytes per row (table + indexes) |",
    "|---|---:|---:|---:|---:|",
    ...sizes
      .filter((s) => s.rows > 0)
      .map(
        (s) =>
          `| ${s.table} | ${s.rows.toLocaleString("en-US")} | ${mb(s.tableBytes)} | ${mb(s.indexBytes)} | ${perRow(s.tableBytes + s.indexBytes, s.rows)} |`,
      ),
    `| all tables | | | | ${mb(total)} MB in all |`,
  ].join("\n");
}

export type RoomSizes = {
  rooms: number;
  messages: number;
  /** The room files' bytes on disk (with any write-ahead log beside them). */
  fileBytes: number;
  /** Pages of the rooms' `messages` tables and of their indexes. */
  tableBytes: number;
  indexBytes: number;
  /** What the messages' columns hold: text as UTF-8 bytes, the time and read flag as 8 and 1. */
  payloadBytes: number;
};

/** The room table's numbers (its time and read flag) are counted as 8 and 1 bytes; its text as UTF-8 bytes. */
const ROOM_NUMBER_COLUMNS: readonly string[] = ["is_read", "created_at"];
const ROOM_TEXT_COLUMNS = ROOM_COLUMNS.filter((c) => !ROOM_NUMBER_COLUMNS.includes(c));
const PAYLOAD_SQL = `SELECT count(*) AS n, coalesce(sum(${ROOM_TEXT_COLUMNS.map((c) => `coalesce(length(CAST("${c}" AS BLOB)), 0)`).join(" + ")} + 9), 0) AS bytes FROM messages`;

/** Opens a room file without writing beside it: immutable when no writer has a log open on it. */
const openRoom = (file: string) =>
  existsSync(`${file}-wal`)
    ? new DatabaseSync(file, { readOnly: true })
    : new DatabaseSync(`file:${file}?immutable=1`, { readOnly: true });

export function roomSizes(dir: string): RoomSizes {
  const sizes: RoomSizes = {
    rooms: 0,
    messages: 0,
    fileBytes: 0,
    tableBytes: 0,
    indexBytes: 0,
    payloadBytes: 0,
  };
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".sqlite"))) {
    const file = path.join(dir, name);
    sizes.rooms++;
    for (const part of [file, `${file}-wal`]) if (existsSync(part)) sizes.fileBytes += statSync(part).size;
    const db = openRoom(file);
    try {
      const pages = db
        .prepare(
          "SELECT s.name, m.type, sum(s.pgsize) AS bytes FROM dbstat s JOIN sqlite_master m ON m.name = s.name WHERE m.tbl_name = 'messages' GROUP BY s.name",
        )
        .all() as { name: string; type: string; bytes: number }[];
      if (pages.length === 0) continue;
      for (const p of pages) {
        if (p.type === "index") sizes.indexBytes += p.bytes;
        else sizes.tableBytes += p.bytes;
      }
      const { n, bytes } = db.prepare(PAYLOAD_SQL).get() as { n: number; bytes: number };
      sizes.messages += n;
      sizes.payloadBytes += bytes;
    } finally {
      db.close();
    }
  }
  return sizes;
}

export function roomsTable(r: RoomSizes): string {
  const per = (bytes: number) => perRow(bytes, r.messages);
  return [
    "| Chat rooms | Messages | Files (MB) | Table (MB) | Indexes (MB) | Bytes per message: file / table + indexes / payload |",
    "|---:|---:|---:|---:|---:|---:|",
    `| ${r.rooms.toLocaleString("en-US")} | ${r.messages.toLocaleString("en-US")} | ${mb(r.fileBytes)} | ${mb(r.tableBytes)} | ${mb(r.indexBytes)} | ${per(r.fileBytes)} / ${per(r.tableBytes + r.indexBytes)} / ${per(r.payloadBytes)} |`,
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { posts: { type: "string", default: "500000" }, "persist-to": { type: "string" } },
  });
  const persistTo = path.resolve(ROOT, values["persist-to"] || `.wrangler/bench-state-${values.posts}`);
  console.log(sizesTable(tableSizes(localD1File(persistTo))));
  const rooms = chatRoomsDir(persistTo, scriptName(ROOT));
  if (existsSync(rooms)) console.log(`\n${roomsTable(roomSizes(rooms))}`);
}
