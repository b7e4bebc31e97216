import { sql, type SQL } from "drizzle-orm";

/**
 * Rows where any of `columns` contains `text`, A-Z in either case (as LIKE compared them): instr() on lowered
 * text takes every search the schemas allow, where D1 refuses a LIKE pattern over 50 bytes ("pattern too
 * complex": 13 emoji are 52), and reads % _ \ as the characters they are. A contains-search uses no index,
 * LIKE '%…%' did not either.
 */
export function containsText(columns: readonly SQL[], text: string): SQL {
  const each = columns.map((column) => sql`instr(lower(${column}), lower(${text})) > 0`);
  return sql`(${sql.join(each, sql` or `)})`;
}
