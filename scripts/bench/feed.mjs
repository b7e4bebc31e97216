/**
 * Bench section: the feed (issue "Feed and posts", Speed). GET /api/inventory first page, a deep page by
 * cursor (90 % of the way down), a full-text search, and the signed-in home page (HTML with the first 7 posts).
 */
import { DatabaseSync } from "node:sqlite";
import { localD1File } from "../local-d1-file.ts";

export const title = "Feed";

/**
 * The cursor after the post `depth` posts down the feed, read from the bench's D1 file: following X-Next-Cursor
 * there takes 9 000 pages on the national network. A feed cursor is base64url of ["feed", createdAt, id]
 * (worker/domain/shared/cursors.ts); the server checks it like any other, and the section's first request
 * fails loudly if it does not. Every bench dealer is in the real network, so the file's order is the feed's.
 */
function cursorAt(ctx, depth) {
  const db = new DatabaseSync(localD1File(ctx.persistTo), { readOnly: true });
  try {
    const post = db
      .prepare(
        "SELECT created_at AS t, id FROM inventory_posts ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?",
      )
      .get(depth - 1);
    return {
      cursor: Buffer.from(JSON.stringify(["feed", post.t, post.id])).toString("base64url"),
      seen: depth,
    };
  } finally {
    db.close();
  }
}

/** Follows X-Next-Cursor with pages of 50 until about `depth` posts have gone by (a check of cursorAt). */
async function walkedCursorAt(ctx, depth) {
  let cursor = null;
  let seen = 0;
  while (seen + 50 <= depth) {
    const response = await ctx.fetch(
      `/api/inventory?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    if (!response.ok) throw new Error(`GET /api/inventory answered ${response.status}`);
    const page = await response.json();
    seen += page.length;
    const next = response.headers.get("X-Next-Cursor");
    if (!next) break;
    cursor = next;
  }
  return { cursor, seen };
}

export async function run(ctx) {
  const rows = [];
  const first = await ctx.measure("/api/inventory");
  rows.push({ name: "GET /api/inventory (first page, 7 posts)", ...first });

  const { cursor, seen } = cursorAt(ctx, Math.floor(ctx.posts * 0.9));
  // Where walking is cheap, the read cursor must be the one the feed itself answers.
  if (ctx.posts <= 1000) {
    const walked = await walkedCursorAt(ctx, Math.floor(ctx.posts * 0.9));
    if (walked.seen === seen && walked.cursor !== cursor)
      throw new Error(`the deep cursor read from the file (${cursor}) is not the feed's (${walked.cursor})`);
  }
  rows.push({
    name: "GET /api/inventory?cursor=… (deep page, 90 % down)",
    ...(await ctx.measure(`/api/inventory?cursor=${encodeURIComponent(cursor)}`)),
    note: `${seen} posts in`,
  });

  rows.push({
    name: "GET /api/inventory?sort=requests (first page)",
    ...(await ctx.measure("/api/inventory?sort=requests")),
  });
  rows.push({
    name: "GET /api/inventory?sort=auction-promo (first page)",
    ...(await ctx.measure("/api/inventory?sort=auction-promo")),
  });
  rows.push({
    name: "GET /api/inventory?search=silverado (full text)",
    ...(await ctx.measure("/api/inventory?search=silverado")),
  });
  rows.push({
    name: "GET /api/inventory?search=ford f-150 (two words)",
    ...(await ctx.measure(`/api/inventory?search=${encodeURIComponent("ford f-150")}`)),
  });
  rows.push({ name: "GET / (signed-in home page, first 7 posts in the HTML)", ...(await ctx.measure("/")) });
  return rows;
}
