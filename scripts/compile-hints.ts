/**
 * V8 compiles a function the first time it is called, on the page's main thread, unless the file says that its
 * functions all run at load: then Chrome compiles the whole file on a background thread while the file streams in.
 * A phone's second visit spent ~100 ms (4× slower CPU) of its main thread compiling the app's functions one by one
 * during hydration: Chrome keeps the scripts' compiled code after a visit but never read it back (its background
 * fetch streams every module script without looking), so each visit compiled again. Marked here: the files a
 * page runs before its first tap (the client entry, every route module and what they import statically). What a
 * screen imports on demand (dialogs, charts, the call) stays lazily compiled. Client build only.
 */
import type { Plugin } from "vite";

/** V8's explicit compile hint: every function of the file is called at load, so compile them all at once. */
export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

type Chunk = { fileName: string; isEntry: boolean; imports: readonly string[] };

/** The entries and every file they import without an `import()` in between. */
export function loadedAtStart(chunks: Record<string, Chunk>): Set<string> {
  const seen = new Set<string>();
  const stack = Object.values(chunks)
    .filter((chunk) => chunk.isEntry)
    .map((chunk) => chunk.fileName);
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(chunks[file]?.imports ?? []));
  }
  return seen;
}

export function compileHints(): Plugin {
  let ssr = false;
  let atStart: Set<string> | null = null;
  return {
    name: "dealerlane-compile-hints",
    apply: "build",
    configResolved(config) {
      ssr = !!config.build.ssr;
    },
    renderChunk: {
      // After the minifier, which drops comments.
      order: "post",
      handler(code, chunk, _options, { chunks }) {
        if (ssr) return null;
        atStart ??= loadedAtStart(chunks);
        return atStart.has(chunk.fileName) ? { code: EAGER_COMPILE_HINT + code, map: null } : null;
      },
    },
  };
}
