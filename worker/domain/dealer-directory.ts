import { eq, sql, type SQL } from "drizzle-orm";
import { CANADIAN_PROVINCE_CODES as CANADIAN_CODES, type DealershipType } from "../../app/lib/constants";
import { nearbyStates } from "../../app/lib/neighbouring-states";
import {
  DIRECTORY_LIMIT_MAX,
  type DealerCreateInput,
  type DealerUpdateInput,
  type DirectoryExclude,
  type DirectoryScope,
  type DirectorySort,
} from "../../app/lib/schemas/dealer";
import type { Database } from "../db/client";
import { dealers } from "../db/schema";
import { badRequest, forbidden, notFound } from "./errors";
import { newId } from "./ids";
import { LIMITS, type RateLimitService } from "./rate-limits";

/** A dealer counts as online when seen within this window (and shows it: privacy settings). */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/**
 * A dealer as every dealer list, card and popup shows it (business spec §3 Dealer, core spec §3),
 * with each figure computed from the database. Email, phone and online status are null / false when
 * the dealer hid them in /settings and the viewer is someone else (admins see everything).
 */
export type DirectoryDealer = {
  id: string;
  /** The dealer's account id; null for a dealer another dealer added to the directory. */
  userId: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  dealershipPhoto: string | null;
  dealershipName: string;
  dealershipType: DealershipType;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: "US" | "CA";
  licenseNumber: string | null;
  website: string | null;
  description: string | null;
  profileType: "seller" | "buyer";
  buysCanadianVehicles: boolean;
  /** Out of 5; null until the dealer has been rated ("Not rated yet"). */
  rating: number | null;
  /** Accepted connections. */
  connectionCount: number;
  /** Accepted connections the viewer and this dealer have in common. */
  mutualConnections: number;
  /** Vehicles listed on the dealer's inventory posts (requests not counted). */
  vehicleCount: number;
  /** Completed deals are not recorded yet: always null until the deals issue lands (shown as "—"). */
  dealsCompleted: null;
  /** created_at of the dealer record (epoch ms). */
  memberSince: number;
  isOnline: boolean;
  lastActiveAt: number | null;
  /** A direct ('1st') connection of the viewer. */
  isConnected: boolean;
  isSelf: boolean;
  hasAccount: boolean;
  addedByDealerId: string | null;
  /** PATCH /api/dealers/{id} will succeed for this viewer: their own record, or an admin. */
  canEdit: boolean;
  /** What this dealer hides from the viewer. */
  hidden: ("email" | "phone" | "onlineStatus")[];
};

export type DirectoryQuery = {
  name?: string;
  state?: string;
  dealershipType?: DealershipType;
  buysCanadian?: boolean;
  sort?: DirectorySort;
  exclude?: DirectoryExclude[];
  /** all (default), the viewer's connections, or the dealers the viewer added. */
  scope?: DirectoryScope;
  limit: number;
  cursor?: string;
};

export type DirectoryPage = { dealers: DirectoryDealer[]; nextCursor: string | null; total: number };
export type ViewerOptions = { isAdmin?: boolean };

type Viewer = { dealerId: string; isAdmin: boolean };

type CardRow = {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  phone: string;
  avatar: string | null;
  dealershipPhoto: string | null;
  dealershipName: string;
  dealershipType: DealershipType;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: "US" | "CA";
  licenseNumber: string | null;
  website: string | null;
  description: string | null;
  profileType: "seller" | "buyer";
  buysCanadianVehicles: number;
  rating: number | null;
  createdAt: number;
  lastActiveAt: number | null;
  addedByDealerId: string | null;
  connectionCount: number;
  mutualConnections: number;
  vehicleCount: number;
  isConnected: number;
  showEmail: number | null;
  showPhone: number | null;
  showOnlineStatus: number | null;
  total: number;
};

type Cursor =
  | { s: "name"; n: string; i: string }
  | { s: "rating"; r: number; n: string; i: string }
  | { s: "connections" | "active"; o: number };

// ---------------------------------------------------------------------------------------------------
// SQL pieces. `d` is the dealer row; `mine` is the viewer's accepted partners (a CTE).

/** The viewer's accepted partners, either direction; both halves use an index. */
const mineCte = (me: string) => sql`mine(id) as (
  select receiver_id from connections where requester_id = ${me} and status = 'accepted'
  union
  select requester_id from connections where receiver_id = ${me} and status = 'accepted'
)`;

