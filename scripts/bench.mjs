/**
 * `npm run bench`: response times of the app over a large local network, at 1 000 and 20 000 posts.
 *
 *   npm run bench                                  both sizes, 200 requests per figure, docs/performance.md updated
 *   npm run bench -- --sizes 1000 --n 50           a quick look (docs/performance.md left alone unless --record)
 *   npm run bench -- --only feed,dealers           only these sections
 *   npm run bench -- --fresh                       rebuild the bench databases first
 *   npm run bench -- --sizes 20000,500000          beside the national network (NATIONAL_NETWORK: 50 000 dealers,
 *                                                  ~1.6 M vehicles, 2 M comments, 5 M messages; seeded once, ~GBs)
 *   npm run bench -- --no-build                    reuse the current build/
 *   npm run bench -- --only phone --phone-cpu mid-tier
 *                                                  the phone's CPU slowed to a mid-tier phone's speed on this host
 *                                                  (its benchmark index ÷ 1 000) instead of 4× (or a number: 1–20)
 *
 * For each size it seeds (once) a separate state directory .wrangler/bench-state-{size} with
 * scripts/seed-large.ts, serves the built app from it with `wrangler dev`, measures a static asset as the
 * baseline, then runs every section module in scripts/bench/*.mjs. A section exports
 * `async function run(ctx)` and answers rows: `{ name, median, p95, p99 }` (what ctx.measure returns, plus
 * a name). The context:
 *
 *   ctx.baseUrl          http://localhost:{port}
 *   ctx.cookie           a signed-in session of the bench's own dealer (ctx.dealerId)
 *   ctx.posts            1000 | 20000 | 500000
 *   ctx.persistTo        the size's state directory (its D1 file, read-only, for setting a measurement up)
 *   ctx.n                requests per figure (--n)
 *   ctx.seed             counts and ids from .wrangler/bench-state-{size}/bench-seed.json
 *   ctx.measure(pathOrUrl, { headers, n = 200, method, body, signedIn = true, expectStatus = 200 })
 *                        → { median, p95, p99, mean, min, n, static } in ms (after 20 warm-ups); each request
 *                        is paired with one for the static asset, whose figures come back in `static`
 *   ctx.fetch(pathOrUrl, init)  a signed-in fetch, for setting a measurement up (cursors, ids)
 *   ctx.staticBaseline   { median, p95, p99 } of GET /favicon.svg measured in the same run, before the sections
 *   ctx.log(line)
 *   ctx.pushService      the local push service the app's pushes reach (scripts/push-service-stand-in.ts)
 *   ctx.phoneCpu         --phone-cpu as given (the phone section's CPU slowdown; scripts/bench/phone.mjs)
 *
 * Results: a table on stdout, .wrangler/bench-results.json, and (full runs) docs/performance.md "## Latest full run"
 * (the README's table is the curated summary of it).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { build, bundle, freePort, handOffOutbox, migrate, serve } from "./local-app.mjs";
import { seedLarge } from "./seed-large.ts";
import { d1TripsOf, stats } from "./bench/bench-dealer.mjs";
import { MID_TIER_PHONE_INDEX, phoneCpuRate } from "./bench/phone.mjs";
import { startLocalPushService } from "./bench/push.mjs";

const root = path.resolve(import.meta.dirname, "..");
const STATIC_ASSET = "/favicon.svg";
const WARM_UP = 20;

function readOptions() {
  const { values } = parseArgs({
    allowNegative: true,
    options: {
      sizes: { type: "string", default: "1000,20000" },
      n: { type: "string", default: "200" },
      only: { type: "string" },
      fresh: { type: "boolean", default: false },
      build: { type: "boolean", default: true },
      record: { type: "boolean" },
      dealers: { type: "string" },
      "phone-cpu": { type: "string" },
    },
  });
  const sizes = values.sizes.split(",").map(Number);
  const [n, only] = [Number(values.n), values.only?.split(",") ?? null];
  // docs/performance.md is written by full runs only, unless asked.
  const record = values.record ?? (sizes.includes(1000) && sizes.includes(20000) && n >= 200 && !only);
  const dealers = values.dealers === undefined ? undefined : Number(values.dealers);
  // Refused now, not after the seeding and serving (mid-tier reads the host's speed later, in the phone section).
  phoneCpuRate(values["phone-cpu"], MID_TIER_PHONE_INDEX);
  return { ...values, sizes, n, only, record, dealers };
}

function makeContext({ baseUrl, seed, posts, n, log, staticSamples, persistTo }) {
  const url = (pathOrUrl) => (/^https?:/.test(pathOrUrl) ? pathOrUrl : `${baseUrl}${pathOrUrl}`);
  const headersFor = (signedIn, headers = {}) => ({
    Origin: baseUrl,
    ...(signedIn ? { Cookie: seed.cookie } : {}),
    ...headers,
  });
  const ctx = {
    baseUrl,
    persistTo,
    cookie: seed.cookie,
    dealerId: seed.dealerId,
    posts,
    /** Requests per figure (--n), for sections that time their own requests. */
    n,
    seed,
    log,
    staticBaseline: null,
    fetch: (pathOrUrl, init = {}) =>
      fetch(url(pathOrUrl), { ...init, headers: headersFor(true, init.headers) }),
    /**
     * Sequential requests (one at a time), each read to the end; answers milliseconds. Every request is paired
     * with a request for the static asset (alternating which goes first), so the row's "× static" compares
     * the two under the same machine load: `static` holds those paired samples.
     */
    async measure(pathOrUrl, options = {}) {
      const { headers, method = "GET", body, signedIn = true, expectStatus = 200 } = options;
      const count = options.n ?? n;
      const target = url(pathOrUrl);
      let trips = null;
      const time = async (address, init, expected) => {
        const started = performance.now();
        const response = await fetch(address, init);
        await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (address === target) trips = d1TripsOf(response.headers.get("Server-Timing"));
        if (response.status !== expected)
          throw new Error(
            `${init.method ?? "GET"} ${address} answered ${response.status}, expected ${expected}`,
          );
        return elapsed;
      };
      const once = () =>
        time(
          target,
          { method, body, headers: headersFor(signedIn, headers), redirect: "manual" },
          expectStatus,
        );
      const baseline = () => time(url(STATIC_ASSET), { headers: headersFor(false) }, 200);
      for (let i = 0; i < WARM_UP; i++) {
        await once();
        await baseline();
      }
      const samples = [];
      const statics = [];
      for (let i = 0; i < count; i++) {
        if (i % 2 === 0) {
          samples.push(await once());
          statics.push(await baseline());
        } else {
          statics.push(await baseline());
          samples.push(await once());
        }
      }
      staticSamples.push(...statics);
      return { ...stats(samples), static: stats(statics), ...(trips ? { trips } : {}) };
    },
  };
  return ctx;
}

