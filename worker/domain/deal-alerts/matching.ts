import { sql, type SQL } from "drizzle-orm";
import { isMatch, modelLineage, type OfferedVehicle, type WantedVehicle } from "./match";
import { listOf } from "../../db/bound-parameters";
import type { Database } from "../../db/client";

/**
 * Finding the other side of a post in the match index. Every lookup is an equality on make_key plus either
 * an IN list of the model's ancestors or a key range of its descendants — both seeks on the
 * (make_key, model_key) indexes, so the work grows with the matches, not with the network. The SQL narrows;
 * worker/domain/deal-alerts `isMatch` decides.
 */

export type WantRow = WantedVehicle & {
  id: string;
  postId: string;
  dealerId: string;
  postTitle: string;
  postCreatedAt: number;
  /** 1 when the want comes from a buy order its dealer set (an offer at asking makes sense), else 0. */
  standing: number;
};
type OfferRow = OfferedVehicle & {
  id: string;
  postId: string;
  dealerId: string;
  postTitle: string;
  postCreatedAt: number;
};

/** At most this many candidate rows per want or offer looked up. */
export const CANDIDATE_LIMIT = 500;

/**
 * Rows read per model key for a first page of `limit` posts: a few vehicles per post (a post holds 3.3 on
 * average); when a model key's rows run past them, the page is read again in full (matchPageStatement).
 */
export const firstPageRead = (limit: number) => 4 * (limit + 1);

/** A want's states ("TX" or "TX,OK") hold the offer's: what `inStates` says, in SQL. */
const inStatesSql = (wanted: SQL, offered: SQL) =>
  sql`(${wanted} is null or ${offered} is null or instr(',' || ${wanted} || ',', ',' || ${offered} || ',') > 0)`;

/** The match index's columns: `isMatch`'s fields and the ids of each row's post and dealer. */
const WANT_FIELDS =
  "id post_id dealer_id make_key model_key year_min year_max trim max_mileage max_price_cents state until".split(
    " ",
  );
const OFFER_FIELDS =
  "id post_id vehicle_id dealer_id make_key model_key year_min year_max trim mileage price_cents state".split(
    " ",
  );

/** A column's name as the rows read it, `make_key` → `makeKey`, or `wMakeKey` after the prefix "w". */
function fieldName(column: string, prefix = ""): string {
  const name = column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name;
}

/** `alias.column as name` for each field. */
const columnsAs = (alias: "w" | "o", fields: readonly string[], prefix = "") =>
  sql.raw(fields.map((f) => `${alias}.${f} as ${fieldName(f, prefix)}`).join(", "));

const WANT_COLUMNS = sql`${columnsAs("w", WANT_FIELDS)}, p.title as postTitle, p.created_at as postCreatedAt,
  p.buy_order is not null as standing`;

const OFFER_COLUMNS = sql`${columnsAs("o", OFFER_FIELDS)}, p.title as postTitle, p.created_at as postCreatedAt`;

/** The wants an offer answers: the same model, its family ("silverado" for a Silverado 1500), any model of the make, or a more precise model. */
export function wantsForOfferStatement(offer: OfferedVehicle, excludeDealerId: string): SQL {
  const filters = sql`w.dealer_id <> ${excludeDealerId} and p.status = 'active'
    and (w.year_min is null or ${offer.yearMax} is null or w.year_min <= ${offer.yearMax})
    and (w.year_max is null or ${offer.yearMin} is null or w.year_max >= ${offer.yearMin})
    and (w.max_mileage is null or ${offer.mileage} is null or w.max_mileage >= ${offer.mileage})
    and (w.max_price_cents is null or ${offer.priceCents} is null or w.max_price_cents >= ${offer.priceCents})
    and ${inStatesSql(sql`w.state`, sql`${offer.state}`)}
    and (w.until is null or w.until >= ${Date.now()})`;
  return sql`
    select ${WANT_COLUMNS} from wanted_vehicles w cross join inventory_posts p on p.id = w.post_id
    where w.make_key = ${offer.makeKey} and w.model_key in (${listOf(modelLineage(offer.modelKey))}) and ${filters}
    union all
    select ${WANT_COLUMNS} from wanted_vehicles w cross join inventory_posts p on p.id = w.post_id
    where w.make_key = ${offer.makeKey} and w.model_key > ${`${offer.modelKey}-`} and w.model_key < ${`${offer.modelKey}.`}
      and ${filters}
    limit ${CANDIDATE_LIMIT}`;
}

