/**
 * `npm test`: everything CI checks, in order — typecheck, lint, build, unit + API + Durable Object tests
 * in workerd, then the Playwright journeys in Debian's Chromium (installed here when missing and root).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "1" };

function step(label, command, args) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${label} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${label} (${seconds} s)`);
}

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
step("typecheck", "npm", ["run", "--silent", "typecheck"]);
step("lint", "npm", ["run", "--silent", "lint"]);
step("build", bin("remix"), ["vite:build"]);
step("unit, API and Durable Object tests (workerd)", bin("vitest"), ["run"]);
step("end-to-end journeys (Chromium)", bin("vitest"), ["run", "-c", "vitest.e2e.config.ts"]);
console.log("\nAll tests passed.");
