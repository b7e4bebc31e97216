/**
 * package-lock.json must name every platform's build of each native package (rollup, tailwind's oxide,
 * workerd, esbuild, lightningcss, sharp…): `npm install` silently leaves out an optional package whose
 * version the registry lacks, and `npm ci` then refuses the lockfile on every machine.
 * docs/decisions/0009-toolchain-pins.md says how to pin a version published for every platform.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const { packages } = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));

/** Where Node would find `name` from the package at `location`: its own node_modules, then each parent's. */
function resolves(location, name) {
  let base = location;
  for (;;) {
    const entry = packages[`${base ? `${base}/` : ""}node_modules/${name}`];
    if (entry) return Boolean(entry.integrity);
    if (!base) return false;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent < 0 ? "" : base.slice(0, parent);
  }
}

const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(location, name)) missing.push(`${location || "(root)"}@${entry.version} → ${name}`);
  }
}
if (missing.length) {
  console.error(`package-lock.json lacks ${missing.length} optional platform package(s):`);
  for (const line of missing) console.error(`  ${line}`);
  console.error("Pin versions published for every platform: docs/decisions/0009-toolchain-pins.md");
  process.exit(1);
}
console.log(
  `package-lock.json: every optional platform package of ${Object.keys(packages).length - 1} packages is locked`,
);
