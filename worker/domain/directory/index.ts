import { sql, type SQL } from "drizzle-orm";
import { toIso, type DealerQuickView, type DirectoryDealer } from "#lib/api-types";
import { inChunks, listOf } from "../../db/bound-parameters";
import { batchable, type Database } from "../../db/client";
import { dealTotalsOf } from "../insights";
import {
  cardOf,
  cardsByIds,
  cardsStatement,
  toCard,
  viewerOf,
  type CardRow,
  type ViewerOptions,
} from "./cards";
import { discoverDealers } from "./discover";
import { countDealers, searchDealers, type DirectoryQuery } from "./search";

export type { ViewerOptions };

/**
 * The dealer directory, read-only: search with filters, sorts and cursors (search.ts), the cards and their
 * figures (cards.ts), /discover (discover.ts), the Quick View popup and inventory counts. Creating and
 * editing a dealer belong to the dealers' domain (worker/domain/dealers/index.ts).
 */
export function dealerDirectoryService(db: Database) {
  return {
    list: (viewerDealerId: string | null, query: DirectoryQuery, options: ViewerOptions = {}) =>
      searchDealers(db, viewerDealerId, query, options),

    count: (viewerDealerId: string | null, query: Omit<DirectoryQuery, "limit" | "cursor">) =>
      countDealers(db, viewerDealerId, query),

    /** One dealer as the viewer may see it, or null. */
    get: (viewerDealerId: string | null, dealerId: string, options: ViewerOptions = {}) =>
      cardOf(db, viewerOf(viewerDealerId, options), dealerId),

    /**
     * One dealer's card as a statement for the `batch` of a write that changes it (a connection), and how
     * to read the card from what the statement answered.
     */
    cardRead(viewerDealerId: string, dealerId: string, options: ViewerOptions = {}) {
      const viewer = viewerOf(viewerDealerId, options);
      return {
        statement: batchable(
          db,
          cardsStatement(db, viewer, { where: [sql`d.id = ${dealerId}`], keys: [], limit: 1 }),
        ),
        card: (rows: CardRow[]) => (rows[0] ? toCard(rows[0], viewer, Date.now()) : null),
      };
    },

    /** Several dealers by id (order of `ids` kept; unknown ids left out). */
    async many(
      viewerDealerId: string | null,
      ids: string[],
      options: ViewerOptions = {},
    ): Promise<DirectoryDealer[]> {
      const cards = await cardsByIds(db, viewerOf(viewerDealerId, options), ids);
      return ids.flatMap((id) => cards.get(id) ?? []);
    },

    discover: (
      viewerDealerId: string,
      viewerState: string,
      options: Parameters<typeof discoverDealers>[3] = {},
    ) => discoverDealers(db, viewerDealerId, viewerState, options),

    /**
     * The dealer profile popup (Quick View): the card plus figures only the popup shows — deals closed and
     * vehicles sold (their completed deals, as on their profile), posts, and their latest posts as recent activity.
     */
    async quickView(
      viewerDealerId: string | null,
      dealerId: string,
      options: ViewerOptions = {},
    ): Promise<DealerQuickView | null> {
      const [dealer, figures, deals, recentPosts] = await Promise.all([
        cardOf(db, viewerOf(viewerDealerId, options), dealerId),
        db.all<{ posts: number; openRequests: number }>(sql`
          select
            -- The posts the daily cron deleted still count, as on the dealer's profile (dealer_archived_stats).
            (select count(*) from inventory_posts p where p.dealer_id = ${dealerId})
              + coalesce((select a.posts from dealer_archived_stats a where a.dealer_id = ${dealerId}), 0) as posts,
            (select count(*) from inventory_posts p
              where p.dealer_id = ${dealerId} and p.type = 'request' and p.status = 'active') as openRequests`),
        dealTotalsOf(db, dealerId),
        db.all<{ id: string; title: string; type: string; status: string; createdAt: number }>(sql`
          select p.id as id, p.title as title, p.type as type, p.status as status, p.created_at as createdAt
          from inventory_posts p where p.dealer_id = ${dealerId}
          order by p.created_at desc limit 3`),
      ]);
      if (!dealer) return null;
      const f = figures[0] ?? { posts: 0, openRequests: 0 };
      return {
        dealer,
        dealsClosed: deals.dealsClosed,
        vehiclesSold: deals.vehiclesSold,
        posts: f.posts,
        openRequests: f.openRequests,
        recentPosts: recentPosts.map((p) => ({ ...p, createdAt: toIso(p.createdAt) })),
      };
    },

    /** Dealer inventory counts: dealer id → vehicles listed (requests not counted). */
    async inventoryCounts(dealerIds?: string[]): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      const run = async (filter: SQL) => {
        const rows = await db.all<{ dealerId: string; n: number }>(sql`
          select p.dealer_id as dealerId, count(*) as n
          from inventory_posts p join vehicles v on v.post_id = p.id
          where p.type != 'request' and ${filter}
          group by p.dealer_id`);
        for (const row of rows) counts[row.dealerId] = row.n;
      };
      if (!dealerIds) {
        await run(sql`1 = 1`);
        return counts;
      }
      for (const chunk of inChunks(dealerIds)) await run(sql`p.dealer_id in (${listOf(chunk)})`);
      return counts;
    },
  };
}

export type DealerDirectoryService = ReturnType<typeof dealerDirectoryService>;
