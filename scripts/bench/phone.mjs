/**
 * Bench section: the signed-in home page on a phone on a lot. Debian's Chromium at 390 px on a throttled
 * connection (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) with its CPU slowed four times, signed in as the
 * bench dealer: the time from the request until the feed answers a tap (the first post card's buttons are
 * hydrated), and the JavaScript it took to get there. Skipped, with a note, where Chromium is not installed.
 */
import { existsSync } from "node:fs";
import { CHROMIUM_PATH, launchChromium } from "../chromium.mjs";
import { stats } from "./bench-dealer.mjs";

export const title = "Phone";

const LOADS = 9;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

const median = (values) => stats(values).median;

/** One cold load (a fresh browser profile, nothing cached): ms until a post card's button is React's, JS bytes. */
async function loadHome(browser, ctx) {
  const url = new URL(ctx.baseUrl);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const pair = ctx.cookie.split(";")[0];
    const equals = pair.indexOf("=");
    await context.addCookies([
      { name: pair.slice(0, equals), value: pair.slice(equals + 1), domain: url.hostname, path: "/" },
    ]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    let scripts = 0;
    let scriptBytes = 0;
    const scriptRequests = new Set();
    cdp.on(
      "Network.responseReceived",
      ({ requestId, type }) => type === "Script" && scriptRequests.add(requestId),
    );
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      if (!scriptRequests.has(requestId)) return;
      scripts++;
      scriptBytes += encodedDataLength;
    });
    const started = performance.now();
    await page.goto(`${ctx.baseUrl}/`, { waitUntil: "commit" });
    await page.waitForFunction(
      () => {
        const button = document.querySelector('[data-testid="post-card"] button');
        return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
      },
      null,
      { timeout: 60_000, polling: 20 },
    );
    const interactive = performance.now() - started;
    await page.waitForLoadState("networkidle");
    return { interactive, scripts, scriptBytes };
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  const name = "GET / on a throttled phone: until the feed answers a tap";
  if (!existsSync(CHROMIUM_PATH)) {
    return [{ name, median: null, p95: null, note: `skipped: no Chromium at ${CHROMIUM_PATH}` }];
  }
  const browser = await launchChromium();
  try {
    await loadHome(browser, ctx);
    const loads = [];
    for (let i = 0; i < LOADS; i++) loads.push(await loadHome(browser, ctx));
    const times = loads.map((load) => load.interactive);
    // A whole page load, not a request beside the static file: its figures go in the note, not the ratio column.
    return [
      {
        name,
        median: null,
        p95: null,
        note: `${Math.round(median(times))} ms median, ${Math.round(Math.max(...times))} ms slowest, of ${loads.length} cold loads (390 px, 150 ms round trip, 1.6 Mbit/s down, CPU ${CPU_SLOWDOWN}× slower) until the first post's buttons respond; ${median(loads.map((load) => load.scripts))} scripts, ${(median(loads.map((load) => load.scriptBytes)) / 1024).toFixed(1)} kB of JavaScript over the wire`,
      },
    ];
  } finally {
    await browser.close();
  }
}
