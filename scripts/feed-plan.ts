/// <reference types="node" />
/**
 * The feed's statements on a seeded bench database, as the worker sends them (network wall included): each
 * one's query plan, and its time on a fresh connection (cold page cache) then on the same one again (warm).
 * For reading why a feed figure grows with the network; the figures themselves come from `npm run bench`.
 *
 *   npx tsx scripts/feed-plan.ts .wrangler/bench-state-500000
 */
import { DatabaseSync } from "node:sqlite";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { withinNetwork } from "../worker/db/network-wall.ts";
import { feedStatement } from "../worker/domain/inventory/feed.ts";
import { FEED_PAGE_SIZE } from "../app/lib/constants.ts";
import { localD1File } from "./local-d1-file.ts";

const persistTo = process.argv[2];
if (!persistTo) throw new Error("usage: node scripts/feed-plan.ts <bench state directory>");
const file = localD1File(persistTo);
const dialect = new SQLiteSyncDialect();

const probe = new DatabaseSync(file, { readOnly: true });
const deep = probe
  .prepare(
    "SELECT created_at AS t, id FROM inventory_posts ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?",
  )
  .get(
    Math.floor(
      Number((probe.prepare("SELECT count(*) AS n FROM inventory_posts").get() as { n: number }).n) * 0.9,
    ),
  ) as {
  t: number;
  id: string;
};
probe.close();

const cases = [
  ["first page", feedStatement({ sort: "recent", limit: FEED_PAGE_SIZE } as never, null)],
  [
    "deep page (90 % down)",
    feedStatement({ sort: "recent", limit: FEED_PAGE_SIZE } as never, [deep.t, deep.id]),
  ],
  ["requests", feedStatement({ sort: "requests", limit: FEED_PAGE_SIZE } as never, null)],
  ["auction-promo", feedStatement({ sort: "auction-promo", limit: FEED_PAGE_SIZE } as never, null)],
] as const;

for (const [name, statement] of cases) {
  const query = dialect.sqlToQuery(statement);
  const text = withinNetwork(query.sql, "real");
  const db = new DatabaseSync(file, { readOnly: true });
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...(query.params as never[]));
  const times = [0, 1, 2].map(() => {
    const started = performance.now();
    db.prepare(text).all(...(query.params as never[]));
    return (performance.now() - started).toFixed(2);
  });
  db.close();
  console.log(`\n${name}: ${times.join(" ms, ")} ms (fresh connection, then again)`);
  for (const row of plan as { detail: string }[]) console.log(`  ${row.detail}`);
}
