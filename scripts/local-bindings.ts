/// <reference types="node" />
/**
 * The local D1 databases (the main one, the outbox's and My Stats') and R2 bucket that `wrangler dev` serves, opened in this process through wrangler's own
 * local bindings: one local runtime for every statement and photo of the seed, where a `wrangler d1 execute` per
 * step started one each time.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inChunks } from "../worker/db/bound-parameters.ts";

type Databases = { DB: D1Database; OUTBOX_DB: D1Database; STATS_DB: D1Database };
type LocalBindings = Databases & { PHOTOS: R2Bucket; dispose(): Promise<void> };
const DATABASES = ["DB", "OUTBOX_DB", "STATS_DB"];

/** The state directory `wrangler dev --persist-to <dir>` reads (its v3 folder); .wrangler/state by default. */
const persistRootOf = (root: string, persistTo: string | null) =>
  path.join(path.resolve(root, persistTo ?? ".wrangler/state"), "v3");

export async function openLocalBindings(root: string, persistTo: string | null): Promise<LocalBindings> {
  // Only a failure is worth printing from here.
  process.env.WRANGLER_LOG ??= "error";
  const { getPlatformProxy, unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: path.join(root, "wrangler.toml") });
  const databases = config.d1_databases.filter((d: { binding: string }) => DATABASES.includes(d.binding));
  const photos = config.r2_buckets.find((b: { binding: string }) => b.binding === "PHOTOS");
  if (databases.length !== DATABASES.length || !photos)
    throw new Error(`wrangler.toml lacks one of the ${DATABASES.join(", ")} databases or the PHOTOS bucket`);
  // The app's configuration also binds Durable Objects, which a script without their code can only warn about:
  // a configuration of the two bindings alone, under the same names, reaches the same local storage.
  const configPath = path.join(root, ".seed", `bindings-${process.pid}.json`);
  mkdirSync(path.dirname(configPath), { recursive: true });
  writeFileSync(
    configPath,
    JSON.stringify({
      name: config.name,
      compatibility_date: config.compatibility_date,
      d1_databases: databases,
      r2_buckets: [photos],
    }),
  );
  try {
    const proxy = await getPlatformProxy<Databases & { PHOTOS: R2Bucket }>({
      configPath,
      persist: { path: persistRootOf(root, persistTo) },
      remoteBindings: false,
    });
    return {
      DB: proxy.env.DB,
      OUTBOX_DB: proxy.env.OUTBOX_DB,
      STATS_DB: proxy.env.STATS_DB,
      PHOTOS: proxy.env.PHOTOS,
      dispose: () => proxy.dispose(),
    };
  } finally {
    rmSync(configPath, { force: true });
  }
}

/** A table's rows, keyed by column name (the first row's keys name the columns). */
export type TableRows = readonly [
  table: string,
  rows: readonly Record<string, string | number | boolean | null>[],
];

type Row = TableRows[1][number];

/** A row's value for `column` as SQLite stores it (booleans as 0 / 1); a missing column is a mistake. */
export function boundValue(table: string, row: Row, column: string): string | number | null {
  const value = row[column];
  if (value === undefined) throw new Error(`${table}: a row has no ${column}`);
  return typeof value === "boolean" ? Number(value) : value;
}

/**
 * Inserts the tables' rows in the order given (parents first: D1 enforces foreign keys), each statement binding
 * at most D1's limit of parameters. `statementsPerBatch` cuts the work into batches, each all or nothing; by
 * default everything is one batch. `orIgnore` keeps rows already there.
 */
export async function insertRows(
  db: D1Database,
  tables: readonly TableRows[],
  options: { orIgnore?: boolean; statementsPerBatch?: number } = {},
): Promise<void> {
  const statements = tables.flatMap(([table, rows]) => {
    const columns = Object.keys(rows[0] ?? {});
    const tuple = `(${columns.map(() => "?").join(", ")})`;
    return inChunks(rows, { perItem: columns.length }).map((chunk) =>
      db
        .prepare(
          `INSERT${options.orIgnore ? " OR IGNORE" : ""} INTO ${table} (${columns.join(", ")}) VALUES ${chunk.map(() => tuple).join(", ")}`,
        )
        .bind(...chunk.flatMap((row) => columns.map((column) => boundValue(table, row, column)))),
    );
  });
  const size = options.statementsPerBatch ?? statements.length;
  for (let i = 0; i < statements.length; i += size) await db.batch(statements.slice(i, i + size));
}
