import { drizzle } from "drizzle-orm/d1";
import type { SQLiteRaw } from "drizzle-orm/sqlite-core/query-builders/raw";

/**
 * The request's database, without Drizzle's relational query API (`db.query.*`, which nothing uses): given the
 * schema, `drizzle()` maps every table's relations and builds a query builder per table on every call, a
 * measurable share of every page (docs/decisions/0023-signed-in-page-speed.md). Queries name their
 * tables from `schema` directly.
 */
export function openDatabase(d1: D1Database) {
  return drizzle(d1);
}

export type Database = ReturnType<typeof openDatabase>;

/**
 * A raw statement (`db.all(sql…)`, `db.run(sql…)`) that can go in `db.batch`: Drizzle's D1 batch binds each
 * query's prepared `stmt`, which its raw statements lack (it throws on their parameters), so this prepares it.
 */
export function batchable<T extends SQLiteRaw<unknown>>(db: Database, raw: T): T {
  return Object.assign(raw, { stmt: db.$client.prepare(raw.getQuery().sql) });
}
