/// <reference types="node" />
/**
 * Where a new post's deal alert delivery spends its CPU, per recipient: the bench's two Silverados posted through
 * the worker's own services on a writable copy of each bench database given, their deliveries captured as the
 * post hands them to its DealAlertFanout, then delivered in the fan-out's batches (FANOUT_BATCH) and sent by the
 * outbox courier (the local e-mail provider: nothing leaves), every D1 statement timed where it runs (node:sqlite,
 * no workerd in between). Durable Object calls are counted, not made: the inbox frames, the courier's wakes.
 *
 *   npx tsx scripts/alert-delivery-profile.ts .wrangler/bench-state-20000 .wrangler/bench-state-500000
 *
 * The copies sit in `.wrangler/post-statements/` beside post-statements.ts's (the same copy serves both scripts).
 * `RUNS=n` posts per file (11), the files taking turns. Prints CPU ms per post by phase (median), the statements,
 * the Durable Object calls and courier runs, and the whole delivery's CPU per recipient.
 */
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createServices } from "../worker/services.ts";
import type { Queued } from "../worker/domain/deal-alerts/index.ts";
import type { MatchTask } from "../durable-objects/deal-alert-fanout.ts";
import { writableCopy } from "./local-d1-file.ts";
import { sqliteD1 } from "./sqlite-d1.ts";
import { stats } from "./bench/bench-dealer.mjs";
import { silverados } from "./bench/writes.mjs";
import type { DealerRow } from "../worker/domain/dealers/index.ts";
import { LIMITS } from "../worker/domain/rate-limits/index.ts";
import { DELIVERIES_PER_RUN } from "../worker/domain/outbox/index.ts";

const RUNS = Number(process.env.RUNS || 11);
/**
 * DealAlertFanout's FANOUT_BATCH, which is the courier's DELIVERIES_PER_RUN (the object's module imports
 * cloudflare:workers, which Node cannot load); `BATCH=n` profiles another size.
 */
const FANOUT_BATCH = Number(process.env.BATCH || DELIVERIES_PER_RUN);
/** DealAlertFanout's order: the newest request first. */
const newestFirst = (a: Queued, b: Queued) =>
  (b.newest ?? 0) - (a.newest ?? 0) || (a.delivery.key < b.delivery.key ? -1 : 1);
const WARM_UP = 2;
const dirs: string[] = process.argv.slice(2);
if (dirs.length === 0) throw new Error("usage: npx tsx scripts/alert-delivery-profile.ts <bench state>…");

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Which phase a statement belongs to, by its text. */
const PHASES: [string, RegExp][] = [
  ["recipients read", /from dealers d\s+left join notification_preferences/],
  ["push devices read", /from push_subscriptions s join dealers/],
  ["bells stored", /insert into notifications/],
  ["bells read back", /from notifications where key in/],
  ["bells: unread counts", /count\(\*\) as n from notifications/],
  ["messages stored", /insert into outbox/],
  ["messages read back", /select idempotency_key as key/],
  ["signing secret", /app_secrets/],
  ["courier: claim", /update outbox set status = 'sending'/],
  ["courier: record, next due", /update outbox set status = o\.status|min\(next_attempt_at\)/],
  ["commit", /^COMMIT/],
];
const phaseOf = (sql: string) => PHASES.find(([, re]) => re.test(sql))?.[0] ?? `other: ${sql.slice(0, 60)}`;

type Sample = Map<string, number>;
const add = (s: Sample, key: string, ms: number) => s.set(key, (s.get(key) ?? 0) + ms);

