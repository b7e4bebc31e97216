/// <reference types="node" />
/**
 * Just enough of D1 for Drizzle, answered by a node:sqlite connection that may write: lets a script run the
 * app's own services against a local D1 file (scripts/local-d1-file.ts) without workerd in between. A batch
 * runs in a savepoint, all or nothing, as D1's does.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";

const bound = (values: unknown[]) =>
  values.map((v) => (typeof v === "boolean" ? Number(v) : v) as SQLInputValue);

/** A statement that answers rows: a read, or a write with RETURNING. */
const answersRows = (query: string) => /^\s*(select|with|pragma)\b|\breturning\b/i.test(query);

export function sqliteD1(db: DatabaseSync): D1Database {
  const statement = (query: string, values: unknown[] = []) => {
    const result = () => {
      const s = db.prepare(query);
      if (answersRows(query))
        return { results: s.all(...bound(values)), success: true, meta: { changes: 0 } };
      const { changes } = s.run(...bound(values));
      return { results: [], success: true, meta: { changes: Number(changes) } };
    };
    return {
      bind: (...next: unknown[]) => statement(query, next),
      all: async () => result(),
      run: async () => result(),
      raw: async () => {
        const s = db.prepare(query);
        s.setReturnArrays(true);
        return answersRows(query) ? s.all(...bound(values)) : (s.run(...bound(values)), []);
      },
      first: async (column?: string) => {
        const [row] = result().results as Record<string, unknown>[];
        return column === undefined ? (row ?? null) : (row?.[column] ?? null);
      },
      result,
    };
  };
  return {
    prepare: (query: string) => statement(query),
    batch: async (list: { result: () => unknown }[]) => {
      db.exec("SAVEPOINT d1_batch");
      try {
        const results = list.map((s) => s.result());
        db.exec("RELEASE d1_batch");
        return results;
      } catch (error) {
        db.exec("ROLLBACK TO d1_batch; RELEASE d1_batch");
        throw error;
      }
    },
  } as unknown as D1Database;
}