/**
 * The offers that answer a want, newest posts first: the want's model and its family ("silverado" for a
 * Silverado 1500) and each more precise model, or every model of the make when it names none. Each model key
 * walks its newest `limit` rows through (make_key, model_key, created_at) and stops (an index row's created_at
 * is its post's), so a common model's 30 000 offers cost what its newest few hundred do; the more precise
 * models are found one index seek each, as matchPageStatement finds them.
 */
export function offersForWantStatement(
  want: WantedVehicle,
  excludeDealerId: string,
  limit = CANDIDATE_LIMIT,
): SQL {
  const filters = sql`o.dealer_id <> ${excludeDealerId} and p.status = 'active'
    and (o.year_max is null or ${want.yearMin} is null or o.year_max >= ${want.yearMin})
    and (o.year_min is null or ${want.yearMax} is null or o.year_min <= ${want.yearMax})
    and (o.mileage is null or ${want.maxMileage} is null or o.mileage <= ${want.maxMileage})
    and (o.price_cents is null or ${want.maxPriceCents} is null or o.price_cents <= ${want.maxPriceCents})
    and ${inStatesSql(sql`${want.state}`, sql`o.state`)}`;
  // A model names itself and its family; no model takes every model of the make, the make alone ('') too.
  const own = want.modelKey ? modelLineage(want.modelKey).filter(Boolean) : [""];
  const [low, high] = want.modelKey ? [`${want.modelKey}-`, `${want.modelKey}.`] : ["", "\u{10FFFF}"];
  const next = (after: SQL) => sql`(select min(x.model_key) from offered_vehicles x
    where x.make_key = ${want.makeKey} and x.model_key > ${after} and x.model_key < ${high})`;
  return sql`
    with recursive more(model_key) as (
      select ${next(sql`${low}`)}
      union all
      select ${next(sql`more.model_key`)} from more where more.model_key is not null),
    models(model_key) as (
      select value from json_each(${JSON.stringify(own)})
      union
      select model_key from more where model_key is not null)
    select ${OFFER_COLUMNS}
    from models m cross join offered_vehicles o cross join inventory_posts p on p.id = o.post_id
    where o.id in (
      select o.id from offered_vehicles o cross join inventory_posts p on p.id = o.post_id
      where o.make_key = ${want.makeKey} and o.model_key = m.model_key and ${filters}
      order by o.created_at desc limit ${limit})
    order by postCreatedAt desc limit ${limit}`;
}

/** A post of one side matched with a post of the other: the request, the listing, and the vehicles that met. */
export type PostPair = {
  requestPostId: string;
  offerPostId: string;
  /** The dealer of the other post (the one to tell). */
  otherDealerId: string;
  otherPostTitle: string;
  otherPostCreatedAt: number;
  want: WantedVehicle;
  offer: OfferedVehicle;
  /** How many vehicle pairs of these two posts met. */
  vehicleMatches: number;
  /** The request is a buy order its dealer set. */
  standing: boolean;
};

