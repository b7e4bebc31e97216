import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { networkWall, withinNetwork } from "./network-wall";

describe("withinNetwork", () => {
  it("puts the network's tables in front of reads and writes, merged into a statement's own WITH", () => {
    expect(withinNetwork("select 1", "demo")).toMatch(
      /^with dealers as not materialized \(select \* from main\.dealers where is_demo = 1\), .* select 1$/,
    );
    expect(withinNetwork("  UPDATE posts set x = 1", "real")).toMatch(
      /^with dealers as not materialized \(select \* from main\.dealers where is_demo = 0\), .*UPDATE posts/,
    );
    const merged = withinNetwork("with recursive n(i) as (select 1) select i from n", "real");
    expect(merged).toMatch(
      /^with recursive dealers as not materialized .*, n\(i\) as \(select 1\) select i from n$/,
    );
  });

  it("leaves statements that read no rows as they are", () => {
    for (const statement of ["pragma foreign_keys", "create table t (a)", "ANALYZE sqlite_schema"])
      expect(withinNetwork(statement, "demo")).toBe(statement);
  });
});

describe("networkWall", () => {
  it("shows each network its own dealers, and everything before the network is known", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "insert into dealers (id, name, email, dealership_name, is_demo) values ('wall-real', 'Real', 'r@x.test', 'Real Motors', 0)",
      ),
      env.DB.prepare(
        "insert into dealers (id, name, email, dealership_name, is_demo) values ('wall-demo', 'Demo', 'd@x.test', 'Demo Motors', 1)",
      ),
    ]);
    let network: "demo" | "real" | undefined;
    const walled = networkWall(env.DB, () => network);
    const ids = async () =>
      (
        await walled
          .prepare("select id from dealers where id like 'wall-%' order by id")
          .all<{ id: string }>()
      ).results.map((r) => r.id);
    expect(await ids()).toEqual(["wall-demo", "wall-real"]);
    network = "demo";
    expect(await ids()).toEqual(["wall-demo"]);
    network = "real";
    expect(await ids()).toEqual(["wall-real"]);
    // A write's own existence check goes through the wall: no comment lands on the other network's post.
    await env.DB.prepare(
      "insert into inventory_posts (id, dealer_id, title, type) values ('wall-post', 'wall-real', 'F-150', 'for-sale')",
    ).run();
    network = "demo";
    const written = await walled
      .prepare(
        "insert into comments (id, post_id, dealer_id, content) select 'wall-c', id, 'wall-demo', 'Hi' from inventory_posts where id = 'wall-post'",
      )
      .run();
    expect(written.meta.changes).toBe(0);
  });
});

describe("the wall's check per row", () => {
  it("asks the demo dealers' small index of a row's dealer, never the dealer's own row", async () => {
    const plan = async (statement: string) =>
      (
        await env.DB.prepare(`explain query plan ${withinNetwork(statement, "real")}`)
          .bind("wall-real")
          .all<{ detail: string }>()
      ).results.map((r) => r.detail);
    // Comments on a dealer's posts (My Stats): each post's and each commenter's network is checked.
    const details = await plan(
      "select count(*) from inventory_posts p join comments c on c.post_id = p.id where p.dealer_id = ?",
    );
    const checks = details.filter((d) => / o(?: EXISTS)? USING /.test(d));
    expect(checks.length).toBeGreaterThanOrEqual(2);
    for (const check of checks) expect(check).toContain("USING COVERING INDEX dealers_demo_idx");
  });
});
