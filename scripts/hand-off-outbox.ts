/// <reference types="node" />
/**
 * Hands the messages a local state directory keeps in the main database's old outbox table to the outbox's own
 * database, as a deployed courier does on its first run (docs/decisions/0094-outbox-database.md): the benchmark
 * states were seeded before the move, and a bench must not time the hand-off in its first posts.
 *
 *   node scripts/hand-off-outbox.ts --persist-to <dir>
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../worker/db/client.ts";
import { legacyOutboxHandOff } from "../worker/domain/outbox/legacy.ts";
import { openLocalBindings } from "./local-bindings.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { "persist-to": { type: "string" } } });
const local = await openLocalBindings(ROOT, values["persist-to"] ?? null);
try {
  const handOff = legacyOutboxHandOff(openDatabase(local.OUTBOX_DB), openDatabase(local.DB));
  let moved = 0;
  for (let left = true; left;) {
    const round = await handOff.handOffLegacy();
    moved += round.moved;
    left = round.left;
  }
  if (moved > 0) console.log(`${moved} outbox messages handed to the outbox's own database`);
} finally {
  await local.dispose();
}
