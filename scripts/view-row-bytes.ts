/**
 * Bytes per post view, as `post_views` was before migration 0045 (a rowid table and its primary key's index) and
 * as it is after it (WITHOUT ROWID): each shape is created from the landed migrations in a scratch SQLite file, and
 * the same views go into both as the app writes them (a random dealer opening a random post, in time order, a few
 * to a transaction); then SQLite's `dbstat` gives the pages of the table and of its indexes.
 *
 *   npm exec -- node scripts/view-row-bytes.ts [--views 300000]
 *
 * docs/decisions/0091-post-views-without-rowid.md quotes its output.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DatabaseSync } from "node:sqlite";
import { statementStartingWith } from "./migration-statements.ts";

const { values } = parseArgs({ options: { views: { type: "string", default: "300000" } } });
const VIEWS = Number(values.views);
if (!Number.isInteger(VIEWS) || VIEWS < 1) throw new Error("--views takes a whole number of views");
const POSTS = 20_000;
const DEALERS = 2_000;
const VIEWS_PER_TRANSACTION = 50;

const migrations = path.join(import.meta.dirname, "..", "migrations");
const statementOf = (file: string, start: string) =>
  statementStartingWith(readFileSync(path.join(migrations, file), "utf8"), start);

const SHAPES = {
  "rowid table and its key's index (before 0045)": statementOf(
    "0000_foundation.sql",
    "CREATE TABLE `post_views`",
  ),
  "WITHOUT ROWID (0045)": statementOf(
    "0045_post_views_without_rowid.sql",
    "CREATE TABLE `post_views_keyed`",
  ).replace("`post_views_keyed`", "`post_views`"),
};

const posts = Array.from({ length: POSTS }, () => crypto.randomUUID());
const dealers = Array.from({ length: DEALERS }, () => crypto.randomUUID());
const views: Array<[string, string, number]> = [];
const seen = new Set<string>();
let at = Date.parse("2026-11-01T00:00:00Z");
while (views.length < VIEWS) {
  const post = posts[Math.floor(Math.random() * POSTS)]!;
  const viewer = dealers[Math.floor(Math.random() * DEALERS)]!;
  if (seen.has(post + viewer)) continue;
  seen.add(post + viewer);
  views.push([post, viewer, (at += 1_000)]);
}

const dir = mkdtempSync(path.join(tmpdir(), "view-row-bytes-"));
try {
  console.log(
    `${VIEWS.toLocaleString("en-US")} views of ${POSTS.toLocaleString("en-US")} posts by ${DEALERS.toLocaleString("en-US")} dealers`,
  );
  for (const [shape, createTable] of Object.entries(SHAPES)) {
    const db = new DatabaseSync(path.join(dir, `${shape.length}.sqlite`));
    db.exec("CREATE TABLE `inventory_posts` (`id` text PRIMARY KEY NOT NULL)");
    db.exec(createTable);
    const addPost = db.prepare("INSERT INTO inventory_posts (id) VALUES (?)");
    for (const post of posts) addPost.run(post);
    const view = db.prepare(
      "INSERT INTO post_views (post_id, viewer_id, created_at) VALUES (?, ?, ?) ON CONFLICT (post_id, viewer_id) DO NOTHING",
    );
    for (let i = 0; i < views.length; i += VIEWS_PER_TRANSACTION) {
      db.exec("BEGIN");
      for (const row of views.slice(i, i + VIEWS_PER_TRANSACTION)) view.run(...row);
      db.exec("COMMIT");
    }
    const pages = db
      .prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE name GLOB '*post_views*' GROUP BY name")
      .all() as Array<{ name: string; bytes: number }>;
    const bytes = pages.reduce((sum, page) => sum + page.bytes, 0);
    const parts = pages.map((page) => `${page.name} ${(page.bytes / 1e6).toFixed(1)} MB`).join(", ");
    console.log(`${shape}: ${(bytes / VIEWS).toFixed(1)} bytes a view (${parts})`);
    db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
