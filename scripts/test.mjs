/**
 * `npm test`: everything CI checks — `npm run check` (lockfile, typecheck, build, the worker bundled for deploy),
 * lint, unit + API + Durable Object tests in workerd, then the Playwright journeys in Debian's Chromium (installed
 * here when missing and root).
 *
 * Two lanes side by side, as the two cores of CI allow: the journeys, the longer lane, start as soon as the app is
 * built and bundled for deploy (they serve that bundle), on a database seeded while it built; the typecheck, lint,
 * typed-client checks and the workerd tests run one after another beside them. The first failure in either lane
 * stops both.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { bundleStep, CHECK_STEPS, DEPLOY_CHECK_DIR, reportBundleSize } from "./check.mjs";
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from "./chromium.mjs";
import { serveBundleConfig } from "./local-app.mjs";
import { bin, concurrentStep, root, step } from "./steps.mjs";

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

// The journeys' database needs no build: it is migrated and seeded while the app builds.
const journeysState = path.join(root, ".wrangler", `e2e-state-${process.pid}`);
const seeded = concurrentStep("the journeys' database (migrate, seed)", process.execPath, [
  path.join(root, "scripts", "journeys-state.mjs"),
  journeysState,
]);
const built = concurrentStep(...CHECK_STEPS.build);

// The journeys serve the deploy check's bundle (tests/e2e/global-setup.ts), so it is made in their lane.
const journeys = (async () => {
  await built;
  reportBundleSize(await concurrentStep(...bundleStep(), { quiet: true }));
  const appConfig = await serveBundleConfig(DEPLOY_CHECK_DIR);
  await seeded;
  await concurrentStep(
    "end-to-end journeys (Chromium)",
    bin("vitest"),
    ["run", "-c", "vitest.e2e.config.ts"],
    {
      env: { E2E_APP_CONFIG: appConfig, E2E_SEEDED_STATE: journeysState },
    },
  );
})();

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
  // The worker and the scripts' checks read Remix's build.
  await built;
  await concurrentStep("unit, API and Durable Object tests (workerd)", bin("vitest"), ["run"]);
  await concurrentStep("the scripts' and the build's checks (node)", bin("vitest"), [
    "run",
    "-c",
    "vitest.scripts.config.ts",
  ]);
})();

await Promise.all([journeys, checks]);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
