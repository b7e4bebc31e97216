import { eq, sql, type SQL } from "drizzle-orm";
import { toIso, toIsoOrNull, type NewsArticle } from "#lib/api-types";
import { readMinutes, slugify, type NewsArticleInput, type NewsArticlePatch } from "#lib/schemas/news";
import type { Database } from "../../db/client";
import { newsArticles } from "../../db/schema";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { conflict, isUniqueViolation, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import type { AdminActor, AuditTrail } from "../admin/audit";

type PageQuery = { cursor?: string; limit: number };

const ARTICLE_NOT_FOUND = "Article not found";

/** Newest published first: the last row's (published_at, id). */
const newsCursor = cursorKind("news.newest", cursorValue.time, cursorValue.id);

/** As `COLUMNS` reads it: the flag is SQLite's 0 or 1. */
type ArticleRow = Omit<typeof newsArticles.$inferSelect, "authorAccountId" | "trending"> & {
  trending: number;
};

const COLUMNS = sql`id, slug, title, category, summary, body, source_name as sourceName,
  source_url as sourceUrl, trending, read_minutes as readMinutes, published_at as publishedAt,
  created_at as createdAt, updated_at as updatedAt`;

const toArticle = (row: ArticleRow): NewsArticle => ({
  ...row,
  trending: row.trending === 1,
  publishedAt: toIso(row.publishedAt),
  createdAt: toIso(row.createdAt),
  updatedAt: toIsoOrNull(row.updatedAt),
});

const SLUG_TAKEN = "Another article already has this slug: choose another";

/** An ISO date (or date and time) from the form: a bare date is that day at noon UTC. */
const publishedTime = (value: string | undefined, now: number) =>
  value === undefined ? now : Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);

/** What the audit log keeps of an article: everything but the body (its length says whether it changed). */
const snapshot = (a: Omit<NewsArticle, "id" | "readMinutes" | "createdAt" | "updatedAt">) => ({
  slug: a.slug,
  title: a.title,
  category: a.category,
  summary: a.summary,
  bodyLength: a.body.length,
  sourceName: a.sourceName,
  sourceUrl: a.sourceUrl,
  trending: a.trending,
  publishedAt: a.publishedAt,
});

/**
 * Wholesale News articles: written by admins, read by every dealer, newest published first.
 * The only code that reads or writes `news_articles`; each admin write is audited.
 */
export function newsArticleService(db: Database, deps: { audit: AuditTrail }) {
  async function byId(id: string): Promise<NewsArticle> {
    const [row] = await db.all<ArticleRow>(sql`select ${COLUMNS} from news_articles where id = ${id}`);
    if (!row) throw notFound(ARTICLE_NOT_FOUND);
    return toArticle(row);
  }

  /** A free slug from the title: "title", else "title-2", "title-3"… */
  async function freeSlugFor(title: string): Promise<string> {
    const base = slugify(title);
    // "base" and every slug that starts "base-", as a range of the slug index ("." follows "-"): a slug is up to
    // 80 characters, and D1 refuses a LIKE pattern over 50 bytes.
    const taken = await db.all<{ slug: string }>(
      sql`select slug from news_articles where slug = ${base} or (slug >= ${`${base}-`} and slug < ${`${base}.`})`,
    );
    const names = new Set(taken.map((t) => t.slug));
    if (!names.has(base)) return base;
    let n = 2;
    while (names.has(`${base}-${n}`)) n += 1;
    return `${base}-${n}`;
  }

  /** A page of the articles that meet `where`, newest published first. */
  async function newestFirst(query: PageQuery, where: SQL): Promise<Page<NewsArticle>> {
    const cursor = newsCursor.decode(query.cursor);
    const after = cursor ? sql`and (published_at, id) < (${cursor[0]}, ${cursor[1]})` : sql``;
    const rows = await db.all<ArticleRow>(sql`
      select ${COLUMNS} from news_articles where ${where} ${after}
      order by published_at desc, id desc limit ${query.limit + 1}`);
    return pageOf(rows, query.limit, toArticle, (last) => newsCursor.encode(last.publishedAt, last.id));
  }

  return {
    /** /wholesale-news: a page of published articles, newest published first. */
    list: (query: PageQuery, now = Date.now()) => newestFirst(query, sql`published_at <= ${now}`),

    /** GET /api/admin/news: every article, scheduled ones included. */
    listAll: (query: PageQuery) => newestFirst(query, sql`1`),

    /** /wholesale-news/{slug}: a published article, or null. */
    async bySlug(slug: string, now = Date.now()): Promise<NewsArticle | null> {
      const [row] = await db.all<ArticleRow>(
        sql`select ${COLUMNS} from news_articles where slug = ${slug} and published_at <= ${now}`,
      );
      return row ? toArticle(row) : null;
    },

    get: byId,

    async create(actor: AdminActor, input: NewsArticleInput, now = Date.now()): Promise<NewsArticle> {
      const id = newId();
      const slug = input.slug ?? (await freeSlugFor(input.title));
      const publishedAt = publishedTime(input.publishedAt, now);
      const values = {
        id,
        slug,
        title: input.title,
        category: input.category,
        summary: input.summary,
        body: input.body,
        sourceName: input.sourceName,
        sourceUrl: input.sourceUrl ?? null,
        trending: input.trending ?? false,
        readMinutes: readMinutes(input.body),
        publishedAt,
        authorAccountId: actor.accountId,
        createdAt: now,
      };
      try {
        await db.batch([
          db.insert(newsArticles).values(values),
          deps.audit.entry(
            actor,
            {
              action: "news.create",
              recordType: "news-article",
              recordId: id,
              before: null,
              after: snapshot({ ...values, publishedAt: toIso(publishedAt) }),
            },
            now,
          ),
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
        throw error;
      }
      return byId(id);
    },

    async update(
      actor: AdminActor,
      id: string,
      patch: NewsArticlePatch,
      now = Date.now(),
    ): Promise<NewsArticle> {
      const current = await byId(id);
      const set = [
        patch.title === undefined ? null : sql`title = ${patch.title}`,
        patch.slug === undefined ? null : sql`slug = ${patch.slug}`,
        patch.category === undefined ? null : sql`category = ${patch.category}`,
        patch.summary === undefined ? null : sql`summary = ${patch.summary}`,
        patch.body === undefined
          ? null
          : sql`body = ${patch.body}, read_minutes = ${readMinutes(patch.body)}`,
        patch.sourceName === undefined ? null : sql`source_name = ${patch.sourceName}`,
        patch.sourceUrl === undefined ? null : sql`source_url = ${patch.sourceUrl}`,
        patch.trending === undefined ? null : sql`trending = ${patch.trending ? 1 : 0}`,
        patch.publishedAt === undefined ? null : sql`published_at = ${publishedTime(patch.publishedAt, now)}`,
        sql`updated_at = ${now}`,
      ].filter((part) => part !== null);
      try {
        await db.run(sql`update news_articles set ${sql.join(set, sql`, `)} where id = ${current.id}`);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
        throw error;
      }
      const updated = await byId(id);
      await deps.audit.record(
        actor,
        {
          action: "news.update",
          recordType: "news-article",
          recordId: id,
          before: snapshot(current),
          after: snapshot(updated),
        },
        now,
      );
      return updated;
    },

    async remove(actor: AdminActor, id: string): Promise<void> {
      const before = await byId(id);
      await db.batch([
        db.delete(newsArticles).where(eq(newsArticles.id, id)),
        deps.audit.entry(actor, {
          action: "news.delete",
          recordType: "news-article",
          recordId: id,
          before: snapshot(before),
          after: null,
        }),
      ]);
    },
  };
}
