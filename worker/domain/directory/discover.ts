import { sql, type SQL } from "drizzle-orm";
import type { Discovery } from "#lib/api-types";
import { nearbyStates } from "./neighbouring-states";
import { listOf } from "../../db/bound-parameters";
import type { Database } from "../../db/client";
import {
  cardsStatement,
  notStaff,
  toCard,
  viewerOf,
  type CardRow,
  type CardViewer,
  type ViewerOptions,
} from "./cards";
import { filtersFor } from "./search";

type Match = { matchExact: number; matchVehicles: string | null };

/**
 * The cards of the dealers in `matched` (one of `ctes`: dealerId, exact, rank), best first, with their
 * same-model count and the distinct "Make Model" of their matching vehicles, comma-separated: `posts` and
 * `vehicles` are the side's conditions, read again for these few dealers only. The vehicles come in the
 * order of their posts — never renewed first, then by renewal, then by creation, as posts_expiry_idx holds
 * them (the order the statements before these gave, by their plan) — and of the vehicles on a post.
 */
function matchesStatement(
  db: Database,
  viewer: CardViewer,
  limit: number,
  side: { ctes: SQL; posts: SQL; vehicles: SQL },
) {
  return cardsStatement<Match>(db, viewer, {
    with: side.ctes,
    where: [sql`d.id in (select dealerId from matched)`],
    keys: [sql`-(select m.rank from matched m where m.dealerId = d.id)`],
    limit,
    columns: sql`(select m.exact from matched m where m.dealerId = d.id) as matchExact,
      (select group_concat(name, ',' order by seq) from (
         select name, min(seq) as seq from (
           select v.make || ' ' || v.model as name,
                  row_number() over (order by p.renewed_at, p.created_at, p.id, v.position, v.id) as seq
           from inventory_posts p join vehicles v on v.post_id = p.id
           where p.dealer_id = d.id and ${side.posts} and ${side.vehicles})
         group by name)) as matchVehicles`,
  });
}

/**
 * /discover: dealers worth knowing. Near: same or neighbouring state, not yet connected (own state first,
 * then the most recently active). Buyers whose active Requesting posts ask for a make the viewer lists (same
 * model first), and sellers listing what the viewer's active requests ask for. Three statements in one wave:
 * the near cards, and the buyers' and the sellers' cards, each picked, ranked and explained by its own statement.
 */
