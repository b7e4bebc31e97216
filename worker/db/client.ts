import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

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
export { schema };
