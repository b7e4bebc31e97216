import { isPlainRead } from "./read-batcher";

type Queryable = Pick<D1Database, "prepare" | "batch">;

/**
 * Holds a request's writes until something is settled, and lets its reads through. A page request that goes
 * ahead on the session this isolate remembers (worker/http/session.ts) reads while its session is being
 * confirmed, in the same D1 trip; nothing it writes may reach the database before the confirmation: a write
 * waits for it, and fails if the session turned out changed or ended.
 */
export function gateWrites<T extends Queryable>(database: T) {
  let settled: Promise<unknown> | null = null;
  const write = <R>(send: () => Promise<R>): Promise<R> => (settled ? settled.then(send) : send());
  const real = new WeakMap<object, D1PreparedStatement>();
  const reads = new WeakSet<object>();

  const statement = (inner: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const read = isPlainRead(sql);
    const outer = {
      bind: (...values: unknown[]) => statement(inner.bind(...values), sql),
      run: () => write(() => inner.run()),
      all: () => (read ? inner.all() : write(() => inner.all())),
      first: (column?: string) => {
        const send = () => (column === undefined ? inner.first() : inner.first(column));
        return read ? send() : write(send);
      },
      raw: (options?: { columnNames?: boolean }) => {
        const send = () => inner.raw(options as { columnNames?: false });
        return read ? send() : write(send);
      },
    } as unknown as D1PreparedStatement;
    real.set(outer, inner);
    if (read) reads.add(outer);
    return outer;
  };

  /** `database`'s writes, held by this gate (a request's other databases take the same gate). */
  const gate = <D extends Queryable>(database: D): D =>
    new Proxy(database, {
      get: (target, property, receiver) => {
        if (property === "prepare") return (sql: string) => statement(target.prepare(sql), sql);
        if (property === "batch")
          return (statements: D1PreparedStatement[]) => {
            const send = () => target.batch(statements.map((s) => real.get(s) ?? s));
            // A batch of reads only (the admin figures) is a read.
            return statements.every((s) => reads.has(s)) ? send() : write(send);
          };
        if (property === "exec")
          return (query: string) => write(() => (target as unknown as D1Database).exec(query));
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  return {
    database: gate(database),
    gate,
    /** Writes from now on wait for `until`; if it rejects, they fail with its reason and are never sent. */
    holdWritesUntil(until: Promise<unknown>) {
      settled = until;
    },
  };
}
