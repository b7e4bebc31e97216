import { sql, type SQL } from "drizzle-orm";
import { leadVehicleSchema, toIso } from "#lib/api-types";
import { POST_LIFETIME_DAYS, type FeedQuery } from "#lib/schemas/inventory";
import type { FeedSort } from "#lib/schemas/inventory-constants";
import type { Database } from "../../db/client";
import { cursorKind, cursorValue } from "../shared/cursors";
import type { FeedPage, FeedPost } from "./types";

/**
 * The feed: one query per page whatever the page size or the size of the
 * network. Posts are read newest first through an index on (created_at, id) — a partial index per tab — with
 * keyset pagination, and the dealer, the three counts and the lead vehicle come from the same statement (a join on
 * the dealer's primary key, correlated subqueries on vehicles_post_idx and comments_post_idx). Search walks the FTS5 index
 * newest document first (ORDER BY rowid DESC), so it stops after one page too.
 */

/**
 * The tab filters. Each must stay textually identical to the WHERE of its partial index in
 * worker/db/schema.ts (posts_for_sale_feed_idx, posts_auction_feed_idx), or SQLite will not use the index.
 */
const SORT_FILTERS: Record<FeedSort, SQL> = {
  recent: sql`1 = 1`,
  requests: sql`p.type = 'request'`,
  "for-sale": sql`p.type <> 'request'`,
  "auction-promo": sql`(p.auction_facilitator is not null or instr(lower(p.title), 'auction') > 0 or instr(lower(p.description), 'auction') > 0)`,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Post, dealer and counts: the columns every feed statement selects. */
export const POST_COLUMNS = sql`
  p.id as id, p.dealer_id as dealerId, p.title as title, p.description as description, p.type as type,
  p.status as status, p.created_at as createdAt, p.spreadsheet_url as spreadsheetUrl,
  p.auction_facilitator as auctionFacilitator, p.photo_urls as photoUrls, p.ai_summary as aiSummary,
  p.view_count as viewCount, p.renewed_at as renewedAt,
  d.name as dealerName, d.dealership_name as dealershipName, d.dealership_type as dealershipType,
  d.avatar as dealerAvatar, d.city as dealerCity, d.state as dealerState,
  d.buys_canadian_vehicles as buysCanadianVehicles, d.verified_at is not null as dealerVerified,
  d.rating as dealerRating, d.created_at as dealerCreatedAt,
  (select count(*) from vehicles v where v.post_id = p.id) as vehicleCount,
  (select count(*) from vehicles v where v.post_id = p.id and v.status = 'available') as availableCount,
  (select count(*) from comments c where c.post_id = p.id) as commentCount,
  (select json_object('year', v.year, 'make', v.make, 'model', v.model, 'trim', v.trim,
      'mileage', v.mileage, 'priceCents', v.price_cents, 'disclosures', json(v.disclosures))
    from vehicles v where v.post_id = p.id order by v.position limit 1) as leadVehicle`;

export type PostRow = {
  id: string;
  dealerId: string;
  title: string;
  description: string;
  type: FeedPost["type"];
  status: string;
  createdAt: number;
  spreadsheetUrl: string | null;
  auctionFacilitator: string | null;
  photoUrls: string | null;
  aiSummary: string | null;
  viewCount: number;
  renewedAt: number | null;
  dealerName: string;
  dealershipName: string;
  dealershipType: FeedPost["dealer"]["dealershipType"];
  dealerAvatar: string | null;
  dealerCity: string;
  dealerState: string;
  buysCanadianVehicles: number;
  dealerVerified: number;
  dealerRating: number | null;
  dealerCreatedAt: number;
  vehicleCount: number;
  availableCount: number;
  commentCount: number;
  /** JSON of the post's first vehicle, or null. */
  leadVehicle: string | null;
};

function parsePhotoUrls(text: string | null): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === "string") : [];
  } catch {
    return [];
  }
}

