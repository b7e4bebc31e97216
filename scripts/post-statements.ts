/// <reference types="node" />
/**
 * The D1 statements of one new post (POST /api/inventory, the bench's two Silverados), sent by the worker's own
 * services against a writable copy of each bench database given, and each one timed there, the files taking
 * turns in one process: which of a post's statements grows with the network. Statements sent before the answer
 * are listed apart from those the answer does not wait for (the deal matching, which the post's DealAlertFanout
 * runs on its alarm: here at once, through the same services, its deliveries stored nowhere). A batch runs
 * in one transaction, as D1 runs it, and its COMMIT (where the full-text index writes its pending terms and
 * merges segments) is its own line. The figures themselves come from `npm run bench`.
 *
 *   npx tsx scripts/post-statements.ts .wrangler/bench-state-20000 .wrangler/bench-state-500000
 *
 * Each state's D1 file is copied once to `.wrangler/post-statements/<state>.sqlite` (delete it for a fresh copy);
 * the posts are written to the copy, never to the state. `RUNS=n` posts per file (21), `PLANS=1` each statement's
 * query plan, `FTS=<automerge>` sets the full-text index's automerge on the copies first (`FTS=reset` back to 4).
 */
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createServices } from "../worker/services.ts";
import { afterTheAnswer, inBackground } from "../worker/db/meter.ts";
import type { MatchTask } from "../durable-objects/deal-alert-fanout.ts";
import { writableCopy } from "./local-d1-file.ts";
import { sqliteD1 } from "./sqlite-d1.ts";
import { stats } from "./bench/bench-dealer.mjs";
import { silverados } from "./bench/writes.mjs";
import type { DealerRow } from "../worker/domain/dealers/index.ts";
import { LIMITS } from "../worker/domain/rate-limits/index.ts";

const RUNS = Number(process.env.RUNS || 21);
const dirs: string[] = process.argv.slice(2);
if (dirs.length === 0) throw new Error("usage: npx tsx scripts/post-statements.ts <bench state directory>…");

type Timed = { phase: "before" | "after"; sql: string; cpu: number; wall: number };

/** One run's CPU and wall time in ms: on a shared machine, wall time mostly measures the other processes. */
function timed<T>(run: () => T): { value: T; cpu: number; wall: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const wall = performance.now() - started;
  const spent = process.cpuUsage(cpu);
  return { value, cpu: (spent.user + spent.system) / 1000, wall };
}

/** Each statement's CPU and wall time, noted as before or after the answer. */
function timedStatements(log: Timed[]) {
  return <T>(sql: string, run: () => T): T => {
    const t = timed(run);
    log.push({ phase: inBackground() ? "after" : "before", sql, cpu: t.cpu, wall: t.wall });
    return t.value;
  };
}

/** A Durable Object namespace whose every call answers nothing: the post's inbox and fan-out calls. */
const silentObjects = {
  idFromName: () => ({}),
  get: () => new Proxy({}, { get: () => async () => undefined }),
};

type Opened = {
  label: string;
  db: DatabaseSync;
  log: Timed[];
  dealers: DealerRow[];
  services: ReturnType<typeof createServices>;
};
const opened: Opened[] = dirs.map((dir) => {
  const db = new DatabaseSync(writableCopy(dir));
  if (process.env.FTS) {
    const merge = process.env.FTS === "reset" ? 4 : Number(process.env.FTS);
    db.exec(`insert into post_search (post_search, rank) values ('automerge', ${merge})`);
  }
  const log: Timed[] = [];
  const d1 = sqliteD1(db, { around: timedStatements(log) });
  const pending: Promise<unknown>[] = [];
  /** The post's fan-out object, told to match: matches at once, as work after the answer. */
  const fanouts = {
    ...silentObjects,
    get: () => ({
      match: async ({ postId, network }: MatchTask) =>
        void pending.push(
          afterTheAnswer(() =>
            createServices(env, {
              database: d1,
              network: () => network,
              storeDeliveries: async () => undefined,
            }).dealAlerts.alertForPost(postId),
          ),
        ),
    }),
  };
  const env = {
    DB: d1,
    // The copy's own outbox and notifications tables stand for the outbox's and the bell's databases: one file,
    // as the statements were timed.
    OUTBOX_DB: d1,
    BELL_DB: d1,
    DEALER_INBOX: silentObjects,
    DEAL_ALERT_FANOUT: fanouts,
    OUTBOX_COURIER: silentObjects,
  } as unknown as Env;
  const services = createServices(env, {
    database: d1,
    network: () => "real",
    waitUntil: (p) => void pending.push(p),
  });
  // Real dealers with no connection and no post yet this hour, as the bench's fresh posters: a few posts each.
  const dealers = db
    .prepare(
      `select * from dealers d where d.is_demo = 0 and not exists (select 1 from connections c
         where c.requester_id = d.id or c.receiver_id = d.id)
         and not exists (select 1 from rate_limits r where r.key = '${LIMITS.postsPerDealer.name}:' || d.id)
       order by d.id limit ${Math.ceil(RUNS / 10) + 1}`,
    )
    .all()
    .map((row) => row as unknown as DealerRow);
  const wrapped = {
    ...services,
    inventory: {
      ...services.inventory,
      createPost: async (...args: Parameters<typeof services.inventory.createPost>) => {
        const post = await services.inventory.createPost(...args);
        await Promise.all(pending.splice(0));
        return post;
      },
    },
  };
  return { label: path.basename(dir), db, log, dealers, services: wrapped };
});

