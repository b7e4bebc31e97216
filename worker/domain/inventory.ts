import type { CreatePost, FeedQuery } from "../../app/lib/schemas/inventory";
import { isCompleteVehicle } from "../../app/lib/schemas/inventory";
import { eq } from "drizzle-orm";
import { FEED_PAGE_SIZE, FEED_PAGE_SIZE_MAX, ITEMS_PER_PAGE_OPTIONS } from "../../app/lib/constants";
import type { Database } from "../db/client";
import { userSettings } from "../db/schema";
import type { DealerRow } from "./dealers";
import { listFeed } from "./inventory/feed";
import { findPost, insertComment, insertPost } from "./inventory/posts";
import { writeSummary, type AiBinding } from "./inventory/summary";
import type { FeedPage, PostComment, PostDetail } from "./inventory/types";
import type { uploadService } from "./uploads";

export type { FeedPage, FeedPost, PostComment, PostDetail, PostVehicle, PostDealer } from "./inventory/types";

type Deps = {
  uploads: ReturnType<typeof uploadService>;
  ai?: AiBinding;
  /** Told once a post is stored (live announcement to the dealer's network). */
  onPostCreated?: (post: PostDetail) => Promise<void>;
};

/** Inventory posts: the feed, one post, new posts and comments (core spec §2, §3, §7). */
export function inventoryService(db: Database, deps: Deps) {
  return {
    /** A page of the feed, newest first; `nextCursor` is null on the last page. */
    listFeed(query: FeedQuery): Promise<FeedPage> {
      return listFeed(db, query);
    },

    /** The post with its vehicles and comments, counting a view for this viewer (once per viewer). */
    viewPost(postId: string, viewerId: string): Promise<PostDetail> {
      return findPost(db, postId, viewerId);
    },

    /** The post without counting a view (after creating it, after commenting). */
    getPost(postId: string): Promise<PostDetail> {
      return findPost(db, postId);
    },

    /**
     * A new post by the signed-in dealer: photos must be ours and stored, only complete vehicles are kept,
     * the AI summary is written from them, and post + vehicles go to D1 in one batch.
     */
    async createPost(dealer: DealerRow, input: CreatePost, ownOrigin: string): Promise<PostDetail> {
      const photoPaths = await deps.uploads.storedPhotoPaths(input.photoUrls, ownOrigin);
      const kept = input.vehicles.filter(isCompleteVehicle);
      const located = kept.find((v) => v.city || v.state);
      const location = located
        ? { city: located.city, state: located.state }
        : { city: dealer.city, state: dealer.state };
      const summary = await writeSummary(
        kept.map((v) => ({
          year: v.year ?? null,
          make: v.make,
          model: v.model,
          mileage: v.mileage ?? null,
          priceCents: v.price === undefined ? null : Math.round(v.price * 100),
        })),
        location,
        deps.ai,
      );
      const id = await insertPost(db, {
        input,
        dealerId: dealer.id,
        photoPaths,
        aiSummary: JSON.stringify(summary),
      });
      const post = await findPost(db, id);
      await deps.onPostCreated?.(post);
      return post;
    },

    /**
     * Posts per feed page for this account: the spec's 7 (core spec §9), or the Items per page the dealer
     * chose and saved in /settings (10, 20, 50 or 100) — only a saved choice changes the feed.
     */
    async feedPageSize(accountId: string): Promise<number> {
      const row = await db
        .select({ itemsPerPage: userSettings.itemsPerPage })
        .from(userSettings)
        .where(eq(userSettings.accountId, accountId))
        .get();
      const chosen = row?.itemsPerPage;
      return chosen && (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(chosen)
        ? Math.min(chosen, FEED_PAGE_SIZE_MAX)
        : FEED_PAGE_SIZE;
    },

    addComment(postId: string, dealer: DealerRow, content: string): Promise<PostComment> {
      return insertComment(db, {
        postId,
        dealer: { id: dealer.id, name: dealer.name, avatar: dealer.avatar },
        content,
      });
    },
  };
}