const mutualCountOf = (id: SQL) => sql`(
  (select count(*) from connections c where c.requester_id = ${id} and c.status = 'accepted' and c.receiver_id in (select id from mine)) +
  (select count(*) from connections c where c.receiver_id = ${id} and c.status = 'accepted' and c.requester_id in (select id from mine)))`;

const vehicleCountOf = (id: SQL) => sql`(
  select count(*) from inventory_posts p join vehicles v on v.post_id = p.id
  where p.dealer_id = ${id} and p.type != 'request')`;

const D_ID = sql.raw("d.id");

/**
 * Sort keys, each descending, before the name A-Z / id tie-break every order ends with. Connections and
 * activity are columns kept by triggers (migration 0005), so every sort reads an index, not a count per dealer.
 */
function sortKeys(sort: DirectorySort): SQL[] {
  switch (sort) {
    case "rating":
      return [sql`coalesce(d.rating, -1)`];
    case "connections":
      return [sql`d.connection_count`];
    case "active":
      return [sql`d.activity_score`, sql`d.last_active_at`];
    default:
      return [];
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtersFor(me: string, q: Omit<DirectoryQuery, "limit" | "cursor" | "sort">): SQL[] {
  const where: SQL[] = [];
  if (q.name) {
    const pattern = `%${escapeLike(q.name.trim())}%`;
    where.push(sql`(d.name like ${pattern} escape '\\' or d.dealership_name like ${pattern} escape '\\')`);
  }
  if (q.state) where.push(sql`d.state = ${q.state.toUpperCase()}`);
  if (q.dealershipType) where.push(sql`d.dealership_type = ${q.dealershipType}`);
  if (q.buysCanadian !== undefined) where.push(sql`d.buys_canadian_vehicles = ${q.buysCanadian ? 1 : 0}`);
  const exclude = new Set(q.exclude ?? []);
  if (exclude.has("self")) where.push(sql`d.id != ${me}`);
  if (exclude.has("connected")) where.push(sql`d.id not in (select id from mine)`);
  if (q.scope === "connected") where.push(sql`d.id in (select id from mine)`);
  if (q.scope === "added") where.push(sql`d.added_by_dealer_id = ${me}`);
  return where;
}

function cursorCondition(cursor: Cursor | null): { where: SQL | null; offset: number } {
  if (!cursor) return { where: null, offset: 0 };
  const nameAfter = (n: string, i: string) =>
    sql`(d.name collate nocase > ${n} or (d.name collate nocase = ${n} and d.id > ${i}))`;
  switch (cursor.s) {
    case "name":
      return { where: nameAfter(cursor.n, cursor.i), offset: 0 };
    case "rating":
      return {
        where: sql`(coalesce(d.rating, -1) < ${cursor.r} or (coalesce(d.rating, -1) = ${cursor.r} and ${nameAfter(cursor.n, cursor.i)}))`,
        offset: 0,
      };
    default:
      return { where: null, offset: cursor.o };
  }
}

const and = (parts: SQL[]) => (parts.length > 0 ? sql.join(parts, sql` and `) : sql`1 = 1`);

// ---------------------------------------------------------------------------------------------------
// Cursors: opaque base64url JSON, tied to the sort they were made for.

function encodeCursor(cursor: Cursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function decodeCursor(text: string | undefined, sort: DirectorySort): Cursor | null {
  if (!text) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const cursor = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    ) as Cursor;
    const valid =
      cursor.s === sort &&
      ("o" in cursor
        ? Number.isInteger(cursor.o) && cursor.o >= 0
        : typeof cursor.n === "string" &&
          typeof cursor.i === "string" &&
          (cursor.s !== "rating" || typeof cursor.r === "number"));
    if (valid) return cursor;
  } catch {
    // fall through
  }
  throw badRequest("Invalid cursor: start again from the first page");
}

function nextCursorAfter(sort: DirectorySort, last: CardRow, offset: number, pageSize: number): string {
  switch (sort) {
    case "name":
      return encodeCursor({ s: "name", n: last.name, i: last.id });
    case "rating":
      return encodeCursor({ s: "rating", r: last.rating ?? -1, n: last.name, i: last.id });
    default:
      return encodeCursor({ s: sort, o: offset + pageSize });
  }
}

// ---------------------------------------------------------------------------------------------------

function toCard(row: CardRow, viewer: Viewer, now: number): DirectoryDealer {
  const isSelf = row.id === viewer.dealerId;
  const seesAll = isSelf || viewer.isAdmin;
  const showEmail = seesAll || row.showEmail !== 0;
  const showPhone = seesAll || row.showPhone !== 0;
  const showOnline = seesAll || row.showOnlineStatus !== 0;
  const hidden: DirectoryDealer["hidden"] = [];
  if (!showEmail) hidden.push("email");
  if (!showPhone) hidden.push("phone");
  if (!showOnline) hidden.push("onlineStatus");
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: showEmail ? row.email : null,
    phone: showPhone ? row.phone : null,
    avatar: row.avatar,
    dealershipPhoto: row.dealershipPhoto,
    dealershipName: row.dealershipName,
    dealershipType: row.dealershipType,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    licenseNumber: row.licenseNumber,
    website: row.website,
    description: row.description,
    profileType: row.profileType,
    buysCanadianVehicles: row.buysCanadianVehicles === 1,
    rating: row.rating,
    connectionCount: row.connectionCount,
    mutualConnections: isSelf ? 0 : row.mutualConnections,
    vehicleCount: row.vehicleCount,
    dealsCompleted: null,
    memberSince: row.createdAt,
    isOnline: showOnline && row.lastActiveAt !== null && now - row.lastActiveAt <= ONLINE_WINDOW_MS,
    lastActiveAt: showOnline ? row.lastActiveAt : null,
    isConnected: !isSelf && row.isConnected === 1,
    isSelf,
    hasAccount: row.userId !== null,
    addedByDealerId: row.addedByDealerId,
    canEdit: isSelf || viewer.isAdmin,
    hidden,
  };
}

