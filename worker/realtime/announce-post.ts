import { inboxOf } from "./addresses";

/**
 * A new post reaches the open feeds of its dealer's network live: one inbox frame per connected dealer.
 * Failures are logged, never surfaced: the post is stored and the 30 s fallback refresh would find it.
 */
export async function announceNewPost(env: Env, post: { id: string; dealerId: string }, audience: string[]) {
  const results = await Promise.allSettled(
    audience.map((dealerId) =>
      inboxOf(env, dealerId).notify({ type: "new-post", postId: post.id, dealerId: post.dealerId }),
    ),
  );
  const failed = results.filter((r) => r.status === "rejected").length;
  if (failed) console.error(`New post ${post.id}: ${failed} of ${audience.length} inboxes not reached`);
}
