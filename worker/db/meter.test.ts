import { describe, expect, it } from "vitest";
import { D1Meter, afterTheAnswer } from "./meter";

/** A D1 stand-in whose statements answer after `ms` milliseconds (the SQL text is the delay). */
function fakeD1() {
  const answerAfter = (ms: number) =>
    new Promise<D1Result>((resolve) => setTimeout(() => resolve({ results: [] } as unknown as D1Result), ms));
  const statement = (sql: string): D1PreparedStatement =>
    ({
      bind: () => statement(sql),
      all: () => answerAfter(Number(sql)),
      run: () => answerAfter(Number(sql)),
      first: () => answerAfter(Number(sql)),
      raw: () => answerAfter(Number(sql)),
    }) as unknown as D1PreparedStatement;
  return {
    prepare: statement,
    batch: async (statements: D1PreparedStatement[]) => Promise.all(statements.map((s) => s.all())),
  } as unknown as Pick<D1Database, "prepare" | "batch">;
}

describe("D1Meter", () => {
  it("counts trips sent together as one wait, and a batch as one trip", async () => {
    const meter = new D1Meter();
    const db = meter.wrap(fakeD1());
    await Promise.all([db.prepare("5").all(), db.prepare("5").all(), db.prepare("5").all()]);
    await db.batch([db.prepare("1"), db.prepare("1")]);
    expect(meter.usage).toMatchObject({ roundTrips: 4, sequential: 2 });
  });

  it("counts a second query awaited inside one branch of a Promise.all, whatever the other branch does", async () => {
    const meter = new D1Meter();
    const db = meter.wrap(fakeD1());
    // The slow branch keeps a trip in flight the whole time: counting only trips that start while nothing is
    // in flight would call this one wait, but the fast branch waited twice in a row.
    await Promise.all([
      db.prepare("60").all(),
      (async () => {
        await db.prepare("5").all();
        await db.prepare("5").all();
      })(),
    ]);
    expect(meter.usage).toMatchObject({ roundTrips: 3, sequential: 2 });
  });

  it("leaves the work after the answer out of the request's count", async () => {
    const meter = new D1Meter();
    const db = meter.wrap(fakeD1());
    await db.prepare("1").all();
    await afterTheAnswer(async () => {
      await db.prepare("1").all();
      await db.prepare("1").all();
    });
    expect(meter.usage).toMatchObject({ roundTrips: 1, sequential: 1, afterAnswer: 2 });
    expect(meter.serverTiming()[1]).toBe('d1-seq;desc="1"');
  });
});
