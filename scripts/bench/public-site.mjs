/**
 * Public site benchmark section: the landing page's response time signed out (median and p95 of the run's
 * requests, as a ratio to the static asset), the JavaScript and CSS each public page ships, gzipped —
 * what its HTML links as scripts (inline module imports and src), module preloads and stylesheets — and the
 * processor a landing left open keeps using once its headline has typed its round.
 */
import { gzipSync } from "node:zlib";
import { launchChromium } from "../chromium.mjs";
import { cpuMsUnder } from "../process-cpu.mjs";

export const title = "Public site";

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/features",
  "/security",
  "/privacy",
  "/mobile",
  "/pricing",
  "/contact",
  "/help",
  "/blog",
  "/careers",
  "/status",
  "/api-docs",
  "/login",
];
const JS_BUDGET_KB = 90;

function assetsOf(html) {
  const js = new Set();
  const css = new Set();
  for (const [, href] of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) js.add(href);
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) js.add(src);
  for (const [, src] of html.matchAll(/import \* as \w+ from "([^"]+)"/g)) js.add(src);
  for (const [, src] of html.matchAll(/import\("([^"]+)"\)/g)) js.add(src);
  for (const [, href] of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) css.add(href);
  return { js: [...js], css: [...css] };
}

async function gzippedKb(baseUrl, paths, cache) {
  let bytes = 0;
  for (const path of paths) {
    if (!cache.has(path)) {
      const body = Buffer.from(await (await fetch(`${baseUrl}${path}`)).arrayBuffer());
      cache.set(path, gzipSync(body, { level: 9 }).length);
    }
    bytes += cache.get(path);
  }
  return bytes / 1024;
}

/** The headline types each audience once (about 17 s), then rests: the landing's CPU is read after this. */
const LANDING_ROUND_MS = 25_000;
const AT_REST_WINDOW_MS = 10_000;

/** Chromium's CPU (ms) over a landing's first LANDING_ROUND_MS on a phone's screen, then over AT_REST_WINDOW_MS. */
async function openLandingCpu(baseUrl) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const chromiumCpu = () => cpuMsUnder(process.pid, "chrom");
    const loading = chromiumCpu();
    await page.goto(`${baseUrl}/`);
    await page.waitForTimeout(LANDING_ROUND_MS);
    const rested = chromiumCpu();
    await page.waitForTimeout(AT_REST_WINDOW_MS);
    return { round: rested - loading, atRest: chromiumCpu() - rested };
  } finally {
    await browser.close();
  }
}

export async function run(ctx) {
  const rows = [];
  const landing = await ctx.measure("/", { signedIn: false });
  rows.push({ name: "GET / signed out (landing page)", ...landing });

  const cache = new Map();
  for (const page of PUBLIC_PAGES) {
    const html = await (await fetch(`${ctx.baseUrl}${page}`)).text();
    const { js, css } = assetsOf(html);
    const jsKb = await gzippedKb(ctx.baseUrl, js, cache);
    const cssKb = await gzippedKb(ctx.baseUrl, css, cache);
    const verdict =
      page === "/"
        ? jsKb <= JS_BUDGET_KB
          ? ` (target ≤ ${JS_BUDGET_KB} kB: met)`
          : ` (target ≤ ${JS_BUDGET_KB} kB: NOT met)`
        : "";
    rows.push({
      name: `assets shipped by ${page}`,
      note: `JavaScript ${jsKb.toFixed(1)} kB gz in ${js.length} files, CSS ${cssKb.toFixed(1)} kB gz${verdict}`,
    });
  }

  const open = await openLandingCpu(ctx.baseUrl);
  rows.push({
    name: "an open landing page, signed out, 390 px: Chromium's CPU",
    note: `${open.round} ms over its first ${LANDING_ROUND_MS / 1000} s (loading, the headline's round), then ${open.atRest} ms over ${AT_REST_WINDOW_MS / 1000} s at rest (the carousels and the dealer counter still move)`,
  });
  return rows;
}
