/**
 * Bench section: the feed (issue "Feed and posts", Speed). GET /api/inventory first page, a deep page by
 * cursor (90 % of the way down), a full-text search, and the signed-in home page (HTML with the first 7 posts).
 */
export const title = "Feed";

/** Follows X-Next-Cursor with pages of 50 until about `depth` posts have gone by. */
async function cursorAt(ctx, depth) {
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

  const { cursor, seen } = await cursorAt(ctx, Math.floor(ctx.posts * 0.9));
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