async function sections(only) {
  const dir = path.join(root, "scripts", "bench");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".mjs"))
    .sort((a, b) => (a === "feed.mjs" ? -1 : b === "feed.mjs" ? 1 : a.localeCompare(b)));
  const loaded = [];
  for (const file of files) {
    const name = file.replace(/\.mjs$/, "");
    if (only && !only.includes(name)) continue;
    const module = await import(pathToFileURL(path.join(dir, file)).href);
    // A module without run(ctx) holds what the sections share (bench-dealer.mjs).
    if (typeof module.run !== "function") continue;
    loaded.push({ name, title: module.title ?? name, run: module.run });
  }
  return loaded;
}

async function measureSize(size, options, modules, configPath) {
  const persistTo = path.join(root, ".wrangler", `bench-state-${size}`);
  const log = (line) => console.log(`[${size}] ${line}`);
  const seed = await seedLarge({
    posts: size,
    dealers: options.dealers,
    persistTo,
    fresh: options.fresh,
    log,
  });
  // Migrations that landed since the bench data was seeded, and the outbox's messages moved to its own database.
  migrate(persistTo);
  handOffOutbox(persistTo);
  const port = await freePort();
  log(`serving on port ${port}…`);
  // Pushes go to a decrypting push service on this machine instead of the internet.
  const push = await startLocalPushService();
  const app = await serve({ port, persistTo, config: configPath, vars: { WEB_PUSH_RELAY: push.url } });
  try {
    const staticSamples = [];
    const ctx = makeContext({
      baseUrl: `http://127.0.0.1:${port}`,
      seed,
      posts: size,
      n: options.n,
      log,
      staticSamples,
      persistTo,
    });
    ctx.pushService = push.service;
    ctx.phoneCpu = options["phone-cpu"];
    const check = await ctx.fetch("/api/auth/me");
    if (check.status !== 200)
      throw new Error(
        `the bench session does not sign in (GET /api/auth/me → ${check.status}); run with --fresh`,
      );
    // Warm the worker and SQLite's page cache before anything is measured.
    for (let i = 0; i < 50; i++) await (await ctx.fetch(i % 2 ? "/api/inventory" : "/")).arrayBuffer();
    ctx.staticBaseline = await ctx.measure(STATIC_ASSET, { signedIn: false });
    const rows = [];
    for (const module of modules) {
      log(`section ${module.name}…`);
      try {
        for (const row of await module.run(ctx)) rows.push({ section: module.title, ...row });
      } catch (error) {
        // One broken section must not cost the others their figures.
        log(`section ${module.name} failed: ${error instanceof Error ? error.message : error}`);
        rows.push({
          section: module.title,
          name: `failed: ${String(error instanceof Error ? error.message : error).slice(0, 80)}`,
        });
      }
    }
    // The table's baseline: every static request of the run (each row also has its own paired ones).
    const baseline = stats(staticSamples);
    return { size, seed, baseline, rows };
  } finally {
    app.stop();
    push.stop();
  }
}

