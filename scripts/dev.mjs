/**
 * `npm run dev`: `npm start` in a loop — rebuilds and restarts wrangler dev when the app, the worker or
 * the Durable Objects change. (remix vite:dev runs neither the Hono worker nor the Durable Objects.)
 */
import { watch } from "node:fs";
import path from "node:path";
import { googleForLocalRun } from "./google-stand-in.ts";
import { build, migrate, seed, serve } from "./local-app.mjs";

const port = Number(process.env.PORT || 8787);
const root = path.resolve(import.meta.dirname, "..");
let app = null;
let timer = null;
let running = Promise.resolve();
// One stand-in for Google's consent screen for the whole session (see scripts/start.mjs).
const google = await googleForLocalRun();

async function cycle() {
  const started = Date.now();
  app?.stop();
  try {
    build();
    migrate();
    app = await serve({ port, inherit: true, vars: google?.vars });
    console.log(
      `\n↻ DealerLane rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s → http://localhost:${port}`,
    );
  } catch (error) {
    console.error(`\n✗ ${error.message} — fix it and save again`);
  }
}

migrate();
process.stdout.write(seed());
running = cycle();

for (const dir of ["app", "worker", "durable-objects", "migrations"]) {
  watch(path.join(root, dir), { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => (running = running.then(cycle)), 300);
  });
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    app?.stop();
    google?.server.close();
    process.exit(0);
  });
}
