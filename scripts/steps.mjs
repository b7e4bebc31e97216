/** Shared by `npm test` and `npm run check`: run one labelled step from the repo root, timed; stop at the first failure. */
import { spawn, spawnSync } from "node:child_process";
import { quietEnv, root } from "./local-app.mjs";

export { bin, root } from "./local-app.mjs";

const secondsSince = (started) => ((Date.now() - started) / 1000).toFixed(1);

function fail(label, seconds, status) {
  console.error(`✗ ${label} failed after ${seconds} s`);
  process.exit(status ?? 1);
}

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
  const seconds = secondsSince(started);
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
    fail(label, seconds, result.status);
  }
  console.log(`✓ ${label} (${seconds} s)`);
  return quiet ? `${result.stdout}${result.stderr}` : "";
}

const running = new Set();
// Each side-by-side step leads a process group of its own (so a failure elsewhere can end it with its workers and
// wrangler dev), which a Ctrl-C at the terminal no longer reaches: pass it on.
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const child of running) killGroup(child);
    process.exit(130);
  });

/**
 * `step` for steps that run side by side: the output is held and written in one piece when the step ends (two
 * steps' lines interleaved would read as neither), and answered; with `quiet`, written only if it fails. The
 * first failure ends the steps still running. `env` adds to the environment every step gets.
 */
export function concurrentStep(label, command, args, { quiet = false, env = {} } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label} (its output follows when it ends)`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...quietEnv, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: process.platform !== "win32",
    });
    running.add(child);
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (status) => {
      running.delete(child);
      const seconds = secondsSince(started);
      if (!quiet || status !== 0) console.log(`\n── ${label} ──\n${output.trimEnd()}`);
      if (status !== 0) {
        for (const other of running) killGroup(other);
        fail(label, seconds, status);
      }
      console.log(`✓ ${label} (${seconds} s)`);
      resolve(output);
    });
  });
}

/** Ends a step and whatever it started (vitest's workers, wrangler dev): they share its process group. */
function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}
