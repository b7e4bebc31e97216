/**
 * Debian's Chromium (`CHROMIUM_PATH`, else /usr/bin/chromium) with the flags this sandbox needs (README "Tests"),
 * for the journeys, the bench's phone section and the demo screenshots alike.
 */
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

/** @param {string[]} [extraArgs] flags a caller adds (a journey's fake camera, say) */
export function launchChromium(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...ARGS, ...extraArgs] });
}

/**
 * A browser with an ordinary, on-disk profile in `userDataDir` (what an installed app runs in), answered as its
 * one context; `options` are the context's (viewport, isMobile, …).
 */
export function launchPersistentChromium(userDataDir, options = {}) {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: ARGS,
    ...options,
  });
}
