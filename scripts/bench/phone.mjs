/**
 * Bench section: signed-in screens on a phone on a lot. Debian's Chromium at 390 px on a throttled connection
 * (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) with its CPU slowed four times, signed in as the bench
 * dealer. For each screen, the time from the request until it answers a tap (the element a dealer reaches for
 * is React's), and the JavaScript it took to get there:
 * - the home feed, cold: a fresh browser profile, nothing cached (the first post card's buttons);
 * - `/messages` with a chat open, cold (its message box);
 * - another dealer's `/post/{id}`, cold (the post's buttons);
 * - the home feed again on a second visit: the installed app, its service worker and caches warm from a first
 *   visit in the same profile, the page itself still fetched over the throttled connection. The installed app
 *   runs in the browser's ordinary on-disk profile, where V8 keeps the scripts' compiled code between visits; the
 *   row is measured there, and beside it, loads alternating, in an off-the-record profile (which keeps no
 *   compiled code, and which the row used until 2026-11-27) so the two can be told apart.
 * Skipped, with a note, where Chromium is not installed. `PHONE_BENCH_FILES=1` lists each screen's scripts.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_PATH, launchChromium, launchPersistentChromium } from "../chromium.mjs";
import { stats } from "./bench-dealer.mjs";
import { benchmarkIndex } from "./host-speed.mjs";

export const title = "Phone";

const LOADS = 9;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** The phone's CPU: the host's, this many times slower (the targets' own condition). */
const CPU_SLOWDOWN = 4;
/** DevTools' rating of a mid-tier phone (a Pixel 5) on Lighthouse's benchmark index (scripts/bench/host-speed.mjs). */
export const MID_TIER_PHONE_INDEX = 1_000;

/**
 * How many times slower than the host the phone's CPU runs: `--phone-cpu` as a number (1–20), or `mid-tier`, which
 * slows the host down to a mid-tier phone's index (at least 1×), so that hosts of different speeds emulate the
 * same phone. Unset: CPU_SLOWDOWN.
 */
export function phoneCpuRate(setting, hostIndex) {
  if (setting === undefined) return CPU_SLOWDOWN;
  if (setting === "mid-tier") return Math.max(1, Math.round((hostIndex / MID_TIER_PHONE_INDEX) * 10) / 10);
  const rate = Number(setting);
  if (!Number.isFinite(rate) || rate < 1 || rate > 20)
    throw new Error(
      `--phone-cpu takes a slowdown from 1 to 20, or "mid-tier"; got ${JSON.stringify(setting)}`,
    );
  return rate;
}

const conditionsOf = (rate) => `390 px, 150 ms round trip, 1.6 Mbit/s down, CPU ${rate}× slower`;

const median = (values) => stats(values).median;

/** Whether the element a dealer taps first is on the page and hydrated (React's props are on it). */
function answersTap(selector) {
  const element = document.querySelector(selector);
  return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true };

/** A browser profile signed in as the bench dealer, on a phone's screen. */
export async function phoneContext(browser, ctx) {
  const context = await browser.newContext(PHONE);
  await signIn(context, ctx);
  return context;
}

/** The bench dealer's session cookie in `context`. */
async function signIn(context, ctx) {
  const url = new URL(ctx.baseUrl);
  const pair = ctx.cookie.split(";")[0];
  const equals = pair.indexOf("=");
  await context.addCookies([
    { name: pair.slice(0, equals), value: pair.slice(equals + 1), domain: url.hostname, path: "/" },
  ]);
}

/**
 * A phone's ordinary, on-disk browser profile (a browser of its own), signed in; closing it deletes the profile.
 */
export async function persistentPhoneContext(ctx) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "phone-profile-"));
  const context = await launchPersistentChromium(dir, PHONE);
  await signIn(context, ctx);
  const close = context.close.bind(context);
  context.close = async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  };
  return context;
}

/**
 * One load of `screen` in a new tab of `context`, throttled: ms until it answers a tap, and the scripts that came
 * over the wire (answers from the service worker or the browser's cache cost no bytes and are counted apart).
 * With `{ trace: categories }`, the load's Chrome trace events too (`traceEvents`), until the page is idle.
 */
