/**
 * Two revisions of the app served side by side on the 20 000-post bench network, requests alternating between
 * them: a before/after comparison that the machine's load cannot tilt (each request is paired with a static
 * request to the same server, and the two servers take turns).
 *
 *   node scripts/bench-side-by-side.mjs <before-rev> [<after-rev>=HEAD] [--paths /,/messages] [--n 60] [--posts 1000]
 *   node scripts/bench-side-by-side.mjs <before-rev> [<after-rev>] --posting [--n 30] [--posts 500000]
 *   node scripts/bench-side-by-side.mjs <before-rev> [<after-rev>] --posting --alone [--cpu] [--n 30] [--posts 500000]
 *   node scripts/bench-side-by-side.mjs <before-rev> [<after-rev>] --phone [--n 15] [--paths /,/messages,/post/{id}]
 *   node scripts/bench-side-by-side.mjs <before-rev> [<after-rev>] --alerts [--n 30] [--posts 500000]
 *
 * --posting times POST /api/inventory back to back instead (the writes section's two Silverados, which alert
 * every open request for one): the revisions take turns by blocks of POSTING_BLOCK posts, each block starting
 * once its server's deal alerts of the block before are delivered, and the first post of each block (nothing
 * pending before it) is not counted. With --alone, each post on its own (the writes section's "the previous post's
 * alerts delivered" row): the servers take turns post by post, and each post waits until neither server holds a
 * pending deal alert nor is still matching a post (`alertsSettled`), so no server's alert work runs beside a timed
 * post; the first round is not counted. Either way the second revision's line ends with the median of the paired
 * after/before ratios (each post paired with the other revision's post of the same place) and their middle half.
 * `--alone --cpu` also reads, per post, the CPU its server's workerd spent from the request until the post's alerts
 * were delivered (the post, its matching, the fan-out, the courier): on a shared machine a far steadier figure than
 * the wall time, and the one that says what a fan-out takes from the next post back to back.
 *
 * Each revision is checked out into .wrangler/side-by-side/<rev> (sharing this checkout's node_modules), built
 * and bundled as `wrangler deploy` would, and served by `wrangler dev` from its own copy of
 * .wrangler/bench-state-{posts} (20 000 unless --posts; run `npm run bench` once first) with that revision's own migrations applied.
 * Prints one line per page and revision: median, the paired static median, their ratio, and Server-Timing.
 * The bench network keeps every migration ever applied to it, so an older revision runs with newer indexes:
 * the comparison is of the code. `git worktree remove .wrangler/side-by-side/<sha>` when done.
 * `--alerts` times the notifications section's deal alert instead: from a Cayenne's create to its deal-alert frame on
 * the last of the section's 8 listening requesters (a fresh set per server), the servers taking turns post by post,
 * each post started once neither server holds a pending alert nor is still matching one; the first round is not
 * counted.
 * `--phone` compares the phone bench's screens instead (scripts/bench/phone.mjs): the home's second visit (a warm
 * on-disk profile per revision, as the installed app's), then cold loads of the home, a chat and another dealer's
 * post (`--paths` picks among them), loads alternating between the revisions. Per revision: the median time until
 * the page answers a tap, the scripts over the wire, the HTML's last byte, the end of parsing, the first paint (the
 * page's clock) and the HTML's size; for the second revision the median of the paired after/before ratios and
 * their middle half.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { percentile, signUpBenchDealer, stats } from "./bench/bench-dealer.mjs";
import { alertsDelivered, alertsSettled, silverados } from "./bench/writes.mjs";
import { cpuMsUnder } from "./process-cpu.mjs";
import {
  bin,
  bundle,
  freePort,
  handOffOutbox,
  migrate,
  root,
  run as runQuietly,
  serve,
} from "./local-app.mjs";

const work = path.join(root, ".wrangler", "side-by-side");

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    posts: { type: "string", default: "20000" },
    paths: { type: "string" },
    n: { type: "string" },
    posting: { type: "boolean", default: false },
    alone: { type: "boolean", default: false },
    phone: { type: "boolean", default: false },
    alerts: { type: "boolean", default: false },
    cpu: { type: "boolean", default: false },
  },
});
const benchState = path.join(root, ".wrangler", `bench-state-${values.posts}`);
const paths = (values.paths ?? "/,/messages,/my-stats,/admin,/settings").split(",");
const n = Number(values.n ?? (values.phone ? 15 : 60));
const [before, after = "HEAD"] = positionals;
if (!before)
  throw new Error(
    "usage: node scripts/bench-side-by-side.mjs <before-rev> [<after-rev>] [--paths …] [--n …]",
  );
if (!existsSync(path.join(benchState, "bench-seed.json")))
  throw new Error("No bench network: run `npm run bench` once");
const seed = JSON.parse(readFileSync(path.join(benchState, "bench-seed.json"), "utf8"));

const run = (command, commandArgs, cwd) => runQuietly(command, commandArgs, undefined, cwd).trim();

/** Checks out, builds and bundles one revision; answers its wrangler.json and its own bench state. */
async function prepare(rev) {
  const sha = run("git", ["rev-parse", "--short", rev], root);
  const tree = path.join(work, sha);
  if (!existsSync(tree)) {
    mkdirSync(work, { recursive: true });
    run("git", ["worktree", "add", "--detach", tree, sha], root);
    symlinkSync(path.join(root, "node_modules"), path.join(tree, "node_modules"));
  }
  run(bin("remix"), ["vite:build"], tree);
  const configPath = await bundle(path.join(tree, ".wrangler", "bundle"), tree);
  const state = path.join(tree, ".wrangler", "bench-state");
  rmSync(state, { recursive: true, force: true });
  cpSync(benchState, state, { recursive: true });
  migrate(state, { config: configPath, cwd: tree });
  handOffOutbox(state, tree);
  return { rev, sha, configPath, state, tree };
}

