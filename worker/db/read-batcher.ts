import { inBackground, afterTheAnswer } from "./meter";

/**
 * Sends the reads a request starts together as one D1 `batch` ("independent queries go in one batch").
 * A page's loaders and a write's checks start their reads side by side (`Promise.all`); each one sent alone is
 * a request of its own to the database, paid again for every statement even when they overlap. Reads started
 * together (before any answer can arrive) are held briefly and sent as one batch, so a page is the session
 * lookup plus one trip whatever its loaders read. The code that queries is unchanged.
 *
 * Only reads are ever held: a statement that writes (or that this cannot tell from a read) is sent alone at
 * once, so a batch never mixes a write's fate with a read's. A batch runs in one transaction; if it fails as
 * a whole, each read is sent again alone and answers (or fails) for itself.
 */
type Queryable = Pick<D1Database, "prepare" | "batch">;

/** A plain read: SELECT, or a CTE ending in one, and no keyword that could make it a write. */
const READ = /^\s*(?:select|with)\b/i;
const WRITE_WORD = /\b(?:insert|update|delete|replace|returning|pragma)\b/i;
/** Whether a statement only reads (anything this cannot tell from a read counts as a write). */
export const isPlainRead = (sql: string) => READ.test(sql) && !WRITE_WORD.test(sql);
/**
 * How long reads are gathered: this many turns of the microtask queue after the first one. No database answer
 * (or any other I/O) can arrive in between, so gathering never makes a read wait for another's answer, and the
 * round-trip count stays exact; reads that a loader starts a few `await`s later still join.
 */
const GATHER_TURNS = 32;
/** Column names JavaScript would move to the front of an object (array-index keys), so raw rows cannot be rebuilt. */
const INDEX_LIKE = /^(?:0|[1-9]\d*)$/;

type Held = {
  /** The statement as sent in the batch. */
  sent: D1PreparedStatement;
  /** Sends it alone, as the caller asked. */
  alone: () => Promise<unknown>;
  /** The caller's answer made from this statement's part of the batch. */
  answer: (result: D1Result) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
};

export function batchReads<T extends Queryable>(database: T): T {
  // Reads waiting for the end of this turn, apart for the request and for the work after its answer.
  const waiting = new Map<boolean, Held[]>();
  const real = new WeakMap<object, D1PreparedStatement>();

  const flush = async (held: Held[]) => {
    if (held.length === 1) {
      const [only] = held;
      return only.alone().then(only.resolve, only.reject);
    }
    let results: D1Result[];
    try {
      results = await database.batch(held.map((h) => h.sent));
    } catch {
      // One bad read must not fail the others: each answers for itself.
      for (const h of held) h.alone().then(h.resolve, h.reject);
      return;
    }
    held.forEach((h, i) => {
      try {
        const value = h.answer(results[i]);
        if (value instanceof Promise) value.then(h.resolve, h.reject);
        else h.resolve(value);
      } catch (error) {
        h.reject(error);
      }
    });
  };

  const hold = (entry: Omit<Held, "resolve" | "reject">) =>
    new Promise<unknown>((resolve, reject) => {
      const background = inBackground();
      let queue = waiting.get(background);
      if (!queue) {
        queue = [];
        waiting.set(background, queue);
        afterMicrotasks(GATHER_TURNS, () => {
          waiting.delete(background);
          const send = () => flush(queue!);
          void (background ? afterTheAnswer(send) : send());
        });
      }
      queue.push({ ...entry, resolve, reject });
    });

  const statement = (inner: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement => {
    const read = isPlainRead(sql);
    const outer = {
      bind: (...values: unknown[]) => statement(inner.bind(...values), sql, values),
      run: () => inner.run(),
      all: () =>
        read ? hold({ sent: inner, alone: () => inner.all(), answer: (result) => result }) : inner.all(),
      first: (column?: string) =>
        read
          ? hold({
              sent: inner,
              alone: () => (column === undefined ? inner.first() : inner.first(column)),
              answer: (result) => firstOf(result, column),
            })
          : column === undefined
            ? inner.first()
            : inner.first(column),
      raw: (options?: { columnNames?: boolean }) => {
        const alone = () => inner.raw(options as { columnNames?: false });
        if (!read || options?.columnNames) return alone();
        // A batch answers rows as objects, where two columns of one name (a join's ids) would be one key:
        // the read goes in as a subquery, whose duplicate names SQLite makes unique (`id`, `id:1`) in order.
        const sent = database.prepare(`select * from (${sql.replace(/;\s*$/, "")}\n)`).bind(...params);
        return hold({
          sent,
          alone,
          answer: (result) => {
            const rows = (result.results ?? []) as Record<string, unknown>[];
            if (rows.length > 0 && Object.keys(rows[0]).some((name) => INDEX_LIKE.test(name))) return alone();
            return rows.map((row) => Object.values(row));
          },
        });
      },
    } as unknown as D1PreparedStatement;
    real.set(outer, inner);
    return outer;
  };

  return new Proxy(database, {
    get: (target, property, receiver) => {
      if (property === "prepare") return (sql: string) => statement(target.prepare(sql), sql, []);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => target.batch(statements.map((s) => real.get(s) ?? s));
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function afterMicrotasks(turns: number, task: () => void) {
  if (turns === 0) task();
  else queueMicrotask(() => afterMicrotasks(turns - 1, task));
}

function firstOf(result: D1Result, column?: string) {
  const row = (result.results?.[0] ?? null) as Record<string, unknown> | null;
  if (row === null) return null;
  if (column === undefined) return row;
  if (row[column] === undefined) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
  return row[column];
}
