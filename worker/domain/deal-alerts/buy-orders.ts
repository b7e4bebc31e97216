import { asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { buyOrderEndsAt, type BuyOrder, type BuyOrderAnswer } from "#lib/schemas/buy-order";
import type { Database } from "../../db/client";
import { inventoryPosts, vehicles } from "../../db/schema";
import { badRequest, notFound } from "../shared/errors";
import { buyOrderFromWants } from "./buy-order-wants";
import { wantedVehiclesOf, type IndexedPost } from "./match";
import { matchIndexStatements } from "./match-index";

/**
 * GET and PUT /api/inventory/{id}/buy-order: only the post's author sees or sets it; anyone else hears 404, as
 * if there were no such post (the network wall hides the other network's posts the same way).
 */

export const BUY_ORDER_NOT_FOUND = "Buy order not found";
export const NOT_A_REQUEST = "Only a Requesting post can be a buy order";

type RequestPost = IndexedPost & { buyOrder: string | null };

async function ownRequest(db: Database, postId: string, dealerId: string): Promise<RequestPost> {
  const [post] = await db.all<RequestPost>(sql`
    select p.id as id, p.dealer_id as dealerId, p.type as type, p.status as status, p.title as title,
           p.description as description, nullif(d.state, '') as state, p.buy_order as buyOrder
    from inventory_posts p join dealers d on d.id = p.dealer_id
    where p.id = ${postId} and p.dealer_id = ${dealerId}`);
  if (!post) throw notFound(BUY_ORDER_NOT_FOUND);
  if (post.type !== "request") throw notFound(NOT_A_REQUEST);
  return post;
}

const postVehicles = (db: Database, postId: string) =>
  db.select().from(vehicles).where(eq(vehicles.postId, postId)).orderBy(asc(vehicles.position));

/** The dealer's own buy order when they set one, else what the post's words and vehicles say. */
export async function readBuyOrder(db: Database, postId: string, dealerId: string): Promise<BuyOrderAnswer> {
  const [post, listed] = await Promise.all([ownRequest(db, postId, dealerId), postVehicles(db, postId)]);
  if (post.buyOrder) return { ...(JSON.parse(post.buyOrder) as BuyOrder), source: "dealer" };
  const read = wantedVehiclesOf({ title: post.title, description: post.description, vehicles: listed });
  return { ...buyOrderFromWants(read), source: "post-text" };
}

/**
 * Keeps the dealer's buy order and rewrites the post's wants from it in one batch: matching uses it from then
 * on, whatever the words say. A last day already past is refused (it would match nothing).
 */
export async function saveBuyOrder(
  db: Database,
  postId: string,
  dealerId: string,
  order: BuyOrder,
  options: { spend?: () => Promise<void>; now?: number } = {},
): Promise<BuyOrderAnswer> {
  const now = options.now ?? Date.now();
  const [owned, read, spent] = await Promise.allSettled([
    ownRequest(db, postId, dealerId),
    postVehicles(db, postId),
    options.spend?.(),
  ]);
  // Refusals in the order a dealer should hear them: no such post (404), then the limit (429).
  for (const step of [owned, read, spent]) if (step.status === "rejected") throw step.reason;
  const post = (owned as PromiseFulfilledResult<RequestPost>).value;
  const listed = (read as PromiseFulfilledResult<Awaited<ReturnType<typeof postVehicles>>>).value;
  if (order.until && buyOrderEndsAt(order.until) < now)
    throw badRequest("Until must be today or a later day", [
      { path: ["until"], message: "Until must be today or a later day" },
    ]);
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(inventoryPosts)
      .set({ buyOrder: order, updatedAt: now })
      .where(sql`${inventoryPosts.id} = ${postId} and ${inventoryPosts.dealerId} = ${dealerId}`),
    ...matchIndexStatements(db, { ...post, buyOrder: order }, listed, { replace: true, now }),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { ...order, source: "dealer" };
}
