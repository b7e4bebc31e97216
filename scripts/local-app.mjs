/**
 * Shared by `npm start`, the end-to-end tests and the benchmark: migrate and seed a local D1 state
 * directory, then serve the built app with `wrangler dev`.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const bin = (name) => path.join(root, "node_modules", ".bin", name);
// The pinned Node 22 first on PATH: wrangler's `#!/usr/bin/env node` must not find the machine's Node 20.
export const quietEnv = {
  ...process.env,
  PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
  WRANGLER_SEND_METRICS: "false",
  // Offline by design: Miniflare's placeholder Request.cf instead of a fetch of workers.cloudflare.com.
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "1",
  NO_D1_WARNING: "true",
  // wrangler bundles the worker for `wrangler dev` with the NODE_ENV it is given, else "development": React's
  // development build, whose server renderer printed a warning with a component stack on every page, and wrangler
  // source-maps each such stack in its own Node process (0.5–1 s of CPU a page after the first hundred). Served
  // here as deployed: React's production build, the same as the client's.
  NODE_ENV: "production",
  // wrangler dev's local trace collector: a streaming tail on every worker invocation, written to a SQLite store in
  // the state directory that only grows. A deployed worker has nothing like it in the request path, and static
  // assets never invoke the worker, so it would tax every page but not the static file the benchmark compares with.
  // X_LOCAL_OBSERVABILITY=true turns it back on for a developer who wants the local explorer's traces.
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
};

/** Runs a command quietly; its output, or (failing) the output written out and an error naming `label`. */
export function run(command, args, label = `${command} ${args.join(" ")}`, cwd = root) {
  const result = spawnSync(command, args, {
    cwd,
    env: quietEnv,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${label} failed (exit ${result.status})`);
  }
  return result.stdout;
}

export function build() {
  run(bin("remix"), ["vite:build"], "remix vite:build");
}

/**
 * Applies each D1 database's migrations (every database `config` binds: another checkout's configuration may bind
 * fewer) to the local state in `persistTo`; `only` names the bindings to migrate instead, for a caller that reads
 * one database (each is a wrangler run of its own, ~4 s).
 * @param {string | null | undefined} persistTo
 * @param {{ config?: string | null, cwd?: string, only?: string[] | null }} [options]
 */
export function migrate(persistTo, { config = null, cwd = root, only = null } = {}) {
  const extra = [...(persistTo ? ["--persist-to", persistTo] : []), ...(config ? ["--config", config] : [])];
  const { rawConfig } = createRequire(import.meta.url)("wrangler").experimental_readRawConfig({
    config: config ?? path.join(cwd, "wrangler.toml"),
  });
  const databases = (rawConfig.d1_databases ?? []).filter(({ binding }) => !only || only.includes(binding));
  for (const { binding } of databases)
    run(
      bin("wrangler"),
      ["d1", "migrations", "apply", binding, "--local", ...extra],
      `wrangler d1 migrations apply ${binding}`,
      cwd,
    );
}

/** A state directory emptied, migrated and seeded: the journeys' fresh database (scripts/journeys-state.mjs). */
export function freshSeededState(persistTo) {
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  seed(persistTo);
}

/**
 * Moves what a state seeded before the outbox had its own database keeps in the main one's outbox table
 * (scripts/hand-off-outbox.ts), in `tree` when its checkout has that step (an older revision has not).
 */
export function handOffOutbox(persistTo, tree = root) {
  const script = path.join(tree, "scripts", "hand-off-outbox.ts");
  if (!existsSync(script)) return;
  const output = run(bin("node"), [script, "--persist-to", persistTo], "outbox hand-off", tree);
  if (output.trim()) console.log(output.trim());
}

export function seed(persistTo) {
  const extra = persistTo ? ["--persist-to", persistTo] : [];
  return run(bin("node"), [path.join(root, "scripts", "seed.ts"), ...extra], "seed");
}

/** `wrangler deploy --dry-run` into `outdir`: the worker bundled as a deploy uploads it, as [command, args]. */
export function bundleCommand(outdir) {
  return [bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir]];
}

/**
 * A wrangler.json beside the bundle in `outdir` (`bundleCommand`) that serves it as it is, with its own copy of
 * the static files (answered): `wrangler dev` then neither bundles nor watches. Source edits or rebuilds made
 * while a benchmark or the journeys run neither restart nor change the app under test, and no file watcher
 * polls the tree for the whole run. `tree` is this checkout or another one (bench-side-by-side's revisions).
 */
export async function serveBundleConfig(outdir, tree = root) {
  cpSync(path.join(tree, "build", "client"), path.join(outdir, "client"), { recursive: true });
  const { experimental_readRawConfig } = await import("wrangler");
  const { rawConfig: config } = experimental_readRawConfig({ config: path.join(tree, "wrangler.toml") });
  delete config.alias;
  config.vars = { ...config.vars, ...OFFLINE_VARS };
  Object.assign(config, {
    main: "index.js",
    no_bundle: true,
    assets: { ...config.assets, directory: "client" },
  });
  for (const db of config.d1_databases ?? [])
    db.migrations_dir = path.join(tree, db.migrations_dir ?? "migrations");
  const configPath = path.join(outdir, "wrangler.json");
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  return configPath;
}

/** The app bundled into `outdir` and a configuration to serve it by (`serveBundleConfig`), answered. */
export async function bundle(outdir, tree = root) {
  rmSync(outdir, { recursive: true, force: true });
  const [command, args] = bundleCommand(outdir);
  run(command, args, "bundling", tree);
  return serveBundleConfig(outdir, tree);
}

async function portIsTaken(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** A port nothing listens on now, for a server of our own. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Tests and the benchmark run offline: the offline VIN decoder, never NHTSA's vPIC. */
export const OFFLINE_VARS = { VPIC_BASE_URL: "" };

/**
 * Starts `wrangler dev`; resolves once the app answers, with a `stop()` to end it. `vars` override
 * wrangler.toml's [vars] (e.g. OFFLINE_VARS); APP_ORIGIN is this server's address unless `vars` names another,
 * so the links in its e-mails open on the port it serves. `config` and `cwd` serve another build (the
 * benchmark's bundle, another checkout) than this tree's wrangler.toml.
 */
export async function serve({
  port,
  persistTo,
  config = null,
  cwd = root,
  inherit = false,
  vars: given = {},
}) {
  const vars = { APP_ORIGIN: `http://localhost:${port}`, ...given };
  // Something else answering on the port would pass for our app: refuse instead.
  if (await portIsTaken(port)) throw new Error(`Port ${port} is already in use; choose another with PORT=…`);
  const extra = [...(persistTo ? ["--persist-to", persistTo] : []), ...(config ? ["--config", config] : [])];
  const child = spawn(
    bin("wrangler"),
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
      ...extra,
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    {
      cwd,
      env: quietEnv,
      stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"],
      detached: process.platform !== "win32",
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/status`);
      if (res.ok) return { child, stop, url: `http://localhost:${port}` };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`wrangler dev did not answer on port ${port} within 90 s:\n${output}`);
}
