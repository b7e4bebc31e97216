/**
 * `node scripts/journeys-state.mjs <dir>`: the journeys' database, migrated and seeded in `<dir>`. `npm test`
 * makes it while the app builds and hands it to the journeys (E2E_SEEDED_STATE, tests/e2e/global-setup.ts).
 */
import path from "node:path";
import { freshSeededState } from "./local-app.mjs";

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/journeys-state.mjs <state directory>");
  process.exit(2);
}
freshSeededState(path.resolve(dir));
