import { sql, type SQL } from "drizzle-orm";
import { toIso, toIsoOrNull, type DirectoryDealer, type Reputation } from "#lib/api-types";
import type { DealershipType } from "#lib/constants";
import { DIRECTORY_COUNT_MOST } from "#lib/schemas/dealer-constants";
import { inChunks, listOf } from "../../db/bound-parameters";
import type { Database } from "../../db/client";
import { acceptedConnectionsOf } from "../connections/accepted";

/** A dealer counts as online when seen within this window (and shows it: privacy settings). */
const ONLINE_WINDOW_MS = 5 * 60 * 1000;

export type ViewerOptions = { isAdmin?: boolean };
export type CardViewer = { dealerId: string; isAdmin: boolean };

export const viewerOf = (viewerDealerId: string | null, options: ViewerOptions = {}): CardViewer => ({
  dealerId: viewerDealerId ?? "",
  isAdmin: options.isAdmin === true,
});

export type CardRow = {
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
  verified: number;
  rating: number | null;
  reviewCount: number | null;
  dealsCompleted: number | null;
  completionRate: number | null;
  medianReplyMinutes: number | null;
  offersAnsweredInTime: number | null;
  medianTitleDays: number | null;
  disputesLost: number | null;
  createdAt: number;
  lastActiveAt: number | null;
  activityScore: number | null;
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

// SQL pieces. `d` is the dealer row; `mine` is the viewer's accepted partners (a CTE).

export const mineCte = (me: string) =>
  sql`mine(id) as (select partner_id from (${acceptedConnectionsOf(me)}))`;

/** The dealer's partners that are also the viewer's: each half of the dealer's connections reads an index. */
const mutualCountOf = (id: SQL) => sql`(
  select count(*) from (${acceptedConnectionsOf(id)}) theirs where theirs.partner_id in (select id from mine))`;

/**
 * The dealer's vehicles listed (requests not counted). The posts pass the network wall; their vehicles are read
 * from the schema's own table (`main.`): a vehicle belongs to its post, so through the wall each vehicle looked
 * its post's wide row up again to find the same dealer, a page SQLite does not keep cached on a national network
 * (a card's 30-odd vehicles, 21 cards a page).
 */
const vehicleCountOf = (id: SQL) => sql`(
  select count(*) from inventory_posts p join main.vehicles v on v.post_id = p.id
  where p.dealer_id = ${id} and p.type != 'request')`;

/**
 * The admin account's dealer is staff, not a trading partner: it never shows in the directory, suggestions
 * or /discover. Admins are few, and accounts_admin_idx finds them without a scan. Nor does a
 * deleted dealer, found the same way by dealers_deleted_idx.
 */
export const notStaff = (dealerId: SQL) => sql`${dealerId} not in (
  select sd.id from accounts sa join dealers sd on sd.account_id = sa.id where sa.role = 'admin')
  and ${dealerId} not in (select xd.id from dealers xd where xd.deleted_at is not null)`;

const D_ID = sql.raw("d.id");

export const and = (parts: SQL[]) => (parts.length > 0 ? sql.join(parts, sql` and `) : sql`1 = 1`);

/** The card's reputation: a dealer never measured yet (no row) has done nothing to measure. */
export const reputationOf = (row: CardRow): Reputation => ({
  rating: row.rating,
  reviewCount: row.reviewCount ?? 0,
  dealsCompleted: row.dealsCompleted ?? 0,
  completionRate: row.completionRate,
  medianReplyMinutes: row.medianReplyMinutes,
  offersAnsweredInTime: row.offersAnsweredInTime,
  medianTitleDays: row.medianTitleDays,
  disputesLost: row.disputesLost ?? 0,
});

export function toCard(row: CardRow, viewer: CardViewer, now: number): DirectoryDealer {
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
    verified: Boolean(row.verified),
    rating: row.rating,
    reputation: reputationOf(row),
    connectionCount: row.connectionCount,
    mutualConnections: isSelf ? 0 : row.mutualConnections,
    vehicleCount: row.vehicleCount,
    dealsCompleted: row.dealsCompleted ?? 0,
    memberSince: toIso(row.createdAt),
    isOnline: showOnline && row.lastActiveAt !== null && now - row.lastActiveAt <= ONLINE_WINDOW_MS,
    lastActiveAt: showOnline ? toIsoOrNull(row.lastActiveAt) : null,
    isConnected: !isSelf && row.isConnected === 1,
    isSelf,
    hasAccount: row.userId !== null,
    addedByDealerId: row.addedByDealerId,
    canEdit: isSelf || viewer.isAdmin,
    hidden,
  };
}

