/**
 * `npm run check`: what a deploy needs, offline — the lockfile lists every platform's binaries, the types
 * hold, the app builds, and `wrangler deploy --dry-run` bundles the worker (into .wrangler/deploy-check).
 * `npm test` runs these steps first.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bin, root, step } from "./steps.mjs";

export function check() {
  step("lockfile lists every platform's binaries", process.execPath, [
    path.join(root, "scripts", "check-lockfile.mjs"),
  ]);
  step("typecheck", "npm", ["run", "--silent", "typecheck"]);
  step("build", bin("remix"), ["vite:build"]);
  const outdir = path.join(root, ".wrangler", "deploy-check");
  rmSync(outdir, { recursive: true, force: true });
  const output = step(
    "bundle for deploy (wrangler deploy --dry-run)",
    bin("wrangler"),
    ["deploy", "--dry-run", "--outdir", outdir],
    { quiet: true },
  );
  // Wrangler's own figure, as the upload would report it: "Total Upload: 3304.82 KiB / gzip: 652.34 KiB".
  const size = output.match(/Total Upload: [^\n]+/)?.[0];
  if (!size) {
    process.stderr.write(output);
    console.error("✗ wrangler did not report the upload size");
    process.exit(1);
  }
  console.log(`  worker bundle: ${size}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  check();
  console.log("\nReady to deploy.");
}
