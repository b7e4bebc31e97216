/**
 * Wholesale News: the article an admin writes in /admin/news, one schema for the API and the page's
 * form. Pure code, shared by the worker and the screens.
 */
import { z } from "zod";
import { pageQuery } from "#lib/schemas/paging";

export const NEWS_CATEGORIES = [
  "Market Trends",
  "Auctions",
  "Industry News",
  "Financing",
  "Regulations",
  "Technology",
] as const;

/** Words a dealer reads per minute, for the read time shown on every article. */
export const WORDS_PER_MINUTE = 200;

/** Minutes to read a Markdown body (at least 1): words over 200 a minute, rounded up. */
export function readMinutes(markdown: string): number {
  const words = markdown
    .replace(/`{3}[\s\S]*?`{3}/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** "Used-Truck Prices, Q4!" → "used-truck-prices-q4". */
export function slugify(title: string): string {
  return (
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      .replace(/-+$/, "") || "article"
  );
}

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const title = z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(160);
const summary = z.string({ error: "Summary is required" }).trim().min(1, "Summary is required").max(500);
const body = z.string({ error: "Body is required" }).trim().min(1, "Body is required").max(20_000);
const category = z.enum(NEWS_CATEGORIES, { error: `Category must be one of ${NEWS_CATEGORIES.join(", ")}` });
const sourceName = z.string({ error: "Source is required" }).trim().min(1, "Source is required").max(120);
const sourceUrl = z.preprocess(
  blankToUndefined,
  z
    .url({ protocol: /^https?$/, error: "Link must be an http(s) address" })
    .max(500)
    .nullable()
    .optional(),
);
const slug = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(80)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Slug may hold lower-case letters, digits and single hyphens")
    .optional(),
);
const trending = z.preprocess(
  (v) => (v === "on" || v === "true" ? true : v === "false" || v === undefined ? false : v),
  z.boolean({ error: "Trending must be true or false" }),
);
const publishedAt = z.preprocess(
  blankToUndefined,
  z.iso
    .datetime({ offset: true, local: true, error: "Published date must be an ISO date and time" })
    .or(z.iso.date({ error: "Published date must be an ISO date" }))
    .optional(),
);

/** POST /api/admin/news and the /admin/news form: a new article. Slug and date default to the title and now. */
export const newsArticleInputSchema = z.object({
  title,
  slug,
  category,
  summary,
  body,
  sourceName,
  sourceUrl,
  trending: trending.optional().default(false),
  publishedAt,
});
export type NewsArticleInput = z.output<typeof newsArticleInputSchema>;

/** PATCH /api/admin/news/{id}: only the fields sent change. */
export const newsArticlePatchSchema = z.object({
  title: title.optional(),
  slug,
  category: category.optional(),
  summary: summary.optional(),
  body: body.optional(),
  sourceName: sourceName.optional(),
  sourceUrl,
  trending: z.boolean({ error: "Trending must be true or false" }).optional(),
  publishedAt,
});
export type NewsArticlePatch = z.output<typeof newsArticlePatchSchema>;

export const NEWS_PAGE_SIZE = 3;
export const newsQuerySchema = pageQuery(NEWS_PAGE_SIZE, { max: 50 });
