/**
 * Two revisions of the app served side by side on the 20 000-post bench network, requests alternating between
 * them: a before/after comparison that the machine's load cannot tilt (each request is paired with a static
 * request to the same server, and the two servers take turns).
 *
 *   node scripts/bench-side-by-side.mjs <before-rev> [<after-rev>=HEAD] [--paths /,/messages] [--n 60] [--posts 1000]
 *   node scripts/bench-side-by-side.mjs <before-rev> [<after-rev>] --phone [--n 15] [--paths /,/messages,/post/{id}]
 *
 * Each revision is checked out into .wrangler/side-by-side/<rev> (sharing this checkout's node_modules), built
 * and bundled as `wrangler deploy` would, and served by `wrangler dev` from its own copy of
 * .wrangler/bench-state-{posts} (20 000 unless --posts; run `npm run bench` once first) with that revision's own migrations applied.
 * Prints one line per page and revision: median, the paired static median, their ratio, and Server-Timing.
 * The bench network keeps every migration ever applied to it, so an older revision runs with newer indexes:
 * the comparison is of the code. `--phone`: instead, the phone section's cold loads (scripts/bench/phone.mjs: the
 * home, a chat, another dealer's post), `--n` loads of each screen on each revision, taking turns; each line gives
 * the median time to answer a tap, the median of the paired after/before ratios, and the scripts over the wire.
 * `git worktree remove .wrangler/side-by-side/<sha>` when done.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { percentile, stats } from "./bench/bench-dealer.mjs";
import { launchChromium } from "./chromium.mjs";
import { coldLoad, screensOf } from "./bench/phone.mjs";
import { bin, bundle, freePort, root, run as runQuietly, serve } from "./local-app.mjs";

const work = path.join(root, ".wrangler", "side-by-side");

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    posts: { type: "string", default: "20000" },
    paths: { type: "string" },
    n: { type: "string" },
    phone: { type: "boolean", default: false },
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
  run(
    bin("wrangler"),
    ["d1", "migrations", "apply", "DB", "--local", "--config", configPath, "--persist-to", state],
    tree,
  );
  return { rev, sha, configPath, state, tree };
}

async function serveSide({ configPath, state, tree }) {
  const port = await freePort();
  const { stop } = await serve({ port, persistTo: state, config: configPath, cwd: tree });
  return { base: `http://127.0.0.1:${port}`, stop };
}

async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms: performance.now() - started, timing: response.headers.get("Server-Timing") ?? "" };
}

const median = (samples) => stats(samples).median;

/** What the phone section needs of the bench's context, for one server. */
const phoneContext = (base) => ({
  baseUrl: base,
  cookie: seed.cookie,
  dealerId: seed.dealerId,
  fetch: (pathOrUrl, init = {}) =>
    fetch(new URL(pathOrUrl, base), {
      ...init,
      headers: { Cookie: seed.cookie, Origin: base, ...init.headers },
    }),
  log: console.log,
});

/** The phone's cold screens, loads alternating between the two servers. */
async function comparePhones(servers) {
  const contexts = servers.map((server) => phoneContext(server.base));
  const screens = (await screensOf(contexts[0])).cold.filter(
    (screen) => !values.paths || paths.includes(screen.name),
  );
  const browser = await launchChromium();
  try {
    for (const screen of screens) {
      const loads = servers.map(() => []);
      for (let i = -1; i < n; i++) {
        const order = i % 2 ? [1, 0] : [0, 1];
        for (const s of order) {
          const load = await coldLoad(browser, contexts[s], screen);
          if (i >= 0) loads[s].push(load);
        }
      }
      const ratios = loads[1]
        .map((load, i) => load.interactive / loads[0][i].interactive)
        .toSorted((a, b) => a - b);
      // The middle half of the paired ratios: how far one pair's verdict can be trusted.
      const spread = `${percentile(ratios, 25).toFixed(2)}–${percentile(ratios, 75).toFixed(2)}`;
      servers.forEach((server, s) => {
        const ms = median(loads[s].map((l) => l.interactive));
        const kB = median(loads[s].map((l) => l.scriptBytes)) / 1024;
        const files = median(loads[s].map((l) => l.scripts));
        console.log(
          `${screen.name.padEnd(12)} ${server.rev.padEnd(10)} ${ms.toFixed(0).padStart(6)} ms  ${kB.toFixed(1)} kB in ${files} scripts${s ? `  after/before ${median(ratios).toFixed(2)}× (median of ${n} pairs, middle half ${spread})` : ""}`,
        );
      });
    }
  } finally {
    await browser.close();
  }
}

const sides = [await prepare(before), await prepare(after)];
const servers = [];
try {
  for (const side of sides) servers.push({ ...side, ...(await serveSide(side)) });
  if (values.phone) await comparePhones(servers);
  for (const page of values.phone ? [] : paths) {
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
