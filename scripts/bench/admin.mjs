/**
 * Bench section: the admin console. GET /admin — the figures page, signed in as the bench
 * network's admin — beside the static asset (target: ≤ 4× static on the 20 000-post network). Its aggregates
 * come from the summary rows the triggers of migration 0015 keep, not from scanning posts or messages.
 */
export const title = "Admin console";

const TARGET = 4;

export async function run(ctx) {
  const cookie = ctx.seed.adminCookie;
  if (!cookie) throw new Error("the bench network has no admin session: run with --fresh");
  const headers = { Cookie: cookie, Accept: "text/html" };
  const page = await ctx.measure("/admin", { headers });
  const figures = await ctx.measure("/api/admin/figures", { headers: { Cookie: cookie } });
  const note = (row) => {
    const ratio = row.median / row.static.median;
    return `${ratio.toFixed(2)}× static (target ≤ ${TARGET}×: ${ratio <= TARGET ? "met" : "missed"})`;
  };
  return [
    { name: "GET /admin (the figures page)", ...page, note: note(page) },
    { name: "GET /api/admin/figures", ...figures, note: note(figures) },
  ];
}
