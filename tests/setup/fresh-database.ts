import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

/**
 * Test files share a workerd process (vitest's isolate: false), so each starts by emptying D1 and migrating it
 * again: every file still starts from a migrated, empty database, without a new runtime and module graph.
 */
const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };

type SchemaRow = { name: string; type: string; sql: string | null };

async function emptyDatabase(db: D1Database) {
  const { results } = await db
    .prepare(
      "select name, type, sql from sqlite_master where type in ('table', 'view') and name not glob 'sqlite_*' and name not glob '_cf_*'",
    )
    .all<SchemaRow>();
  const views = results.filter((row) => row.type === "view");
  const virtual = results.filter((row) => /^create virtual table/i.test(row.sql ?? ""));
  let tables = results.filter((row) => row.type === "table" && !virtual.includes(row));
  const drop = (kind: string, name: string) =>
    db.prepare(`drop ${kind} if exists "${name.replace(/"/g, '""')}"`);
  if (views.length) await db.batch(views.map((row) => drop("view", row.name)));
  for (const row of virtual) await drop("table", row.name).run();
  // A virtual table takes its shadow tables with it; foreign keys decide the order of the rest.
  for (let pass = 0; tables.length && pass < 50; pass++) {
    const left: SchemaRow[] = [];
    for (const row of tables) {
      try {
        await drop("table", row.name).run();
      } catch {
        left.push(row);
      }
    }
    tables = left;
  }
  if (tables.length)
    throw new Error(`could not empty the test database: ${tables.map((t) => t.name).join(", ")}`);
}

await emptyDatabase(env.DB);
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
