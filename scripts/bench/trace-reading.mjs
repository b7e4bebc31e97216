/**
 * Reading a Chrome trace of one page load (the `Tracing.dataCollected` events of categories `v8`,
 * `disabled-by-default-v8.compile`, `devtools.timeline`, `loading`, `blink.user_timing`): where the page's main thread spent its time
 * between the page's own milestones, and whether V8 read or wrote each script's code cache.
 */

/** What a main-thread trace event is, by its name; null leaves it to its parent's kind. */
function kindOf(name) {
  if (/^ParseHTML$|ParseAuthorStyleSheet/.test(name)) return "parse";
  if (/UpdateLayoutTree|RecalculateStyles/.test(name)) return "style";
  if (/^Layout$/.test(name)) return "layout";
  if (/Paint|PrePaint|Layerize|^Commit$/.test(name)) return "paint";
  if (/compile|Compile|ParseFunction/.test(name)) return "compile";
  if (/GC|Scavenge|MarkCompact/.test(name)) return "GC";
  if (
    /EvaluateScript|evaluateModule|v8.run|FunctionCall|v8.callFunction|TimerFire|EventDispatch|RunMicrotasks/.test(
      name,
    )
  )
    return "script";
  return null;
}

/** The renderer's main thread of the page's document (its `navigationStart`), and its clock's zero. */
function mainThreadOf(events) {
  const threads = new Map(
    events.filter((e) => e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]),
  );
  const start = events.find(
    (e) =>
      e.name === "navigationStart" &&
      threads.get(`${e.pid}:${e.tid}`) === "CrRendererMain" &&
      e.args?.data?.documentLoaderURL?.startsWith("http"),
  );
  if (!start) throw new Error("no navigationStart of an http document in the trace");
  return { pid: start.pid, tid: start.tid, zero: start.ts };
}

/**
 * The main thread's busy time by kind in each window, `windows` being `[label, from ms, to ms]` on the page's clock
 * (its navigation start): each event's own time (less its children's) goes to its kind or its nearest ancestor's.
 */
export function busyByKind(events, windows) {
  const { pid, tid, zero } = mainThreadOf(events);
  const ms = (ts) => (ts - zero) / 1000;
  const slices = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur != null)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const totals = windows.map(() => new Map());
  const add = (kind, from, to) =>
    windows.forEach(([, lo, hi], i) => {
      const overlap = Math.min(hi, to) - Math.max(lo, from);
      if (overlap > 0) totals[i].set(kind, (totals[i].get(kind) ?? 0) + overlap);
    });
  const roots = [];
  const stack = [];
  for (const e of slices) {
    while (stack.length && stack.at(-1).end <= e.ts) stack.pop();
    const node = { name: e.name, start: e.ts, end: e.ts + e.dur, children: [] };
    (stack.length ? stack.at(-1).children : roots).push(node);
    stack.push(node);
  }
  const walk = (node, inherited) => {
    const kind = kindOf(node.name) ?? inherited;
    let cursor = node.start;
    for (const child of node.children) {
      if (child.start > cursor) add(kind ?? "other", ms(cursor), ms(child.start));
      walk(child, kind);
      cursor = Math.max(cursor, child.end);
    }
    if (node.end > cursor) add(kind ?? "other", ms(cursor), ms(node.end));
  };
  for (const root of roots) walk(root, null);
  return windows.map(([label], i) => ({ label, kinds: Object.fromEntries(totals[i]) }));
}

/**
 * Per script of `/assets/`: how V8 compiled it (`consumed` a code cache of so many bytes, `rejected` one,
 * `streamed` on a background thread, or `compiled` on the main thread) and the code cache it `produced`, if any.
 */
export function codeCacheOf(events) {
  const scripts = new Map();
  for (const e of events) {
    const data = e.args?.data;
    if (!data?.url?.includes("/assets/") || !data.url.endsWith(".js")) continue;
    const file = data.url.slice(data.url.lastIndexOf("/") + 1);
    const script = scripts.get(file) ?? {};
    if (e.name === "v8.compileModule" || e.name === "v8.compile")
      script.compiled = data.consumedCacheSize
        ? `consumed ${data.consumedCacheSize} B`
        : data.cacheRejected
          ? "rejected"
          : data.streamed
            ? "streamed"
            : "compiled";
    if (e.name === "v8.produceModuleCache" || e.name === "v8.produceCache")
      script.produced = data.producedCacheSize;
    scripts.set(file, script);
  }
  return scripts;
}
