/// <reference types="node" />
/**
 * The local D1 database that `wrangler dev --persist-to <dir>` serves, written as the SQLite file it is. The
 * national bench network (millions of rows) goes in this way: the local bindings' batches cross into workerd and
 * back for every 100 parameters, which would take hours. The schema's triggers stay on, so the search index and
 * the counters come out as the worker itself would have written them.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { boundValue, type TableRows } from "./local-bindings.ts";

/** Rows per transaction: large enough that commits cost nothing, small enough to keep the journal modest. */
const ROWS_PER_TRANSACTION = 100_000;

/**
 * The SQLite file of the DB binding in a migrated state directory. Miniflare keeps each D1 database as a Durable
 * Object's storage, one `<hash>.sqlite` beside its `metadata.sqlite`; a bench state directory holds only the one.
 */
export function localD1File(persistTo: string): string {
  const dir = path.join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length !== 1)
    throw new Error(`${dir} holds ${files.length} D1 databases; expected the one migrated for the bench`);
  return path.join(dir, files[0]!);
}

/**
 * Inserts the tables' rows in the order given (parents first), with D1's foreign-key checks on, one prepared
 * statement per table; `log` hears each table's count when it is in.
 */
export function writeRowsDirect(
  file: string,
  tables: readonly TableRows[],
  log: (table: string, rows: number) => void = () => {},
): void {
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA foreign_keys = ON");
    // A bench database that a crash leaves half-written is seeded again (no marker file), so durability buys nothing.
    db.exec("PRAGMA synchronous = OFF");
    for (const [table, rows] of tables) {
      const columns = Object.keys(rows[0] ?? {});
      if (columns.length > 0) {
        const insert = db.prepare(
          `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        );
        for (let start = 0; start < rows.length; start += ROWS_PER_TRANSACTION) {
          db.exec("BEGIN");
          for (const row of rows.slice(start, start + ROWS_PER_TRANSACTION))
            insert.run(...columns.map((column) => boundValue(table, row, column)));
          db.exec("COMMIT");
        }
      }
      log(table, rows.length);
    }
    db.exec("PRAGMA optimize");
  } finally {
    db.close();
  }
}