function parseLeadVehicle(text: string | null): FeedPost["leadVehicle"] {
  if (!text) return null;
  const parsed = leadVehicleSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

export function toFeedPost(row: PostRow): FeedPost {
  return {
    id: row.id,
    dealerId: row.dealerId,
    title: row.title,
    description: row.description,
    type: row.type,
    status: row.status,
    createdAt: toIso(row.createdAt),
    spreadsheetUrl: row.spreadsheetUrl,
    auctionFacilitator: row.auctionFacilitator,
    photoUrls: parsePhotoUrls(row.photoUrls),
    aiSummary: row.aiSummary,
    vehicleCount: Number(row.vehicleCount),
    availableCount: Number(row.availableCount),
    commentCount: Number(row.commentCount),
    viewCount: Number(row.viewCount),
    leadVehicle: parseLeadVehicle(row.leadVehicle),
    expiresAt:
      row.status === "active"
        ? new Date((row.renewedAt ?? row.createdAt) + POST_LIFETIME_DAYS * DAY_MS).toISOString()
        : null,
    dealer: {
      id: row.dealerId,
      name: row.dealerName,
      dealershipName: row.dealershipName,
      dealershipType: row.dealershipType,
      avatar: row.dealerAvatar,
      city: row.dealerCity,
      state: row.dealerState,
      buysCanadianVehicles: Boolean(row.buysCanadianVehicles),
      verified: Boolean(row.dealerVerified),
      rating: row.dealerRating,
      memberSince: toIso(row.dealerCreatedAt),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Cursors: the feed by (createdAt, id), a search by the FTS document's rowid — each checked (worker/domain/shared/cursors.ts).

const FEED_CURSOR = cursorKind("feed", cursorValue.time, cursorValue.id);
const SEARCH_CURSOR = cursorKind("feed.search", cursorValue.rowid);

// ---------------------------------------------------------------------------------------------------
// Search text → an FTS5 query

/**
 * Each word of the dealer's search becomes a quoted FTS5 phrase (so no input is ever FTS syntax), the
 * last one a prefix match so results appear while typing. All words must match. Null when nothing is left.
 */
function toFtsQuery(search: string): string | null {
  const words = search
    .normalize("NFKC")
    // FTS5 reads a NUL as the end of the query (an unterminated phrase): control characters separate words.
    .replace(/\p{Cc}/gu, " ")
    .split(/\s+/)
    .map((w) => w.replace(/"/g, "").trim())
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, 8);
  if (words.length === 0) return null;
  return words
    .map((word, i) => {
      const phrase = `"${word}"`;
      // A one-letter prefix would expand to much of the index; only the last word is a prefix.
      return i === words.length - 1 && word.length >= 2 ? `${phrase}*` : phrase;
    })
    .join(" ");
}

// ---------------------------------------------------------------------------------------------------

/**
 * One page of a tab, newest first: the page's posts are picked first, walking the tab's feed index, and only
 * they are joined to their dealers. Joined in the same loop as the walk, SQLite counts on visiting every post
 * of the tab and first builds a Bloom filter over every dealer of the network for the join (a read of all
 * 50 000 dealers of a national network on every page). CROSS JOIN keeps the order: with the network filter on
 * dealers (worker/db/network-wall.ts) it would otherwise read every dealer's posts and sort them all.
 */
export function feedStatement(query: FeedQuery, cursor: readonly [number, string] | null) {
  const after = cursor ? sql`and (p.created_at, p.id) < (${cursor[0]}, ${cursor[1]})` : sql``;
  return sql`
    with page as materialized (
      select p.id as id from inventory_posts p
      where ${SORT_FILTERS[query.sort]} ${after}
      order by p.created_at desc, p.id desc
      limit ${query.limit + 1}
    )
    select ${POST_COLUMNS}
    from page
    cross join inventory_posts p on p.id = page.id
    cross join dealers d on d.id = p.dealer_id
    order by p.created_at desc, p.id desc`;
}

/** The feed: posts of the viewer's own network, which is all their database shows (worker/db/network-wall.ts). */
export async function listFeed(db: Database, query: FeedQuery): Promise<FeedPage> {
  const filter = SORT_FILTERS[query.sort];
  const take = query.limit + 1;
  const fts = query.search ? toFtsQuery(query.search) : null;

  if (query.search && !fts) return { posts: [], nextCursor: null };

  if (fts) {
    const cursor = SEARCH_CURSOR.decode(query.cursor);
    const after = cursor ? sql`and s.rowid < ${cursor[0]}` : sql``;
    const rows = await db.all<PostRow & { docId: number }>(sql`
      select ${POST_COLUMNS}, s.rowid as docId
      from post_search s
      join post_search_docs sd on sd.doc_id = s.rowid
      join inventory_posts p on p.id = sd.post_id
      join dealers d on d.id = p.dealer_id
      where post_search match ${fts} and ${filter} ${after}
      order by s.rowid desc
      limit ${take}`);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      posts: page.map(toFeedPost),
      nextCursor: rows.length > query.limit && last ? SEARCH_CURSOR.encode(last.docId) : null,
    };
  }

  const cursor = FEED_CURSOR.decode(query.cursor);
  const rows = await db.all<PostRow>(feedStatement(query, cursor));
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    posts: page.map(toFeedPost),
    nextCursor: rows.length > query.limit && last ? FEED_CURSOR.encode(last.createdAt, last.id) : null,
  };
}
