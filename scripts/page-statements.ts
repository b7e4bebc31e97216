/// <reference types="node" />
/**
 * The D1 statements of the signed-in pages that read the dealer's own figures (the shell's session lookup,
 * /settings, /my-stats at 30 and 90 days, /wholesale-news), captured as the worker sends them (network wall
 * included) by running the pages' own services against a read-only stand-in for D1, then each one timed on every
 * bench file given, side by side in one process (warm: median of several runs on one connection), with its query
 * plan. For reading which statement grows with the network; the figures themselves come from `npm run bench`.
 *
 *   npx tsx scripts/page-statements.ts .wrangler/bench-state-20000 .wrangler/bench-state-500000
 *   MISSES=1 …   also each statement's page reads, cached and missed (the sqlite3 shell's `.stats`)
 *   SAVE=<file> … the captured statements as JSON as well
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { createServices } from "../worker/services.ts";
import { sessionKeyOf } from "../worker/domain/accounts/sessions.ts";
import { openDatabase } from "../worker/db/client.ts";
import { networkWall } from "../worker/db/network-wall.ts";
import { insightsService } from "../worker/domain/insights/index.ts";
import { localD1File } from "./local-d1-file.ts";
import { sqliteD1 } from "./sqlite-d1.ts";
import { stats } from "./bench/bench-dealer.mjs";

const RUNS = Number(process.env.RUNS ?? 7);
const CRON = "the Market Report's daily computation";
const dirs: string[] = process.argv.slice(2);
if (dirs.length === 0) throw new Error("usage: npx tsx scripts/page-statements.ts <bench state directory>…");

type Captured = { page: string; sql: string; params: SQLInputValue[] };

/**
 * D1 answered by the read-only file, each statement noted under the page being read. Writes (the Market Report's
 * daily row when none is stored yet) are noted, not run.
 */
const noting = (db: DatabaseSync, captured: Captured[], page: () => string) =>
  sqliteD1(db, {
    skipWrites: true,
    around: (sql, run, params) => {
      if (!sql.startsWith("COMMIT (")) captured.push({ page: page(), sql, params });
      return run();
    },
  });

/** Each page's statements on one bench file, and the number of chat rooms My Stats asks. */
async function capture(dir: string) {
  const seed = JSON.parse(readFileSync(path.join(dir, "bench-seed.json"), "utf8")) as {
    dealerId: string;
    cookie: string;
  };
  const db = new DatabaseSync(localD1File(dir), { readOnly: true });
  const captured: Captured[] = [];
  let page = "";
  const roomCalls: Record<string, number> = {};
  const database = noting(db, captured, () => page);
  // The copy's own outbox and notifications tables stand for the outbox's and the bell's databases.
  const env = { DB: database, OUTBOX_DB: database, BELL_DB: database } as unknown as Env;
  const services = createServices(env, { database, network: () => "real" });
  const insights = insightsService(
    openDatabase(networkWall(database, () => "real")),
    () => ({
      activitySince: async () => {
        roomCalls[page] = (roomCalls[page] ?? 0) + 1;
        return [];
      },
    }),
    // My Stats' own database is not this copy: the bench networks seed no views there, so its two reads find none.
    noViewsCounted,
  );
  const key = (await sessionKeyOf(seed.cookie.replace(/^dl_session=/, "")))!;

  page = "shell (session lookup with unread counts)";
  const session = await services.sessions.lookUp(key, { withUnreadCounts: true });
  if (!session?.viewer.dealer) throw new Error(`${dir}: the bench session does not sign in`);
  const { accountId } = session.viewer;
  const dealerId = seed.dealerId;

  page = "/settings";
  await Promise.all([
    services.settings.forAccount(accountId),
    services.sessions.list(accountId, session.sessionId, { limit: 50 }),
    services.securityEvents.list(accountId, { limit: 20 }),
    services.accounts.hasPassword(accountId),
    services.apiKeys.list(dealerId),
  ]);
  for (const days of [30, 90] as const) {
    page = `/my-stats?period=${days}`;
    await insights.myStats(dealerId, days, true);
    await insights.dealerStats(dealerId);
  }
  page = "/wholesale-news";
  await services.news.list({ limit: 10 });
  // With a report stored the page reads one row (timed above on a database that has one); the bench files have
  // none until their first visit computes it, the daily cron's work, which is not timed here.
  page = CRON;
  await services.news.marketReport.latest();
  db.close();
  return { captured, roomCalls };
}

const noViewsCounted = {
  activitySince: async () => ({ postViews: [], foldedDays: [] }),
  viewFigures: async () => ({ totalViews: 0, uniqueViewers: 0, viewsSince: 0 }),
};

function time(db: DatabaseSync, sql: string, params: SQLInputValue[]) {
  const s = db.prepare(sql);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    s.all(...params);
    samples.push(performance.now() - t);
  }
  return stats(samples).median;
}

/**
 * The statement's page reads on its second run on one connection, from the sqlite3 shell's `.stats` (SQLite's
 * default page cache): what a database size leaves out of the cache, without the machine's load in it.
 */
function pageReads(file: string, sql: string, params: SQLInputValue[]): string {
  let n = 0;
  const literal = (v: SQLInputValue) =>
    typeof v === "string" ? `'${v.replaceAll("'", "''")}'` : v === null ? "null" : String(v);
  const statement = `${sql.replace(/\?/g, () => literal(params[n++]!))};`;
  const out = execFileSync("sqlite3", ["-readonly", file], {
    input: `.stats on\n${statement}\n${statement}\n`,
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  const last = (label: string) => [...out.matchAll(new RegExp(`${label}:\\s+(\\d+)`, "g"))].at(-1)?.[1];
  return `${last("Page cache hits")} cached / ${last("Page cache misses")} missed`;
}

const runs: ({ dir: string } & Awaited<ReturnType<typeof capture>>)[] = [];
for (const dir of dirs) runs.push({ dir, ...(await capture(dir)) });
// SAVE=<file>: the captured statements as JSON too, to time them beside another revision's.
if (process.env.SAVE) writeFileSync(process.env.SAVE, JSON.stringify(runs));
const files = dirs.map((dir) => new DatabaseSync(localD1File(dir), { readOnly: true }));
const first = runs[0]!;
console.log(`median of ${RUNS} warm runs per statement (ms): ${dirs.join(" | ")}`);
for (const [i, statement] of first.captured.entries()) {
  if (statement.page === CRON || /\b(insert|update|delete)\b/i.test(statement.sql)) continue;
  const ms = runs.map((run, f) => {
    const own = run.captured[i];
    if (!own || own.sql !== statement.sql) return NaN;
    return time(files[f]!, own.sql, own.params);
  });
  const plan = files
    .at(-1)!
    .prepare(`explain query plan ${statement.sql}`)
    .all(...runs.at(-1)!.captured[i]!.params) as { detail: string }[];
  const short = statement.sql.replace(/^with .*? (select )/is, "[wall] $1").replace(/\s+/g, " ");
  console.log(`\n${statement.page}: ${ms.map((m) => m.toFixed(2)).join(" | ")}`);
  // MISSES=1: the page reads too (needs the sqlite3 shell).
  if (process.env.MISSES)
    console.log(
      `  pages: ${runs.map((run, f) => pageReads(localD1File(dirs[f]!), run.captured[i]!.sql, run.captured[i]!.params)).join(" | ")}`,
    );
  console.log(`  ${short.slice(0, 400)}`);
  for (const p of plan) console.log(`    ${p.detail}`);
}
for (const run of runs)
  console.log(`\n${run.dir}: chat rooms asked by My Stats: ${JSON.stringify(run.roomCalls)}`);