/**
 * The single statement behind every dealer list: one page of dealers matching `where`, in `order`,
 * with every figure computed per row by index lookups (a fixed cost per page, never one query per card).
 */
async function queryCards(
  db: Database,
  viewer: Viewer,
  spec: { where: SQL[]; countWhere?: SQL[]; keys: SQL[]; limit: number; offset?: number },
): Promise<CardRow[]> {
  const me = viewer.dealerId;
  const total = spec.countWhere
    ? sql`(select count(*) from dealers d where ${and(spec.countWhere)})`
    : sql`0`;
  const keyColumns = spec.keys.map((key, i) => sql`, ${key} as ${sql.raw(`k${i}`)}`);
  const keyOrder = (table: string) => spec.keys.map((_, i) => sql.raw(`${table}k${i} desc, `));
  return db.all<CardRow>(sql`
    with ${mineCte(me)},
    page as (
      select d.id as id ${sql.join(keyColumns)}
      from dealers d
      where ${and(spec.where)}
      order by ${sql.join(keyOrder(""))} d.name collate nocase, d.id
      limit ${spec.limit} offset ${spec.offset ?? 0}
    )
    select d.id as id, d.account_id as userId, d.name as name, d.email as email, d.phone as phone,
           d.avatar as avatar, d.dealership_photo as dealershipPhoto, d.dealership_name as dealershipName,
           d.dealership_type as dealershipType, d.address as address, d.city as city, d.state as state,
           d.zip_code as zipCode, d.country as country, d.license_number as licenseNumber, d.website as website,
           d.description as description, d.profile_type as profileType,
           d.buys_canadian_vehicles as buysCanadianVehicles, d.rating as rating, d.created_at as createdAt,
           d.last_active_at as lastActiveAt, d.added_by_dealer_id as addedByDealerId,
           d.connection_count as connectionCount,
           ${mutualCountOf(D_ID)} as mutualConnections,
           ${vehicleCountOf(D_ID)} as vehicleCount,
           exists (select 1 from mine where mine.id = d.id) as isConnected,
           s.show_email as showEmail, s.show_phone as showPhone, s.show_online_status as showOnlineStatus,
           ${total} as total
    from page
    join dealers d on d.id = page.id
    left join user_settings s on s.account_id = d.account_id
    order by ${sql.join(keyOrder("page."))} d.name collate nocase, d.id`);
}

const viewerOf = (viewerDealerId: string | null, options: ViewerOptions = {}): Viewer => ({
  dealerId: viewerDealerId ?? "",
  isAdmin: options.isAdmin === true,
});

