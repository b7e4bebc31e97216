/** What the inventory API answers: the shapes live in app/lib/api-types.ts. */
import type { FeedPost } from "#lib/api-types";

export type { FeedPost, PostComment, PostDealer, PostDetail, PostVehicle } from "#lib/api-types";

export type FeedPage = { posts: FeedPost[]; nextCursor: string | null };
