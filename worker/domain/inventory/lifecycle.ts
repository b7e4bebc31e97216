import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { POST_LIFETIME_DAYS, type UpdatePost } from "#lib/schemas/inventory";
import type { BuyOrder } from "#lib/schemas/buy-order";
import type { IndexedPost, PostVehicleFacts } from "../deal-alerts/match";
import { inChunks } from "../../db/bound-parameters";
import type { Database } from "../../db/client";
import { inventoryPosts, offeredVehicles, vehicles, wantedVehicles } from "../../db/schema";
import type { PriceDrop } from "../deal-alerts";
import { clearStatements, matchIndexStatements } from "../deal-alerts/match-index";
import { badRequest, forbidden, notFound } from "../shared/errors";
import { POST_NOT_FOUND, postFromRows, postReadStatements } from "./posts";
import type { PostDetail } from "./types";

/**
 * A post's life after it is posted: edits, sold, renewed, deleted, expired. Only
 * its dealer or an admin may change it. Every change rewrites the post's match-index rows in the same
 * batch, so a sold, expired or deleted post stops matching at once.
 */

export type PostActor = { dealerId: string; isAdmin: boolean };

/** A post as an edit needs it (`dealerState`: where its vehicles are when they do not say). */
export type StoredPost = Omit<IndexedPost, "state"> & { dealerState: string; buyOrder?: BuyOrder | null };

const DAY_MS = 24 * 60 * 60 * 1000;

async function ownedPost(db: Database, postId: string, actor: PostActor): Promise<StoredPost> {
  const [row] = await db.all<Omit<StoredPost, "buyOrder"> & { buyOrder: string | null }>(sql`
    select p.id as id, p.dealer_id as dealerId, p.type as type, p.status as status, p.title as title,
           p.description as description, d.state as dealerState, p.buy_order as buyOrder
    from inventory_posts p join dealers d on d.id = p.dealer_id where p.id = ${postId}`);
  if (!row) throw notFound(POST_NOT_FOUND);
  // The dealer's buy order outlives edits of the words: matching keeps using it.
  const post = { ...row, buyOrder: row.buyOrder ? (JSON.parse(row.buyOrder) as BuyOrder) : null };
  if (post.dealerId !== actor.dealerId && !actor.isAdmin)
    throw forbidden("Only the dealer who posted this can change it");
  return post;
}

/** What an edit changed that others should hear about. */
export type PostChange = { drops: PriceDrop[]; matchAgain: boolean };

/**
 * Throws the first refusal in the order a dealer should hear them: the post and who may change it (404,
 * 403), then `validate` (400), then the limit (429) — whichever D1 answered first.
 */
function refuseInOrder<P, L>(
  post: PromiseSettledResult<P>,
  limit: PromiseSettledResult<L>,
  validate: (post: P) => void = () => {},
): P {
  if (post.status === "rejected") throw post.reason;
  validate(post.value);
  if (limit.status === "rejected") throw limit.reason;
  return post.value;
}

/** A post's vehicle as an edit reads it (a full `vehicles` row will do): the matching facts, with its id and status. */
export type EditedVehicle = PostVehicleFacts & { id: string; status: string };

/**
 * An edit of `post` (as stored, with its vehicles in order) as the statements that store it: the post, the
 * vehicles it changes and its match-index rows rewritten (a sold post or vehicle leaves the matches). Pure:
 * `updatePost` sends them with the post read back, a deal's completion (worker/domain/deals/mark-sold.ts)
 * in its own batch. Vehicle ids the post does not have are ignored (`updatePost` refuses them first).
 */
export function editStatements(
  db: Database,
  post: StoredPost,
  current: readonly EditedVehicle[],
  patch: UpdatePost,
  now: number,
): PostChange & { statements: BatchItem<"sqlite">[] } {
  const byId = new Map(current.map((v) => [v.id, v]));
  const soldAll = patch.status === "sold";
  const next = current.map((v) => {
    const change = patch.vehicles?.find((c) => c.id === v.id);
    const priceCents =
      change?.price === undefined
        ? v.priceCents
        : change.price === null
          ? null
          : Math.round(change.price * 100);
    const status = soldAll ? "sold" : (change?.status ?? v.status);
    return { ...v, priceCents, status };
  });
  const everyVehicleSold = next.length > 0 && next.every((v) => v.status === "sold");
  const reopened = patch.renew === true || patch.status === "active";
  const status = soldAll
    ? "sold"
    : reopened
      ? "active"
      : everyVehicleSold && patch.vehicles
        ? "sold"
        : post.status;

  const statements: BatchItem<"sqlite">[] = [
    db
      .update(inventoryPosts)
      .set({
        title: patch.title ?? post.title,
        description: patch.description ?? post.description,
        status,
        updatedAt: now,
        ...(reopened ? { renewedAt: now } : {}),
      })
      .where(eq(inventoryPosts.id, post.id)),
  ];
  for (const v of next) {
    const before = byId.get(v.id)!;
    const disclosures = patch.vehicles?.find((c) => c.id === v.id)?.disclosures;
    if (before.priceCents !== v.priceCents || before.status !== v.status || disclosures !== undefined) {
      statements.push(
        db
          .update(vehicles)
          .set({
            priceCents: v.priceCents,
            status: v.status,
            ...(disclosures === undefined ? {} : { disclosures }),
          })
          .where(eq(vehicles.id, v.id)),
      );
    }
  }
  statements.push(
    ...matchIndexStatements(
      db,
      {
        id: post.id,
        dealerId: post.dealerId,
        type: post.type,
        status,
        title: patch.title ?? post.title,
        description: patch.description ?? post.description,
        state: post.dealerState || null,
        buyOrder: post.buyOrder,
      },
      next,
      { replace: true, now },
    ),
  );

  const drops: PriceDrop[] =
    status === "active" && post.type !== "request"
      ? next.flatMap((v) => {
          const before = byId.get(v.id)!;
          return v.status === "available" &&
            before.priceCents !== null &&
            v.priceCents !== null &&
            v.priceCents < before.priceCents
            ? [{ vehicleId: v.id, oldCents: before.priceCents, newCents: v.priceCents }]
            : [];
        })
      : [];
  const textChanged = patch.title !== undefined || patch.description !== undefined;
  const matchAgain =
    status === "active" && (textChanged || reopened || drops.length > 0 || (patch.vehicles?.length ?? 0) > 0);
  return { drops, matchAgain, statements };
}

