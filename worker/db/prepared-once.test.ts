import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { preparedOnce } from "./prepared-once";
import { accounts, dealers } from "./schema";

/** A request's database whose binding notes every statement it prepares (as the meter and batcher wrap it). */
function databaseNoting(prepared: string[]) {
  const binding = new Proxy(env.DB, {
    get: (target, property) =>
      property === "prepare"
        ? (text: string) => {
            prepared.push(text);
            return target.prepare(text);
          }
        : (Reflect.get(target, property) as unknown as (...args: unknown[]) => unknown).bind(target),
  });
  return openDatabase(binding);
}

describe("preparedOnce", () => {
  it("builds the query once, runs it on each request's own database, and maps its rows as Drizzle does", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "insert into accounts (id, email, password_hash, role) values ('a1', 'one@example.com', 'x', 'dealer'), ('a2', 'two@example.com', 'x', 'dealer')",
      ),
      env.DB.prepare(
        "insert into dealers (id, account_id, name, dealership_name, email) values ('d1', 'a1', 'Ann One', 'One Motors', 'one@example.com')",
      ),
    ]);
    let builds = 0;
    const dealerOf = preparedOnce((db) => {
      builds += 1;
      return db
        .select({ account: { id: accounts.id, email: accounts.email }, dealer: dealers })
        .from(accounts)
        .leftJoin(dealers, eq(dealers.accountId, accounts.id))
        .where(eq(accounts.id, sql.placeholder("accountId")));
    });

    const first: string[] = [];
    const second: string[] = [];
    const one = await dealerOf(databaseNoting(first)).get({ accountId: "a1" });
    const two = await dealerOf(databaseNoting(second)).get({ accountId: "a2" });
    const none = await dealerOf(databaseNoting(second)).get({ accountId: "nobody" });

    expect(builds).toBe(1);
    expect(one).toMatchObject({
      account: { id: "a1", email: "one@example.com" },
      dealer: { id: "d1", name: "Ann One", dealershipName: "One Motors" },
    });
    // A left join that found nothing is null, not an object of nulls (Drizzle's own mapping).
    expect(two).toEqual({ account: { id: "a2", email: "two@example.com" }, dealer: null });
    expect(none).toBeUndefined();
    // Each request prepared the statement on its own binding: its wrappers (batch, meter, gate) see it.
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(2);
    expect(second[0]).toBe(first[0]);
  });
});
