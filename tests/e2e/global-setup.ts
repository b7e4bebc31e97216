import { rmSync } from "node:fs";
import path from "node:path";
import { migrate, seed, serve } from "../../scripts/local-app.mjs";
import { E2E_PORT } from "./support";

/** A fresh, seeded database in its own state directory, served by `wrangler dev` for the whole run. */
export default async function setup() {
  const persistTo = path.resolve(import.meta.dirname, "../../.wrangler/e2e-state");
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  seed(persistTo);
  const app = await serve({ port: E2E_PORT, persistTo });
  return () => app.stop();
}
