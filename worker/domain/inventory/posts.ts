import { asc, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isCompleteVehicle, type CreatePost } from "#lib/schemas/inventory";
import type { Disclosures } from "#lib/schemas/disclosures";
import { inChunks, parametersPerRow } from "../../db/bound-parameters";
import { batchable, type Database } from "../../db/client";
import { comments, dealers, inventoryPosts, vehicles } from "../../db/schema";
import { matchIndexStatements } from "../deal-alerts/match-index";
import type { PostView } from "../stats";
import { notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import { POST_COLUMNS, toFeedPost, type PostRow } from "./feed";
import type { PostComment, PostDetail, PostVehicle } from "./types";

/** A post shows at most this many comments (the newest, oldest first); commentCount tells the total. */
const POST_COMMENTS_SHOWN = 200;

export const POST_NOT_FOUND = "Post not found";

type VehicleRow = typeof vehicles.$inferSelect;

function toPostVehicle(v: VehicleRow): PostVehicle {
  return {
    id: v.id,
    vin: v.vin,
    year: v.year,
    make: v.make,
    model: v.model,
    trim: v.trim,
    mileage: v.mileage,
    price: v.priceCents === null ? null : v.priceCents / 100,
    priceCents: v.priceCents,
    city: v.city,
    state: v.state,
    color: v.color,
    status: v.status,
    notes: v.notes,
    location: v.location,
    atDealership: v.atDealership,
    disclosures: v.disclosures ?? null,
  };
}

function postSelect(db: Database, postId: string, viewerId = "") {
  return db.all<PostRow & { seen: number }>(sql`
    select ${POST_COLUMNS},
      exists(select 1 from post_views v where v.post_id = p.id and v.viewer_id = ${viewerId}) as seen
    from inventory_posts p
    join dealers d on d.id = p.dealer_id
    where p.id = ${postId}`);
}

function vehiclesSelect(db: Database, postId: string) {
  return db.select().from(vehicles).where(eq(vehicles.postId, postId)).orderBy(asc(vehicles.position));
}

function commentsSelect(db: Database, postId: string) {
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      content: comments.content,
      createdAt: comments.createdAt,
      attachmentUrl: comments.attachmentUrl,
      dealerId: dealers.id,
      dealerName: dealers.name,
      dealerAvatar: dealers.avatar,
    })
    .from(comments)
    .innerJoin(dealers, eq(dealers.id, comments.dealerId))
    .where(eq(comments.postId, postId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(POST_COMMENTS_SHOWN);
}

type CommentRow = Awaited<ReturnType<typeof commentsSelect>>[number];

function toPostComment(c: CommentRow): PostComment {
  return {
    id: c.id,
    postId: c.postId,
    content: c.content,
    createdAt: new Date(c.createdAt).toISOString(),
    attachmentUrl: c.attachmentUrl,
    dealer: { id: c.dealerId, name: c.dealerName, avatar: c.dealerAvatar },
  };
}

/** The three reads of a post (the post, its vehicles, its comments), for a `batch` after writing it. */
export function postReadStatements(db: Database, postId: string) {
  return [
    batchable(db, postSelect(db, postId)),
    vehiclesSelect(db, postId),
    commentsSelect(db, postId),
  ] as const;
}

/** The post from what `postReadStatements` answered; 404 when it is gone. */
export function postFromRows(
  postRows: (PostRow & { seen: number })[],
  vehicleRows: VehicleRow[],
  commentRows: CommentRow[],
): PostDetail {
  const row = postRows[0];
  if (!row) throw notFound(POST_NOT_FOUND);
  return {
    ...toFeedPost(row),
    vehicles: vehicleRows.map(toPostVehicle),
    comments: [...commentRows].reverse().map(toPostComment),
  };
}

/**
 * Where a post's views are counted (My Stats' own database, worker/domain/stats): `store` answers whether the
 * view was the viewer's first; `counted` and `takenBack` run after the answer.
 */
export type PostViews = {
  store: (view: PostView) => Promise<boolean>;
  /** A first view that counts: the post's view_count goes up by one (`dealerId`: the post's). */
  counted: (view: PostView & { dealerId: string }) => void;
  /** Another dealer's first view stored that does not count (a post off the feed, or not found): its row goes. */
  takenBack: (view: PostView) => void;
};

/**
 * One post with its vehicles and comments: three reads in parallel (one round trip of wall time). When a
 * viewer is given, their view is stored beside the reads, once per viewer (My Stats' database answers whether it
 * was their first); it counts while the post is in the feed, never for the post's own dealer, and not for a
 * viewer the main database's old post_views table counted already (the daily cron empties it as its posts leave
 * the feed). A view that counts raises view_count after the answer, and this answer counts it too; another's
 * that does not (a post off the feed, or not in the viewer's network) is taken back.
 */
export async function findPost(
  db: Database,
  postId: string,
  viewer?: { id: string; views: PostViews },
): Promise<PostDetail> {
  const view = viewer && { postId, viewerId: viewer.id };
  const [postRows, vehicleRows, commentRows, first] = await Promise.all([
    postSelect(db, postId, viewer?.id),
    vehiclesSelect(db, postId),
    commentsSelect(db, postId),
    view ? viewer.views.store(view) : false,
  ]);
  const row = postRows[0];
  // The dealer's own look stays stored, never counted: their next look stores nothing.
  if (view && first && row?.dealerId !== view.viewerId) {
    if (row && !row.seen && row.status === "active") {
      viewer.views.counted({ ...view, dealerId: row.dealerId });
      row.viewCount = Number(row.viewCount) + 1;
    } else viewer.views.takenBack(view);
  }
  return postFromRows(postRows, vehicleRows, commentRows);
}

/** What a vehicle read from a spreadsheet carries beyond a typed one (app/lib/schemas/imports.ts). */
type ImportedExtras = { stockNumber?: string; disclosures?: Disclosures | null };

/** A new vehicle of a post as it is stored: a typed one, or one read from a spreadsheet (and added by a sync). */
export function newVehicleRow(
  postId: string,
  position: number,
  v: CreatePost["vehicles"][number] & ImportedExtras,
) {
  return {
    id: newId(),
    postId,
    position,
    vin: v.vin ?? null,
    year: v.year ?? null,
    make: v.make,
    model: v.model,
    trim: v.trim ?? null,
    mileage: v.mileage ?? null,
    priceCents: v.price === undefined ? null : Math.round(v.price * 100),
    city: v.city ?? null,
    state: v.state ?? null,
    color: v.color ?? null,
    status: v.status ?? "available",
    notes: v.notes ?? null,
    location: v.location ?? null,
    atDealership: v.atDealership ?? null,
    stockNumber: v.stockNumber ?? null,
    disclosures: v.disclosures ?? null,
  };
}

type NewPost = {
  input: CreatePost;
  dealerId: string;
  photoPaths: string[];
  aiSummary: string;
  /** Where the vehicles are when they do not say: the deal-alert match index needs it. */
  state: string | null;
  now?: number;
};

/**
 * Post, vehicles, photos and match-index rows in one D1 batch, all or nothing, which also reads the stored post
 * back: creating a post is one round trip. Answers the new post as the feed shows it.
 */
export async function insertPost(db: Database, post: NewPost): Promise<PostDetail> {
  const id = newId();
  const { input } = post;
  const vehicleRows = input.vehicles
    .filter(isCompleteVehicle)
    .map((v, position) => newVehicleRow(id, position, v));
  const now = post.now ?? Date.now();
  const writes: BatchItem<"sqlite">[] = [
    db.insert(inventoryPosts).values({
      id,
      dealerId: post.dealerId,
      title: input.title,
      description: input.description,
      type: input.type,
      status: "active",
      spreadsheetUrl: input.spreadsheetUrl ?? null,
      auctionFacilitator: input.auctionFacilitator ?? null,
      photoUrls: post.photoPaths,
      aiSummary: post.aiSummary,
      createdAt: now,
    }),
  ];
  writes.push(...vehicleInserts(db, vehicleRows));
  writes.push(
    ...matchIndexStatements(
      db,
      {
        id,
        dealerId: post.dealerId,
        type: input.type,
        status: "active",
        title: input.title,
        description: input.description,
        state: post.state,
      },
      vehicleRows,
      { replace: false, now },
    ),
  );
  const results = await db.batch([
    ...(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]),
    batchable(db, postSelect(db, id)),
    vehiclesSelect(db, id),
  ]);
  const postRows = results[results.length - 2] as (PostRow & { seen: number })[];
  const storedVehicles = results[results.length - 1] as VehicleRow[];
  const row = postRows[0];
  if (!row) throw new Error("Post was not stored");
  return { ...toFeedPost(row), vehicles: storedVehicles.map(toPostVehicle), comments: [] };
}

/** The inserts of a post's vehicles, as many rows to a statement as D1 can bind (every column is bound). */
export function vehicleInserts(
  db: Database,
  rows: readonly (typeof vehicles.$inferInsert)[],
): BatchItem<"sqlite">[] {
  return inChunks(rows, { perItem: parametersPerRow(vehicles) }).map((chunk) =>
    db.insert(vehicles).values(chunk),
  );
}

/** A comment on an existing post; 404 'Post not found' when the post is gone. */
export async function insertComment(
  db: Database,
  comment: { postId: string; dealer: { id: string; name: string; avatar: string | null }; content: string },
): Promise<PostComment> {
  const id = newId();
  const now = Date.now();
  const inserted = await db.all<{ id: string }>(sql`
    insert into comments (id, post_id, dealer_id, content, created_at)
    select ${id}, p.id, ${comment.dealer.id}, ${comment.content}, ${now}
    from inventory_posts p where p.id = ${comment.postId}
    returning id`);
  if (inserted.length === 0) throw notFound(POST_NOT_FOUND);
  return {
    id,
    postId: comment.postId,
    content: comment.content,
    createdAt: new Date(now).toISOString(),
    attachmentUrl: null,
    dealer: { ...comment.dealer },
  };
}
