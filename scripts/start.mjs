/**
 * `npm start`: build, migrate and (on an empty database) seed local D1, then serve on PORT (default 8787).
 * `npm run dev` (`--watch`) does the same in a loop: it rebuilds and restarts wrangler dev when the app, the
 * worker, the Durable Objects or the migrations change (remix vite:dev runs neither the Hono worker nor the
 * Durable Objects). Google sign-in goes to a local stand-in for Google's consent screen, one for the whole
 * session, unless .dev.vars configures real Google.
 */
import { watch } from "node:fs";
import path from "node:path";
import { DEMO_ACCOUNT } from "#lib/constants";
import { googleForLocalRun } from "./google-stand-in.ts";
import { build, migrate, seed, serve } from "./local-app.mjs";

const port = Number(process.env.PORT || 8787);
const watching = process.argv.includes("--watch");
const root = path.resolve(import.meta.dirname, "..");
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const started = Date.now();
console.log("Building DealerLane…");
build();
console.log("Applying migrations to local D1…");
migrate();
console.log("Checking demo data…");
process.stdout.write(seed());
const google = await googleForLocalRun();
let app = await serve({ port, inherit: true, vars: google?.vars });
console.log(`\nDealerLane is running on http://localhost:${port} (ready in ${seconds(started)} s)`);
if (google)
  console.log(`Continue with Google opens a local stand-in for Google's consent screen (${google.url}).`);
console.log(
  `Demo sign-in: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}  (or the Quick login button on /login)\n`,
);

if (watching) {
  let timer = null;
  let running = Promise.resolve();
  const rebuild = async () => {
    const at = Date.now();
    app?.stop();
    try {
      build();
      migrate();
      app = await serve({ port, inherit: true, vars: google?.vars });
      console.log(`\n↻ DealerLane rebuilt in ${seconds(at)} s → http://localhost:${port}`);
    } catch (error) {
      app = null;
      console.error(`\n✗ ${error.message} — fix it and save again`);
    }
  };
  for (const dir of [
    "app",
    "worker",
    "durable-objects",
    "migrations",
    "migrations-outbox",
    "migrations-bell",
    "migrations-stats",
  ])
    watch(path.join(root, dir), { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => (running = running.then(rebuild)), 300);
    });
}
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    app?.stop();
    google?.server.close();
    process.exit(0);
  });
