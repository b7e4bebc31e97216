import { sql } from "drizzle-orm";
import type { PostMatch } from "#lib/api-types";
import { describeOffered, describeWanted, isMatch, type OfferedVehicle } from "./match";
import { modelName, makeName } from "./vehicle-names";
import { formatPriceCents } from "#lib/format";
import type { Database } from "../../db/client";
import { backfillMatchIndex } from "./backfill";
import type { BuyOrder, BuyOrderAnswer } from "#lib/schemas/buy-order";
import type { NotificationData } from "#lib/api-types";
import { readBuyOrder, saveBuyOrder } from "./buy-orders";
import { notFound } from "../shared/errors";
import { POST_COLUMNS, toFeedPost, type PostRow } from "../inventory/feed";
import { POST_NOT_FOUND } from "../inventory/posts";
import type { NotificationCentre } from "../notifications/centre";
import { cursorKind, cursorValue, type Page } from "../shared/cursors";
import type { Delivery } from "../notifications/notify";
import type { CandidatePairRow, DealMatching, PostPair, WantRow } from "./matching";
import {
  CANDIDATE_LIMIT,
  firstPageRead,
  matchPageStatement,
  pairOf,
  wantsForOfferStatement,
} from "./matching";

/** GET /api/inventory/{id}/matches: a post on the other side, and which of its vehicles met. */

/** A post's matches alert at most this many dealers (the newest matching posts first). */
const MAX_ALERTS_PER_POST = 200;

type Author = {
  id: string;
  dealerId: string;
  type: string;
  status: string;
  title: string;
  dealerName: string;
  dealershipName: string;
  city: string;
  state: string;
};

export type PriceDrop = { vehicleId: string; oldCents: number; newCents: number };

/**
 * A delivery to store, with the time that orders it: the other post's creation (the request a new listing
 * answers), so the dealer who asked most recently hears first. Without one it goes after those that have one.
 */
export type Queued = { delivery: Delivery; newest?: number };

type DealAlertDeps = {
  matching: DealMatching;
  centre: NotificationCentre;
  /**
   * Hands deliveries to the post's DealAlertFanout (stored there first, then delivered in batches), newest
   * `newestOf` first.
   */
  fanout: (
    sourcePostId: string,
    deliveries: Delivery[],
    newestOf?: (delivery: Delivery) => number | undefined,
  ) => Promise<void>;
  /** Spends the dealer's post-edit allowance (a buy order saved is an edit of the post). */
  spendEdit?: (dealerId: string) => Promise<void>;
  /** Told once a buy order is saved: new deal alerts, after the answer. */
  onBuyOrderSaved?: (postId: string) => void;
};

/**
 * A listing's vehicle at or under a buy order's highest price: the buyer can offer its asking price at once.
 * Only a buy order the dealer set counts (the words' reading is a guess), and only a vehicle with a price.
 */
function offerAtAsking(pair: PostPair, offerPostId: string): NotificationData | undefined {
  const { want, offer } = pair;
  if (!pair.standing || !offer.vehicleId || offer.priceCents === null || want.maxPriceCents === null) return;
  if (offer.priceCents > want.maxPriceCents) return;
  return {
    offerAtAsking: true,
    postId: offerPostId,
    vehicleId: offer.vehicleId,
    price: offer.priceCents / 100,
    priceCents: offer.priceCents,
  };
}

/** GET /api/inventory/{id}/matches, newest first: the last match's (post created_at, post id). */
const matchesCursor = cursorKind("post-matches.newest", cursorValue.time, cursorValue.id);

const shortName = (v: OfferedVehicle) =>
  [
    v.yearMin !== null && v.yearMin === v.yearMax ? String(v.yearMin) : "",
    makeName(v.makeKey),
    modelName(v.makeKey, v.modelKey),
  ]
    .filter(Boolean)
    .join(" ");

/**
 * Deal alerts: when a post is saved, the dealers on the other side of each new match are told —
 * never the post's own dealer, once per pair of posts (the notification key), through the fan-out.
 */
