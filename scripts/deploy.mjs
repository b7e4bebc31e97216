/**
 * `npm run deploy`: build, apply the migrations to the remote D1, deploy the worker — only with the site's public
 * address in APP_ORIGIN (the deploying shell's environment), which the worker puts in every e-mail link. Without
 * it the links would name the local address, so nothing is deployed. `--check` checks it and stops there.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { isLocalHost } from "#lib/cookies";
import { bin, root } from "./steps.mjs";

const EXAMPLE = "APP_ORIGIN=https://dealerlane.app npm run deploy";

/** The origin of an https address on a public host, or why the value cannot be the production one. */
function productionOrigin(value) {
  if (!value) return { problem: `APP_ORIGIN is not set. Give the site's public address, e.g.\n  ${EXAMPLE}` };
  let url;
  try {
    url = new URL(value);
  } catch {
    return { problem: `APP_ORIGIN "${value}" is not an address. For example:\n  ${EXAMPLE}` };
  }
  if (url.protocol !== "https:" || isLocalHost(url.hostname) || value.replace(/\/$/, "") !== url.origin)
    return {
      problem: `APP_ORIGIN "${value}" must be the site's public https origin, without a path. For example:\n  ${EXAMPLE}`,
    };
  return { origin: url.origin };
}

function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    // The pinned Node 22 first on PATH, as npm scripts have it.
    env: {
      ...process.env,
      PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
    },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { origin, problem } = productionOrigin(process.env.APP_ORIGIN?.trim());
if (problem) {
  console.error(`Refusing to deploy: the links in e-mails need the production address.\n${problem}`);
  console.error('README "Configuration" (APP_ORIGIN) says more.');
  process.exit(1);
}
console.log(`The links in e-mails will use ${origin}.`);
if (!process.argv.includes("--check")) {
  run(bin("remix"), ["vite:build"]);
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--remote"]);
  run(bin("wrangler"), ["d1", "migrations", "apply", "OUTBOX_DB", "--remote"]);
  run(bin("wrangler"), ["d1", "migrations", "apply", "BELL_DB", "--remote"]);
  run(bin("wrangler"), ["d1", "migrations", "apply", "STATS_DB", "--remote"]);
  run(bin("wrangler"), ["deploy", "--var", `APP_ORIGIN:${origin}`]);
}