export function dealMatching(db: Database) {
  return {
    async wantsOf(postId: string): Promise<WantRow[]> {
      return db.all<WantRow>(sql`
        select ${WANT_COLUMNS} from wanted_vehicles w join inventory_posts p on p.id = w.post_id where w.post_id = ${postId}`);
    },

    async offersOf(postId: string): Promise<OfferRow[]> {
      return db.all<OfferRow>(sql`
        select ${OFFER_COLUMNS} from offered_vehicles o join inventory_posts p on p.id = o.post_id where o.post_id = ${postId}`);
    },

    /**
     * Every open request or active listing of another dealer that this post answers, one pair per pair of
     * posts, newest other post first. A Requesting post looks among offers; anything else among wants.
     */
    async pairsFor(post: { id: string; dealerId: string; type: string }): Promise<PostPair[]> {
      const pairs = new Map<string, PostPair>();
      const add = (pair: Omit<PostPair, "vehicleMatches">) => {
        const key = `${pair.requestPostId}:${pair.offerPostId}`;
        const known = pairs.get(key);
        if (known) known.vehicleMatches += 1;
        else pairs.set(key, { ...pair, vehicleMatches: 1 });
      };
      if (post.type === "request") {
        const now = Date.now();
        // A buy order past its last day looks for nothing.
        const wants = (await this.wantsOf(post.id)).filter((w) => w.until === null || w.until >= now);
        // One wave of reads, whatever the number of vehicles (each seeks the match index).
        const offersPerWant = await Promise.all(
          wants.map((want) => db.all<OfferRow>(offersForWantStatement(want, post.dealerId))),
        );
        for (const [i, want] of wants.entries()) {
          for (const offer of offersPerWant[i] ?? []) {
            if (!isMatch(want, offer)) continue;
            add({
              requestPostId: post.id,
              offerPostId: offer.postId,
              otherDealerId: offer.dealerId,
              otherPostTitle: offer.postTitle,
              otherPostCreatedAt: offer.postCreatedAt,
              want,
              offer,
              standing: Boolean(want.standing),
            });
          }
        }
      } else {
        const offers = await this.offersOf(post.id);
        const wantsPerOffer = await Promise.all(
          offers.map((offer) => db.all<WantRow>(wantsForOfferStatement(offer, post.dealerId))),
        );
        for (const [i, offer] of offers.entries()) {
          for (const want of wantsPerOffer[i] ?? []) {
            if (!isMatch(want, offer)) continue;
            add({
              requestPostId: want.postId,
              offerPostId: post.id,
              otherDealerId: want.dealerId,
              otherPostTitle: want.postTitle,
              otherPostCreatedAt: want.postCreatedAt,
              want,
              offer,
              standing: Boolean(want.standing),
            });
          }
        }
      }
      return [...pairs.values()].sort((a, b) => b.otherPostCreatedAt - a.otherPostCreatedAt);
    },
  };
}

export type DealMatching = ReturnType<typeof dealMatching>;

/**
 * A model key's lineage as rows, `silverado-1500` → '', 'silverado', 'silverado-1500' (worker/domain/deal-alerts
 * `modelLineage`), for each index row of one post: what lets one statement seek the other side per row.
 */
const lineageOf = (name: "want_lineage" | "offer_lineage", table: SQL, postId: string) => sql`
  ${sql.raw(name)}(row_id, rest, prefix) as (
    select id, model_key, '' from ${table} where post_id = ${postId}
    union all
    select row_id,
           case when instr(rest, '-') > 0 then substr(rest, instr(rest, '-') + 1) else '' end,
           case when prefix = '' then '' else prefix || '-' end
             || case when instr(rest, '-') > 0 then substr(rest, 1, instr(rest, '-') - 1) else rest end
    from ${sql.raw(name)} where rest <> '')`;

const PAIR_COLUMNS = sql`${columnsAs("w", WANT_FIELDS, "w")}, ${columnsAs("o", OFFER_FIELDS, "o")}`;

/**
 * What both sides' lookups filter on, as offersForWantStatement and wantsForOfferStatement do, plus the trim
 * (every word the want names is among the offer's; trim keys are lower-case words joined by single spaces):
 * with the model lineage of the join this is `isMatch`, so the statement can pick the page itself.
 */