function profiled(dir: string) {
  const db = new DatabaseSync(writableCopy(dir));
  let sample: Sample = new Map();
  let recording = false;
  /** When the post's alerts started being delivered, for the first inbox frame's time. */
  let deliveryStarted = 0;
  const d1 = sqliteD1(db, {
    around: (sql, run) => {
      if (!recording) return run();
      const started = cpuNow();
      try {
        return run();
      } finally {
        add(sample, `sql ${phaseOf(sql)}`, cpuNow() - started);
        add(sample, "statements", 1);
      }
    },
  });
  const captured: Queued[] = [];
  const count = (name: string) => ({
    idFromName: () => ({}),
    get: () =>
      new Proxy(
        {},
        {
          get: (_, method: string) => async (arg: unknown) => {
            // Told to match, the fan-out object matches and stores the deliveries: here they are captured.
            if (name === "fanout" && method === "match") {
              const { postId, network } = arg as MatchTask;
              await createServices(env, {
                database: d1,
                outboxDatabase: d1,
                network: () => network,
                storeDeliveries: async (queued) => captured.push(...queued),
              }).dealAlerts.alertForPost(postId);
            } else if (recording) {
              if (name === "inbox" && !sample.has("until the first frame"))
                sample.set("until the first frame", cpuNow() - deliveryStarted);
              add(sample, `${name}.${method} calls`, 1);
            }
          },
        },
      ),
  });
  const env = {
    DB: d1,
    // The copy's own outbox and notifications tables stand for the outbox's and the bell's databases: one file,
    // one statement profile.
    OUTBOX_DB: d1,
    BELL_DB: d1,
    DEALER_INBOX: count("inbox"),
    DEAL_ALERT_FANOUT: count("fanout"),
    OUTBOX_COURIER: count("courier"),
  } as unknown as Env;
  const pending: Promise<unknown>[] = [];
  const services = () =>
    createServices(env, {
      database: d1,
      outboxDatabase: d1,
      network: () => "real",
      waitUntil: (p) => void pending.push(p),
    });
  const posting = services();
  const dealerIds = db
    .prepare(
      // The fewest connections first (none after the bench's own sign-ups; a freshly seeded network has no
      // such dealer), so the post's announcement to connections adds as little as there is.
      `select d.id from dealers d where d.is_demo = 0
         and not exists (select 1 from rate_limits r where r.key = '${LIMITS.postsPerDealer.name}:' || d.id)
       order by d.connection_count, d.id
       limit ${Math.ceil((RUNS + WARM_UP) / 10) + 1}`,
    )
    .all()
    .map((row) => (row as { id: string }).id);

  /** One post, its alerts delivered as the fan-out and the courier would: the phases' CPU. */
  async function postOnce(i: number, dealers: DealerRow[]): Promise<Sample> {
    captured.length = 0;
    await posting.inventory.createPost(
      dealers[i % dealers.length]!,
      silverados(i) as never,
      "http://localhost:8787",
      {
        premium: false,
      },
    );
    await Promise.all(pending.splice(0));
    const queued = captured.toSorted(newestFirst);
    sample = new Map();
    recording = true;
    add(sample, "recipients", queued.length);
    const started = cpuNow();
    deliveryStarted = started;
    for (let b = 0; b < queued.length; b += FANOUT_BATCH) {
      const batchStarted = cpuNow();
      // Each alarm makes its services, as DealAlertFanout's does.
      await services().notifications.deliverAll(queued.slice(b, b + FANOUT_BATCH).map((q) => q.delivery));
      await Promise.all(pending.splice(0));
      add(sample, "fan-out batches", 1);
      add(sample, "fan-out, whole", cpuNow() - batchStarted);
    }
    const courierStarted = cpuNow();
    const now = Date.now();
    for (let runs = 1; ; runs++) {
      const next = await services().outbox.deliverDue(now);
      add(sample, "courier runs", 1);
      if (next !== now || runs > 20) break;
    }
    add(sample, "courier, whole", cpuNow() - courierStarted);
    add(sample, "whole", cpuNow() - started);
    recording = false;
    return sample;
  }
  return { label: path.basename(dir), posting, dealerIds, postOnce };
}

const opened = dirs.map(profiled);
const dealersOf = await Promise.all(
  opened.map(async (o) =>
    (await Promise.all(o.dealerIds.map((id) => o.posting.dealers.findById(id)))).filter((d): d is DealerRow =>
      Boolean(d),
    ),
  ),
);
const samples: Sample[][] = opened.map(() => []);
for (let i = 0; i < WARM_UP + RUNS; i++) {
  for (const [c, o] of opened.entries()) {
    const s = await o.postOnce(i, dealersOf[c]!);
    if (i >= WARM_UP) samples[c]!.push(s);
  }
}

const keys = [...new Set(samples.flat().flatMap((s) => [...s.keys()]))].sort();
const median = (xs: number[]) => stats(xs).median;
console.log(`\n| per post (median of ${RUNS}; CPU ms) | ${opened.map((o) => o.label).join(" | ")} |`);
console.log(`| --- | ${opened.map(() => "---:").join(" | ")} |`);
for (const key of keys) {
  const cells = samples.map((list) => median(list.map((s) => s.get(key) ?? 0)));
  console.log(
    `| ${key} | ${cells.map((v) => (Number.isInteger(v) ? String(v) : v.toFixed(2))).join(" | ")} |`,
  );
}
const perRecipient = samples.map((list) =>
  median(list.map((s) => (s.get("whole") ?? 0) / (s.get("recipients") || 1))),
);
console.log(`| whole ÷ recipients | ${perRecipient.map((v) => v.toFixed(2)).join(" | ")} |`);
