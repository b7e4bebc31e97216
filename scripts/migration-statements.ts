/**
 * A landed migration's statements, as tests and scripts replay them: the SQL split at Drizzle's breakpoints, each
 * statement without its whole-line comments. Pure, for workerd tests (`?raw` imports) and Node scripts alike.
 */
export function migrationStatements(sql: string): string[] {
  return sql
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/^--.*\n/gm, "").trim())
    .filter(Boolean);
}

/** The statement of `sql` that starts with `start` (a `CREATE TABLE \`post_views\``, say); throws if none does. */
export function statementStartingWith(sql: string, start: string): string {
  const statement = migrationStatements(sql).find((s) => s.startsWith(start));
  if (!statement) throw new Error(`no statement starting with ${start}`);
  return statement;
}
