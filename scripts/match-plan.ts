/// <reference types="node" />
/**
 * The match index's statements on seeded bench databases, as the worker sends them (network wall included):
 * each one's query plan and its warm time (median of several runs on one connection), for every state
 * directory given, side by side. A Requesting post for a Ford F-150 (what the bench's own-post page lists) and a
 * For Sale post of two Silverado 1500s are written inside a transaction that is rolled back, so the files are
 * left as they were; pass copies, never a directory a running worker serves.
 *
 *   npx tsx scripts/match-plan.ts .wrangler/bench-state-20000 .wrangler/bench-state-500000
 */
import { DatabaseSync } from "node:sqlite";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { SQL } from "drizzle-orm";
import { withinNetwork } from "../worker/db/network-wall.ts";
import { POST_COLUMNS } from "../worker/domain/inventory/feed.ts";
import {
  firstPageRead,
  matchPageStatement,
  offersForWantStatement,
  wantsForOfferStatement,
} from "../worker/domain/deal-alerts/matching.ts";
import type { OfferedVehicle, WantedVehicle } from "../worker/domain/deal-alerts/match.ts";
import { localD1File } from "./local-d1-file.ts";
import { stats } from "./bench/bench-dealer.mjs";

const RUNS = 7;
const REQUEST = "bench-match-request";
const LISTING = "bench-match-listing";
const dialect = new SQLiteSyncDialect();

const offer = (makeKey: string, modelKey: string, year: number, priceCents: number): OfferedVehicle => ({
  vehicleId: null,
  makeKey,
  modelKey,
  yearMin: year,
  yearMax: year,
  trim: null,
  mileage: null,
  priceCents,
  state: "TX",
});

/** A want of a make and model, nothing else asked (every other field null). */
const want = (makeKey: string, modelKey: string) =>
  ({
    makeKey,
    modelKey,
    ...Object.fromEntries(
      ["yearMin", "yearMax", "trim", "maxMileage", "maxPriceCents", "state", "until"].map((k) => [k, null]),
    ),
  }) as WantedVehicle;

const cases: [string, SQL][] = [
  [
    "own request's matches, first page",
    matchPageStatement(REQUEST, POST_COLUMNS, { limit: 10, perModel: firstPageRead(10) }),
  ],
  [
    "own listing's matches, first page",
    matchPageStatement(LISTING, POST_COLUMNS, { limit: 10, perModel: firstPageRead(10) }),
  ],
  ["own request's matches, read in full", matchPageStatement(REQUEST, POST_COLUMNS, { limit: 10 })],
  [
    "wants a new Silverado 1500 answers",
    wantsForOfferStatement(offer("chevrolet", "silverado-1500", 2018, 2_750_000), "x"),
  ],
  [
    "wants a new Porsche Cayenne answers",
    wantsForOfferStatement(offer("porsche", "cayenne", 2020, 6_850_000), "x"),
  ],
  ["offers a new request for a Ford F-150 answers", offersForWantStatement(want("ford", "f-150"), "x")],
  ["offers a new request for any Ford answers", offersForWantStatement(want("ford", ""), "x")],
];

/** A copy of one of the network's posts as the bench dealer's new post, with its match index rows. */
function writePosts(db: DatabaseSync, now: number) {
  db.exec("create temp table bench_post as select * from inventory_posts where status = 'active' limit 1");
  const { dealer_id: dealerId } = db.prepare("select dealer_id from temp.bench_post").get() as {
    dealer_id: string;
  };
  for (const [id, type] of [
    [REQUEST, "request"],
    [LISTING, "for-sale"],
  ]) {
    db.prepare("update temp.bench_post set id = ?, type = ?, created_at = ?").run(id, type, now);
    db.exec("insert into main.inventory_posts select * from temp.bench_post");
  }
  db.prepare(
    "insert into main.wanted_vehicles (id, post_id, dealer_id, make_key, model_key, created_at) values (?, ?, ?, 'ford', 'f-150', ?)",
  ).run(`${REQUEST}-w`, REQUEST, dealerId, now);
  for (const [i, year] of [2018, 2017].entries())
    db.prepare(
      "insert into main.offered_vehicles (id, post_id, dealer_id, make_key, model_key, year_min, year_max, price_cents, created_at) values (?, ?, ?, 'chevrolet', 'silverado-1500', ?, ?, ?, ?)",
    ).run(`${LISTING}-o${i}`, LISTING, dealerId, year, year, 2_750_000, now);
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) throw new Error("usage: npx tsx scripts/match-plan.ts <bench state directory>…");
const times = new Map<string, string[]>();
for (const dir of dirs) {
  const db = new DatabaseSync(localD1File(dir));
  db.exec("begin");
  try {
    writePosts(db, Date.now());
    for (const [name, statement] of cases) {
      const query = dialect.sqlToQuery(statement);
      const text = withinNetwork(query.sql, "real");
      const params = query.params as never[];
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[];
      let rows = 0;
      let complete = true;
      const samples = Array.from({ length: RUNS }, () => {
        const started = performance.now();
        const read = db.prepare(text).all(...params) as { complete?: number }[];
        rows = read.length;
        complete = read.every((r) => r.complete !== 0);
        return performance.now() - started;
      });
      times.set(name, [
        ...(times.get(name) ?? []),
        `${stats(samples).median.toFixed(2)} ms (${rows} rows${complete ? "" : ", cut short"})`,
      ]);
      if (process.env.PLANS)
        console.log(`\n${dir} — ${name}\n${plan.map((r) => `  ${r.detail}`).join("\n")}`);
    }
  } finally {
    db.exec("rollback");
    db.close();
  }
}
console.log(`\nwarm median of ${RUNS} | ${dirs.join(" | ")}`);
for (const [name, row] of times) console.log(`${name} | ${row.join(" | ")}`);
