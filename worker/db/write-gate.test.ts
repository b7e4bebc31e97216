import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { gateWrites } from "./write-gate";

/** A promise settled from outside, with a look at whether it has settled yet. */
function deferred() {
  let resolve!: (value?: unknown) => void;
  let reject!: (reason: unknown) => void;
  const state = { settled: false };
  const promise = new Promise<unknown>((res, rej) => {
    resolve = (value) => {
      state.settled = true;
      res(value);
    };
    reject = (reason) => {
      state.settled = true;
      rej(reason);
    };
  });
  // A rejection is read by the writes that wait for it; this keeps an unread one from failing the run.
  promise.catch(() => {});
  return { promise, resolve, reject, state };
}

/** Fails after `ms` instead of hanging: an answer held by the gate shows as this rejection. */
function within<T>(promise: Promise<T>, ms = 2_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`No answer within ${ms} ms (held by the gate?)`)), ms),
    ),
  ]);
}

/** Real I/O time passes: a write that was not held has long reached the database by then. */
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 50));

/** The real local D1, read directly (not through the gate): what is really stored. */
const stored = (id: number) =>
  env.DB.prepare("select make, model from gate_cars where id = ?").bind(id).first<{ make: string }>();

/** The real local D1 behind the gate, with every statement that reached it counted as it was sent. */
function gated() {
  const sent: string[] = [];
  const spyStatement = (inner: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(inner, {
      get: (target, property) => {
        const value = Reflect.get(target, property);
        if (property === "bind") return (...values: unknown[]) => spyStatement(target.bind(...values), sql);
        if (property === "run" || property === "all" || property === "first" || property === "raw")
          return (...args: unknown[]) => {
            sent.push(sql);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const spy = new Proxy(env.DB, {
    get: (target, property) => {
      if (property === "prepare") return (sql: string) => spyStatement(target.prepare(sql), sql);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          sent.push("batch");
          return target.batch(statements);
        };
      if (property === "exec")
        return (query: string) => {
          sent.push(query);
          return target.exec(query);
        };
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const gate = gateWrites(spy);
  return { db: gate.database, hold: gate.holdWritesUntil, sent, gate: gate.gate };
}

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("create table if not exists gate_cars (id integer primary key, make text, model text)"),
    env.DB.prepare("delete from gate_cars"),
    env.DB.prepare("insert into gate_cars values (1, 'Honda', 'Accord'), (2, 'Ford', 'F-150')"),
  ]);
});

describe("gateWrites", () => {
  it("with nothing held, a write is sent at once and lands", async () => {
    const { db, sent } = gated();
    const write = db.prepare("insert into gate_cars values (?, ?, ?)").bind(10, "Jeep", "Wrangler").run();
    // Sent in the call itself, not after a turn of waiting.
    expect(sent).toEqual(["insert into gate_cars values (?, ?, ?)"]);
    const result = await within(write);
    expect(result.meta.changes).toBe(1);
    expect(await stored(10)).toEqual({ make: "Jeep", model: "Wrangler" });
    await within(db.batch([db.prepare("update gate_cars set model = 'Gladiator' where id = 10")]));
    expect(await stored(10)).toEqual({ make: "Jeep", model: "Gladiator" });
  });

  it("lets every kind of read through while the gate is held", async () => {
    const { db, hold, sent } = gated();
    const gate = deferred();
    hold(gate.promise);
    const [all, first, column, raw, cte] = await within(
      Promise.all([
        db.prepare("select make from gate_cars where id in (1, 2) order by id").all(),
        db.prepare("select * from gate_cars where id = ?").bind(2).first(),
        db.prepare("select model from gate_cars where id = ?").bind(1).first("model"),
        db.prepare("select id, make from gate_cars where id in (1, 2) order by id desc").raw(),
        db.prepare("with c as (select make from gate_cars where id = 1) select make from c").first("make"),
      ]),
    );
    // Answered while what the writes wait for is still pending.
    expect(gate.state.settled).toBe(false);
    expect(all.results).toEqual([{ make: "Honda" }, { make: "Ford" }]);
    expect(first).toEqual({ id: 2, make: "Ford", model: "F-150" });
    expect(column).toBe("Accord");
    expect(raw).toEqual([
      [2, "Ford"],
      [1, "Honda"],
    ]);
    expect(cte).toBe("Honda");
    expect(sent).toHaveLength(5);
    gate.resolve();
  });

  it("holds a write until the gate's promise resolves, then sends it", async () => {
    const { db, hold, sent } = gated();
    const gate = deferred();
    hold(gate.promise);
    const write = db.prepare("insert into gate_cars values (?, ?, ?)").bind(20, "Toyota", "Tacoma").run();
    let done = false;
    void write.then(() => (done = true));
    await aWhile();
    expect(sent).toEqual([]);
    expect(done).toBe(false);
    expect(await stored(20)).toBeNull();
    // A read beside the waiting write is not held behind it.
    expect(await within(db.prepare("select count(*) as n from gate_cars where id = 20").first("n"))).toBe(0);

    gate.resolve("confirmed");
    const result = await within(write);
    expect(result.meta.changes).toBe(1);
    expect(await stored(20)).toEqual({ make: "Toyota", model: "Tacoma" });
  });

  it("holds every way of writing: first/raw of a write, a batch and exec wait too", async () => {
    const { db, hold } = gated();
    const gate = deferred();
    hold(gate.promise);
    const writes = [
      db.prepare("insert into gate_cars values (21, 'Kia', 'Soul')").first(),
      db.prepare("insert into gate_cars values (22, 'Kia', 'Rio')").raw(),
      db.batch([
        db.prepare("insert into gate_cars values (?, 'Mazda', 'CX-5')").bind(23),
        db.prepare("insert into gate_cars values (?, 'Mazda', 'MX-5')").bind(24),
      ]),
      db.exec("insert into gate_cars values (25, 'Subaru', 'Outback')"),
    ];
    await aWhile();
    const none = await env.DB.prepare("select count(*) as n from gate_cars where id between 21 and 25").first(
      "n",
    );
    expect(none).toBe(0);
    gate.resolve();
    await within(Promise.all(writes));
    const all = await env.DB.prepare("select count(*) as n from gate_cars where id between 21 and 25").first(
      "n",
    );
    expect(all).toBe(5);
  });

  it("when the gate's promise rejects, the write fails with its reason and never reaches the database", async () => {
    const { db, hold, sent } = gated();
    const gate = deferred();
    hold(gate.promise);
    const reason = new Error("The session changed while its page was read");
    const write = db.prepare("insert into gate_cars values (?, ?, ?)").bind(30, "Tesla", "Model 3").run();
    const outcome = write.then(
      () => "written",
      (error: unknown) => error,
    );
    gate.reject(reason);
    expect(await within(outcome)).toBe(reason);
    expect(sent).toEqual([]);
    expect(await stored(30)).toBeNull();

    // Writes issued after the refusal fail the same way; reads still answer.
    await expect(within(db.prepare("delete from gate_cars where id = 1").run())).rejects.toBe(reason);
    expect(await stored(1)).toEqual({ make: "Honda", model: "Accord" });
    expect(await within(db.prepare("select make from gate_cars where id = 1").first("make"))).toBe("Honda");
  });

  it("holds another database taken by the same gate (the outbox's) and refuses its writes with the same reason", async () => {
    const { hold, gate: alsoGate } = gated();
    await env.OUTBOX_DB.exec("create table if not exists gate_notes (id integer primary key, note text)");
    const outbox = alsoGate(env.OUTBOX_DB);
    const gate = deferred();
    hold(gate.promise);
    const write = outbox.prepare("insert into gate_notes values (?, ?)").bind(1, "Your offer").run();
    await aWhile();
    const note = () => env.OUTBOX_DB.prepare("select note from gate_notes where id = 1").first("note");
    expect(await note()).toBeNull();
    expect(await within(outbox.prepare("select count(*) as n from gate_notes").first("n"))).toBe(0);
    const reason = new Error("The session changed while its page was read");
    gate.reject(reason);
    await expect(within(write)).rejects.toBe(reason);
    expect(await note()).toBeNull();
  });

  it("a batch of writes under a rejected gate writes nothing", async () => {
    const { db, hold, sent } = gated();
    const gate = deferred();
    hold(gate.promise);
    const batch = db.batch([
      db.prepare("insert into gate_cars values (?, ?, ?)").bind(31, "Volvo", "XC90"),
      db.prepare("update gate_cars set model = 'Civic' where id = ?").bind(1),
      db.prepare("delete from gate_cars where id = ?").bind(2),
    ]);
    const reason = new Error("signed out elsewhere");
    gate.reject(reason);
    await expect(within(batch)).rejects.toBe(reason);
    await expect(within(db.exec("delete from gate_cars"))).rejects.toBe(reason);
    expect(sent).toEqual([]);
    expect(await stored(31)).toBeNull();
    expect(await stored(1)).toEqual({ make: "Honda", model: "Accord" });
    expect(await stored(2)).toEqual({ make: "Ford", model: "F-150" });
  });

  it("counts an insert … returning read with .all() as a write: it waits for the gate", async () => {
    const { db, hold, sent } = gated();
    const gate = deferred();
    hold(gate.promise);
    const insert = db
      .prepare("insert into gate_cars values (?, ?, ?) returning id, make")
      .bind(40, "Honda", "Pilot")
      .all();
    // A CTE that ends in a write is a write too.
    const cte = db
      .prepare("with m as (select 'Honda' as make) insert into gate_cars select 41, make, 'Passport' from m")
      .all();
    let done = false;
    void insert.then(() => (done = true));
    await aWhile();
    expect(done).toBe(false);
    expect(sent).toEqual([]);
    expect(await stored(40)).toBeNull();
    expect(await stored(41)).toBeNull();

    gate.resolve();
    const result = await within(insert);
    expect(result.results).toEqual([{ id: 40, make: "Honda" }]);
    await within(cte);
    expect(await stored(40)).toEqual({ make: "Honda", model: "Pilot" });
    expect(await stored(41)).toEqual({ make: "Honda", model: "Passport" });
  });

  it("an insert … returning under a rejected gate fails and stores nothing", async () => {
    const { db, hold } = gated();
    const gate = deferred();
    hold(gate.promise);
    const reason = new Error("plan changed");
    const insert = db.prepare("insert into gate_cars values (42, 'BMW', 'X5') returning id").all();
    gate.reject(reason);
    await expect(within(insert)).rejects.toBe(reason);
    expect(await stored(42)).toBeNull();
  });
});
