import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Remix matches the URL against the route tree three times per page (the request handler, the static handler,
 * React Router's render), and @remix-run/router 1.x flattens and ranks every route and builds a RegExp for
 * every path it tries, each time: about a tenth of a signed-in page's CPU. This build step writes a copy of the
 * router whose route branches are kept per route list and whose compiled paths are kept per path, which matches
 * exactly as before (same functions, same inputs; a RegExp without `g` keeps no state) for less work per page.
 * The worker bundle takes the copy through wrangler.toml's `[alias]` (docs/decisions/0026-one-d1-trip-per-page.md).
 * It rewrites exact snippets of the router's CommonJS build and fails the build if they are not there.
 */
export const PATCHED_ROUTER = "build/server/remix-router.cjs";

const REWRITES: [from: string, to: string][] = [
  [
    "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
    "  let branches = rankedBranches.get(routes);\n  if (!branches) {\n    branches = flattenRoutes(routes);\n    rankRouteBranches(branches);\n    rankedBranches.set(routes, branches);\n  }\n",
  ],
  [
    "function compilePath(path, caseSensitive, end) {\n",
    [
      "const rankedBranches = new WeakMap();",
      "const compiledPaths = new Map();",
      "function compilePath(path, caseSensitive, end) {",
      '  const key = path + "\\0" + caseSensitive + "\\0" + end;',
      "  let compiled = compiledPaths.get(key);",
      "  if (!compiled) compiledPaths.set(key, (compiled = compileNewPath(path, caseSensitive, end)));",
      "  return compiled;",
      "}",
      "function compileNewPath(path, caseSensitive, end) {\n",
    ].join("\n"),
  ],
];

/** The patched router's source, from the installed @remix-run/router. */
export function patchedRouterSource(): string {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@remix-run/router");
  let out = readFileSync(file, "utf8");
  for (const [from, to] of REWRITES) {
    if (out.split(from).length !== 2)
      throw new Error(
        `remix-router-memo: @remix-run/router changed (${file}); update or remove scripts/remix-router-memo.ts`,
      );
    out = out.replace(from, to);
  }
  return out;
}

export function remixRouterMemo(): Plugin {
  let root = process.cwd();
  let server = false;
  return {
    name: "dealerlane:remix-router-memo",
    apply: "build",
    configResolved(config) {
      root = config.root;
      server = Boolean(config.build.ssr);
    },
    // Written with the server build, which the worker bundle needs anyway.
    writeBundle() {
      if (!server) return;
      const target = path.join(root, PATCHED_ROUTER);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, patchedRouterSource());
    },
  };
}