const pairFilters = (now: number) => sql`o.dealer_id <> w.dealer_id and p.status = 'active'
  and (o.year_max is null or w.year_min is null or o.year_max >= w.year_min)
  and (o.year_min is null or w.year_max is null or o.year_min <= w.year_max)
  and (o.mileage is null or w.max_mileage is null or o.mileage <= w.max_mileage)
  and (o.price_cents is null or w.max_price_cents is null or o.price_cents <= w.max_price_cents)
  and ${inStatesSql(sql`w.state`, sql`o.state`)}
  and (w.until is null or w.until >= ${now})
  and (w.trim is null or o.trim is null or not exists (
    select 1 from json_each('["' || replace(w.trim, ' ', '","') || '"]') t
    where instr(' ' || o.trim || ' ', ' ' || t.value || ' ') = 0))`;

type Prefixed<T, P extends string> = { [K in keyof T & string as `${P}${Capitalize<K>}`]: T[K] };
type IndexIds = { id: string; postId: string; dealerId: string };

/** A want and an offer side by side, their fields prefixed "w" and "o". */
export type CandidatePairRow = Prefixed<WantedVehicle & IndexIds, "w"> &
  Prefixed<OfferedVehicle & IndexIds, "o"> & { complete: number };

/**
 * Every model key of the other side's rows under `table`, for each of this post's rows: the distinct keys
 * strictly between `low` and `high` (a more precise model than the row's, or any model when it names none),
 * one index seek per key found, so a make's many rows are never read to list its few models.
 */
const modelsUnder = (name: string, own: string, other: string, postId: string, low: SQL, high: SQL) => {
  const next = (row: string, after: SQL, below: SQL) => sql`(select min(x.model_key) from ${sql.raw(other)} x
    where x.make_key = ${sql.raw(row)}.make_key and x.model_key > ${after} and x.model_key < ${below})`;
  return sql`
  ${sql.raw(name)}(row_id, make_key, high, model_key) as (
    select r.id, r.make_key, ${high}, ${next("r", low, high)} from ${sql.raw(own)} r where r.post_id = ${postId}
    union all
    select m.row_id, m.make_key, m.high, ${next("m", sql`m.model_key`, sql`m.high`)}
    from ${sql.raw(name)} m where m.model_key is not null)`;
};

/**
 * One page of a post's matches with the other side, in ONE statement keyed by the post id alone, so a page can
 * read its post and the post's matches in one wave. A Requesting post's wants seek offers of the same model,
 * its family or more precise models (any model when the want names none); a listing's offers seek wants of
 * the same model, its family, any model, or a more precise one — at most CANDIDATE_LIMIT per index row, newest
 * other post first. The other posts are paged newest first (`cursor`: the last one's created_at and id) and
 * only the page's `limit + 1` posts get their feed columns (`otherColumns`, aliased `p` and `d`). Every pair of
 * those posts comes back, for the vehicles that met. Only an active post of `ownerId` (when given) has matches.
 *
 * Each of the post's rows reads, per model key it answers, the newest `perModel` rows of the other side that
 * match it (CANDIDATE_LIMIT unless told), walking the (make, model, created_at) index backwards and stopping
 * there (an index row's created_at is its post's): a common model's 30 000 offers on a national network cost
 * what its newest few do. Fewer than CANDIDATE_LIMIT can only be enough for the first page: each row answers
 * `complete` = 0 when a cut-short model key may hold a post the page needs (its oldest row read is not older
 * than the page's last post), and the caller then reads again with the full CANDIDATE_LIMIT. CROSS JOIN keeps
 * SQLite's join order (the post's rows, the model keys, then the seek).
 */
