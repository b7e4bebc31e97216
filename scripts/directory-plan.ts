/// <reference types="node" />
/**
 * The directory's statements (GET /api/dealers, as the dealers bench section sends them) on seeded bench
 * databases, as the worker sends them (network wall included): each one's query plan, and its warm median
 * over several runs (CPU time, the files taking turns), all in one process so the figures sit side by side. For reading why a directory
 * figure grows with the network; the figures themselves come from `npm run bench`.
 *
 *   npx tsx scripts/directory-plan.ts .wrangler/bench-state-20000 .wrangler/bench-state-500000
 *
 * Each argument a state directory, or a D1 .sqlite file and the state directory it was copied from
 * (`copy.sqlite@.wrangler/bench-state-500000`): the viewer is that state's bench dealer (its bench-seed.json),
 * or the first real dealer by name when there is none. `PLANS=1` prints each statement's plan, `RUNS=n` sets
 * how many warm runs make the median (21), `ONLY=text` keeps the requests whose name holds it.
 *
 * Another revision's statements beside this one's, taking turns in the same process: `SAVE=<file>` writes the
 * statements this checkout sends; `BESIDE=<file>` (statements saved by another revision) adds a column of them
 * after each file's own, on the same files.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { withinNetwork } from "../worker/db/network-wall.ts";
import { openDatabase } from "../worker/db/client.ts";
import { viewerOf } from "../worker/domain/directory/cards.ts";
import { pageStatement, type DirectoryQuery } from "../worker/domain/directory/search.ts";
import { localD1File } from "./local-d1-file.ts";
import { stats } from "./bench/bench-dealer.mjs";

const RUNS = Number(process.env.RUNS || 21);
const sources = process.argv.slice(2);
if (sources.length === 0) throw new Error("usage: npx tsx scripts/directory-plan.ts <state dir or .sqlite>…");

const CASES: [string, Omit<DirectoryQuery, "cursor">][] = [
  ["first page, name A-Z (20)", { sort: "name", limit: 20 }],
  ["state=TX, name A-Z", { state: "TX", limit: 20 }],
  [
    "type + Canadian buying, by rating",
    { dealershipType: "wholesaler", buysCanadian: false, sort: "rating", limit: 20 },
  ],
  [
    "state + type + Canadian, by connections",
    { state: "ON", dealershipType: "independent", buysCanadian: true, sort: "connections", limit: 20 },
  ],
  [
    "name search 'motors', not me, not connected",
    { name: "motors", exclude: ["self", "connected"], limit: 20 },
  ],
  [
    "suggestions: not me, not connected, most active (4)",
    { exclude: ["self", "connected"], sort: "active", limit: 4 },
  ],
];

/** Only builds statements: nothing is sent through it. */
const unused = openDatabase({} as D1Database);

type Opened = { label: string; db: DatabaseSync; me: string };
const opened: Opened[] = sources.map((source: string) => {
  const [path, seedDir] = source.split("@") as [string, string | undefined];
  const file = path.endsWith(".sqlite") ? path : localD1File(path);
  const seedFile = join(seedDir ?? path, "bench-seed.json");
  const db = new DatabaseSync(file, { readOnly: true });
  const me = existsSync(seedFile)
    ? (JSON.parse(readFileSync(seedFile, "utf8")) as { dealerId: string }).dealerId
    : (
        db.prepare("select id from dealers where is_demo = 0 order by name collate nocase limit 1").get() as {
          id: string;
        }
      ).id;
  return { label: source, db, me };
});

/** One run's CPU time in ms: on a shared machine, wall time mostly measures the other processes. */
function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

type Saved = Record<string, { sql: string; params: never[] }>;
const saved: Saved = {};
const beside: Saved | null = process.env.BESIDE
  ? (JSON.parse(readFileSync(process.env.BESIDE, "utf8")) as Saved)
  : null;
const columns = opened.flatMap((o) =>
  beside ? [o, { ...o, label: `${o.label} (${process.env.BESIDE})` }] : [o],
);

const table: string[] = [];
for (const [name, query] of CASES.filter(([n]) => !process.env.ONLY || n.includes(process.env.ONLY))) {
  const prepared = columns.map(({ label, db, me }, column) => {
    const q = pageStatement(unused, viewerOf(me), query).getQuery();
    const own = { sql: withinNetwork(q.sql, "real"), params: q.params as never[] };
    const fromBeside = beside !== null && column % 2 === 1;
    if (!fromBeside) saved[`${name} @ ${label}`] = own;
    const other = fromBeside ? beside[`${name} @ ${opened[column >> 1]!.label}`] : own;
    if (!other) throw new Error(`${process.env.BESIDE} holds no "${name}" on ${label}`);
    const { sql: text, params } = other;
    if (process.env.PLANS) {
      console.log(`\n${name} — ${label}`);
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[];
      for (const row of plan) console.log(`  ${row.detail}`);
    }
    const statement = db.prepare(text);
    const rows = statement.all(...params) as { id: string; total: number }[];
    // What the page answered, in a few letters: a copy with other indexes must answer the same.
    const answer = createHash("sha256").update(JSON.stringify(rows)).digest("hex").slice(0, 6);
    return { run: () => statement.all(...params), rows, answer, times: [] as number[] };
  });
  // The files take turns, so a burst of load on the machine falls on all of them alike.
  for (let i = 0; i < RUNS; i++) for (const p of prepared) p.times.push(cpuMs(p.run));
  const cells = prepared.map(
    (p) =>
      `${stats(p.times).median.toFixed(2)} ms (${p.rows.length} rows, total ${p.rows[0]?.total ?? 0}, ${p.answer})`,
  );
  table.push(`| ${name} | ${cells.join(" | ")} |`);
}
if (process.env.SAVE) writeFileSync(process.env.SAVE, JSON.stringify(saved));
console.log(`\n| Request (CPU ms, median of ${RUNS}) | ${columns.map((o) => o.label).join(" | ")} |`);
console.log(`| --- | ${columns.map(() => "---:").join(" | ")} |`);
for (const line of table) console.log(line);
