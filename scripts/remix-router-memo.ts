import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Remix matches the URL against the route tree three times per page (the request handler, the static handler,
 * React Router's render), and @remix-run/router 1.x flattens and ranks every route and builds a RegExp for
 * every path it tries, each time: about a tenth of a signed-in page's CPU. This build step writes copies of the
 * router and of the two server-render modules around it that keep what never changes between requests:
 * - @remix-run/router: ranked branches per route list, compiled paths per path, matches per route list and URL;
 * - @remix-run/react's RemixServer: the render's route list per build manifest (it is rebuilt from the same
 *   build on every request, so the router's per-list memory never reached it);
 * - react-router-dom/server: the data routes per route list.
 * They match and render exactly as before (same functions, same inputs; a RegExp without `g` keeps no state, and
 * the kept route objects are built from the build alone). The worker bundle takes the copies through
 * wrangler.toml's `[alias]` (docs/decisions/0026-one-d1-trip-per-page.md). Each copy rewrites exact snippets of
 * the installed package and fails the build if they are not there.
 */
type Rewrite = [from: string, to: string];

/** URLs whose route matches are kept per route list; past it the memory starts again (post pages are many). */
const MATCHES_KEPT = 1000;

type Copy = {
  /** What the copy replaces, as the worker's bundler would resolve it. */
  module: string;
  /** Where the copy is written, relative to the project root (the path wrangler.toml's `[alias]` names). */
  target: string;
  rewrites: Rewrite[];
};

const COPIES: Copy[] = [
  {
    module: "@remix-run/router",
    target: "build/server/remix-router.cjs",
    rewrites: [
      [
        "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
        "  let branches = rankedBranches.get(routes);\n  if (!branches) {\n    branches = flattenRoutes(routes);\n    rankRouteBranches(branches);\n    rankedBranches.set(routes, branches);\n  }\n",
      ],
      [
        "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n",
        [
          // A page matches the same URL three times; a dealer's pages are few. Kept per route list and URL
          // (at most MATCHES_KEPT), handed out as copies: a caller may change the params it was given.
          "const matchesKept = new WeakMap();",
          `const MATCHES_KEPT = ${MATCHES_KEPT};`,
          "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {",
          '  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;',
          '  let key = (location.pathname || "/") + "\\0" + basename + "\\0" + allowPartial;',
          "  let kept = matchesKept.get(routes);",
          "  if (!kept) matchesKept.set(routes, (kept = new Map()));",
          "  let matches = kept.get(key);",
          "  if (matches === undefined) {",
          "    if (kept.size >= MATCHES_KEPT) kept.clear();",
          "    matches = matchNewRoutes(routes, location, basename, allowPartial);",
          "    kept.set(key, matches);",
          "  }",
          "  if (!matches) return matches;",
          "  let params = { ...matches[matches.length - 1].params };",
          "  return matches.map((match) => ({ ...match, params }));",
          "}",
          "function matchNewRoutes(routes, locationArg, basename, allowPartial) {\n",
        ].join("\n"),
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
    ],
  },
  {
    module: "react-router-dom/server",
    target: "build/server/react-router-dom-server.cjs",
    rewrites: [
      [
        "  let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);\n",
        [
          "  let kept = dataRoutesOf.get(routes);",
          "  if (!kept) {",
          "    let manifest = {};",
          "    kept = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };",
          "    dataRoutesOf.set(routes, kept);",
          "  }",
          "  let { manifest, dataRoutes } = kept;\n",
        ].join("\n"),
      ],
      [
        "function createStaticRouter(routes, context, opts = {}) {\n",
        "const dataRoutesOf = new WeakMap();\n$&",
      ],
    ],
  },
  {
    module: "@remix-run/react/dist/esm/server.js",
    target: "build/server/remix-react-server.mjs",
    rewrites: [
      [
        "  let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n",
        [
          "  let kept = serverRoutesOf.get(manifest.routes);",
          "  if (!kept || kept.isSpaMode !== context.isSpaMode) {",
          "    kept = { isSpaMode: context.isSpaMode, routes: createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode) };",
          "    serverRoutesOf.set(manifest.routes, kept);",
          "  }",
          "  let routes = kept.routes;\n",
        ].join("\n"),
      ],
      ["function RemixServer({\n", "const serverRoutesOf = new WeakMap();\n$&"],
    ],
  },
];

/**
 * @remix-run/react with its RemixServer replaced by the copy above: everything else is the package's own
 * modules (imported by path, so they stay the very modules the rest of the bundle uses).
 */
const REMIX_REACT = {
  target: "build/server/remix-react.mjs",
  source: (index: string) =>
    [
      `export * from ${JSON.stringify(index)};`,
      'export { RemixServer } from "./remix-react-server.mjs";\n',
    ].join("\n"),
};

function resolveFrom(root: string, module: string): string {
  return createRequire(path.join(root, "package.json")).resolve(module);
}

/** An import of `file` from the module written at `target` (both under `root`). */
function importPath(root: string, target: string, file: string): string {
  const relative = path.relative(path.dirname(path.join(root, target)), file);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** A copy's source, from the installed package; relative imports point back into the package. */
export function patchedSource(copy: Copy, root = process.cwd()): string {
  const file = resolveFrom(root, copy.module);
  let out = readFileSync(file, "utf8");
  for (const [from, to] of copy.rewrites) {
    if (out.split(from).length !== 2)
      throw new Error(
        `remix-router-memo: ${copy.module} changed (${file}); update or remove scripts/remix-router-memo.ts`,
      );
    out = out.replace(from, to);
  }
  return out.replace(
    /from '\.\/([^']+)'/g,
    (_, name: string) =>
      `from ${JSON.stringify(importPath(root, copy.target, path.join(path.dirname(file), name)))}`,
  );
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
      const write = (target: string, source: string) => {
        const file = path.join(root, target);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, source);
      };
      for (const copy of COPIES) write(copy.target, patchedSource(copy, root));
      const index = resolveFrom(root, "@remix-run/react/dist/esm/index.js");
      write(REMIX_REACT.target, REMIX_REACT.source(importPath(root, REMIX_REACT.target, index)));
    },
  };
}
