import { env, type D1Migration } from "cloudflare:test";

/**
 * Test files share a workerd process (vitest's isolate: false), so each starts by emptying every D1 database (the
 * main one, the outbox's, the bell's and My Stats') and migrating them again: every file still starts from migrated, empty databases,
 * without a new runtime and module graph. Each step is one batch (one transaction): the drops, each table after
 * every table that refers to it, and the migrations in order, each recorded as `applyD1Migrations` records it. Table by table and migration by migration
 * it was about 70 and 49 round trips a file, some 0.4 s.
 */
const { TEST_MIGRATIONS, TEST_OUTBOX_MIGRATIONS, TEST_BELL_MIGRATIONS, TEST_STATS_MIGRATIONS } =
  env as unknown as {
    TEST_MIGRATIONS: D1Migration[];
    TEST_OUTBOX_MIGRATIONS: D1Migration[];
    TEST_BELL_MIGRATIONS: D1Migration[];
    TEST_STATS_MIGRATIONS: D1Migration[];
  };

type SchemaRow = { name: string; type: string; sql: string | null };

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function emptyDatabase(db: D1Database) {
  const { results } = await db
    .prepare(
      "select name, type, sql from sqlite_master where type in ('table', 'view') and name not glob 'sqlite_*' and name not glob '_cf_*'",
    )
    .all<SchemaRow>();
  if (results.length === 0) return;
  const views = results.filter((row) => row.type === "view");
  // A virtual table takes its shadow tables with it, so it goes before them.
  const virtual = results.filter((row) => /^create virtual table/i.test(row.sql ?? ""));
  // Which tables each one's foreign keys refer to, read from its CREATE statement (D1 refuses the pragma).
  const references = results.flatMap((row) =>
    [...(row.sql ?? "").matchAll(/references\s+[`"']?([\w]+)/gi)].map((m) => ({
      child: row.name,
      parent: m[1]!,
    })),
  );
  // A table goes once every table that refers to it has gone: dropping one deletes its rows, which checks them.
  const left = new Set(
    results.filter((row) => row.type === "table" && !virtual.includes(row)).map((r) => r.name),
  );
  const order: string[] = [];
  while (left.size > 0) {
    const free = [...left].filter(
      (name) => !references.some((r) => r.parent === name && r.child !== name && left.has(r.child)),
    );
    if (free.length === 0)
      throw new Error(`could not order the test database's tables: ${[...left].join(", ")}`);
    for (const name of free) {
      order.push(name);
      left.delete(name);
    }
  }
  await db.batch([
    ...views.map((row) => db.prepare(`drop view if exists ${quoted(row.name)}`)),
    ...[...virtual.map((row) => row.name), ...order].map((name) =>
      db.prepare(`drop table if exists ${quoted(name)}`),
    ),
  ]);
}

async function migrate(db: D1Database, migrations: D1Migration[]) {
  const record = db.prepare("insert into d1_migrations (name) values (?)");
  await db.batch([
    db.prepare(`create table if not exists d1_migrations (
      id integer primary key autoincrement,
      name text unique,
      applied_at timestamp default current_timestamp not null
    )`),
    ...migrations.flatMap((migration) => [
      ...migration.queries.map((query) => db.prepare(query)),
      record.bind(migration.name),
    ]),
  ]);
}

await Promise.all([
  emptyDatabase(env.DB).then(() => migrate(env.DB, TEST_MIGRATIONS)),
  emptyDatabase(env.OUTBOX_DB).then(() => migrate(env.OUTBOX_DB, TEST_OUTBOX_MIGRATIONS)),
  emptyDatabase(env.BELL_DB).then(() => migrate(env.BELL_DB, TEST_BELL_MIGRATIONS)),
  emptyDatabase(env.STATS_DB).then(() => migrate(env.STATS_DB, TEST_STATS_MIGRATIONS)),
]);
