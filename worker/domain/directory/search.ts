import { sql, type SQL } from "drizzle-orm";
import type { DirectoryDealer } from "#lib/api-types";
import type { DealershipType } from "#lib/constants";
import {
  DIRECTORY_LIMIT_MAX,
  type DirectoryExclude,
  type DirectoryScope,
  type DirectorySort,
} from "#lib/schemas/dealer";
import type { Database } from "../../db/client";
import { containsText } from "../shared/contains-text";
import { cursorKind, cursorValue as v, type Page } from "../shared/cursors";
import {
  mineCte,
  notStaff,
  and,
  cardsStatement,
  countedUpToMost,
  toCard,
  viewerOf,
  type CardRow,
  type CardViewer,
  type ViewerOptions,
} from "./cards";
import { dealersNamedWith, suffixesAnswer } from "./name-suffixes";

export type DirectoryQuery = {
  name?: string;
  state?: string;
  dealershipType?: DealershipType;
  buysCanadian?: boolean;
  /** The Verified dealer badge. */
  verified?: boolean;
  sort?: DirectorySort;
  exclude?: DirectoryExclude[];
  /** all (default), the viewer's connections, or the dealers the viewer added. */
  scope?: DirectoryScope;
  limit: number;
  cursor?: string;
};

/**
 * Every sort: its keys (each descending, before the name A-Z / id tie-break every order ends with), a
 * cursor kind holding the last row's keys, and those keys read from a row. Connections and activity are
 * columns kept by triggers (migration 0005), so every sort reads an index, not a count per dealer. Keys that
 * may be null sort last (SQLite's order for DESC) and travel as -1, below every real value.
 */
const SORTS = {
  name: { keys: [], cursor: cursorKind("dealers.name", v.name, v.id), of: () => [] },
  rating: {
    keys: [sql`d.rating`],
    cursor: cursorKind("dealers.rating", v.rating, v.name, v.id),
    of: (r: CardRow) => [r.rating ?? -1],
  },
  connections: {
    keys: [sql`d.connection_count`],
    cursor: cursorKind("dealers.connections", v.count, v.name, v.id),
    of: (r: CardRow) => [r.connectionCount],
  },
  active: {
    keys: [sql`d.activity_score`, sql`d.last_active_at`],
    cursor: cursorKind("dealers.active", v.time, v.time, v.name, v.id),
    of: (r: CardRow) => [r.activityScore ?? -1, r.lastActiveAt ?? -1],
  },
} as const;

/** Rows after the cursor's row in the sort's order: keys descending, then name A-Z, then id. */
function afterRow(keys: readonly SQL[], values: unknown[]): SQL {
  const [name, id] = values.slice(keys.length) as [string, string];
  let after = sql`(d.name collate nocase > ${name} or (d.name collate nocase = ${name} and d.id > ${id}))`;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = sql`coalesce(${keys[i]}, -1)`;
    after = sql`(${key} < ${values[i]} or (${key} = ${values[i]} and ${after}))`;
  }
  return after;
}

type Filters = Omit<DirectoryQuery, "limit" | "cursor" | "sort">;

/** The filters on a dealer's own columns, apart from the name. */
function columnFilters(me: string, q: Filters): SQL[] {
  const where: SQL[] = [];
  if (q.state) where.push(sql`d.state = ${q.state.toUpperCase()}`);
  if (q.dealershipType) where.push(sql`d.dealership_type = ${q.dealershipType}`);
  if (q.buysCanadian !== undefined) where.push(sql`d.buys_canadian_vehicles = ${q.buysCanadian ? 1 : 0}`);
  if (q.verified !== undefined)
    where.push(q.verified ? sql`d.verified_at is not null` : sql`d.verified_at is null`);
  if (q.scope === "added") where.push(sql`d.added_by_dealer_id = ${me}`);
  return where;
}

