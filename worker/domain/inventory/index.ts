import type { CreatePost, FeedQuery, UpdatePost } from "#lib/schemas/inventory";
import { isCompleteVehicle } from "#lib/schemas/inventory";
import type { Database } from "../../db/client";
import type { DealerRow } from "../dealers";
import { listFeed } from "./feed";
import { deletePost, expirePosts, updatePost, type PostActor, type PostChange } from "./lifecycle";
import { findPost, insertComment, insertPost, type PostViews } from "./posts";
import { writeSummary, type AiBinding } from "./summary";
import type { FeedPage, PostComment, PostDetail } from "./types";
import { LIMITS, type RateLimitService } from "../rate-limits";
import type { uploadService } from "../uploads";

type Deps = {
  uploads: ReturnType<typeof uploadService>;
  rateLimits: RateLimitService;
  /**
   * Workers AI for this dealer's summaries: Premium rewords them, others get the rule-based
   * list. `premium` when the caller already knows the plan (the session read it).
   */
  aiFor?: (dealer: DealerRow, premium?: boolean) => Promise<AiBinding | undefined>;
  /** The dealers a new post is announced to, read beside the post's checks. */
  networkOf?: (dealerId: string) => Promise<string[]>;
  /** Told once a post is stored, with the dealer's network (live announcement, deal alerts). */
  onPostCreated?: (post: PostDetail, network: string[]) => Promise<void>;
  /** Told once an edit is stored (price drops, new deal alerts); runs after the answer. */
  onPostChanged?: (postId: string, change: PostChange) => void;
  /** Where views are counted (My Stats' own database). */
  views: PostViews;
  /** A deleted post's views are forgotten there, after the answer. */
  postDeleted: (postId: string) => void;
};

/** Inventory posts: the feed, one post, new posts and comments. */
export function inventoryService(db: Database, deps: Deps) {
  return {
    /** A page of the feed, newest first; `nextCursor` is null on the last page. */
    listFeed(query: FeedQuery): Promise<FeedPage> {
      return listFeed(db, query);
    },

    /** The post with its vehicles and comments, counting a view for this viewer (once per viewer). */
    viewPost(postId: string, viewerId: string): Promise<PostDetail> {
      return findPost(db, postId, { id: viewerId, views: deps.views });
    },

    /** The post without counting a view (after creating it, after commenting). */
    getPost(postId: string): Promise<PostDetail> {
      return findPost(db, postId);
    },

    /**
     * A new post by the signed-in dealer: photos must be ours and stored, only complete vehicles are kept,
     * the AI summary is written from them, and post + vehicles go to D1 in one batch that reads it back.
     * D1 is waited on twice: the checks (the limit, beside the photos in R2, the plan behind the AI unless the
     * session knows it, and the dealer's network to tell), then that batch. A bad photo (400) wins over the
     * limit (429), whichever answers first.
     */
    async createPost(
      dealer: DealerRow,
      input: CreatePost,
      ownOrigin: string,
      known?: { premium: boolean },
    ): Promise<PostDetail> {
      const [spent, photos, ai, network] = await Promise.allSettled([
        deps.rateLimits.spend([LIMITS.postsPerDealer, dealer.id]),
        deps.uploads.storedPhotoPaths(input.photoUrls, ownOrigin),
        deps.aiFor?.(dealer, known?.premium),
        deps.networkOf?.(dealer.id) ?? [],
      ]);
      for (const checked of [photos, spent, ai, network])
        if (checked.status === "rejected") throw checked.reason;
      const photoPaths = (photos as PromiseFulfilledResult<string[]>).value;
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
        (ai as PromiseFulfilledResult<AiBinding | undefined>).value,
      );
      const post = await insertPost(db, {
        input,
        dealerId: dealer.id,
        photoPaths,
        aiSummary: JSON.stringify(summary),
        state: location.state || dealer.state || null,
      });
      await deps.onPostCreated?.(post, (network as PromiseFulfilledResult<string[]>).value);
      return post;
    },

    /** PATCH /api/inventory/{id}: the author or an admin edits, marks sold or renews; answers the post. */
    async updatePost(postId: string, actor: PostActor, patch: UpdatePost): Promise<PostDetail> {
      const { post, ...change } = await updatePost(db, postId, actor, patch, {
        spend: () => deps.rateLimits.spend([LIMITS.postEditsPerDealer, actor.dealerId]),
      });
      deps.onPostChanged?.(postId, change);
      return post;
    },

    /** DELETE /api/inventory/{id}: the author or an admin. */
    async deletePost(postId: string, actor: PostActor): Promise<void> {
      await deletePost(db, postId, actor, () =>
        deps.rateLimits.spend([LIMITS.postEditsPerDealer, actor.dealerId]),
      );
      deps.postDeleted(postId);
    },

    /** The daily cron: posts older than 30 days (since posted or renewed) expire. */
    expirePosts(now?: number): Promise<number> {
      return expirePosts(db, now);
    },

    async addComment(postId: string, dealer: DealerRow, content: string): Promise<PostComment> {
      await deps.rateLimits.spend([LIMITS.commentsPerDealer, dealer.id]);
      return insertComment(db, {
        postId,
        dealer: { id: dealer.id, name: dealer.name, avatar: dealer.avatar },
        content,
      });
    },
  };
}