// Drizzle reads a dealer row with camelCase keys: read it through the service the worker uses.
for (const o of opened) {
  const ids = o.dealers.map((d) => (d as unknown as { id: string }).id);
  o.dealers = (await Promise.all(ids.map((id) => o.services.dealers.findById(id)))).filter(
    (d): d is DealerRow => d !== null && d !== undefined,
  );
  o.log.length = 0;
}

const WARM_UP = 3;
type PerStatement = Map<string, { phase: string; sql: string; cpu: number[][]; wall: number[][] }>;
const byStatement: PerStatement = new Map();
for (let i = 0; i < WARM_UP + RUNS; i++) {
  for (const [column, o] of opened.entries()) {
    o.log.length = 0;
    const dealer = o.dealers[i % o.dealers.length]!;
    await o.services.inventory.createPost(dealer, silverados(i) as never, "http://localhost:8787", {
      premium: false,
    });
    if (i < WARM_UP) continue;
    // A statement's key: its phase, its place among that phase's statements, and its text.
    const seen = new Map<string, number>();
    for (const entry of o.log) {
      const order = (seen.get(entry.phase) ?? 0) + 1;
      seen.set(entry.phase, order);
      const key = `${entry.phase} ${String(order).padStart(2, "0")}`;
      const row = byStatement.get(key) ?? {
        phase: entry.phase,
        sql: entry.sql,
        cpu: opened.map(() => []),
        wall: opened.map(() => []),
      };
      row.cpu[column]!.push(entry.cpu);
      row.wall[column]!.push(entry.wall);
      byStatement.set(key, row);
    }
  }
}

/** A statement without the network wall's CTEs in front (the statement as the service wrote it), on one line. */
function short(sql: string): string {
  let text = sql.replace(/\s+/g, " ").trim();
  if (/^with dealers as not materialized/i.test(text)) {
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === "(") depth++;
      else if (text[i] === ")" && --depth === 0 && !/^\s*,/.test(text.slice(i + 1))) {
        text = text.slice(i + 1).trim();
        break;
      }
    }
  }
  return text.slice(0, 110);
}
if (process.env.PLANS)
  for (const [key, row] of byStatement) {
    if (row.sql.startsWith("COMMIT")) continue;
    for (const o of opened) {
      console.log(`\n${key} ${short(row.sql)} — ${o.label}`);
      try {
        const plan = o.db
          .prepare(`EXPLAIN QUERY PLAN ${row.sql}`)
          .all(...Array.from({ length: (row.sql.match(/\?/g) ?? []).length }, () => null)) as {
          detail: string;
        }[];
        for (const p of plan) console.log(`  ${p.detail}`);
      } catch (error) {
        console.log(`  (no plan: ${(error as Error).message})`);
      }
    }
  }

const median = (xs: number[]) => (xs.length ? stats(xs).median : NaN);
console.log(
  `\n| # | Statement (median of ${RUNS}, ms: CPU / wall) | ${opened.map((o) => o.label).join(" | ")} |`,
);
console.log(`| --- | --- | ${opened.map(() => "---:").join(" | ")} |`);
const totals = opened.map(() => ({ before: [0, 0], after: [0, 0] }));
for (const [key, row] of byStatement) {
  const cells = opened.map((_, c) => {
    const cpu = median(row.cpu[c]!);
    const wall = median(row.wall[c]!);
    const t = totals[c]![row.phase as "before" | "after"];
    t[0] += cpu;
    t[1] += wall;
    return `${cpu.toFixed(2)} / ${wall.toFixed(2)}`;
  });
  console.log(`| ${key} | ${short(row.sql)} | ${cells.join(" | ")} |`);
}
for (const phase of ["before", "after"] as const)
  console.log(
    `| ${phase} | sum of medians | ${totals.map((t) => `${t[phase][0].toFixed(2)} / ${t[phase][1].toFixed(2)}`).join(" | ")} |`,
  );
for (const o of opened) o.db.close();
