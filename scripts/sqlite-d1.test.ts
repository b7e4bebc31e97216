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
});