async function serveSide({ configPath, state, tree }) {
  const port = await freePort();
  const { child, stop } = await serve({ port, persistTo: state, config: configPath, cwd: tree });
  return { base: `http://127.0.0.1:${port}`, stop, cpuMs: () => cpuMsUnder(child.pid, "workerd") };
}

async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms: performance.now() - started, timing: response.headers.get("Server-Timing") ?? "" };
}

const median = (samples) => stats(samples).median;

/** Posts per block of --posting: the first waits for nothing, the others each follow the one before. */
const POSTING_BLOCK = 6;

async function timedPost(base, cookie, i) {
  const started = performance.now();
  const response = await fetch(`${base}/api/inventory`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify(silverados(i)),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`POST /api/inventory answered ${response.status}`);
  return performance.now() - started;
}

/** Back-to-back posting on each server, the servers taking turns by blocks. */
async function posting(servers) {
  const samples = servers.map(() => ({ page: [], static: [] }));
  for (let block = 0; block * (POSTING_BLOCK - 1) < n; block++) {
    for (const s of block % 2 ? [1, 0] : [0, 1]) {
      const { base, state } = servers[s];
      // A dealer may post 30 an hour: a fresh one per block.
      const { cookie } = await signUpBenchDealer(base, { label: `ab${block}`, dealershipName: "Bench A/B" });
      await alertsDelivered(state);
      for (let i = 0; i < POSTING_BLOCK; i++) {
        const ms = await timedPost(base, cookie, block * POSTING_BLOCK + i);
        const st = await timed(`${base}/favicon.svg`, {});
        if (i === 0) continue;
        samples[s].page.push(ms);
        samples[s].static.push(st.ms);
      }
    }
  }
  return samples;
}

/**
 * Each post on its own, the servers taking turns post by post, nothing pending on either before a post. With
 * --cpu, each post's workerd CPU until its alerts are delivered too (`cpu`).
 */