export function matchPageStatement(
  postId: string,
  otherColumns: SQL,
  page: { limit: number; cursor?: readonly [number, string] | null; ownerId?: string; perModel?: number },
): SQL {
  const now = Date.now();
  const perModel = page.perModel ?? CANDIDATE_LIMIT;
  const own = sql`exists (select 1 from inventory_posts me where me.id = ${postId} and me.status = 'active'
    ${page.ownerId === undefined ? sql`` : sql`and me.dealer_id = ${page.ownerId}`})`;
  const after = page.cursor
    ? sql`having max(otherCreatedAt) < ${page.cursor[0]}
        or (max(otherCreatedAt) = ${page.cursor[0]} and otherPostId < ${page.cursor[1]})`
    : sql``;
  /**
   * The pairs of one side's rows (`w`: the post's wants, `o`: its offers): for each row and model key, the
   * newest `perModel` matching rows of the other side, sought in the subquery and read again by id.
   */
  const walkFrom = (mine: "w" | "o") => {
    const other = mine === "w" ? "o" : "w";
    const table = { w: "wanted_vehicles", o: "offered_vehicles" };
    const [m, t, o, ot] = [sql.raw(mine), sql.raw(table[mine]), sql.raw(other), sql.raw(table[other])];
    return sql`
      select ${PAIR_COLUMNS}, ${o}.post_id as otherPostId, p.created_at as otherCreatedAt, ${m}.id as ownRow,
             m.model_key as ownModel
      from ${sql.raw(mine === "w" ? "want_models" : "offer_models")} m
        cross join ${t} ${m} on ${m}.id = m.row_id
        cross join ${ot} ${o}
        cross join inventory_posts p on p.id = ${o}.post_id
      where ${o}.id in (
        select ${o}.id from ${ot} ${o} cross join inventory_posts p on p.id = ${o}.post_id
        where ${o}.make_key = ${m}.make_key and ${o}.model_key = m.model_key and ${pairFilters(now)}
        order by ${o}.created_at desc limit ${perModel})`;
  };
  return sql`
    with recursive ${lineageOf("want_lineage", sql`wanted_vehicles`, postId)},
    ${lineageOf("offer_lineage", sql`offered_vehicles`, postId)},
    ${modelsUnder(
      "want_more",
      "wanted_vehicles",
      "offered_vehicles",
      postId,
      sql`case when r.model_key = '' then '' else r.model_key || '-' end`,
      sql`case when r.model_key = '' then char(1114111) else r.model_key || '.' end`,
    )},
    ${modelsUnder(
      "offer_more",
      "offered_vehicles",
      "wanted_vehicles",
      postId,
      sql`r.model_key || '-'`,
      sql`r.model_key || '.'`,
    )},
    want_models(row_id, model_key) as (
      select l.row_id, l.prefix from want_lineage l cross join wanted_vehicles r on r.id = l.row_id
      where l.prefix <> '' or r.model_key = ''
      union
      select row_id, model_key from want_more where model_key is not null),
    offer_models(row_id, model_key) as (
      select row_id, prefix from offer_lineage
      union
      select row_id, model_key from offer_more where model_key is not null),
    linked as materialized (${walkFrom("w")} union all ${walkFrom("o")}),
    ranked as (
      select *, row_number() over (partition by ownRow order by otherCreatedAt desc) as rank
      from linked where ${own}),
    pairs as (select * from ranked where rank <= ${CANDIDATE_LIMIT}),
    page as materialized (
      select otherPostId as id from pairs group by otherPostId ${after}
      order by max(otherCreatedAt) desc, otherPostId desc limit ${page.limit + 1}),
    others as materialized (
      select ${otherColumns} from inventory_posts p join dealers d on d.id = p.dealer_id
      where p.id in (select id from page)),
    cut(oldest) as (
      select min(otherCreatedAt) from linked group by ownRow, ownModel having count(*) >= ${perModel}),
    complete(complete) as (
      select not exists (select 1 from cut where oldest >= case
        when (select count(*) from page) > ${page.limit} then (select min(otherCreatedAt) from pairs where otherPostId in (select id from page)) else -1 end))
    select pairs.*, others.*, complete.complete from pairs join others on others.id = pairs.otherPostId
      cross join complete`;
}

/** The fields of one side of a candidate row, without their prefix. */
const sideOf = (row: CandidatePairRow, fields: readonly string[], prefix: "w" | "o") =>
  Object.fromEntries(fields.map((f) => [fieldName(f), row[fieldName(f, prefix) as keyof CandidatePairRow]]));

/** A candidate row's want and offer, as `isMatch` takes them. */
export const pairOf = (row: CandidatePairRow) => ({
  want: sideOf(row, WANT_FIELDS, "w") as WantedVehicle,
  offer: sideOf(row, OFFER_FIELDS, "o") as OfferedVehicle,
});
