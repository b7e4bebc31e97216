/**
 * What the feed and the post card need from the inventory's rules, without its schemas: the first screens import
 * this, and the schemas (app/lib/schemas/inventory.ts, which imports these) load with the forms that use them.
 */
import { storedPathOf } from "#lib/stored-paths";

export const FEED_SORTS = ["recent", "requests", "for-sale", "auction-promo"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

export const COMMENT_MAX = 2000;
/** A vehicle's model year, on a post and in a buy order. */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2030;
export const QUICK_POST_TITLE_MAX = 50;
export const QUICK_POST_TYPES = ["for-sale", "request"] as const;

/** Quick post flow: the text cut to 47 characters plus '…' when it is over 50. */
export function quickPostTitle(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  return trimmed.length > QUICK_POST_TITLE_MAX ? `${trimmed.slice(0, 47)}…` : trimmed;
}

export const QUICK_POST_REQUIRED = {
  title: "Post content required",
  description: "Please enter some content for your post",
} as const;

/** A quick post becomes a regular post: title cut from the text, status active, no vehicles. */
export function quickPostToPost(input: { content: string; type: (typeof QUICK_POST_TYPES)[number] }) {
  return {
    title: quickPostTitle(input.content),
    description: input.content,
    type: input.type,
    status: "active" as const,
    vehicles: [],
    photoUrls: [],
  };
}

/** A post is a live auction when its title or description mentions an auction. */
export function isLiveAuction(post: { title: string; description?: string | null }): boolean {
  const text = `${post.title} ${post.description ?? ""}`.toLowerCase();
  return text.includes("auction") || text.includes("live auction");
}

/** The AI summary text as items, the raw text when it is not a list, [] when empty. */
export function parseAiSummary(
  text: string | null | undefined,
): { items: { text: string }[] } | { raw: string } {
  if (!text) return { items: [] };
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return { raw: text };
    return {
      items: parsed
        .map((item) =>
          item && typeof item === "object" && "text" in item
            ? String((item as { text: unknown }).text)
            : String(item),
        )
        .map((t) => ({ text: t })),
    };
  } catch {
    return { raw: text };
  }
}

export const VEHICLE_STATUSES = ["available", "pending", "sold"] as const;

/** Our own stored photo address: the upload URL without its query. */
export const PHOTO_PATH_PATTERN =
  /^\/objects\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `/objects/uploads/{id}` from a stored address, absolute or not; null when it is not one of ours. */
export const photoPathOf = (address: string, ownOrigin?: string) =>
  storedPathOf(PHOTO_PATH_PATTERN, address, ownOrigin);
