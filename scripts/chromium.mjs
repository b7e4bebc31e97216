/**
 * Debian's Chromium (`CHROMIUM_PATH`, else /usr/bin/chromium) with the flags this sandbox needs (README "Tests"),
 * for the journeys, the bench's phone section and the demo screenshots alike.
 */
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** @param {string[]} [extraArgs] flags a caller adds (a journey's fake camera, say) */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-dev-shm-usage",
      ...extraArgs,
    ],
  });
}