async function postingAlone(servers) {
  const samples = servers.map(() => ({ page: [], static: [], cpu: [] }));
  const posters = servers.map(() => "");
  for (let i = 0; i < n + 1; i++) {
    for (const s of i % 2 ? [1, 0] : [0, 1]) {
      const { base } = servers[s];
      // A dealer may post 30 an hour: a fresh one every 25 posts.
      if (i % 25 === 0)
        ({ cookie: posters[s] } = await signUpBenchDealer(base, {
          label: `alone${i}`,
          dealershipName: "Bench A/B",
        }));
      for (const server of servers) await alertsSettled(server.state);
      const cpuBefore = values.cpu ? servers[s].cpuMs() : 0;
      const ms = await timedPost(base, posters[s], i);
      const st = await timed(`${base}/favicon.svg`, {});
      if (values.cpu) await alertsSettled(servers[s].state);
      const cpu = values.cpu ? servers[s].cpuMs() - cpuBefore : 0;
      if (i === 0) continue;
      samples[s].page.push(ms);
      samples[s].static.push(st.ms);
      if (values.cpu) samples[s].cpu.push(cpu);
    }
  }
  return samples;
}

/** A deal alert's create → frame on the last listening requester, the servers taking turns post by post. */
async function alertFrames(servers) {
  const { alertAudience } = await import("./bench/notifications.mjs");
  const label = `ab${Date.now().toString(36)}`;
  const audiences = [];
  for (const server of servers) audiences.push(await alertAudience(server.base, label, n + 1));
  const samples = servers.map(() => ({ page: [], static: [] }));
  try {
    for (let i = 0; i < n + 1; i++) {
      for (const s of i % 2 ? [1, 0] : [0, 1]) {
        for (const server of servers) await alertsSettled(server.state);
        const { deliveryMs } = await audiences[s].alertPost(i);
        if (deliveryMs === null) throw new Error(`${servers[s].rev}: an alert missed a requester for 15 s`);
        const st = await timed(`${servers[s].base}/favicon.svg`, {});
        if (i === 0) continue;
        samples[s].page.push(deliveryMs);
        samples[s].static.push(st.ms);
      }
    }
  } finally {
    for (const audience of audiences) audience.close();
  }
  return samples;
}

/** The median of the paired after/before ratios and their middle half: how far one pair's verdict holds. */
function pairedRatios(before, after) {
  const ratios = after.map((a, i) => a / before[i]).toSorted((a, b) => a - b);
  return `after/before ${median(ratios).toFixed(2)}× (middle half ${percentile(ratios, 25).toFixed(2)}–${percentile(ratios, 75).toFixed(2)})`;
}

/**
 * The phone bench's screens on a throttled phone, alternating between the servers: the home's second visit (a warm
 * profile per server), then cold loads of the home, a chat and another dealer's post (a fresh profile each).
 */
async function comparePhones(servers) {
  const { launchChromium } = await import("./chromium.mjs");
  const { coldLoad, home, load, screensOf, warmProfile } = await import("./bench/phone.mjs");
  const browser = await launchChromium();
  // The warm profiles are on-disk ones, each a browser of its own: closed (and deleted) apart from `browser`.
  const warm = [];
  const of = (loads, key) => median(loads.map((l) => l[key]));
  /** `n` loads per server (after one unmeasured round), alternating; one line per server. */
  async function alternate(label, loadOn) {
    const loads = servers.map(() => []);
    for (let i = 0; i < n + 1; i++) {
      for (const s of i % 2 ? [1, 0] : [0, 1]) {
        const result = await loadOn(s);
        if (i > 0) loads[s].push(result);
      }
    }
    const ratios = loads[1].map((l, i) => l.interactive / loads[0][i].interactive).toSorted((a, b) => a - b);
    // The middle half of the paired ratios: how far one pair's verdict can be trusted.
    const spread = `${percentile(ratios, 25).toFixed(2)}–${percentile(ratios, 75).toFixed(2)}`;
    servers.forEach((server, s) => {
      const ms = of(loads[s], "interactive");
      const times = loads[s].map((l) => l.interactive);
      const paired = s ? `  after/before ${median(ratios).toFixed(2)}× (middle half ${spread})` : "";
      console.log(
        `${label.padEnd(16)} ${server.rev.padEnd(10)} ${ms.toFixed(0).padStart(5)} ms (${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))}), ${(of(loads[s], "scriptBytes") / 1024).toFixed(1)} kB in ${of(loads[s], "scripts")} scripts, HTML done ${of(loads[s], "htmlDone").toFixed(0)} ms, parsed ${of(loads[s], "parsed").toFixed(0)} ms, first paint ${of(loads[s], "painted").toFixed(0)} ms, HTML ${(of(loads[s], "htmlBytes") / 1024).toFixed(1)} kB, ${times.length} loads${paired}`,
      );
    });
  }
  try {
    const ctxs = servers.map((server) => ({
      baseUrl: server.base,
      cookie: seed.cookie,
      dealerId: seed.dealerId,
      log: console.log,
      fetch: (p) => fetch(server.base + p, { headers: { Cookie: seed.cookie } }),
    }));
    const wanted = (name) => !values.paths || paths.includes(name);
    if (wanted(home.name)) {
      for (const ctx of ctxs) warm.push(await warmProfile(browser, ctx, home));
      await alternate("GET / again", (s) => load(warm[s], ctxs[s], home));
    }
    for (const screen of (await screensOf(ctxs[0])).cold.filter((screen) => wanted(screen.name)))
      await alternate(`GET ${screen.name} cold`, (s) => coldLoad(browser, ctxs[s], screen));
  } finally {
    for (const context of warm) await context.close();
    await browser.close();
  }
}

