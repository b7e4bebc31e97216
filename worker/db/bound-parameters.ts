import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/** D1 binds at most this many parameters in one statement ("too many SQL variables" past it). */
export const D1_MAX_BOUND_PARAMETERS = 100;

/**
 * `items` cut into runs that each fit one statement, however many there are: each item binds `perItem`
 * parameters (1 for an id in a list, a row's columns for an insert) beside the `fixed` ones the statement
 * binds itself. No runs for no items.
 */
export function inChunks<T>(items: readonly T[], cost: { perItem?: number; fixed?: number } = {}): T[][] {
  const { perItem = 1, fixed = 0 } = cost;
  const size = Math.floor((D1_MAX_BOUND_PARAMETERS - fixed) / perItem);
  if (size < 1) throw new Error(`No item fits a statement that binds ${fixed} + ${perItem} parameters`);
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}

/** The parameters an insert binds per row of `table`, at most: one per column (defaults are bound too). */
export const parametersPerRow = (table: SQLiteTable) => Object.keys(getTableColumns(table)).length;

/** `?, ?, ?` for `in (…)` or a row of `values`: one bound parameter per value. */
export const listOf = (values: readonly unknown[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * `(select value from json_each(?))` for `in …`: the values as one bound parameter, however many (D1 binds at
 * most D1_MAX_BOUND_PARAMETERS per statement).
 */
export const jsonList = (values: readonly unknown[]): SQL =>
  sql`(select value from json_each(${JSON.stringify(values)}))`;

/** `values` as a table `name(value)` the statement can read many times, each value bound once. */
export const valuesTable = (name: string, values: readonly string[]): SQL =>
  sql`${sql.raw(name)}(value) as (values ${sql.join(
    values.map((v) => sql`(${v})`),
    sql`, `,
  )})`;
