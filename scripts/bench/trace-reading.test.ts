import { describe, expect, it } from "vitest";
import { busyByKind, codeCacheOf } from "./trace-reading.mjs";

const MAIN = { pid: 1, tid: 7 };
const thread = { name: "thread_name", ph: "M", ...MAIN, args: { name: "CrRendererMain" } };
const start = {
  name: "navigationStart",
  ph: "R",
  ts: 1_000_000,
  ...MAIN,
  args: { data: { documentLoaderURL: "http://x/" } },
};
/** A main-thread slice from `at` ms for `ms` ms on the page's clock. */
const slice = (name: string, at: number, ms: number, tid = MAIN.tid) => ({
  name,
  ph: "X",
  pid: MAIN.pid,
  tid,
  ts: start.ts + at * 1000,
  dur: ms * 1000,
});

describe("reading a trace of one load", () => {
  it("gives each slice's own time to its kind, its children's to theirs, within each window", () => {
    const events = [
      thread,
      start,
      slice("RunTask", 10, 30),
      slice("ParseHTML", 12, 20),
      slice("Layout", 20, 5),
      slice("RunTask", 50, 40),
      slice("v8.evaluateModule", 50, 40),
      slice("V8.CompileCode", 60, 10),
      slice("Layout", 60, 100, 99), // another thread: not counted
    ];
    const [before, after] = busyByKind(events, [
      ["first", 0, 45],
      ["second", 45, 100],
    ]);
    expect(before.kinds).toEqual({ other: 10, parse: 15, layout: 5 });
    expect(after.kinds).toEqual({ script: 30, compile: 10 });
  });

  it("tells a code cache read from one written, per script", () => {
    const url = "http://x/assets/app-1.js";
    const scripts = codeCacheOf([
      { name: "v8.compileModule", args: { data: { url, consumedCacheSize: 900 } } },
      { name: "v8.compileModule", args: { data: { url: "http://x/assets/root-1.js", streamed: true } } },
      {
        name: "v8.produceModuleCache",
        args: { data: { url: "http://x/assets/root-1.js", producedCacheSize: 40 } },
      },
      { name: "v8.compile", args: { data: { url: "http://x/assets/icons.svg" } } },
    ]);
    expect(Object.fromEntries(scripts)).toEqual({
      "app-1.js": { compiled: "consumed 900 B" },
      "root-1.js": { compiled: "streamed", produced: 40 },
    });
  });
});
