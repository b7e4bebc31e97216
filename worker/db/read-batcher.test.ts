import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { D1Meter, afterTheAnswer } from "./meter";
import { batchReads } from "./read-batcher";

/** The real local D1, behind the meter (what counts trips) and the batcher, as every request has it. */
function database() {
  const meter = new D1Meter();
  let batches = 0;
  const counted = meter.wrap(env.DB);
  const spy = new Proxy(counted, {
    get: (target, property, receiver) =>
      property === "batch"
        ? (statements: D1PreparedStatement[]) => {
            batches += 1;
            return target.batch(statements);
          }
        : Reflect.get(target, property, receiver),
  });
  return { db: batchReads(spy), meter, batches: () => batches };
}

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("create table if not exists batcher_cars (id integer primary key, make text, model text)"),
    env.DB.prepare(
      "create table if not exists batcher_owners (id integer primary key, car_id integer, name text)",
    ),
    env.DB.prepare("delete from batcher_cars"),
    env.DB.prepare("delete from batcher_owners"),
    env.DB.prepare("insert into batcher_cars values (1, 'Honda', 'Accord'), (2, 'Ford', 'F-150')"),
    env.DB.prepare("insert into batcher_owners values (10, 1, 'Ada'), (11, 2, 'Bo')"),
  ]);
});

describe("batchReads", () => {
  it("sends reads started together as one batch, each answering as if sent alone", async () => {
    const { db, meter, batches } = database();
    const [all, first, column, raw] = await Promise.all([
      db.prepare("select make from batcher_cars order by id").all(),
      db.prepare("select * from batcher_cars where id = ?").bind(2).first(),
      db.prepare("select model from batcher_cars where id = ?").bind(1).first("model"),
      db.prepare("select id, make from batcher_cars order by id desc").raw(),
    ]);
    expect(all.results).toEqual([{ make: "Honda" }, { make: "Ford" }]);
    expect(first).toEqual({ id: 2, make: "Ford", model: "F-150" });
    expect(column).toBe("Accord");
    expect(raw).toEqual([
      [2, "Ford"],
      [1, "Honda"],
    ]);
    expect(batches()).toBe(1);
    expect(meter.usage).toMatchObject({ roundTrips: 1, sequential: 1 });
  });

  it("keeps every column of a join whose tables share column names (Drizzle reads rows as arrays)", async () => {
    const { db, batches } = database();
    const orm = drizzle(db as unknown as D1Database);
    const query = sql`select c.id, o.id, c.make, o.name from batcher_cars c join batcher_owners o on o.car_id = c.id order by c.id`;
    const [rows, again] = await Promise.all([orm.values(query), orm.values(query)]);
    expect(rows).toEqual([
      [1, 10, "Honda", "Ada"],
      [2, 11, "Ford", "Bo"],
    ]);
    expect(again).toEqual(rows);
    expect(batches()).toBe(1);
  });

  it("holds reads only while nothing can answer: reads beside a write are one wave with it", async () => {
    const { db, meter } = database();
    await Promise.all([
      db.prepare("update batcher_cars set model = model where id = 1").run(),
      db.prepare("select 1 as one").all(),
      (async () => {
        await Promise.resolve();
        return db.prepare("select 2 as two").all();
      })(),
    ]);
    expect(meter.usage).toMatchObject({ roundTrips: 2, sequential: 1 });
  });

  it("never holds a write, and a failing read fails alone", async () => {
    const { db, meter, batches } = database();
    const [write, bad, good] = await Promise.allSettled([
      db.prepare("update batcher_cars set model = 'Civic' where id = 1").run(),
      db.prepare("select nope from batcher_cars").all(),
      db.prepare("select model from batcher_cars where id = 1").first("model"),
    ]);
    expect(write.status).toBe("fulfilled");
    expect(bad.status).toBe("rejected");
    expect(good).toEqual({ status: "fulfilled", value: "Civic" });
    // The reads were tried as one batch, which failed, then each alone.
    expect(batches()).toBe(1);
    expect(meter.usage.roundTrips).toBe(4);
    await db.prepare("update batcher_cars set model = 'Accord' where id = 1").run();
  });

  it("reads rows whose column names JavaScript would reorder as arrays, alone", async () => {
    const { db } = database();
    const [rows, other] = await Promise.all([
      db.prepare("select 'b' as name, 7 as \"2\", 'a' as \"1\"").raw(),
      db.prepare("select 1 as one").all(),
    ]);
    expect(rows).toEqual([["b", 7, "a"]]);
    expect(other.results).toEqual([{ one: 1 }]);
  });

  it("batches the work after the answer apart from the request's", async () => {
    const { db, meter } = database();
    await Promise.all([
      db.prepare("select 1 as one").all(),
      db.prepare("select 2 as two").all(),
      afterTheAnswer(() =>
        Promise.all([db.prepare("select 3 as three").all(), db.prepare("select 4 as four").all()]),
      ),
    ]);
    expect(meter.usage).toMatchObject({ roundTrips: 1, afterAnswer: 1 });
  });
});
