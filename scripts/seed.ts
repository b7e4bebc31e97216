/// <reference types="node" />
/**
 * Demo data for the local D1 database (run by `npm start` on an empty database): the demo network
 * (worker/demo/network.ts) and the sample Wholesale News articles.
 *
 *   node scripts/seed.ts                          seed .wrangler/state (skipped when dealers exist)
 *   node scripts/seed.ts --persist-to <dir>       seed the state directory of `wrangler dev --persist-to <dir>`
 *
 * Rows go into local D1 and the listings' pictures (scripts/seed-photos.ts) into local R2, both through one
 * local runtime (scripts/local-bindings.ts).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNT } from "#lib/constants";
import { hashPassword } from "../worker/domain/accounts/password.ts";
import { DEMO_ADMIN_EMAIL, demoNetwork } from "../worker/demo/network.ts";
import { sampleArticleRows } from "../worker/demo/news.ts";
import { openDatabase } from "../worker/db/client.ts";
import { refreshReputations } from "../worker/domain/reputation/refresh.ts";
import { insertRows, openLocalBindings } from "./local-bindings.ts";
import { storeDemoPhotos } from "./seed-photos.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

async function dealerCount(db: D1Database): Promise<number> {
  try {
    const row = await db.prepare("select count(*) as n from dealers").first<{ n: number }>();
    return Number(row?.n ?? 0);
  } catch (error) {
    throw new Error(
      /no such table/i.test(String(error))
        ? "the dealers table does not exist; apply the migrations first (npm run db:migrate)."
        : `could not query the local database:\n${error}`,
    );
  }
}

async function main() {
  const started = Date.now();
  const { values } = parseArgs({ options: { "persist-to": { type: "string" } } });
  const local = await openLocalBindings(ROOT, values["persist-to"] ?? null);
  try {
    // Every run: a database seeded before Wholesale News existed still gets the sample articles (none is replaced).
    const news = sampleArticleRows(Date.now(), (slug) => `sample-news-${slug}`);
    await insertRows(local.DB, [["news_articles", news]], { orIgnore: true });
    const existing = await dealerCount(local.DB);
    if (existing > 0) return console.log(`Demo data already present (${existing} dealers); nothing to do.`);

    const network = demoNetwork(Date.now());
    await Promise.all(
      network.accounts.map(async (account) => {
        account.password_hash = await hashPassword(DEMO_ACCOUNT.password);
      }),
    );
    // The pictures first: no post ever shows one that is not stored yet.
    await storeDemoPhotos(local.PHOTOS, network.photos, ROOT);
    // My Stats' rows first, kept if there: a seed that stops before the main database's rows runs again whole.
    await insertRows(local.STATS_DB, network.statsTables, { orIgnore: true });
    await insertRows(local.DB, network.tables);
    // The demo's ratings and figures, measured from its seeded deals and reviews as every dealer's are.
    const dealerIds = network.tables.find(([table]) => table === "dealers")![1].map((d) => String(d.id));
    await refreshReputations(openDatabase(local.DB), dealerIds);
    const c = network.counts;
    console.log(
      `Seeded ${c.dealers} dealers, ${c.posts} posts, ${network.photos.length} pictures, ${c.vehicles} vehicles, ${c.comments} comments, ${c.connections} connections, ${c.chats} chats, ${c.messages} messages, ${c.deals} deals, ${c.reviews} reviews in ${((Date.now() - started) / 1000).toFixed(1)}s.`,
    );
    console.log(`Demo sign-in: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
    console.log(`Admin sign-in: ${DEMO_ADMIN_EMAIL} / ${DEMO_ACCOUNT.password}`);
  } finally {
    await local.dispose();
  }
}

await main().catch((error) => {
  console.error(`seed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
