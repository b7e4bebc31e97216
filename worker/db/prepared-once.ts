import type { Database } from "./client";

/**
 * A query whose SQL text never changes, built by Drizzle once per isolate instead of on every request. Drizzle
 * builds a query's SQL each time it runs; for the session lookup that every page makes (56 columns over five
 * tables) that was ~0.75 ms of the page's CPU. The first use builds and prepares it, its values given as
 * `sql.placeholder(…)`; every later use keeps what was built and only prepares the statement on its own
 * request's database, so the read still goes through that request's batch, meter and write gate (they wrap
 * the D1 binding, docs/decisions/0025 and 0026).
 */
export function preparedOnce<Prepared extends { getQuery(): { sql: string } }>(
  build: (db: Database) => { prepare(): Prepared },
): (db: Database) => Prepared {
  let built: Prepared | null = null;
  return (db) => {
    if (!built) return (built = build(db).prepare());
    // Drizzle's prepared query runs its statement as `this.stmt`: the same query over this request's statement.
    return Object.create(built, { stmt: { value: db.$client.prepare(built.getQuery().sql) } }) as Prepared;
  };
}
