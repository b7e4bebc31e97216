/**
 * Dealer directory benchmark section: GET /api/dealers with filters, sorts and a cursor at
 * ≥ 2 000 dealers — median, p95 and p99, and the ratio of each median to the static asset's (target ≤ 3×).
 *
 * When the benchmark's network holds fewer than BENCH_DEALERS dealers (default 2 000), the section tops it
 * up through POST /api/dealers: directory dealers without an account, named "Zz Bench …" so they sort after
 * every real dealer, spread over the 60 state codes, the three types and Canadian buying.
 */
import { STATE_CODES } from "#lib/constants";
import { call } from "./bench-dealer.mjs";

export const title = "Dealer directory (GET /api/dealers)";

const TARGET_DEALERS = Number(process.env.BENCH_DEALERS || 2000);
const TARGET_RATIO = 3;
const STATES = STATE_CODES;
const TYPES = ["independent", "franchise", "wholesaler"];
const WORDS = [
  "Motors",
  "Auto Sales",
  "Auto Group",
  "Wholesale",
  "Car Company",
  "Pre-Owned",
  "Auto Exchange",
  "Remarketing",
];

/** GET /api/dealers answers an array; the total and the next cursor travel in headers. */
async function dealersPage(baseUrl, cookie, path) {
  const res = await call(baseUrl, cookie, "GET", path);
  await res.arrayBuffer();
  return { total: Number(res.headers.get("X-Total-Count")), nextCursor: res.headers.get("X-Next-Cursor") };
}

/** A believable directory entry, the same for the same index on every run. */
function benchDealer(i) {
  const n = String(i).padStart(4, "0");
  const state = STATES[(i * 7) % STATES.length];
  return {
    name: `Zz Bench Dealer ${n}`,
    email: `bench-dealer-${n}@example.com`,
    phone: `(555) 555-${String(i % 10000).padStart(4, "0")}`,
    dealershipName: `Bench ${WORDS[i % WORDS.length]} ${n}`,
    dealershipType: TYPES[i % TYPES.length],
    address: `${100 + (i % 9000)} Bench Road`,
    city: "Benchville",
    state,
    zipCode: String(10000 + i).slice(0, 5),
    website: i % 3 === 0 ? `https://bench-${n}.example` : "",
    profileType: i % 4 === 0 ? "buyer" : "seller",
    buysCanadianVehicles: i % 5 === 0,
  };
}

/**
 * Adds directory dealers until the network holds `target`, 16 requests at a time. The directory counts only up
 * to DIRECTORY_COUNT_MOST, so a network seeded with enough dealers (`seeded`) is taken at its word.
 */
async function topUp(baseUrl, cookie, target, seeded = 0) {
  if (seeded >= target) return { before: seeded, added: 0, after: seeded };
  const { total } = await dealersPage(baseUrl, cookie, "/api/dealers?limit=1");
  const missing = Math.max(0, target - total);
  let next = 0;
  const worker = async () => {
    while (next < missing) {
      const i = next++;
      await (await call(baseUrl, cookie, "POST", "/api/dealers", benchDealer(total + i))).arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const after = (await dealersPage(baseUrl, cookie, "/api/dealers?limit=1")).total;
  return { before: total, added: missing, after };
}

const medianOf = (baseline) => (typeof baseline === "number" ? baseline : baseline?.median);

export async function run(ctx) {
  const { baseUrl, cookie, measure, staticBaseline } = ctx;
  // The runner's --n applies unless BENCH_N overrides it for this section.
  const n = process.env.BENCH_N ? Number(process.env.BENCH_N) : undefined;
  const network = await topUp(baseUrl, cookie, TARGET_DEALERS, ctx.seed.dealers ?? 0);

  const firstPage = await dealersPage(baseUrl, cookie, "/api/dealers?sort=name&limit=20");
  const cases = [
    ["first page, name A-Z (20)", "/api/dealers?sort=name&limit=20"],
    ["state=TX, name A-Z", "/api/dealers?state=TX&limit=20"],
    [
      "type + Canadian buying, by rating",
      "/api/dealers?dealershipType=wholesaler&buysCanadian=false&sort=rating&limit=20",
    ],
    [
      "state + type + Canadian, by connections",
      "/api/dealers?state=ON&dealershipType=independent&buysCanadian=true&sort=connections&limit=20",
    ],
    [
      "name search 'motors', not me, not connected",
      "/api/dealers?name=motors&exclude=self,connected&limit=20",
    ],
    [
      "suggestions: not me, not connected, most active (4)",
      "/api/dealers?exclude=self,connected&sort=active&limit=4",
    ],
    [
      "page 2 by cursor",
      `/api/dealers?sort=name&limit=20&cursor=${encodeURIComponent(firstPage.nextCursor ?? "")}`,
    ],
  ];

  const baseline = medianOf(staticBaseline);
  const rows = [];
  for (const [name, path] of cases) {
    const result = await measure(path, n ? { n } : {});
    // The runner pairs every request with one for the static asset (same machine load): prefer that.
    const staticMedian = result.static?.median ?? baseline;
    const ratio = staticMedian ? result.median / staticMedian : null;
    rows.push({
      name,
      path,
      median: result.median,
      p95: result.p95,
      p99: result.p99,
      ratio,
      pass: ratio === null ? null : ratio <= TARGET_RATIO,
      note: `${ratio === null ? "no static baseline" : `${ratio.toFixed(2)}× static (target ≤ ${TARGET_RATIO}×)`}; ${network.after} dealers`,
    });
  }
  rows.unshift({
    name: `network: ${network.after} dealers (${network.added} added for the bench)`,
    note: `target ≥ ${TARGET_DEALERS}`,
  });
  return rows;
}
