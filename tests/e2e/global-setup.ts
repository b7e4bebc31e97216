import { rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { bundle, freshSeededState, OFFLINE_VARS, serve } from "../../scripts/local-app.mjs";
import { startGoogleStandIn } from "../../scripts/google-stand-in";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A fresh, seeded database in a state directory of its own, served by `wrangler dev` on a free port for the
 * whole run; test files find both through E2E_PORT and E2E_PERSIST_TO (forked workers inherit them).
 * Two runs on one machine never share a server or a database.
 *
 * The app is served from its deploy bundle (`serveBundleConfig`), as `npm run bench` serves it: wrangler dev then
 * neither bundles the worker again nor polls the source tree for changes through the whole run. `npm test` hands
 * over what it already made beside the build: the bundle's configuration (E2E_APP_CONFIG) and the seeded state
 * (E2E_SEEDED_STATE, scripts/journeys-state.mjs). Run alone, the setup makes both.
 */
export default async function setup() {
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const own = path.resolve(import.meta.dirname, `../../.wrangler/e2e-${process.pid}`);
  const persistTo = process.env.E2E_SEEDED_STATE ?? path.join(own, "state");
  if (!process.env.E2E_SEEDED_STATE) freshSeededState(persistTo);
  const config = process.env.E2E_APP_CONFIG ?? (await bundle(path.join(own, "bundle")));
  // Google sign-in is configured, against the local stand-in for Google's endpoints (as under `npm start`).
  const google = await startGoogleStandIn();
  const app = await serve({ port, persistTo, config, vars: { ...OFFLINE_VARS, ...google.vars } }).catch(
    (error) => {
      google.server.close();
      throw error;
    },
  );
  process.env.E2E_PORT = String(port);
  process.env.E2E_PERSIST_TO = persistTo;
  return () => {
    app.stop();
    google.server.close();
    rmSync(own, { recursive: true, force: true });
    rmSync(persistTo, { recursive: true, force: true });
  };
}
