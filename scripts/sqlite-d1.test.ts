import { DatabaseSync } from "node:sqlite";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { batchable, openDatabase } from "../worker/db/client.ts";
import { sqliteD1 } from "./sqlite-d1.ts";

function database() {
  const file = new DatabaseSync(":memory:");
  file.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)");
  return { file, db: openDatabase(sqliteD1(file)) };
}

describe("D1 answered by node:sqlite", () => {
  it("reads, writes and counts changes as D1 answers Drizzle", async () => {
    const { db } = database();
    const inserted = await db.all<{ id: number }>(
      sql`insert into t (name) values (${"a"}), (${"b"}) returning id`,
    );
    expect(inserted).toEqual([{ id: 1 }, { id: 2 }]);
    const changed = await db.run(sql`update t set name = name || '!' where id > ${0}`);
    expect(changed.meta.changes).toBe(2);
    expect(await db.all(sql`select name from t order by id`)).toEqual([{ name: "a!" }, { name: "b!" }]);
  });

  it("runs a batch all or nothing, as D1's does", async () => {
    const { db, file } = database();
    await expect(
      db.batch([
        batchable(db, db.run(sql`insert into t (name) values ('x')`)),
        batchable(db, db.run(sql`insert into t (name) values ('x')`)),
      ]),
    ).rejects.toThrow(/UNIQUE/);
    expect(file.prepare("select count(*) as n from t").get()).toEqual({ n: 0 });
    const [first, second] = await db.batch([
      batchable(db, db.run(sql`insert into t (name) values ('y')`)),
      batchable(db, db.all<{ n: number }>(sql`select count(*) as n from t`)),
    ]);
    expect(first.meta.changes).toBe(1);
    expect(second).toEqual([{ n: 1 }]);
  });

  it("hands each statement and a batch's commit to `around`, and answers raw rows as arrays", async () => {
    const file = new DatabaseSync(":memory:");
    file.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
    const seen: string[] = [];
    const db = openDatabase(
      sqliteD1(file, {
        around: (query, run) => {
          seen.push(query.trim().split(" ")[0]!.toLowerCase());
          return run();
        },
      }),
    );
    await db.batch([batchable(db, db.run(sql`insert into t (name) values ('a')`))]);
    expect(seen).toEqual(["insert", "commit"]);
    const d1 = sqliteD1(file);
    // Two columns of one name stay apart, as a join's do in D1's raw().
    expect(await d1.prepare("select id, name as id from t").raw()).toEqual([[1, "a"]]);
  });

  it("with skipWrites, hands a write to `around` with its values but leaves the file as it was", async () => {
    const file = new DatabaseSync(":memory:");
    file.exec(
      "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO t (name) VALUES ('a')",
    );
    const seen: unknown[][] = [];
    const db = openDatabase(
      sqliteD1(file, {
        skipWrites: true,
        around: (_query, run, params) => {
          seen.push(params);
          return run();
        },
      }),
    );
    const changed = await db.run(sql`update t set name = ${"b"}`);
    expect(changed.meta.changes).toBe(0);
    expect(await db.all(sql`select name from t where id = ${1}`)).toEqual([{ name: "a" }]);
    expect(seen).toEqual([["b"], [1]]);
  });
});
