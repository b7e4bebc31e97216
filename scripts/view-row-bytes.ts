/**
 * Bytes per post view, as `post_views` was before migration 0045 (a rowid table and its primary key's index), as
 * it is after it (WITHOUT ROWID), and in My Stats' own database (the same table, and each viewed post's dealer in
 * `post_dealers`, written with its first view): each shape is created from the landed migrations in a scratch SQLite file, and
 * the same views go into both as the app writes them (a random dealer opening a random post, in time order, a few
 * to a transaction); then SQLite's `dbstat` gives the pages of the table and of its indexes.
 *
 *   npm exec -- node scripts/view-row-bytes.ts [--views 300000]
 *
 * docs/decisions/0091-post-views-without-rowid.md and 0098-stats-database.md quote its output.
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

const stats = readFileSync(
  path.join(import.meta.dirname, "..", "migrations-stats", "0000_stats.sql"),
  "utf8",
);

/** Each shape's statements; `dealers`: each viewed post's dealer is recorded with its first view. */
const SHAPES: Record<string, { statements: string[]; dealers: boolean }> = {
  "rowid table and its key's index (before 0045)": {
    statements: [statementOf("0000_foundation.sql", "CREATE TABLE `post_views`")],
    dealers: false,
  },
  "WITHOUT ROWID (0045)": {
    statements: [
      statementOf("0045_post_views_without_rowid.sql", "CREATE TABLE `post_views_keyed`").replace(
        "`post_views_keyed`",
        "`post_views`",
      ),
    ],
    dealers: false,
  },
  "My Stats' database, with post_dealers (migrations-stats/0000)": {
    statements: [
      statementStartingWith(stats, "CREATE TABLE `post_views`"),
      statementStartingWith(stats, "CREATE TABLE `post_dealers`"),
      statementStartingWith(stats, "CREATE INDEX `post_dealers_dealer_idx`"),
    ],
    dealers: true,
  },
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
  for (const [n, [shape, { statements, dealers: withDealers }]] of Object.entries(SHAPES).entries()) {
    const db = new DatabaseSync(path.join(dir, `${n}.sqlite`));
    db.exec("CREATE TABLE `inventory_posts` (`id` text PRIMARY KEY NOT NULL)");
    for (const statement of statements) db.exec(statement);
    const dealerOf = withDealers
      ? db.prepare("INSERT INTO post_dealers (post_id, dealer_id) VALUES (?, ?) ON CONFLICT DO NOTHING")
      : null;
    const addPost = db.prepare("INSERT INTO inventory_posts (id) VALUES (?)");
    for (const post of posts) addPost.run(post);
    const view = db.prepare(
      "INSERT INTO post_views (post_id, viewer_id, created_at) VALUES (?, ?, ?) ON CONFLICT (post_id, viewer_id) DO NOTHING",
    );
    for (let i = 0; i < views.length; i += VIEWS_PER_TRANSACTION) {
      db.exec("BEGIN");
      for (const row of views.slice(i, i + VIEWS_PER_TRANSACTION)) {
        view.run(...row);
        dealerOf?.run(row[0], dealers[row[0].charCodeAt(0) % DEALERS]!);
      }
      db.exec("COMMIT");
    }
    const pages = db
      .prepare(
        "SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE name GLOB '*post_views*' OR name GLOB '*post_dealers*' GROUP BY name",
      )
      .all() as Array<{ name: string; bytes: number }>;
    const bytes = pages.reduce((sum, page) => sum + page.bytes, 0);
    const parts = pages.map((page) => `${page.name} ${(page.bytes / 1e6).toFixed(1)} MB`).join(", ");
    console.log(`${shape}: ${(bytes / VIEWS).toFixed(1)} bytes a view (${parts})`);
    db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