const sides = [await prepare(before), await prepare(after)];
const servers = [];
try {
  for (const side of sides) servers.push({ ...side, ...(await serveSide(side)) });
  if (values.posting) {
    const samples = await (values.alone ? postingAlone : posting)(servers);
    servers.forEach((server, s) => {
      const m = median(samples[s].page);
      const st = median(samples[s].static);
      const paired = s ? `  ${pairedRatios(samples[0].page, samples[1].page)}` : "";
      console.log(
        `POST ${values.alone ? "on its own  " : "back to back"} ${server.rev.padEnd(10)} ${m.toFixed(1).padStart(7)} ms  static ${st.toFixed(2)} ms  ${(m / st).toFixed(2)}×  (${samples[s].page.length} posts, ${values.posts} posts network)${paired}`,
      );
      if (values.cpu && values.alone)
        console.log(
          `workerd CPU per post, alerts delivered ${server.rev.padEnd(10)} ${median(samples[s].cpu)} ms${s ? `  ${pairedRatios(samples[0].cpu, samples[1].cpu)}` : ""}`,
        );
    });
  }
  if (values.alerts) {
    const samples = await alertFrames(servers);
    servers.forEach((server, s) => {
      const m = median(samples[s].page);
      const paired = s ? `  ${pairedRatios(samples[0].page, samples[1].page)}` : "";
      console.log(
        `deal alert → last frame ${server.rev.padEnd(10)} ${m.toFixed(1).padStart(7)} ms  static ${median(samples[s].static).toFixed(2)} ms  (${samples[s].page.length} alerts, ${values.posts} posts network)${paired}`,
      );
    });
  }
  if (values.phone) await comparePhones(servers);
  for (const page of values.posting || values.phone || values.alerts ? [] : paths) {
    const cookie = page.startsWith("/admin") ? seed.adminCookie : seed.cookie;
    const samples = servers.map(() => ({ page: [], static: [], timing: "" }));
    for (let i = 0; i < n + 15; i++) {
      const order = i % 2 ? [1, 0] : [0, 1];
      for (const s of order) {
        const { base } = servers[s];
        const a = await timed(base + page, { Cookie: cookie, Origin: base });
        const b = await timed(`${base}/favicon.svg`, {});
        if (i < 15) continue;
        samples[s].page.push(a.ms);
        samples[s].static.push(b.ms);
        samples[s].timing = a.timing;
      }
    }
    servers.forEach((server, s) => {
      const m = median(samples[s].page);
      const st = median(samples[s].static);
      console.log(
        `${page.padEnd(18)} ${server.rev.padEnd(10)} ${m.toFixed(1).padStart(6)} ms  static ${st.toFixed(2)} ms  ${(m / st).toFixed(2)}×  ${samples[s].timing}`,
      );
    });
  }
} finally {
  for (const server of servers) server.stop();
}