/**
 * The latency model: what a request costs a dealer whose round trip to the D1 primary (or, with
 * read replication, to the replica serving them) is `rtt` ms — the measured local time plus one round trip
 * per sequential D1 wait. Distances in README "Performance".
 */
export const DISTANCES_MS = [20, 80, 150];
export function latencyModel(results) {
  const large = results[results.length - 1];
  const rows = large.rows.filter((row) => row.trips);
  if (rows.length === 0) return "";
  const lines = [
    `Round trips and the latency model @ ${large.size.toLocaleString("en-US")} posts: each request's D1 round trips as its Server-Timing reports them (in brackets, how many had to wait for the one before), and what it would cost a dealer whose round trip to the database is 20 ms (same region: Dallas ↔ Chicago), 80 ms (across the continent: Vancouver or Miami ↔ a primary in the other corner of North America) or 150 ms (across an ocean: a Canadian buyer's worker reaching a primary in Europe), estimated as the local median + sequential round trips × that distance. The distances are typical round-trip times between those metros from WonderNetwork's published ping tables (wondernetwork.com/pings) and Cloudflare's D1 read-replication announcement (blog.cloudflare.com/d1-read-replication-beta); with read replication a read's distance is to the nearest replica instead. See docs/decisions/0015-read-replicas-and-round-trips.md.`,
    "",
    `| Section | Request | D1 round trips (sequential) | local median (ms) | ${DISTANCES_MS.map((d) => `at ${d} ms (ms)`).join(" | ")} |`,
    `|---|---|---:|---:|${DISTANCES_MS.map(() => "---:").join("|")}|`,
  ];
  for (const row of rows) {
    const cost = DISTANCES_MS.map((d) => fmt(row.median + row.trips.sequential * d));
    lines.push(
      `| ${row.section} | ${row.name} | ${row.trips.total} (${row.trips.sequential}) | ${fmt(row.median)} | ${cost.join(" | ")} |`,
    );
  }
  return lines.join("\n");
}

const fmt = (x) =>
  typeof x !== "number" || !Number.isFinite(x) ? "—" : x < 10 ? x.toFixed(2) : x.toFixed(1);
const ratio = (a, b) =>
  typeof a === "number" && typeof b === "number" && Number.isFinite(a) && b > 0
    ? `${(a / b).toFixed(1)}×`
    : "—";
/** A row's own paired static median when it has one, else the run's baseline. */
const staticOf = (row, result) => row.static?.median ?? result.baseline.median;

