/// <reference types="node" />
/**
 * The local D1 database that `wrangler dev --persist-to <dir>` serves, written as the SQLite file it is. The
 * national bench network (millions of rows) goes in this way: the local bindings' batches cross into workerd and
 * back for every 100 parameters, which would take hours.
 *
 * A row at a time through the schema's triggers took over an hour for the national network (every vehicle
 * rewrote its post's search document, every search document its full-text entry). So the load drops the
 * secondary indexes and the triggers it does not need, inserts, builds each index once, and writes what the
 * dropped triggers would have written with one statement each (BULK_REBUILDS): the search documents, the
 * full-text index, the counters and the daily figures come out as the worker itself would have written them.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { boundValue, type TableRows } from "./local-bindings.ts";
import { BULK_REBUILDS, KEPT_TRIGGERS } from "./local-d1-rebuilds.ts";

/** SQLite's page cache during the load, in KiB (negative: a size, not pages): the indexes are built in memory. */
const LOAD_CACHE_KIB = 1_500_000;

/** Whether the SQLite file holds a table named `table`. */
function holdsTable(file: string, table: string): boolean {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (
      db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table) !== undefined
    );
  } finally {
    db.close();
  }
}

/**
 * The SQLite file of a D1 binding in a migrated state directory: the main database's (DB, the one with a
 * `dealers` table) unless told. Miniflare keeps each D1 database as a Durable Object's storage, one
 * `<hash>.sqlite` beside its `metadata.sqlite`, named by a hash: the file is known by what it holds.
 */
export function localD1File(persistTo: string, holding = "dealers"): string {
  const dir = path.join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
    .filter((f) => holdsTable(path.join(dir, f), holding));
  if (files.length !== 1)
    throw new Error(`${dir} holds ${files.length} D1 databases with a ${holding} table; expected one`);
  return path.join(dir, files[0]!);
}

/**
 * A copy of a state's D1 file that a script may write to, made once (delete it for a fresh one) in `.wrangler/
 * post-statements/`: beside the states, not in them, since the bench tools copy a state directory whole.
 */
export function writableCopy(persistTo: string): string {
  const copy = path.join(".wrangler", "post-statements", `${path.basename(persistTo)}.sqlite`);
  if (!existsSync(copy)) {
    mkdirSync(path.dirname(copy), { recursive: true });
    const file = localD1File(persistTo);
    copyFileSync(file, copy);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  }
  return copy;
}

/** How long a step took on the clock, and in this process's CPU time (what a shared machine's load leaves out). */
export type Took = { wallMs: number; cpuMs: number };

export function timed<T>(work: () => T): [T, Took] {
  const [wall, cpu] = [performance.now(), process.cpuUsage()];
  const result = work();
  const used = process.cpuUsage(cpu);
  return [result, { wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 }];
}

type SchemaObject = { type: "index" | "trigger"; name: string; tbl_name: string; sql: string };

/** Rows of a table, as an array or produced on the way (the national network's millions of messages). */
export type LoadedTable = readonly [table: string, rows: Iterable<TableRows[1][number]>];

/**
 * Inserts the tables' rows in the order given (parents first), foreign keys checked, one prepared statement per
 * table; `log` hears each step and how long it took. The tables must be empty of rows the load would count twice:
 * the rebuilds count the rows above each table's highest rowid before the load.
 */
export function writeRowsDirect(
  file: string,
  tables: readonly LoadedTable[],
  log: (step: string, rows: number | null, took: Took) => void = () => {},
): void {
  const db = new DatabaseSync(file);
  const step = <T>(name: string, work: () => T, rowsOf: (result: T) => number | null = () => null): T => {
    const [result, took] = timed(work);
    log(name, rowsOf(result), took);
    return result;
  };
  try {
    const { journal_mode: journal } = db.prepare("PRAGMA journal_mode").get() as { journal_mode: string };
    // A bench database that a crash leaves half-written is seeded again (no marker file), so durability buys nothing.
    db.exec(
      `PRAGMA foreign_keys = ON; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; ` +
        `PRAGMA cache_size = -${LOAD_CACHE_KIB}; PRAGMA temp_store = MEMORY`,
    );
    const loaded = tables.map(([table]) => table);
    const objects = db
      .prepare(
        `SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND (type = 'trigger' OR (type = 'index' AND tbl_name IN (${loaded.map(() => "?").join(", ")})))`,
      )
      .all(...loaded) as SchemaObject[];
    const triggers = objects.filter((o) => o.type === "trigger" && !KEPT_TRIGGERS.includes(o.name));
    const indexes = objects.filter((o) => o.type === "index");
    const missing = triggers.filter(
      (t) => loaded.includes(t.tbl_name) && /\bAFTER\s+INSERT\b/i.test(t.sql) && !(t.name in BULK_REBUILDS),
    );
    if (missing.length > 0)
      throw new Error(
        `no bulk rebuild for the insert trigger(s) ${missing.map((t) => t.name).join(", ")} (scripts/local-d1-rebuilds.ts)`,
      );
    // Every table a rebuild reads by rowid, measured before the load.
    const referenced = new Set(
      Object.values(BULK_REBUILDS).flatMap((r) =>
        r.statements.flatMap((sql) => [...sql.matchAll(/:from_(\w+)/g)].map((m) => m[1]!)),
      ),
    );
    const before: Record<string, number> = {};
    for (const table of referenced) before[`from_${table}`] = highestRowid(db, table);

    for (const o of [...triggers, ...indexes]) db.exec(`DROP ${o.type.toUpperCase()} "${o.name}"`);
    for (const [table, rows] of tables)
      step(
        table,
        () => insertAll(db, table, rows),
        (n) => n,
      );
    step(`${indexes.length} indexes built`, () => {
      for (const index of indexes) db.exec(index.sql);
    });
    // Each rebuild whose table was loaded or written by a rebuild before it, once, in the order listed.
    const written = new Set(loaded);
    for (const [name, rebuild] of Object.entries(BULK_REBUILDS)) {
      const trigger = triggers.find((t) => t.name === name);
      if (!trigger || !written.has(trigger.tbl_name)) continue;
      if (rebuild.writes) written.add(rebuild.writes);
      for (const sql of rebuild.statements)
        step(`rebuild ${name}`, () =>
          db
            .prepare(sql)
            .run(Object.fromEntries(Object.entries(before).filter(([key]) => sql.includes(`:${key}`)))),
        );
    }
    for (const trigger of triggers) db.exec(trigger.sql);
    db.exec(`PRAGMA journal_mode = ${journal}`);
    step("analyze", () => db.exec("PRAGMA optimize"));
  } finally {
    db.close();
  }
}

/** The table's highest rowid, 0 when empty (or when it has no rowid: then every row counts as loaded). */
function highestRowid(db: DatabaseSync, table: string): number {
  try {
    return (db.prepare(`SELECT coalesce(max(rowid), 0) AS n FROM ${table}`).get() as { n: number }).n;
  } catch {
    return 0;
  }
}

/** One transaction for the table: with no journal, a commit per batch would only add work. */
function insertAll(db: DatabaseSync, table: string, rows: LoadedTable[1]): number {
  let insert: ReturnType<DatabaseSync["prepare"]> | null = null;
  let columns: string[] = [];
  let count = 0;
  db.exec("BEGIN");
  for (const row of rows) {
    if (!insert) {
      columns = Object.keys(row);
      insert = db.prepare(
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
    }
    insert.run(...columns.map((column) => boundValue(table, row, column)));
    count++;
  }
  db.exec("COMMIT");
  return count;
}
