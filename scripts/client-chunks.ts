/**
 * How the browser's JavaScript is cut into files. Left to itself Rollup makes a chunk for every set of routes
 * sharing a module: the signed-in home fetched ~58 files, and on a phone's connection (6 connections per host over
 * HTTP/1.1, one round trip each) the waves of requests cost more than the bytes. Here, what every hydrated page
 * runs (React, Remix, the root) is one file, and what every signed-in screen runs (the shell, its atoms, the
 * post card) is another; each route keeps its own module, and whatever a screen imports on demand (dialogs,
 * charts, the call) stays in its own chunk. Client build only: the worker is one bundle anyway.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { markSchemasPure } from "./pure-schemas";

type ModuleInfo = { importedIds: readonly string[] } | null;
type GetModuleInfo = (id: string) => ModuleInfo;

const EVERY_PAGE = ["/app/entry.client.tsx", "/app/root.tsx"];
const SIGNED_IN_SHELL = ["/app/routes/_dealer.tsx"];
/** The signed-in screens a dealer opens most. */
const SIGNED_IN_SCREENS = [
  "/app/routes/_index.tsx",
  "/app/routes/_dealer.post.$id.tsx",
  "/app/routes/_dealer.messages.tsx",
];

/** A dialog's frame: Radix's dialog with its focus trap and scroll lock. */
const DIALOG_FRAME = ["/app/components/ui/dialog-frame.tsx", "/app/components/ui/dialog-header.tsx"];

const pathOf = (id: string) => id.split("?")[0];
const ZOD = /\/node_modules\/zod\//;
/** Entries (route modules, the client entry) stay files of their own, as Remix loads them by name. */
const isEntry = (id: string) => /\/app\/(routes\/|root\.tsx$|entry\.client\.tsx$)/.test(pathOf(id));
/** Only JavaScript is grouped; styles and assets keep Vite's own handling. */
const isScript = (id: string) => !id.includes("?") && /\.(m?[jt]sx?)$/.test(id);

/**
 * `import { Dialog } from "radix-ui"` names the package that re-exports every Radix primitive. Grouped by what
 * imports what, every primitive would follow the first file that imports the package (the shell), Toast and the
 * form-only ones included; the client build imports each primitive from its own package instead, so each goes
 * with the code that uses it.
 */
function radixPackages(): Map<string, string> {
  // The ES module build: it imports each primitive by name (the CommonJS one requires them).
  const file = createRequire(import.meta.url)
    .resolve("radix-ui")
    .replace(/\.js$/, ".mjs");
  const index = readFileSync(file, "utf8");
  return new Map(
    [...index.matchAll(/import \* as (\w+) from "(@radix-ui\/[\w-]+)";/g)].map((m) => [m[1], m[2]]),
  );
}
const RADIX_IMPORT = /import \{([^}]+)\} from "radix-ui";/g;

/** Every module `roots` import without an `import()` in between. */
function staticClosure(getModuleInfo: GetModuleInfo, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

function groups(getModuleInfo: GetModuleInfo, moduleIds: Iterable<string>) {
  const ids = [...moduleIds];
  const find = (suffixes: string[]) => ids.filter((id) => suffixes.some((s) => pathOf(id).endsWith(s)));
  const everyPage = staticClosure(getModuleInfo, find(EVERY_PAGE));
  const shell = staticClosure(getModuleInfo, find(SIGNED_IN_SHELL));
  const screens = SIGNED_IN_SCREENS.map((screen) => staticClosure(getModuleInfo, find([screen])));
  const [home] = screens;
  const dialogFrame = staticClosure(getModuleInfo, find(DIALOG_FRAME));
  // What only one screen imports stays in that screen's own file; what two share travels with the shell. The dialog
  // frame is shared too: left to Rollup, a screen that draws a dialog at once (one's own post) would fetch it in
  // pieces cut by which of the lazy dialogs use each.
  const shared = (id: string) =>
    shell.has(id) || dialogFrame.has(id) || screens.filter((s) => s.has(id)).length > 1;
  // Except what the home does not run at load (the dialog frame one's own post draws at once): that is a file of
  // its own, so the home's first load does not carry it.
  const signedIn = (id: string) => shell.has(id) || home.has(id);
  // A module both the signed-in screens and a public page import goes where both already load: left out, Rollup
  // would put it in the signed-in file with the modules that import it, and the public page would load that file.
  const publicRoutes = ids.filter(
    (id) =>
      isEntry(id) &&
      pathOf(id).includes("/app/routes/") &&
      !/\/routes\/_dealer|\/routes\/_index\.tsx$/.test(pathOf(id)),
  );
  const publicPages = staticClosure(getModuleInfo, publicRoutes);
  return (id: string): string | undefined => {
    // zod is a file of its own: left out, it would follow the first grouped module that imports it, even one whose
    // schemas the build drops, onto every page's first load.
    if (ZOD.test(id)) return "zod";
    if (!isScript(id) || isEntry(id)) return undefined;
    if (everyPage.has(id)) return "app";
    if (!shared(id)) return undefined;
    if (publicPages.has(id)) return "app";
    return signedIn(id) ? "signed-in" : "signed-in-screens";
  };
}

export function clientChunks(): Plugin {
  let chunkOf: ((id: string) => string | undefined) | null = null;
  let radix: Map<string, string> | null = null;
  return {
    name: "dealerlane-client-chunks",
    apply: "build",
    transform(code, id, options) {
      if (options?.ssr || !id.includes("/app/") || !isScript(id)) return;
      const schemasPure = /\bfrom\s*["']zod/.test(code)
        ? markSchemasPure(code, this.parse(code) as never)
        : null;
      if (schemasPure) code = schemasPure;
      if (!code.includes('from "radix-ui"')) return schemasPure ?? undefined;
      radix ??= radixPackages();
      const packages = radix;
      return code.replace(RADIX_IMPORT, (_all, names: string) =>
        names
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const from = packages.get(name);
            if (!from) throw new Error(`radix-ui has no ${name}`);
            return `import * as ${name} from "${from}";`;
          })
          .join(" "),
      );
    },
    config(_config, { isSsrBuild }) {
      if (isSsrBuild) return;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleInfo, getModuleIds }) {
                chunkOf ??= groups(getModuleInfo as GetModuleInfo, getModuleIds());
                return chunkOf(id);
              },
            },
          },
        },
      };
    },
  };
}
