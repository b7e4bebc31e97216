/**
 * Counts a request's D1 round trips (issue 20): every statement run and every `batch` is one trip to the
 * database. "Sequential" counts the trips that had to wait for none other — a trip started while another is
 * in flight rides along with it — so it is what a dealer far from the primary pays for in distance.
 * The code that queries is unchanged: it gets a D1 binding that looks and behaves like the real one.
 */
export type D1Usage = {
  /** Every statement and batch sent. */
  roundTrips: number;
  /** Trips that started while no other was in flight: the request's depth of waiting on D1. */
  sequential: number;
  /** Wall time with at least one trip in flight, in ms. */
  durationMs: number;
};

type Queryable = Pick<D1Database, "prepare" | "batch">;

export class D1Meter {
  roundTrips = 0;
  sequential = 0;
  private inFlight = 0;
  private busySince = 0;
  private busyMs = 0;

  get usage(): D1Usage {
    return { roundTrips: this.roundTrips, sequential: this.sequential, durationMs: this.busyMs };
  }

  private async trip<T>(send: () => Promise<T>): Promise<T> {
    this.roundTrips += 1;
    if (this.inFlight === 0) {
      this.sequential += 1;
      this.busySince = performance.now();
    }
    this.inFlight += 1;
    try {
      return await send();
    } finally {
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