export async function discoverDealers(
  db: Database,
  viewerDealerId: string,
  viewerState: string,
  options: ViewerOptions & {
    limit?: number;
    /** How sellers are read; chosen per viewer by default. Both give the same answer (tests pin it). */
    sellersRead?: "by-make" | "all-listings";
  } = {},
): Promise<Discovery> {
  const viewer = viewerOf(viewerDealerId, options);
  const limit = Math.min(options.limit ?? 12, 50);
  const states = nearbyStates(viewerState);
  const me = viewerDealerId;
  const P_DEALER = sql.raw("p.dealer_id");

  // Buyers: active request posts asking for a make the viewer lists (available, on an active post), at least as
  // new as the year they ask for. Same make and model ranks first, then the number of such vehicles, then the
  // newest post. The request vehicles are few (one or two a request): read from the requests' side (their type
  // index), each checked against the viewer's handful of listed models by an automatic index.
  const listsMake = sql`exists (select 1 from listed l where l.make = v.make collate nocase
    and (v.year is null or l.year is null or l.year >= v.year))`;
  const buyers = matchesStatement(db, viewer, limit, {
    ctes: sql`
      listed as materialized (
        select mv.make as make, mv.model as model, max(mv.year) as year
        from inventory_posts mp join vehicles mv on mv.post_id = mp.id
        where mp.dealer_id = ${me} and mp.type != 'request' and mp.status = 'active' and mv.status = 'available'
        group by mv.make collate nocase, mv.model collate nocase),
      hits as materialized (
        select p.dealer_id as dealerId, p.created_at as createdAt,
               exists (select 1 from listed l where l.make = v.make collate nocase and l.model = v.model collate nocase
                         and (v.year is null or l.year is null or l.year >= v.year)) as exact
        from inventory_posts p
        cross join vehicles v
        where exists (select 1 from listed) and p.type = 'request' and +p.status = 'active'
          and v.post_id = p.id and p.dealer_id != ${me} and ${notStaff(P_DEALER)} and ${listsMake}),
      matched as materialized (
        select dealerId, exact,
               row_number() over (order by exact desc, n desc, latest desc, dealerId) as rank
        from (select dealerId, sum(exact) as exact, count(*) as n, max(createdAt) as latest
              from hits group by dealerId)
        order by rank
        limit ${limit})`,
    posts: sql`+p.type = 'request' and +p.status = 'active'`,
    vehicles: listsMake,
  });

  // Sellers: available vehicles on others' active posts of a make the viewer's active requests ask for, at
  // least as new as the oldest year asked for that model; a vehicle counts once per model asked of its make.
  // Two ways to read the same rows, chosen in the statement: the wanted makes' vehicles by the make index,
  // each with its post (cheap for the usual request, one or two makes), or, once those makes hold a third of
  // all vehicles (max(rowid) stands for the count; a dealer asking for Toyotas, Fords and Chevrolets), every
  // listing once, a dealer at a time (posts_dealer_idx holds type and status), summed as it comes. Counting the
  // makes' vehicles stops at that third. Nothing is read when the viewer asks for nothing.
  const sellerCounts = sql`p.dealer_id as dealerId, sum(v.model = w.model collate nocase) as exact,
    count(*) as n, max(p.created_at) as latest`;
  const sellerRowFilter = sql`p.dealer_id != ${me} and +p.type != 'request' and +p.status = 'active'
    and v.post_id = p.id and v.status = 'available' and w.make = v.make collate nocase
    and (w.year is null or v.year is null or v.year >= w.year) and ${notStaff(P_DEALER)}`;
  const third = sql`(select coalesce(max(rowid), 0) / 3 from main.vehicles)`;
  const byMake =
    options.sellersRead === "by-make"
      ? sql`1`
      : options.sellersRead === "all-listings"
        ? sql`0`
        : sql`(select count(*) < ${third} from (
            select 1 from makes m cross join vehicles v where v.make = m.make collate nocase limit ${third}))`;
  const sellers = matchesStatement(db, viewer, limit, {
    ctes: sql`
      wanted as materialized (
        select mv.make as make, mv.model as model, min(mv.year) as year
        from inventory_posts mp join vehicles mv on mv.post_id = mp.id
        where mp.dealer_id = ${me} and mp.type = 'request' and mp.status = 'active'
        group by mv.make collate nocase, mv.model collate nocase),
      makes as materialized (select make from wanted group by make collate nocase),
      way(byMake) as materialized (select ${byMake}),
      counts as (
        select ${sellerCounts}
        from makes m cross join vehicles v cross join wanted w cross join inventory_posts p
        where (select byMake from way) and v.make = m.make collate nocase and ${sellerRowFilter}
        group by p.dealer_id
        union all
        select ${sellerCounts}
        from inventory_posts p cross join vehicles v cross join wanted w
        where not (select byMake from way) and exists (select 1 from wanted) and ${sellerRowFilter}
        group by p.dealer_id),
      matched as materialized (
        select dealerId, exact, row_number() over (order by exact desc, n desc, latest desc, dealerId) as rank
        from counts
        order by rank
        limit ${limit})`,
    posts: sql`+p.type != 'request' and +p.status = 'active'`,
    vehicles: sql`v.status = 'available' and exists (select 1 from wanted w where w.make = v.make collate nocase
      and (w.year is null or v.year is null or v.year >= w.year))`,
  });

  const [nearRows, buyerRows, sellerRows] = await Promise.all([
    states.length === 0
      ? Promise.resolve([] as CardRow[])
      : cardsStatement(db, viewer, {
          where: [sql`d.state in (${listOf(states)})`, ...filtersFor(me, { exclude: ["self", "connected"] })],
          keys: [sql`(d.state = ${states[0]})`, sql`d.last_active_at`],
          limit,
        }),
    buyers,
    sellers,
  ]);
  const now = Date.now();
  const matches = (rows: (CardRow & Match)[]) =>
    rows.map((row) => ({
      dealer: toCard(row, viewer, now),
      vehicles: (row.matchVehicles ?? "").split(",").filter(Boolean),
      sameModel: row.matchExact > 0,
    }));
  return {
    near: { states, dealers: nearRows.map((row) => toCard(row, viewer, now)) },
    wantYourInventory: matches(buyerRows),
    haveWhatYouWant: matches(sellerRows),
  };
}