export function table(results) {
  const [small, large] = results;
  const lines = [];
  const sizes = results.map((r) => `${r.size.toLocaleString("en-US")} posts`);
  lines.push(
    `| Section | Request | ${results.map((_, i) => `median / p95 (ms) @ ${sizes[i]} | × static @ ${sizes[i]}`).join(" | ")}${large ? " | growth (median) |" : " |"}`,
  );
  lines.push(`|---|---|${results.map(() => "---:|---:").join("|")}${large ? "|---:|" : "|"}`);
  lines.push(
    `| baseline | GET ${STATIC_ASSET} (static asset) | ${results.map((r) => `${fmt(r.baseline.median)} / ${fmt(r.baseline.p95)} | 1.0×`).join(" | ")}${
      large ? ` | ${ratio(large.baseline.median, small.baseline.median)} |` : " |"
    }`,
  );
  for (const row of small.rows) {
    const cells = results.map((r) => {
      const match = r.rows.find((x) => x.section === row.section && x.name === row.name);
      return match
        ? `${fmt(match.median)} / ${fmt(match.p95)} | ${ratio(match.median, staticOf(match, r))}`
        : "— | —";
    });
    const big = large?.rows.find((x) => x.section === row.section && x.name === row.name);
    lines.push(
      `| ${row.section} | ${row.name} | ${cells.join(" | ")}${large ? ` | ${big ? ratio(big.median, row.median) : "—"} |` : " |"}`,
    );
  }
  // Figures that are not response times (sizes, counts, delivery checks) travel as notes under the table.
  const notes = results.flatMap((r) =>
    r.rows
      .filter((row) => row.note)
      .map((row) => `- ${row.section} · ${row.name} @ ${r.size.toLocaleString("en-US")} posts: ${row.note}`),
  );
  if (notes.length) lines.push("", ...notes);
  return lines.join("\n");
}

/** Full runs replace docs/performance.md's "## Latest full run" section (the first section after "## Method"). */
function recordFullRun(markdown) {
  const file = path.join(root, "docs", "performance.md");
  const text = readFileSync(file, "utf8");
  const heading = "## Latest full run";
  const start = text.indexOf(`\n${heading}\n`);
  const insertAt = start >= 0 ? start : text.indexOf("\n## ", text.indexOf("\n## Method\n") + 1);
  const rest = start >= 0 ? text.slice(start + heading.length + 2) : text.slice(insertAt);
  const nextHeading = rest.search(/\n## /);
  const after = nextHeading >= 0 ? rest.slice(nextHeading) : "";
  const section = `\n${heading}\n\n${markdown}\n`;
  writeFileSync(file, `${text.slice(0, insertAt).replace(/\s*$/, "\n")}${section}${after}`);
  // The table goes in as plain rows; let Prettier align it so `npm run lint` stays green.
  spawnSync(path.join(root, "node_modules", ".bin", "prettier"), ["--write", file], { stdio: "ignore" });
  console.log("docs/performance.md: ## Latest full run updated.");
}

async function main() {
  const options = readOptions();
  const modules = await sections(options.only);
  if (modules.length === 0) throw new Error("No bench sections to run");
  if (options.build) {
    console.log("Building…");
    build();
  }
  console.log("Bundling…");
  const configPath = await bundle(path.join(root, ".wrangler", "bench-bundle"));
  const results = [];
  for (const size of options.sizes) results.push(await measureSize(size, options, modules, configPath));

  const when = new Date().toISOString().slice(0, 10);
  const counts = results
    .map(
      (r) =>
        `${r.seed.posts.toLocaleString("en-US")} posts / ${r.seed.vehicles.toLocaleString("en-US")} vehicles / ${r.seed.comments.toLocaleString("en-US")} comments / ${r.seed.dealers.toLocaleString("en-US")} dealers`,
    )
    .join(" and ");
  const markdown = [
    `Measured with \`npm run bench\` on ${when}: \`wrangler dev\` (local workerd, local D1; wrangler's local trace collector off, see scripts/local-app.mjs) serving the production build, one request at a time, ${options.n} requests per figure after ${WARM_UP} warm-ups, signed in as a dealer of the bench network (${counts}, seeded by \`scripts/seed-large.ts\` into \`.wrangler/bench-state-{size}\`). Each request is paired with a GET ${STATIC_ASSET} (a static asset) and "× static" divides the median by the median of those paired static requests, so both are measured under the same machine load; "growth" divides the ${results.at(-1).size.toLocaleString("en-US")}-post median by the ${results[0].size.toLocaleString("en-US")}-post one, both from this run. Targets: feed first page ≤ 3× static; no growth above 1.5×.`,
    "",
    table(results),
    "",
    latencyModel(results),
  ].join("\n");
  console.log(`\n${markdown}\n`);
  mkdirSync(path.join(root, ".wrangler"), { recursive: true });
  writeFileSync(
    path.join(root, ".wrangler", "bench-results.json"),
    `${JSON.stringify({ at: new Date().toISOString(), n: options.n, results }, null, 2)}\n`,
  );
  if (options.record) recordFullRun(markdown);
}

main().catch((error) => {
  console.error(`bench: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
