/**
 * Debian's Chromium with the flags this sandbox needs (README "Tests"). Two builds of the same version:
 * - the full browser (`CHROMIUM_PATH`, else /usr/bin/chromium), what a dealer's browser runs: the bench's phone
 *   section, the demo screenshots, and the journeys that need what only it has (notifications and push);
 * - the headless shell (`CHROMIUM_HEADLESS_SHELL_PATH`, else /usr/bin/chromium-headless-shell), Chromium's
 *   renderer without the browser's own layer, for the other journeys: the same pages in about 0.7× the time
 *   (docs/decisions/0092-journeys-in-the-headless-shell.md). Where the shell is missing, the full browser.
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

/** The full browser. @param {string[]} [extraArgs] flags a caller adds (a journey's fake camera, say) */
export function launchChromium(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...ARGS, ...extraArgs] });
}

/** The headless shell, else the full browser. @param {string[]} [extraArgs] as for `launchChromium` */
export function launchHeadlessShell(extraArgs = []) {
  const executablePath = existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
  return chromium.launch({ executablePath, args: [...ARGS, ...extraArgs] });
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