/**
 * The single statement behind every dealer list: one page of dealers matching `where`, in `keys` order
 * (each descending) then name A-Z and id, with every figure computed per row by index lookups (a fixed
 * cost per page, never one query per card). `total` is what every row answers as `total` (the count of all
 * pages' matches) when given.
 * A `batch` can carry it (read after the write that changes the cards).
 * `with` adds common table expressions that `where`, `keys` and `columns` may read (/discover's matches),
 * `columns` more columns per card (`d` is the dealer row), typed by `Extra`. CROSS JOIN keeps the page's few
 * rows the outer loop: joined plainly, SQLite walked every dealer of the network by name and looked each one up
 * in the page (80 ms against 5 ms for /find-dealers' statement on the national network).
 */
export function cardsStatement<Extra extends object = object>(
  db: Database,
  viewer: CardViewer,
  spec: { where: SQL[]; total?: SQL; keys: SQL[]; limit: number; with?: SQL; columns?: SQL },
) {
  const me = viewer.dealerId;
  const total = spec.total ?? sql`0`;
  const keyColumns = spec.keys.map((key, i) => sql`, ${key} as ${sql.raw(`k${i}`)}`);
  const keyOrder = (table: string) => spec.keys.map((_, i) => sql.raw(`${table}k${i} desc, `));
  return db.all<CardRow & Extra>(sql`
    with ${mineCte(me)}, ${spec.with ? sql`${spec.with},` : sql``}
    page as (
      select d.id as id ${sql.join(keyColumns)}
      from dealers d
      where ${and(spec.where)}
      order by ${sql.join(keyOrder(""))} d.name collate nocase, d.id
      limit ${spec.limit}
    )
    select d.id as id, d.account_id as userId, d.name as name, d.email as email, d.phone as phone,
           d.avatar as avatar, d.dealership_photo as dealershipPhoto, d.dealership_name as dealershipName,
           d.dealership_type as dealershipType, d.address as address, d.city as city, d.state as state,
           d.zip_code as zipCode, d.country as country, d.license_number as licenseNumber, d.website as website,
           d.description as description, d.profile_type as profileType,
           d.buys_canadian_vehicles as buysCanadianVehicles, d.verified_at is not null as verified,
           d.rating as rating, rep.review_count as reviewCount, rep.deals_completed as dealsCompleted,
           rep.completion_rate as completionRate, rep.median_reply_minutes as medianReplyMinutes,
           rep.offers_answered_in_time as offersAnsweredInTime, rep.median_title_days as medianTitleDays,
           rep.disputes_lost as disputesLost, d.created_at as createdAt,
           d.last_active_at as lastActiveAt, d.activity_score as activityScore,
           d.added_by_dealer_id as addedByDealerId,
           d.connection_count as connectionCount,
           ${mutualCountOf(D_ID)} as mutualConnections,
           ${vehicleCountOf(D_ID)} as vehicleCount,
           exists (select 1 from mine where mine.id = d.id) as isConnected,
           s.show_email as showEmail, s.show_phone as showPhone, s.show_online_status as showOnlineStatus,
           ${total} as total ${spec.columns ? sql`, ${spec.columns}` : sql``}
    from page
    cross join dealers d on d.id = page.id
    left join user_settings s on s.account_id = d.account_id
    left join dealer_reputations rep on rep.dealer_id = d.id
    order by ${sql.join(keyOrder("page."))} d.name collate nocase, d.id`);
}

/**
 * How many rows `matches` (a select) answers, counting no further than one past DIRECTORY_COUNT_MOST (which reads
 * "1,000+"): a page's cost stays the same however many dealers the network holds.
 */
export const countedUpToMost = (matches: SQL) =>
  sql`(select count(*) from (${matches} limit ${DIRECTORY_COUNT_MOST + 1}))`;

/** What the card query binds itself, at most: the viewer (twice) and the page size, with room to spare. */
const CARD_QUERY_PARAMETERS = 10;

/** Cards by id, as `viewer` may see them (unknown ids left out). */
export async function cardsByIds(
  db: Database,
  viewer: CardViewer,
  ids: string[],
  now = Date.now(),
): Promise<Map<string, DirectoryDealer>> {
  const cards = new Map<string, DirectoryDealer>();
  const unique = [...new Set(ids)];
  for (const chunk of inChunks(unique, { fixed: CARD_QUERY_PARAMETERS })) {
    const rows = await cardsStatement(db, viewer, {
      where: [sql`d.id in (${listOf(chunk)})`],
      keys: [],
      limit: chunk.length,
    });
    for (const row of rows) cards.set(row.id, toCard(row, viewer, now));
  }
  return cards;
}

/** One card, or null. */
export async function cardOf(
  db: Database,
  viewer: CardViewer,
  dealerId: string,
): Promise<DirectoryDealer | null> {
  return (await cardsByIds(db, viewer, [dealerId])).get(dealerId) ?? null;
}
