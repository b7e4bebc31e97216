/**
 * `npm run check`: what a deploy needs, offline — the lockfile lists every platform's binaries, the types
 * hold, the app builds, and `wrangler deploy --dry-run` bundles the worker (into .wrangler/deploy-check).
 * `npm test` runs these steps too, some of them side by side with its own.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleCommand } from "./local-app.mjs";
import { bin, root, step } from "./steps.mjs";

/** Each of the check's steps as [label, command, args], for `step` or `concurrentStep`. */
export const CHECK_STEPS = {
  lockfile: [
    "lockfile lists every platform's binaries",
    process.execPath,
    [path.join(root, "scripts", "check-lockfile.mjs")],
  ],
  typecheck: ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  build: ["build", bin("remix"), ["vite:build"]],
};

/** Where the deploy check bundles the worker; `npm test`'s journeys serve that bundle (serveBundleConfig). */
export const DEPLOY_CHECK_DIR = path.join(root, ".wrangler", "deploy-check");

/** The deploy bundle's step (after the build); `reportBundleSize` reads its output. */
export function bundleStep() {
  rmSync(DEPLOY_CHECK_DIR, { recursive: true, force: true });
  return ["bundle for deploy (wrangler deploy --dry-run)", ...bundleCommand(DEPLOY_CHECK_DIR)];
}

export function reportBundleSize(output) {
  // Wrangler's own figure, as the upload would report it: "Total Upload: 3304.82 KiB / gzip: 652.34 KiB".
  const size = output.match(/Total Upload: [^\n]+/)?.[0];
  if (!size) {
    process.stderr.write(output);
    console.error("✗ wrangler did not report the upload size");
    process.exit(1);
  }
  console.log(`  worker bundle: ${size}`);
}

export function check() {
  for (const name of ["lockfile", "typecheck", "build"]) step(...CHECK_STEPS[name]);
  reportBundleSize(step(...bundleStep(), { quiet: true }));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  check();
  console.log("\nReady to deploy.");
}
