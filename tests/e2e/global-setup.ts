import { rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { migrate, OFFLINE_VARS, seed, serve } from "../../scripts/local-app.mjs";
import { FAKE_GOOGLE_CLIENT_ID, startFakeGoogle } from "./fake-google";

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
 */
export default async function setup() {
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const persistTo = path.resolve(import.meta.dirname, `../../.wrangler/e2e-state-${process.pid}`);
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  seed(persistTo);
  // Google sign-in is configured, against a local fake of Google's endpoints (tests/e2e/fake-google.ts).
  const google = await startFakeGoogle();
  const app = await serve({
    port,
    persistTo,
    vars: {
      ...OFFLINE_VARS,
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: "e2e-client-secret",
      GOOGLE_AUTHORIZATION_URL: `${google.url}/authorize`,
      GOOGLE_TOKEN_URL: `${google.url}/token`,
    },
  });
  process.env.E2E_PORT = String(port);
  process.env.E2E_PERSIST_TO = persistTo;
  return () => {
    app.stop();
    google.server.close();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
