/// <reference types="node" />
/**
 * Just enough of D1 for Drizzle, answered by a node:sqlite connection that may write: lets a script run the
 * app's own services against a local D1 file (scripts/local-d1-file.ts) without workerd in between. A batch
 * runs in a savepoint, all or nothing, as D1's does.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";

const bound = (values: unknown[]) =>
  values.map((v) => (typeof v === "boolean" ? Number(v) : v) as SQLInputValue);

export type SqliteD1Options = {
  /**
   * Runs each statement, named by its SQL, and a batch's commit, named "COMMIT (the batch's)": a script that
   * times statements wraps them here. By default each just runs.
   */
  around?: <T>(sql: string, run: () => T, params: SQLInputValue[]) => T;
  /**
   * Statements that answer no rows are handed to `around` but not run: for a file opened read-only, where a
   * script reads the pages' statements and a page would write a row (the Market Report's first of the day).
   */
  skipWrites?: boolean;
};

export function sqliteD1(
  db: DatabaseSync,
  { around = (_sql, run) => run(), skipWrites = false }: SqliteD1Options = {},
): D1Database {
  const statement = (query: string, values: unknown[] = []) => {
    const result = () =>
      around(
        query,
        () => {
          const s = db.prepare(query);
          // A statement that answers rows: a read, or a write with RETURNING.
          if (s.columns().length > 0)
            return { results: s.all(...bound(values)), success: true, meta: { changes: 0 } };
          if (skipWrites) return { results: [], success: true, meta: { changes: 0 } };
          const { changes, lastInsertRowid } = s.run(...bound(values));
          return {
            results: [],
            success: true,
            meta: { changes: Number(changes), last_row_id: Number(lastInsertRowid) },
          };
        },
        bound(values),
      );
    return {
      bind: (...next: unknown[]) => statement(query, next),
      all: async () => result(),
      run: async () => result(),
      // Arrays, as D1's raw() answers: a join's columns of the same name stay apart.
      raw: async () =>
        around(
          query,
          () => {
            const s = db.prepare(query);
            s.setReturnArrays(true);
            if (s.columns().length > 0) return s.all(...bound(values));
            if (!skipWrites) s.run(...bound(values));
            return [];
          },
          bound(values),
        ),
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
        // The outermost savepoint's release is the transaction's commit.
        around("COMMIT (the batch's)", () => db.exec("RELEASE d1_batch"), []);
        return results;
      } catch (error) {
        db.exec("ROLLBACK TO d1_batch; RELEASE d1_batch");
        throw error;
      }
    },
  } as unknown as D1Database;
}
