/// <reference types="node" />
/**
 * What each table of a seeded bench database takes on disk, for docs/capacity.md: its rows, the bytes of its
 * pages and of its indexes' pages (SQLite's dbstat), and both per row. The full-text index's own tables count
 * towards `post_search`, whose rows are the search documents.
 *
 *   node scripts/table-sizes.ts --posts 500000       → a Markdown table of .wrangler/bench-state-500000
 *   node scripts/table-sizes.ts --persist-to <dir>
 */
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { posts: { type: "string", default: "500000" }, "persist-to": { type: "string" } },
  });
  const file = localD1File(
    path.resolve(ROOT, values["persist-to"] || `.wrangler/bench-state-${values.posts}`),
  );
  console.log(sizesTable(tableSizes(file)));
}
