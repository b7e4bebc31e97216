import { getTableName, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { RETENTION_BATCH_ROWS, RETENTION_MAX_BATCHES } from "#lib/retention";
import type { Database } from "../../db/client";

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the rows of `table` that `where` picks, RETENTION_BATCH_ROWS per statement, so no statement outgrows
 * D1's time limit however large the table; at most RETENTION_MAX_BATCHES statements per run, the rest waiting
 * for the next day. `where` should seek an index; `index` names it where the planner would pick a wider one.
 * Answers how many rows went.
 */
export function deleteInBatches(
  db: Database,
  table: SQLiteTable,
  where: SQL,
  index?: string,
): Promise<number> {
  return inBatches(db, table, where, sql`delete from ${table}`, index);
}

async function inBatches(
  db: Database,
  table: SQLiteTable,
  where: SQL,
  change: SQL,
  index?: string,
): Promise<number> {
  const source = index ? sql`${table} indexed by ${sql.identifier(index)}` : sql`${table}`;
  let changed = 0;
  for (let round = 0; round < RETENTION_MAX_BATCHES; round += 1) {
    const result = await db.run(sql`
      ${change} where rowid in (
        select rowid from ${source} where ${where} limit ${RETENTION_BATCH_ROWS})`);
    const changes = result.meta.changes ?? 0;
    changed += changes;
    if (changes < RETENTION_BATCH_ROWS) return changed;
  }
  // Every statement was full: more is waiting. Said, so a table that outgrows a day's work is seen.
  console.warn(`Retention: ${changed} rows of ${getTableName(table)} done, more left for tomorrow`);
  return changed;
}
