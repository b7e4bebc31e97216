/**
 * Bench section: the signed-in screens a dealer opens many times a day (issue "The dealer's side, finished",
 * Speed). The home page and /messages: response time beside the static asset, and the home page's HTML size
 * with its icons, drawn inline or taken from the sprite (targets: ≤ 3× static, HTML ≤ 100 kB).
 */
export const title = "Signed-in screens";

const HTML_BUDGET_KB = 100;
const TIME_TARGET = 3;

async function htmlOf(ctx, path) {
  const response = await ctx.fetch(path, { headers: { Accept: "text/html" } });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return response.text();
}

const kB = (text) => new TextEncoder().encode(text).length / 1000;
/** Icons drawn inline (whole <svg> drawings) and icons that reference the cached sprite (<use href>). */
function icons(html) {
  const svgs = (html.match(/<svg[\s>]/g) ?? []).length;
  const references = (html.match(/<use[\s>]/g) ?? []).length;
  return `${svgs - references} inline SVG drawings, ${references} icons from the sprite`;
}

function timeNote(row) {
  const ratio = row.median / row.static.median;
  return `${ratio.toFixed(2)}× static (target ≤ ${TIME_TARGET}×: ${ratio <= TIME_TARGET ? "met" : "missed"})`;
}

export async function run(ctx) {
  const rows = [];
  const home = await ctx.measure("/");
  const homeHtml = await htmlOf(ctx, "/");
  const size = kB(homeHtml);
  rows.push({
    name: "GET / (signed-in home page)",
    ...home,
    note: `${timeNote(home)}; HTML ${size.toFixed(1)} kB (target ≤ ${HTML_BUDGET_KB} kB: ${
      size <= HTML_BUDGET_KB ? "met" : "missed"
    }), ${icons(homeHtml)}`,
  });
  const messages = await ctx.measure("/messages");
  const messagesHtml = await htmlOf(ctx, "/messages");
  rows.push({
    name: "GET /messages (conversation list)",
    ...messages,
    note: `${timeNote(messages)}; HTML ${kB(messagesHtml).toFixed(1)} kB, ${icons(messagesHtml)}`,
  });
  // The rest of the main requests a dealer makes (reported with their D1 round trips beside their time).
  const feed = await (await ctx.fetch("/api/inventory")).json();
  const chats = await (await ctx.fetch("/api/chats")).json();
  const more = [
    [
      "GET /post/{id} (another dealer's post)",
      feed.find((p) => p.dealerId !== ctx.dealerId)?.id &&
        `/post/${feed.find((p) => p.dealerId !== ctx.dealerId).id}`,
    ],
    ["GET /api/chats (chat list)", "/api/chats"],
    [
      "GET /api/chats/{id}/messages (a chat's latest messages)",
      chats[0] && `/api/chats/${chats[0].id}/messages`,
    ],
    ["GET /find-dealers", "/find-dealers"],
    ["GET /dealers (directory page)", "/dealers"],
    ["GET /dealer-profile", "/dealer-profile"],
    // The business pages (deals, notifications, the plan), for their round trips beside their time.
    ["GET /pass-thru-sales", "/pass-thru-sales"],
    ["GET /notifications", "/notifications"],
    ["GET /plan-management", "/plan-management"],
    [
      "GET /messages?chat={dealerId} (a chat opened from its link)",
      chats[0]?.otherParticipant?.id && `/messages?chat=${chats[0].otherParticipant.id}`,
    ],
  ];
  for (const [name, path] of more) {
    if (!path) continue;
    rows.push({ name, ...(await ctx.measure(path)) });
  }
  return rows;
}
