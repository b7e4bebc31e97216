import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts a request's D1 round trips: every statement run and every `batch` is one trip to the
 * database. "Sequential" is the depth of the longest chain of trips each of which started after the one
 * before it had answered: a trip's depth is one more than the deepest trip already answered when it started.
 * Trips sent together (`Promise.all`, a `batch`) share a depth; a second query awaited inside one branch of a
 * `Promise.all` adds one, whatever the other branches do. It never under-counts what a dealer far from the
 * primary waits for (it can over-count when a trip waits on something else, e.g. R2, that outlasts another).
 * Work handed to `afterTheAnswer` (ctx.waitUntil) runs while nobody waits and is counted apart.
 * The code that queries is unchanged: it gets a D1 binding that looks and behaves like the real one.
 */
type D1Usage = {
  /** Every statement and batch sent before the answer. */
  roundTrips: number;
  /** The longest chain of trips that waited for one another: what the distance to the primary is paid for. */
  sequential: number;
  /** Wall time with at least one trip in flight, in ms. */
  durationMs: number;
  /** Trips of the work that runs after the answer. */
  afterAnswer: number;
};

type Queryable = Pick<D1Database, "prepare" | "batch">;

const background = new AsyncLocalStorage<true>();

/** Whether the code running now is work after the answer (see `afterTheAnswer`). */
export const inBackground = () => background.getStore() === true;

/** Runs `task` as work the answer does not wait for: its trips are not the request's. */
export function afterTheAnswer<T>(task: () => Promise<T>): Promise<T> {
  return background.run(true, task);
}

export class D1Meter {
  roundTrips = 0;
  sequential = 0;
  afterAnswer = 0;
  /** The deepest trip that has answered so far. */
  private answeredDepth = 0;
  private inFlight = 0;
  private busySince = 0;
  private busyMs = 0;

  get usage(): D1Usage {
    return {
      roundTrips: this.roundTrips,
      sequential: this.sequential,
      durationMs: this.busyMs,
      afterAnswer: this.afterAnswer,
    };
  }

  private async trip<T>(send: () => Promise<T>): Promise<T> {
    if (background.getStore()) {
      this.afterAnswer += 1;
      return send();
    }
    this.roundTrips += 1;
    const depth = this.answeredDepth + 1;
    this.sequential = Math.max(this.sequential, depth);
    if (this.inFlight === 0) this.busySince = performance.now();
    this.inFlight += 1;
    try {
      return await send();
    } finally {
      this.answeredDepth = Math.max(this.answeredDepth, depth);
      this.inFlight -= 1;
      if (this.inFlight === 0) this.busyMs += performance.now() - this.busySince;
    }
  }

  /** The binding (or D1 session) as the app's code sees it, every trip counted. */
  wrap<T extends Queryable>(database: T): T {
    // Metered statements stand for the real ones, which `batch` must be given back.
    const real = new WeakMap<object, D1PreparedStatement>();
    const statement = (inner: D1PreparedStatement): D1PreparedStatement => {
      const outer = {
        bind: (...values: unknown[]) => statement(inner.bind(...values)),
        first: (column?: string) =>
          this.trip(() => (column === undefined ? inner.first() : inner.first(column))),
        run: () => this.trip(() => inner.run()),
        all: () => this.trip(() => inner.all()),
        raw: (options?: { columnNames?: boolean }) =>
          this.trip(() => inner.raw(options as { columnNames?: false })),
      } as unknown as D1PreparedStatement;
      real.set(outer, inner);
      return outer;
    };
    return new Proxy(database, {
      get: (target, property, receiver) => {
        if (property === "prepare") return (query: string) => statement(target.prepare(query));
        if (property === "batch")
          return (statements: D1PreparedStatement[]) =>
            this.trip(() => target.batch(statements.map((s) => real.get(s) ?? s)));
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  /** `Server-Timing` entries: `d1;desc="N";dur=…` (N round trips, their time) and `d1-seq;desc="S"`. */
  serverTiming(): string[] {
    const { roundTrips, sequential, durationMs } = this.usage;
    return [`d1;desc="${roundTrips}";dur=${durationMs.toFixed(1)}`, `d1-seq;desc="${sequential}"`];
  }
}