export function dealAlertService(db: Database, deps: DealAlertDeps) {
  async function authorOf(postId: string): Promise<Author | undefined> {
    const [row] = await db.all<Author>(sql`
      select p.id as id, p.dealer_id as dealerId, p.type as type, p.status as status, p.title as title,
             d.name as dealerName, d.dealership_name as dealershipName, d.city as city, d.state as state
      from inventory_posts p join dealers d on d.id = p.dealer_id where p.id = ${postId}`);
    return row;
  }

  const dealerLine = (a: Author) =>
    `${a.dealerName} · ${a.dealershipName}${a.city ? ` · ${a.city}, ${a.state}` : ""}`;

  function deliveryFor(author: Author, pair: PostPair): Delivery {
    const key = `deal-alert:${pair.requestPostId}:${pair.offerPostId}`;
    const more = pair.vehicleMatches > 1 ? ` (${pair.vehicleMatches} vehicles match)` : "";
    if (author.type === "request") {
      // A new request: tell the dealer whose listing it wants.
      return {
        key,
        dealerId: pair.otherDealerId,
        type: "deal-alert",
        title: `A dealer is looking for your ${shortName(pair.offer)}`,
        body: `${author.dealerName} of ${author.dealershipName} is looking for ${describeWanted(pair.want)}. Your ${describeOffered(pair.offer)} matches${more}.`,
        link: `/post/${author.id}`,
        action: "View the request",
        details: [
          { label: "Wanted", value: describeWanted(pair.want) },
          { label: "Your listing", value: pair.otherPostTitle },
          { label: "Dealer", value: dealerLine(author) },
        ],
      };
    }
    // A new listing: tell the dealer whose request it answers.
    return {
      key,
      dealerId: pair.otherDealerId,
      type: "deal-alert",
      title: `Deal alert: ${shortName(pair.offer)}`,
      body: `${author.dealershipName} just posted ${describeOffered(pair.offer)}${more}. It matches your request “${pair.otherPostTitle}”.`,
      link: `/post/${author.id}`,
      action: "View the post",
      details: [
        { label: "Vehicle", value: describeOffered(pair.offer) },
        { label: "Your request", value: describeWanted(pair.want) },
        { label: "Dealer", value: dealerLine(author) },
      ],
      data: offerAtAsking(pair, author.id),
    };
  }

  async function alertNewPairs(author: Author): Promise<Set<string>> {
    const pairs = (await deps.matching.pairsFor(author)).slice(0, MAX_ALERTS_PER_POST);
    const deliveries = pairs.map((pair) => deliveryFor(author, pair));
    const stored = await deps.centre.storedKeys(deliveries.map((d) => d.key));
    const fresh = deliveries.filter((d) => !stored.has(d.key));
    // The dealer whose post is newest hears first: one who asked this week is likelier still buying.
    const newest = new Map(pairs.map((pair, i) => [deliveries[i]!.key, pair.otherPostCreatedAt]));
    if (fresh.length > 0) await deps.fanout(author.id, fresh, (d) => newest.get(d.key));
    return new Set(fresh.map((d) => d.dealerId));
  }

  return {
    /** GET /api/inventory/{id}/buy-order: the author's buy order, or what the post's words say. */
    buyOrderOf(postId: string, dealerId: string): Promise<BuyOrderAnswer> {
      return readBuyOrder(db, postId, dealerId);
    },

    /** PUT /api/inventory/{id}/buy-order: the author's correction, used by matching from now on. */
    async setBuyOrder(postId: string, dealerId: string, order: BuyOrder): Promise<BuyOrderAnswer> {
      const saved = await saveBuyOrder(db, postId, dealerId, order, {
        spend: deps.spendEdit && (() => deps.spendEdit!(dealerId)),
      });
      deps.onBuyOrderSaved?.(postId);
      return saved;
    },

    /**
     * The daily cron: indexes, for matching, the posts written before deal alerts existed. It alerts nobody:
     * those posts are old news, and only posts written from now on announce a match.
     */
    backfillIndex(maxPosts?: number): Promise<number> {
      return backfillMatchIndex(db, maxPosts);
    },

    /** After a post is created or changed: alerts for every pair of posts not alerted before. Answers how many. */
    async alertForPost(postId: string): Promise<number> {
      const author = await authorOf(postId);
      if (!author || author.status !== "active") return 0;
      return (await alertNewPairs(author)).size;
    },

    /**
     * After prices were lowered: new deal alerts first (a lower price may meet a ceiling it missed), then a
     * price drop for the dealers who commented on the post or whose open request the lowered vehicle
     * answers — except those just alerted about this very post.
     */
    async alertPriceDrops(postId: string, drops: readonly PriceDrop[]): Promise<number> {
      const author = await authorOf(postId);
      if (!author || author.status !== "active" || drops.length === 0) return 0;
      const alerted = await alertNewPairs(author);
      const dropped = new Map(drops.map((d) => [d.vehicleId, d]));
      const offers = (await deps.matching.offersOf(postId)).filter(
        (o) => o.vehicleId && dropped.has(o.vehicleId),
      );
      const audience = new Set<string>();
      const commenters = await db.all<{ dealerId: string }>(
        sql`select distinct dealer_id as dealerId from comments where post_id = ${postId}`,
      );
      for (const c of commenters) audience.add(c.dealerId);
      for (const offer of offers) {
        const wants = await db.all<WantRow>(wantsForOfferStatement(offer, author.dealerId));
        for (const want of wants) if (isMatch(want, offer)) audience.add(want.dealerId);
      }
      audience.delete(author.dealerId);
      for (const dealerId of alerted) audience.delete(dealerId);
      if (audience.size === 0) return 0;

      const lines = offers.map((o) => {
        const drop = dropped.get(o.vehicleId!)!;
        return `${shortName(o)}: ${formatPriceCents(drop.oldCents)} → ${formatPriceCents(drop.newCents)}`;
      });
      const stamp = [...dropped.values()]
        .map((d) => `${d.vehicleId}@${d.newCents}`)
        .sort()
        .join(",");
      const [first] = offers;
      const title =
        offers.length === 1 && first ? `Price drop: ${shortName(first)}` : `Price drop on “${author.title}”`;
      const deliveries: Delivery[] = [...audience].map((dealerId) => ({
        key: `price-drop:${postId}:${stamp}:${dealerId}`,
        dealerId,
        type: "price-drop",
        title,
        body: `${author.dealershipName} lowered ${lines.length === 1 ? "the price" : "prices"}: ${lines.join("; ")}.`,
        link: `/post/${postId}`,
        action: "View the post",
        details: [
          ...lines.map((line) => ({ label: "New price", value: line })),
          { label: "Dealer", value: dealerLine(author) },
        ],
      }));
      await deps.fanout(postId, deliveries);
      return deliveries.length;
    },

    /**
     * The posts on the other side of this one, newest first: for a request, the listings that answer it (the
     * requester sees them at once); for a listing, the open requests it answers. One wave: the post (for its
     * 404) beside one statement that reads the page of matches with their posts.
     */
    async matchesFor(postId: string, query: { cursor?: string; limit: number }): Promise<Page<PostMatch>> {
      const [author, page] = await Promise.all([authorOf(postId), this.matchesOf(postId, query)]);
      if (!author) throw notFound(POST_NOT_FOUND);
      return page;
    },

    /**
     * The matches of a post of `ownerId` (none for anyone else's post), without reading the post: a page reads
     * them beside the post itself, in the same wave.
     */
    async matchesOf(
      postId: string,
      query: { cursor?: string; limit: number },
      ownerId?: string,
    ): Promise<Page<PostMatch>> {
      const cursor = matchesCursor.decode(query.cursor);
      const read = (perModel: number) =>
        db.all<CandidatePairRow & PostRow & { otherPostId: string }>(
          matchPageStatement(postId, POST_COLUMNS, { limit: query.limit, cursor, ownerId, perModel }),
        );
      // The first page mostly needs only the newest few rows per model; a later page ranks from the top.
      let rows = await read(cursor ? CANDIDATE_LIMIT : firstPageRead(query.limit));
      if (rows.some((row) => !row.complete)) rows = await read(CANDIDATE_LIMIT);
      const byPost = new Map<string, { createdAt: number; vehicles: string[]; row: PostRow }>();
      for (const row of rows) {
        const { want, offer } = pairOf(row);
        if (!isMatch(want, offer)) continue;
        const request = row.wPostId === postId;
        const entry = byPost.get(row.otherPostId) ?? { createdAt: row.createdAt, vehicles: [], row };
        const label = request ? describeOffered(offer) : describeWanted(want);
        if (!entry.vehicles.includes(label)) entry.vehicles.push(label);
        byPost.set(row.otherPostId, entry);
      }
      const ordered = [...byPost.entries()]
        .map(([id, entry]) => ({ id, ...entry }))
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
        .filter((m) => !cursor || m.createdAt < cursor[0] || (m.createdAt === cursor[0] && m.id < cursor[1]));
      const page = ordered.slice(0, query.limit);
      if (page.length === 0) return { items: [], nextCursor: null };
      const last = page[page.length - 1]!;
      return {
        items: page.map((m) => ({ id: m.id, post: toFeedPost(m.row), vehicles: m.vehicles })),
        nextCursor: ordered.length > query.limit ? matchesCursor.encode(last.createdAt, last.id) : null,
      };
    },
  };
}
