/**
 * Bench section: Insights. My Stats (30 and 90 days, Premium: every figure and its chart) and
 * Wholesale News (the Market Report read from its summary table, the first page of articles); target ≤ 4× static.
 */
export const title = "Insights";

const TIME_TARGET = 4;

function timeNote(row) {
  const ratio = row.median / row.static.median;
  return `${ratio.toFixed(2)}× static (target ≤ ${TIME_TARGET}×: ${ratio <= TIME_TARGET ? "met" : "missed"})`;
}

export async function run(ctx) {
  const rows = [];
  for (const [name, path] of [
    ["GET /my-stats (30 days, Premium)", "/my-stats"],
    ["GET /my-stats?period=90", "/my-stats?period=90"],
    ["GET /wholesale-news (Market Report + first articles)", "/wholesale-news"],
    // What any signed-in page costs (the shell's own reads and render), for reading the rows above.
    ["GET /settings (reference: a signed-in page with little data)", "/settings"],
  ]) {
    const row = await ctx.measure(path);
    rows.push({ name, ...row, note: timeNote(row) });
  }
  return rows;
}