/**
 * Applies the author's changes in one batch that also reads the post back; answers it with the lowered prices
 * and whether to look for new matches. D1 is waited on twice: the post, its vehicles and the limit (`spend`)
 * at once, then the batch.
 */
export async function updatePost(
  db: Database,
  postId: string,
  actor: PostActor,
  patch: UpdatePost,
  options: { spend?: () => Promise<void>; now?: number } = {},
): Promise<PostChange & { post: PostDetail }> {
  const now = options.now ?? Date.now();
  const [spent, owned, current] = await Promise.allSettled([
    options.spend?.(),
    ownedPost(db, postId, actor),
    db.select().from(vehicles).where(eq(vehicles.postId, postId)).orderBy(asc(vehicles.position)),
  ]);
  if (current.status === "rejected") throw current.reason;
  const onPost = new Set(current.value.map((v) => v.id));
  const post = refuseInOrder(owned, spent, () => {
    for (const change of patch.vehicles ?? []) {
      if (!onPost.has(change.id)) throw badRequest(`Vehicle ${change.id} is not on this post`);
    }
  });
  const { statements, ...change } = editStatements(db, post, current.value, patch, now);
  const read = postReadStatements(db, postId);
  const results = await db.batch([...(statements as [BatchItem<"sqlite">]), ...read]);
  const [postRows, vehicleRows, commentRows] = results.slice(-read.length) as Parameters<typeof postFromRows>;
  return { ...change, post: postFromRows(postRows, vehicleRows, commentRows) };
}

/** Deletes the post with its vehicles, comments and index rows (foreign keys cascade); its views are the caller's. */
export async function deletePost(
  db: Database,
  postId: string,
  actor: PostActor,
  spend?: () => Promise<void>,
): Promise<void> {
  const [spent, owned] = await Promise.allSettled([spend?.(), ownedPost(db, postId, actor)]);
  refuseInOrder(owned, spent);
  const [first, ...rest] = clearStatements(db, postId);
  await db.batch([first!, ...rest, db.delete(inventoryPosts).where(eq(inventoryPosts.id, postId))]);
}

/**
 * The daily cron: active posts posted or last renewed more than 30 days ago become 'expired' and leave the
 * match index. Both statements seek posts_expiry_idx (status, renewed_at, created_at). Answers how many.
 */
export function expiryStatements(db: Database, now: number) {
  const cutoff = now - POST_LIFETIME_DAYS * DAY_MS;
  const expire = { status: "expired", updatedAt: now };
  return [
    db
      .update(inventoryPosts)
      .set(expire)
      .where(
        and(
          eq(inventoryPosts.status, "active"),
          isNull(inventoryPosts.renewedAt),
          lte(inventoryPosts.createdAt, cutoff),
        ),
      )
      .returning({ id: inventoryPosts.id }),
    db
      .update(inventoryPosts)
      .set(expire)
      .where(and(eq(inventoryPosts.status, "active"), lte(inventoryPosts.renewedAt, cutoff)))
      .returning({ id: inventoryPosts.id }),
  ] as const;
}

export async function expirePosts(db: Database, now = Date.now()): Promise<number> {
  const [neverRenewed, renewed] = await db.batch(expiryStatements(db, now));
  const ids = [...neverRenewed, ...renewed].map((r) => r.id);
  for (const chunk of inChunks(ids)) {
    await db.batch([
      db.delete(wantedVehicles).where(inArray(wantedVehicles.postId, chunk)),
      db.delete(offeredVehicles).where(inArray(offeredVehicles.postId, chunk)),
    ]);
  }
  return ids.length;
}
