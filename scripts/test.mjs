/**
 * `npm test`: everything CI checks — `npm run check` (lockfile, typecheck, build, the worker bundled for deploy),
 * lint, unit + API + Durable Object tests in workerd, then the Playwright journeys in Debian's Chromium (installed
 * here when missing and root).
 *
 * Two lanes side by side, as the two cores of CI allow: the journeys, the longer lane, start as soon as the app is
 * built; the typecheck, lint, typed-client checks, the deploy bundle and the workerd tests run one after another
 * beside them. The first failure in either lane stops both.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { bundleStep, CHECK_STEPS, reportBundleSize } from "./check.mjs";
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from "./chromium.mjs";
import { bin, concurrentStep, step } from "./steps.mjs";

/**
 * Debian's Chromium and its headless shell (scripts/chromium.mjs says which journey runs in which), installed when
 * missing and root, as on CI. The shell only saves time: without it (no root, or no such package on an older
 * Debian), its journeys run in the full browser.
 */
function ensureChromium() {
  const advice = (packages) => `Install Debian's packages: sudo apt-get install -y ${packages}`;
  const root = process.getuid?.() === 0;
  if (root && !(existsSync(CHROMIUM_PATH) && existsSync(HEADLESS_SHELL_PATH)))
    step("apt-get update", "apt-get", ["update"]);
  if (!existsSync(CHROMIUM_PATH)) {
    if (!root) {
      console.error(`Chromium is missing at ${CHROMIUM_PATH}. ${advice("chromium chromium-headless-shell")}`);
      process.exit(1);
    }
    step("install Debian's chromium", "apt-get", ["install", "-y", "--no-install-recommends", "chromium"]);
  }
  if (existsSync(HEADLESS_SHELL_PATH)) return;
  if (root)
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium-headless-shell"], {
      stdio: "inherit",
    });
  if (!existsSync(HEADLESS_SHELL_PATH))
    console.warn(
      `No headless shell at ${HEADLESS_SHELL_PATH}: the journeys run in the full browser, slower. ${advice("chromium-headless-shell")}`,
    );
}

const started = Date.now();
ensureChromium();
step(...CHECK_STEPS.lockfile);

const built = concurrentStep(...CHECK_STEPS.build);

// The journeys need the build only; the deploy bundle is checked in the other lane.
const journeys = built.then(() =>
  concurrentStep("end-to-end journeys (Chromium)", bin("vitest"), ["run", "-c", "vitest.e2e.config.ts"]),
);

const checks = (async () => {
  await concurrentStep(...CHECK_STEPS.typecheck);
  await concurrentStep("lint", "npm", ["run", "--silent", "lint"]);
  // The typed clients are committed (the public one downloadable from /api-docs, the browser's in app/lib); each
  // must be what its document makes (tests/api/public-api.test.ts and api-document.test.ts hold the documents).
  for (const [document, types] of [
    ["public/sdk/openapi.json", "public/sdk/dealerlane-api.d.ts"],
    ["app/lib/api-schema.json", "app/lib/api-schema.d.ts"],
  ]) {
    await concurrentStep(`typed API client up to date (${types})`, bin("openapi-typescript"), [
      document,
      "-o",
      types,
      "--check",
    ]);
  }
  // The bundle and the worker both take Remix's server build.
  await built;
  reportBundleSize(await concurrentStep(...bundleStep(), { quiet: true }));
  await concurrentStep("unit, API and Durable Object tests (workerd)", bin("vitest"), ["run"]);
})();

await Promise.all([journeys, checks]);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