const clampLimit = (limit: number) => Math.min(Math.max(1, Math.floor(limit) || 1), DIRECTORY_LIMIT_MAX);

/** A /discover match: the dealer, the vehicles that matched, and whether any matched on model (not only make). */
export type DiscoverMatch = { dealer: DirectoryDealer; vehicles: string[]; sameModel: boolean };
type MatchRow = { dealerId: string; vehicles: string; exact: number };
export type Discovery = {
  near: { states: string[]; dealers: DirectoryDealer[] };
  wantYourInventory: DiscoverMatch[];
  haveWhatYouWant: DiscoverMatch[];
};

/** The dealer directory: search, filters, sorts and every dealer figure (business spec §2, §3, §9). */
export function dealerDirectoryService(db: Database, rateLimits: RateLimitService) {
  async function byIds(
    viewer: Viewer,
    ids: string[],
    now = Date.now(),
  ): Promise<Map<string, DirectoryDealer>> {
    const cards = new Map<string, DirectoryDealer>();
    const unique = [...new Set(ids)];
    // ≤ 100 bound parameters a statement: chunks of 80 ids plus the few the query binds itself.
    for (let i = 0; i < unique.length; i += 80) {
      const chunk = unique.slice(i, i + 80);
      const rows = await queryCards(db, viewer, {
        where: [
          sql`d.id in (${sql.join(
            chunk.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ],
        keys: [],
        limit: chunk.length,
      });
      for (const row of rows) cards.set(row.id, toCard(row, viewer, now));
    }
    return cards;
  }

  /** How many dealers match (for an empty page after the last cursor). */
  async function count(
    viewerDealerId: string | null,
    query: Omit<DirectoryQuery, "limit" | "cursor">,
  ): Promise<number> {
    const me = viewerDealerId ?? "";
    const [row] = await db.all<{ n: number }>(sql`
      with ${mineCte(me)}
      select count(*) as n from dealers d where ${and(filtersFor(me, query))}`);
    return row?.n ?? 0;
  }

  return {
    /**
     * One page of dealers. Filters are ANDed; `exclude` drops the viewer and/or their connections;
     * sorts: name A-Z (default), rating (unrated last), connections, active (recent and frequent posts and
     * messages: dealers.activity_score). `total` counts every match (all pages). One statement per page
     * (a second only to count an empty page reached by a cursor).
     */
    async list(
      viewerDealerId: string | null,
      query: DirectoryQuery,
      options: ViewerOptions = {},
    ): Promise<DirectoryPage> {
      const viewer = viewerOf(viewerDealerId, options);
      const now = Date.now();
      const sort = query.sort ?? "name";
      const limit = clampLimit(query.limit);
      const cursor = decodeCursor(query.cursor, sort);
      const filters = filtersFor(viewer.dealerId, query);
      const { where: after, offset } = cursorCondition(cursor);
      const rows = await queryCards(db, viewer, {
        where: after ? [...filters, after] : filters,
        countWhere: filters,
        keys: sortKeys(sort),
        limit: limit + 1,
        offset,
      });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const nextCursor = rows.length > limit && last ? nextCursorAfter(sort, last, offset, limit) : null;
      const total = rows[0]?.total ?? (cursor ? await count(viewerDealerId, query) : 0);
      return { dealers: page.map((row) => toCard(row, viewer, now)), nextCursor, total };
    },

    count,

    /** One dealer as the viewer may see it, or null. */
    async get(
      viewerDealerId: string | null,
      dealerId: string,
      options: ViewerOptions = {},
    ): Promise<DirectoryDealer | null> {
      const cards = await byIds(viewerOf(viewerDealerId, options), [dealerId]);
      return cards.get(dealerId) ?? null;
    },

    /** Several dealers by id (order of `ids` kept; unknown ids left out). */
    async many(
      viewerDealerId: string | null,
      ids: string[],
      options: ViewerOptions = {},
    ): Promise<DirectoryDealer[]> {
      const cards = await byIds(viewerOf(viewerDealerId, options), ids);
      return ids.flatMap((id) => cards.get(id) ?? []);
    },

    /**
     * The dealer profile popup (Quick View): the card plus figures only the popup shows — vehicles
     * sold, posts, and the dealer's latest posts as recent activity.
     */
    async quickView(viewerDealerId: string | null, dealerId: string, options: ViewerOptions = {}) {
      const viewer = viewerOf(viewerDealerId, options);
      const [cards, figures, recentPosts] = await Promise.all([
        byIds(viewer, [dealerId]),
        db.all<{ vehiclesSold: number; posts: number; openRequests: number }>(sql`
          select
            (select count(*) from inventory_posts p join vehicles v on v.post_id = p.id
              where p.dealer_id = ${dealerId} and p.type != 'request' and v.status = 'sold') as vehiclesSold,
            (select count(*) from inventory_posts p where p.dealer_id = ${dealerId}) as posts,
            (select count(*) from inventory_posts p
              where p.dealer_id = ${dealerId} and p.type = 'request' and p.status = 'active') as openRequests`),
        db.all<{ id: string; title: string; type: string; status: string; createdAt: number }>(sql`
          select p.id as id, p.title as title, p.type as type, p.status as status, p.created_at as createdAt
          from inventory_posts p where p.dealer_id = ${dealerId}
          order by p.created_at desc limit 3`),
      ]);
      const dealer = cards.get(dealerId);
      if (!dealer) return null;
      const f = figures[0] ?? { vehiclesSold: 0, posts: 0, openRequests: 0 };
      return {
        dealer,
        vehiclesSold: f.vehiclesSold,
        posts: f.posts,
        openRequests: f.openRequests,
        recentPosts,
      };
    },

    /**
     * POST /api/dealers: a dealer another dealer trades with off-platform. It has no account and
     * records who added it; the figures start at zero and the rating at "not rated yet".
     */
    async create(addedByDealerId: string, input: DealerCreateInput): Promise<DirectoryDealer> {
      await rateLimits.spend([LIMITS.dealersAddedPerDealer, addedByDealerId]);
      const id = newId();
      const [firstName, ...rest] = input.name.split(/\s+/);
      await db.insert(dealers).values({
        id,
        accountId: null,
        addedByDealerId,
        firstName: firstName ?? "",
        lastName: rest.join(" "),
        ...input,
        country: (CANADIAN_CODES as readonly string[]).includes(input.state) ? "CA" : "US",
        // A dealer added by a demo dealership stays in the demo network (worker/domain/demo-network.ts).
        isDemo: sql`(select is_demo from dealers where id = ${addedByDealerId})`,
        updatedAt: Date.now(),
      });
      const card = (await byIds(viewerOf(addedByDealerId), [id])).get(id);
      if (!card) throw new Error("The new dealer was not found after saving");
      return card;
    },

    /**
     * PATCH /api/dealers/{id}: only the dealer's own account or an admin may change it (403 for
     * everyone else, 404 for an unknown id). Only the fields sent change.
     */
    async update(
      editor: { accountId: string; dealerId: string | null; isAdmin: boolean },
      dealerId: string,
      input: DealerUpdateInput,
    ): Promise<DirectoryDealer> {
      const existing = await db
        .select({ accountId: dealers.accountId })
        .from(dealers)
        .where(eq(dealers.id, dealerId))
        .get();
      if (!existing) throw notFound("Dealer not found");
      const own = existing.accountId !== null && existing.accountId === editor.accountId;
      if (!own && !editor.isAdmin) throw forbidden("Only this dealer or an admin can edit this dealer");
      const changes: Partial<typeof dealers.$inferInsert> = Object.fromEntries(
        Object.entries(input).filter(([, v]) => v !== undefined),
      );
      if (input.name !== undefined) {
        const [firstName, ...rest] = input.name.split(/\s+/);
        changes.firstName = firstName ?? "";
        changes.lastName = rest.join(" ");
      }
      if (input.state !== undefined) {
        changes.country = (CANADIAN_CODES as readonly string[]).includes(input.state) ? "CA" : "US";
      }
      await db
        .update(dealers)
        .set({ ...changes, updatedAt: Date.now() })
        .where(eq(dealers.id, dealerId));
      const card = (await byIds(viewerOf(editor.dealerId, { isAdmin: editor.isAdmin }), [dealerId])).get(
        dealerId,
      );
      if (!card) throw notFound("Dealer not found");
      return card;
    },

    /** Core spec §3 "Dealer inventory counts": dealer id → vehicles listed (requests not counted). */
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
      for (let i = 0; i < dealerIds.length; i += 90) {
        const chunk = dealerIds.slice(i, i + 90);
        if (chunk.length === 0) continue;
        await run(
          sql`p.dealer_id in (${sql.join(
            chunk.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
      return counts;
    },

    /**
     * /discover: dealers worth knowing. Near: same or neighbouring state, not yet connected (own state
     * first, then the most recently active). Buyers whose active Requesting posts ask for a make the
     * viewer lists (same model first), and sellers listing what the viewer's active requests ask for.
     * Three candidate queries in parallel, then one query for the cards.
     */
    async discover(
      viewerDealerId: string,
      viewerState: string,
      options: ViewerOptions & { limit?: number } = {},
    ): Promise<Discovery> {
      const viewer = viewerOf(viewerDealerId, options);
      const limit = Math.min(options.limit ?? 12, 50);
      const states = nearbyStates(viewerState);
      const me = viewerDealerId;
      const [nearRows, buyers, sellers] = await Promise.all([
        states.length === 0
          ? Promise.resolve([] as CardRow[])
          : queryCards(db, viewer, {
              where: [
                sql`d.state in (${sql.join(
                  states.map((s) => sql`${s}`),
                  sql`, `,
                )})`,
                ...filtersFor(me, { exclude: ["self", "connected"] }),
              ],
              keys: [sql`(d.state = ${states[0]})`, sql`d.last_active_at`],
              limit,
            }),
        // Buyers: active request posts asking for a make the viewer lists (available, on an active post),
        // at least as new as the year they ask for. Same make and model ranks first.
        db.all<MatchRow>(sql`
          with listed as (
            select mv.make as make, mv.model as model, max(mv.year) as year
            from inventory_posts mp join vehicles mv on mv.post_id = mp.id
            where mp.dealer_id = ${me} and mp.type != 'request' and mp.status = 'active' and mv.status = 'available'
            group by mv.make collate nocase, mv.model collate nocase)
          select p.dealer_id as dealerId, group_concat(distinct v.make || ' ' || v.model) as vehicles,
                 sum(exists (select 1 from listed l where l.make = v.make collate nocase and l.model = v.model collate nocase
                                and (v.year is null or l.year is null or l.year >= v.year))) as exact,
                 max(p.created_at) as latest
          from inventory_posts p
          join vehicles v on v.post_id = p.id
          where p.type = 'request' and p.status = 'active' and p.dealer_id != ${me}
            and exists (select 1 from listed l where l.make = v.make collate nocase
                          and (v.year is null or l.year is null or l.year >= v.year))
          group by p.dealer_id
          order by exact desc, count(*) desc, latest desc
          limit ${limit}`),
        // Sellers: available vehicles on others' active posts of a make the viewer's active requests ask for.
        db.all<MatchRow>(sql`
          with wanted as (
            select mv.make as make, mv.model as model, min(mv.year) as year
            from inventory_posts mp join vehicles mv on mv.post_id = mp.id
            where mp.dealer_id = ${me} and mp.type = 'request' and mp.status = 'active'
            group by mv.make collate nocase, mv.model collate nocase)
          select p.dealer_id as dealerId, group_concat(distinct v.make || ' ' || v.model) as vehicles,
                 sum(v.model = w.model collate nocase) as exact, max(p.created_at) as latest
          from wanted w
          join vehicles v on v.make = w.make collate nocase
          join inventory_posts p on p.id = v.post_id
          where p.dealer_id != ${me} and p.type != 'request' and p.status = 'active' and v.status = 'available'
            and (w.year is null or v.year is null or v.year >= w.year)
          group by p.dealer_id
          order by exact desc, count(*) desc, latest desc
          limit ${limit}`),
      ]);
      const now = Date.now();
      const cards = await byIds(
        viewer,
        [...buyers, ...sellers].map((r) => r.dealerId),
        now,
      );
      const matches = (rows: MatchRow[]) =>
        rows.flatMap((r) => {
          const dealer = cards.get(r.dealerId);
          const vehicles = (r.vehicles ?? "").split(",").filter(Boolean);
          return dealer ? [{ dealer, vehicles, sameModel: r.exact > 0 }] : [];
        });
      return {
        near: { states, dealers: nearRows.map((row) => toCard(row, viewer, now)) },
        wantYourInventory: matches(buyers),
        haveWhatYouWant: matches(sellers),
      };
    },
  };
}

export type DealerDirectoryService = ReturnType<typeof dealerDirectoryService>;