/** The filters that read a dealer's id alone (`id`): staff, the viewer, the viewer's connections. */
function idFilters(me: string, q: Filters, id: SQL): SQL[] {
  const where = [notStaff(id)];
  const exclude = new Set(q.exclude ?? []);
  if (exclude.has("self")) where.push(sql`${id} != ${me}`);
  if (exclude.has("connected")) where.push(sql`${id} not in (select id from mine)`);
  if (q.scope === "connected") where.push(sql`${id} in (select id from mine)`);
  return where;
}

export function filtersFor(me: string, q: Filters): SQL[] {
  const name = q.name?.trim();
  return [
    ...(name ? [containsText([sql`d.name`, sql`d.dealership_name`], name)] : []),
    ...columnFilters(me, q),
    // After the row's own columns: a count reads thousands of index entries, and most fail those first.
    ...idFilters(me, q, sql.raw("d.id")),
  ];
}

/**
 * How many dealers match, up to one past DIRECTORY_COUNT_MOST. A name search narrowed by nothing but the
 * dealer's id counts from the name suffixes, which hold its matches side by side: a walk of the dealers reads
 * dealers until it has counted 1 001, some 16 000 of them for 'motors' on the national network.
 */
function totalOf(me: string, q: Filters): SQL {
  const name = q.name?.trim();
  if (!name || !suffixesAnswer(name) || columnFilters(me, q).length > 0)
    return countedUpToMost(sql`select 1 from dealers d where ${and(filtersFor(me, q))}`);
  return countedUpToMost(dealersNamedWith(name, idFilters(me, q, sql.raw("s.dealer_id"))));
}

const clampLimit = (limit: number) => Math.min(Math.max(1, Math.floor(limit) || 1), DIRECTORY_LIMIT_MAX);

/** How many dealers match, up to one past DIRECTORY_COUNT_MOST (for an empty page after the last cursor). */
export async function countDealers(
  db: Database,
  viewerDealerId: string | null,
  query: Filters,
): Promise<number> {
  const me = viewerDealerId ?? "";
  const [row] = await db.all<{ n: number }>(sql`
    with ${mineCte(me)}
    select ${totalOf(me, query)} as n`);
  return row?.n ?? 0;
}

/** The one statement behind a page: its cards, one more than the page to tell a next page, and the count. */
export function pageStatement(db: Database, viewer: CardViewer, query: DirectoryQuery) {
  const sort = SORTS[query.sort ?? "name"];
  const cursor = sort.cursor.decode(query.cursor) as unknown[] | null;
  const filters = filtersFor(viewer.dealerId, query);
  return cardsStatement(db, viewer, {
    where: cursor ? [...filters, afterRow(sort.keys, cursor)] : filters,
    total: totalOf(viewer.dealerId, query),
    keys: [...sort.keys],
    limit: clampLimit(query.limit) + 1,
  });
}

/**
 * One page of dealers. Filters are ANDed; `exclude` drops the viewer and/or their connections; sorts:
 * name A-Z (default), rating (unrated last), connections, active (recent and frequent posts and messages:
 * dealers.activity_score). `total` counts the matches of all pages, up to one past DIRECTORY_COUNT_MOST. One statement per page (a second only
 * to count an empty page reached by a cursor). A cursor made for another sort, or crafted, is a 400.
 */
export async function searchDealers(
  db: Database,
  viewerDealerId: string | null,
  query: DirectoryQuery,
  options: ViewerOptions = {},
): Promise<Page<DirectoryDealer> & { total: number }> {
  const viewer = viewerOf(viewerDealerId, options);
  const now = Date.now();
  const sort = SORTS[query.sort ?? "name"];
  const limit = clampLimit(query.limit);
  const rows = await pageStatement(db, viewer, query);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const encode = sort.cursor.encode as (...parts: unknown[]) => string;
  const nextCursor = rows.length > limit && last ? encode(...sort.of(last), last.name, last.id) : null;
  const total = rows[0]?.total ?? (query.cursor ? await countDealers(db, viewerDealerId, query) : 0);
  return { items: page.map((row) => toCard(row, viewer, now)), nextCursor, total };
}
