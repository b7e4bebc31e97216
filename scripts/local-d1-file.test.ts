import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { largeNetwork } from "../worker/demo/large-network.ts";
import { migrate } from "./local-app.mjs";
import { insertRows, openLocalBindings } from "./local-bindings.ts";
import { localD1File, writeRowsDirect } from "./local-d1-file.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * FTS5's segments follow the transactions that wrote them (100 000 rows at once against batches of 1 000), so
 * the index's b-tree tables differ byte for byte while indexing the same documents: compared by what they find.
 */
const SEGMENT_TABLES = ["post_search_data", "post_search_idx"];

/** Every table's rows in one order (some tables have no rowid), the search index's documents included. */
function contentsOf(file: string): Record<string, unknown[]> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const tables = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
        )
        .all() as { name: string }[]
    ).filter(({ name }) => !SEGMENT_TABLES.includes(name));
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        db
          .prepare(`SELECT * FROM "${name}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

/** The documents each search finds, in the feed's order (newest first). */
function searchesOf(file: string, words: string[]): Record<string, unknown[]> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const find = db.prepare("SELECT rowid FROM post_search WHERE post_search MATCH ? ORDER BY rowid DESC");
    return Object.fromEntries(words.map((w) => [w, find.all(w).map((r) => r.rowid)]));
  } finally {
    db.close();
  }
}

describe("the bench network written straight into the D1 file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dealerlane-d1-file-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("holds what the local bindings write, search index and counters included", async () => {
    const [throughBindings, direct] = [path.join(dir, "bindings"), path.join(dir, "direct")];
    // Only the main database: the bench network's rows, and the file written straight, are all its own.
    migrate(throughBindings, { only: ["DB"] });
    cpSync(throughBindings, direct, { recursive: true });
    const { tables } = largeNetwork({ posts: 40, dealers: 20 }, Date.UTC(2026, 10, 1));

    const local = await openLocalBindings(ROOT, throughBindings);
    try {
      await insertRows(local.DB, tables, { statementsPerBatch: 1000 });
    } finally {
      await local.dispose();
    }
    writeRowsDirect(localD1File(direct), tables);

    const [expected, written] = [contentsOf(localD1File(throughBindings)), contentsOf(localD1File(direct))];
    expect(written.post_search_docs).toHaveLength(40);
    expect(written.messages!.length).toBeGreaterThan(0);
    expect(written).toEqual(expected);
    const words = ["ford", "silverado", "f-150", "truck", "auction", "dealer"].map((w) => `"${w}"`);
    const found = searchesOf(localD1File(direct), words);
    expect(Object.values(found).some((rowids) => rowids.length > 0)).toBe(true);
    expect(found).toEqual(searchesOf(localD1File(throughBindings), words));
    // A migration and a local runtime: a minute on a loaded machine.
  }, 600_000);
});
