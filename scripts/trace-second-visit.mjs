/**
 * Where the phone's second visit of the home goes, from Chrome's own trace: this tree's build served from a copy of
 * the 20 000-post bench network, an on-disk profile warmed as the phone bench's (scripts/bench/phone.mjs), then
 * `--loads` second visits under the bench's throttling, each traced. Per load: the page's milestones, the main
 * thread's busy time by kind between them, and per script whether V8 read (consumed) or wrote (produced) its code
 * cache. Tracing slows a load by ~150 ms, so its figures are for proportions; times come from the bench.
 *
 *   node scripts/trace-second-visit.mjs [--loads 3] [--posts 20000]
 */
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { home, load, warmProfile } from "./bench/phone.mjs";
import { busyByKind, codeCacheOf } from "./bench/trace-reading.mjs";
import { launchChromium } from "./chromium.mjs";
import { build, bundle, freePort, root, serve } from "./local-app.mjs";

const { values } = parseArgs({
  options: { loads: { type: "string", default: "3" }, posts: { type: "string", default: "20000" } },
});
const CATEGORIES = [
  "v8",
  "disabled-by-default-v8.compile",
  "devtools.timeline",
  "loading",
  "blink.user_timing",
].join(",");

const benchState = path.join(root, ".wrangler", `bench-state-${values.posts}`);
if (!existsSync(path.join(benchState, "bench-seed.json")))
  throw new Error("No bench network: run `npm run bench` once");
const seed = JSON.parse(readFileSync(path.join(benchState, "bench-seed.json"), "utf8"));
const state = path.join(root, ".wrangler", "trace-state");
rmSync(state, { recursive: true, force: true });
cpSync(benchState, state, { recursive: true });
build();
const config = await bundle(path.join(root, ".wrangler", "trace-bundle"));
const port = await freePort();
const { stop } = await serve({ port, persistTo: state, config });
const round = (x) => Math.round(x);
try {
  const ctx = {
    baseUrl: `http://127.0.0.1:${port}`,
    cookie: seed.cookie,
    dealerId: seed.dealerId,
    log: console.log,
  };
  const browser = await launchChromium();
  const profile = await warmProfile(browser, ctx, home);
  try {
    for (let i = 0; i < Number(values.loads); i++) {
      const { traceEvents, ...l } = await load(profile, ctx, home, { trace: CATEGORIES });
      console.log(
        `load ${i + 1}: HTML done ${round(l.htmlDone)} ms, first paint ${round(l.painted)}, parsed ${round(l.parsed)}, scripts asked ${round(l.scriptsAsked)}, answered ${round(l.scriptsAnswered)}, answers a tap ${round(l.interactive)}`,
      );
      const windows = [
        ["to HTML done", 0, l.htmlDone],
        ["to parsed", l.htmlDone, l.parsed],
        ["to a tap", l.parsed, l.interactive],
      ];
      for (const { label, kinds } of busyByKind(traceEvents, windows)) {
        const busy = Object.values(kinds).reduce((sum, ms) => sum + ms, 0);
        const parts = Object.entries(kinds).sort((a, b) => b[1] - a[1]);
        console.log(
          `  ${label.padEnd(12)} main thread busy ${round(busy)} ms: ${parts.map(([k, ms]) => `${k} ${round(ms)}`).join(", ")}`,
        );
      }
      const caches = [...codeCacheOf(traceEvents)].map(
        ([file, c]) =>
          `${file} ${c.compiled ?? "not compiled"}${c.produced ? `, produced ${c.produced} B` : ""}`,
      );
      console.log(`  code cache: ${caches.join("; ")}`);
    }
  } finally {
    await profile.close();
    await browser.close();
  }
} finally {
  stop();
}
