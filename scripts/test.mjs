/**
 * `npm test`: everything CI checks, in order — `npm run check` (lockfile, typecheck, build, the worker
 * bundled for deploy), lint, unit + API + Durable Object tests in workerd, then the Playwright journeys in
 * Debian's Chromium (installed here when missing and root).
 */
import { existsSync } from "node:fs";
import { check } from "./check.mjs";
import { bin, step } from "./steps.mjs";

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (existsSync(chromium)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${chromium}. Install Debian's package: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  step("apt-get update", "apt-get", ["update"]);
  step("install Debian's chromium", "apt-get", ["install", "-y", "--no-install-recommends", "chromium"]);
}

ensureChromium();
check();
step("lint", "npm", ["run", "--silent", "lint"]);
// The typed clients are committed (the public one downloadable from /api-docs, the browser's in app/lib); each
// must be what its document makes (tests/api/public-api.test.ts and api-document.test.ts hold the documents).
for (const [document, types] of [
  ["public/sdk/openapi.json", "public/sdk/dealerlane-api.d.ts"],
  ["app/lib/api-schema.json", "app/lib/api-schema.d.ts"],
]) {
  step(`typed API client up to date (${types})`, bin("openapi-typescript"), [
    document,
    "-o",
    types,
    "--check",
  ]);
}
step("unit, API and Durable Object tests (workerd)", bin("vitest"), ["run"]);
step("end-to-end journeys (Chromium)", bin("vitest"), ["run", "-c", "vitest.e2e.config.ts"]);
console.log("\nAll tests passed.");