export async function load(context, ctx, screen, { trace } = {}) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: ctx.phoneCpuRate ?? CPU_SLOWDOWN });
    const scripts = new Map();
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      if (type !== "Script") return;
      const cached = response.fromServiceWorker || response.fromDiskCache || response.fromPrefetchCache;
      scripts.set(requestId, { url: response.url, cached, bytes: 0 });
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      const script = scripts.get(requestId);
      if (script && !script.cached) script.bytes = encodedDataLength;
    });
    const traceEvents = [];
    if (trace) {
      cdp.on("Tracing.dataCollected", ({ value }) => traceEvents.push(...value));
      await cdp.send("Tracing.start", { categories: trace, transferMode: "ReportEvents" });
    }
    const started = performance.now();
    await page.goto(`${ctx.baseUrl}${screen.path}`, { waitUntil: "commit" });
    await page.waitForFunction(answersTap, screen.ready, { timeout: 60_000, polling: 20 });
    const interactive = performance.now() - started;
    // The page's own clock: its HTML's last byte, the end of parsing (module scripts run after it), the first paint.
    const steps = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType("navigation");
      const painted = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((r) => new URL(r.name).pathname.startsWith("/assets/") && r.name.endsWith(".js"));
      return {
        htmlDone: nav.responseEnd,
        parsed: nav.domInteractive,
        painted,
        htmlBytes: nav.decodedBodySize,
        scriptsAsked: Math.min(...scripts.map((r) => r.startTime)),
        scriptsAnswered: Math.max(...scripts.map((r) => r.responseEnd)),
      };
    });
    await page.waitForLoadState("networkidle");
    if (trace) {
      const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      await complete;
    }
    const files = [...scripts.values()];
    if (process.env.PHONE_BENCH_FILES)
      ctx.log(
        `${screen.name}: ${files.map((f) => `${new URL(f.url).pathname} ${f.cached ? "cached" : `${(f.bytes / 1024).toFixed(1)} kB`}`).join(", ")}`,
      );
    const wire = files.filter((f) => !f.cached);
    return {
      interactive,
      ...steps,
      scripts: wire.length,
      cached: files.length - wire.length,
      scriptBytes: wire.reduce((sum, f) => sum + f.bytes, 0),
      ...(trace ? { traceEvents } : {}),
    };
  } finally {
    await page.close();
  }
}

/** A cold load: a fresh profile for each. */
export async function coldLoad(browser, ctx, screen) {
  const context = await phoneContext(browser, ctx);
  try {
    return await load(context, ctx, screen);
  } finally {
    await context.close();
  }
}

/**
 * A profile that installed the app: it opened `screen` once (unthrottled, as the first visit that installed the
 * app was long ago), its service worker took charge and the page settled. Each second visit is then a new tab.
 * The profile is an on-disk one like the installed app's, or with `{ private: true }` an off-the-record one.
 */
export async function warmProfile(browser, ctx, screen, { private: offTheRecord = false } = {}) {
  const context = offTheRecord ? await phoneContext(browser, ctx) : await persistentPhoneContext(ctx);
  const first = await context.newPage();
  await first.goto(`${ctx.baseUrl}${screen.path}`);
  await first.waitForFunction(answersTap, screen.ready, { timeout: 60_000, polling: 20 });
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await first.waitForLoadState("networkidle");
  // The worker controls pages opened from now on; a reload lets it cache what the first page fetched.
  await first.reload({ waitUntil: "networkidle" });
  await first.close();
  return context;
}

/** Second visits of the home feed in a warm on-disk profile and a warm off-the-record one, loads alternating. */
async function warmLoads(browser, ctx, screen) {
  const profiles = [];
  try {
    profiles.push(await warmProfile(browser, ctx, screen));
    profiles.push(await warmProfile(browser, ctx, screen, { private: true }));
    const loads = profiles.map(() => []);
    for (let i = 0; i < LOADS; i++)
      for (const p of i % 2 ? [1, 0] : [0, 1]) loads[p].push(await load(profiles[p], ctx, screen));
    return { installed: loads[0], offTheRecord: loads[1] };
  } finally {
    for (const context of profiles) await context.close();
  }
}

/** The home feed, ready when the first post card's buttons answer a tap. */
export const home = { name: "/", path: "/", ready: '[data-testid="post-card"] button' };

