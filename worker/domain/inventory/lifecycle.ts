import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { POST_LIFETIME_DAYS, type UpdatePost } from "../../../app/lib/schemas/inventory";
import type { Database } from "../../db/client";
import { inventoryPosts, offeredVehicles, vehicles, wantedVehicles } from "../../db/schema";
import type { PriceDrop } from "../deal-alerts/alerts";
import { clearStatements, matchIndexStatements } from "../deal-alerts/match-index";
import { badRequest, forbidden, notFound } from "../errors";
import { POST_NOT_FOUND } from "./posts";

/**
 * A post's life after it is posted (core spec §4; issue 11): edits, sold, renewed, deleted, expired. Only
 * its dealer or an admin may change it. Every change rewrites the post's match-index rows in the same
 * batch, so a sold, expired or deleted post stops matching at once.
 */

export type PostActor = { dealerId: string; isAdmin: boolean };

type StoredPost = {
  id: string;
  dealerId: string;
  type: string;
  status: string;
  title: string;
  description: string;
  dealerState: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;

async function ownedPost(db: Database, postId: string, actor: PostActor): Promise<StoredPost> {
  const [post] = await db.all<StoredPost>(sql`
    select p.id as id, p.dealer_id as dealerId, p.type as type, p.status as status, p.title as title,
           p.description as description, d.state as dealerState
    from inventory_posts p join dealers d on d.id = p.dealer_id where p.id = ${postId}`);
  if (!post) throw notFound(POST_NOT_FOUND);
  if (post.dealerId !== actor.dealerId && !actor.isAdmin)
    throw forbidden("Only the dealer who posted this can change it");
  return post;
}

/** What an edit changed that others should hear about. */
export type PostChange = { drops: PriceDrop[]; matchAgain: boolean };

/** Applies the author's changes in one batch; answers the lowered prices and whether to look for new matches. */
export async function updatePost(
  db: Database,
  postId: string,
  actor: PostActor,
  patch: UpdatePost,
  now = Date.now(),
): Promise<PostChange> {
  const post = await ownedPost(db, postId, actor);
  const current = await db
    .select()
    .from(vehicles)
    .where(eq(vehicles.postId, postId))
    .orderBy(asc(vehicles.position));
  const byId = new Map(current.map((v) => [v.id, v]));
  for (const change of patch.vehicles ?? []) {
    if (!byId.has(change.id)) throw badRequest(`Vehicle ${change.id} is not on this post`);
  }

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
      .where(eq(inventoryPosts.id, postId)),
  ];
  for (const v of next) {
    const before = byId.get(v.id)!;
    if (before.priceCents !== v.priceCents || before.status !== v.status) {
      statements.push(
        db.update(vehicles).set({ priceCents: v.priceCents, status: v.status }).where(eq(vehicles.id, v.id)),
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
      },
      next,
      { replace: true, now },
    ),
  );
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);

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
  return { drops, matchAgain };
}

/** Deletes the post with its vehicles, comments, views and index rows (foreign keys cascade). */
export async function deletePost(db: Database, postId: string, actor: PostActor): Promise<void> {
  await ownedPost(db, postId, actor);
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
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    await db.batch([
      db.delete(wantedVehicles).where(inArray(wantedVehicles.postId, chunk)),
      db.delete(offeredVehicles).where(inArray(offeredVehicles.postId, chunk)),
    ]);
  }
  return ids.length;
}
