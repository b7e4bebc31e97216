import { Clock, TrendingUp } from "~/components/ui/icons";
import type { NewsArticle } from "#lib/api-types";

/** An article's category, Trending badge and read time: the same line on the list and on the article. */
export function ArticleBadges({
  article,
}: {
  article: Pick<NewsArticle, "category" | "trending" | "readMinutes">;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <span className="rounded-full bg-brand-100 px-2 py-0.5 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100">
        {article.category}
      </span>
      {article.trending ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-300">
          <TrendingUp size={12} aria-hidden="true" /> Trending
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1 text-muted">
        <Clock size={12} aria-hidden="true" /> {article.readMinutes} min read
      </span>
    </div>
  );
}