/** Another dealer's post from the bench dealer's own feed, ready when its buttons answer a tap. */
export async function postScreen(ctx) {
  const feed = await (await ctx.fetch("/api/inventory")).json();
  const post = feed.find((p) => p.dealerId !== ctx.dealerId) ?? feed[0];
  if (!post) throw new Error("the bench dealer has no feed");
  return {
    name: "/post/{id}",
    path: `/post/${post.id}`,
    ready: '[data-testid="post-card"] button',
    label: "GET /post/{id} (another dealer's post)",
  };
}

/** The screens measured: another dealer's post and a chat come from the bench dealer's own feed and chats. */
export async function screensOf(ctx) {
  const chats = await (await ctx.fetch("/api/chats")).json();
  const peer = chats[0]?.otherParticipant?.id;
  if (!peer) throw new Error("the bench dealer has no chat to open");
  return {
    cold: [
      { ...home, label: "GET / (home feed)" },
      {
        name: "/messages",
        path: `/messages?chat=${peer}`,
        ready: "#message-draft",
        label: "GET /messages?chat= (a chat open, ready to type)",
      },
      await postScreen(ctx),
    ],
    warm: home,
  };
}

function row(label, loads, target, rate) {
  const times = loads.map((l) => l.interactive);
  const cached = median(loads.map((l) => l.cached));
  // A whole page load, not a request beside the static file: its figures go in the note, not the ratio column.
  return {
    name: `${label} on a throttled phone: until it answers a tap`,
    median: null,
    p95: null,
    phone: {
      medianMs: Math.round(median(times)),
      scripts: median(loads.map((l) => l.scripts)),
      kB: Number((median(loads.map((l) => l.scriptBytes)) / 1024).toFixed(1)),
      cached,
    },
    note: `${Math.round(median(times))} ms median, ${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))} ms, of ${loads.length} loads (${conditionsOf(rate)}; target ${target}); ${median(loads.map((l) => l.scripts))} scripts, ${(median(loads.map((l) => l.scriptBytes)) / 1024).toFixed(1)} kB of JavaScript over the wire${cached ? `, ${cached} scripts from the service worker or cache` : ""}`,
  };
}

/**
 * The host's speed before and after the loads (the phone's CPU is the host's, slowed `rate` times) and the browser
 * they ran in: the index alone did not explain why the same code reads 1.8× slower on one host than on another
 * (docs/performance.md, 2026-11-29), so each reading names its Chromium too.
 */
function hostRow(before, after, rate, browserVersion) {
  return {
    name: "host speed: benchmark index (Lighthouse's, unthrottled)",
    median: null,
    p95: null,
    hostIndex: { before, after },
    browserVersion,
    note: `${before} before the loads, ${after} after; the phone emulated here (CPU ${rate}× slower) runs at about ${Math.round(Math.min(before, after) / rate)}–${Math.round(Math.max(before, after) / rate)} (DevTools: a mid-tier phone ~1 000, a low-tier one ~264); Chromium ${browserVersion}`,
  };
}

const TARGETS = {
  "/": "≤ 1 500 ms, ≤ 130 kB in ≤ 15 files",
  "/messages": "≤ 1 800 ms",
  "/post/{id}": "≤ 1 800 ms",
};

export async function run(ctx) {
  if (!existsSync(CHROMIUM_PATH)) {
    const note = `skipped: no Chromium at ${CHROMIUM_PATH}`;
    return [{ name: "phone screens", median: null, p95: null, note }];
  }
  const screens = await screensOf(ctx);
  const browser = await launchChromium();
  try {
    const rows = [];
    const hostBefore = await benchmarkIndex(browser);
    const rate = phoneCpuRate(ctx.phoneCpu, hostBefore);
    const phone = { ...ctx, phoneCpuRate: rate };
    for (const screen of screens.cold) {
      // One load first, unmeasured: the server's isolate and caches warm, as for every other section.
      await coldLoad(browser, phone, screen);
      const loads = [];
      for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, phone, screen));
      rows.push(row(`${screen.label}, cold`, loads, TARGETS[screen.name], rate));
    }
    const warm = await warmLoads(browser, phone, screens.warm);
    const again = "GET / again, service worker warm";
    rows.push(row(`${again} (installed app: on-disk profile)`, warm.installed, "≤ 800 ms", rate));
    rows.push(row(`${again} (off-the-record profile)`, warm.offTheRecord, "≤ 800 ms", rate));
    rows.push(hostRow(hostBefore, await benchmarkIndex(browser), rate, browser.version()));
    return rows;
  } finally {
    await browser.close();
  }
}
