import { sql } from "drizzle-orm";
import type { Discovery } from "../../../app/lib/api-types";
import { nearbyStates } from "../../../app/lib/neighbouring-states";
import type { Database } from "../../db/client";
import { notStaff, queryCards, toCard, viewerOf, type CardRow, type ViewerOptions } from "./cards";
import { filtersFor } from "./search";

type MatchRow = { dealerId: string; vehicles: string; exact: number };

/**
 * /discover: dealers worth knowing. Near: same or neighbouring state, not yet connected (own state first,
 * then the most recently active). Buyers whose active Requesting posts ask for a make the viewer lists (same
 * model first), and sellers listing what the viewer's active requests ask for. Three candidate queries and
 * the cards of the buyers and sellers (picked by the same statements), all in one wave.
 */
export async function discoverDealers(
  db: Database,
  viewerDealerId: string,
  viewerState: string,
  options: ViewerOptions & { limit?: number } = {},
): Promise<Discovery> {
  const viewer = viewerOf(viewerDealerId, options);
  const limit = Math.min(options.limit ?? 12, 50);
  const states = nearbyStates(viewerState);
  const me = viewerDealerId;
  // Buyers: active request posts asking for a make the viewer lists (available, on an active post),
  // at least as new as the year they ask for. Same make and model ranks first.
  const buyersSql = sql`
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
    where p.type = 'request' and p.status = 'active' and p.dealer_id != ${me} and ${notStaff(sql.raw("p.dealer_id"))}
      and exists (select 1 from listed l where l.make = v.make collate nocase
                    and (v.year is null or l.year is null or l.year >= v.year))
    group by p.dealer_id
    order by exact desc, count(*) desc, latest desc
    limit ${limit}`;
  // Sellers: available vehicles on others' active posts of a make the viewer's active requests ask for.
  const sellersSql = sql`
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
      and (w.year is null or v.year is null or v.year >= w.year) and ${notStaff(sql.raw("p.dealer_id"))}
    group by p.dealer_id
    order by exact desc, count(*) desc, latest desc
    limit ${limit}`;
  const [nearRows, buyers, sellers, cardRows] = await Promise.all([
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
    db.all<MatchRow>(buyersSql),
    db.all<MatchRow>(sellersSql),
    // Their cards in the same wave, picked by the same two statements (the dealers they answer).
    queryCards(db, viewer, {
      where: [sql`d.id in (select dealerId from (${buyersSql}) union select dealerId from (${sellersSql}))`],
      keys: [],
      limit: limit * 2,
    }),
  ]);
  const now = Date.now();
  const cards = new Map(cardRows.map((row) => [row.id, toCard(row, viewer, now)]));
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
}
