/** Shared by `npm test` and `npm run check`: run one labelled step from the repo root, timed; stop at the first failure. */
import { spawnSync } from "node:child_process";
import { quietEnv, root } from "./local-app.mjs";

export { bin, root } from "./local-app.mjs";

/**
 * Runs `command`; with `quiet`, its output is kept and shown only when it fails, and the step answers it
 * (so a caller can pick a line out of it).
 */
export function step(label, command, args, { quiet = false } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, {
    cwd: root,
    env: quietEnv,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    encoding: "utf8",
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
    console.error(`✗ ${label} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${label} (${seconds} s)`);
  return quiet ? `${result.stdout}${result.stderr}` : "";
}
