/**
 * Public site benchmark section: the landing page's response time signed out (median and p95 of the run's
 * requests, as a ratio to the static asset), and the JavaScript and CSS each public page ships, gzipped —
 * what its HTML links as scripts (inline module imports and src), module preloads and stylesheets.
 */
import { gzipSync } from "node:zlib";

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
  return rows;
}
