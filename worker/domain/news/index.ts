import type { Database } from "../../db/client";
import type { AuditTrail } from "../admin/audit";
import { newsArticleService } from "./articles";
import { renderMarkdown } from "./markdown";
import { marketReportService } from "./market-report";

/** Wholesale News: the articles admins write, and the Market Report the daily cron computes. */
export function newsService(db: Database, deps: { audit: AuditTrail; demoNetwork: () => boolean }) {
  const articles = newsArticleService(db, deps);
  return {
    ...articles,
    marketReport: marketReportService(db, deps),

    /** /wholesale-news/{slug}: the article with its Markdown body rendered safely; null when none is published. */
    async readable(slug: string, now = Date.now()) {
      const article = await articles.bySlug(slug, now);
      return article ? { article, html: renderMarkdown(article.body) } : null;
    },
  };
}
