import { answerOf, api, pageOf } from "#lib/api-client";
import type { FeedPost, PostDetail } from "#lib/api-types";
import type { FeedSort } from "#lib/schemas/inventory-constants";

export type FeedParams = { sort: FeedSort; search: string; limit: number; cursor?: string | null };

/** GET /api/inventory: a page of posts and the next cursor from X-Next-Cursor (null at the end). */
export async function fetchFeedPage(
  { sort, search, limit, cursor }: FeedParams,
  signal?: AbortSignal,
): Promise<{ posts: FeedPost[]; nextCursor: string | null }> {
  const query = { sort, limit, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) };
  const page = await pageOf(api.GET("/api/inventory", { params: { query }, signal }));
  return { posts: page.items, nextCursor: page.nextCursor };
}

/** GET /api/inventory/{id}: one post with its vehicles and comments. */
export const fetchPost = (id: string, signal?: AbortSignal) =>
  answerOf(api.GET("/api/inventory/{id}", { params: { path: { id } }, signal }));

/** Whether a post belongs on the tab showing (a new post is added to the top only where it fits). */
export function fitsSort(post: FeedPost, sort: FeedSort): boolean {
  switch (sort) {
    case "requests":
      return post.type === "request";
    case "for-sale":
      return post.type !== "request";
    case "auction-promo":
      return (
        post.auctionFacilitator !== null ||
        `${post.title} ${post.description}`.toLowerCase().includes("auction")
      );
    default:
      return true;
  }
}

export function toFeedPost(post: PostDetail | FeedPost): FeedPost {
  if (!("vehicles" in post)) return post;
  const { vehicles: _vehicles, comments: _comments, ...rest } = post;
  return rest;
}

/** Fresh posts first, then the older ones already shown that the fresh page did not include. */
export function mergeFresh(fresh: FeedPost[], shown: FeedPost[]): FeedPost[] {
  const ids = new Set(fresh.map((p) => p.id));
  const oldestFresh = fresh[fresh.length - 1];
  const older = shown.filter((p) => !ids.has(p.id) && (!oldestFresh || p.createdAt <= oldestFresh.createdAt));
  return [...fresh, ...older];
}
