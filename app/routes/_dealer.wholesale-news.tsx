import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MarketReportCard } from "~/components/news/market-report";
import { buttonClass } from "~/components/ui/button";
import type { NewsArticle } from "#lib/api-types";
import { formatDay } from "#lib/format";
import { NEWS_PAGE_SIZE } from "#lib/schemas/news";
import { requireDealer } from "~/utils/guards.server";
import { ArticleBadges } from "~/components/news/article-badges";

export const meta: MetaFunction = () => [{ title: "Wholesale News · DealerLane" }];

/** The newest articles (a page at a time, by cursor) and the latest Market Report, computed by the daily cron. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDealer(context, request);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const news = context.services.news;
  const firstPage = () => news.list({ limit: NEWS_PAGE_SIZE });
  const [page, report] = await Promise.all([
    // A cursor that is no longer good (or was crafted) shows the first page, never an error.
    news.list({ cursor, limit: NEWS_PAGE_SIZE }).catch(firstPage),
    cursor ? null : news.marketReport.latest(),
  ]);
  return { articles: page.items, nextCursor: page.nextCursor, report, paged: Boolean(cursor) };
}

function ArticleCard({ article }: { article: NewsArticle }) {
  return (
    <article
      data-testid="news-article"
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <ArticleBadges article={article} />
      <h2 className="text-lg font-semibold">{article.title}</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{article.summary}</p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span>
          {article.sourceName} · <time dateTime={article.publishedAt}>{formatDay(article.publishedAt)}</time>
        </span>
        <Link
          to={`/wholesale-news/${article.slug}`}
          className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
          aria-label={`Read Full Article: ${article.title}`}
        >
          Read Full Article →
        </Link>
      </div>
    </article>
  );
}

/** Wholesale News: the Market Report, then the articles admins write, newest first. */
export default function WholesaleNews() {
  const data = useLoaderData<typeof loader>();
  const more = useFetcher<typeof loader>();
  const [articles, setArticles] = useState(data.articles);
  const [nextCursor, setNextCursor] = useState(data.nextCursor);

  useEffect(() => {
    setArticles(data.articles);
    setNextCursor(data.nextCursor);
  }, [data]);

  useEffect(() => {
    if (!more.data || more.state !== "idle") return;
    const page = more.data;
    setArticles((current) => [
      ...current,
      ...page.articles.filter((a) => !current.some((c) => c.id === a.id)),
    ]);
    setNextCursor(page.nextCursor);
  }, [more.data, more.state]);

  const nextHref = nextCursor ? `/wholesale-news?cursor=${encodeURIComponent(nextCursor)}` : null;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 px-3 sm:px-0">
      <div>
        <h1 className="text-2xl font-bold">Wholesale News</h1>
        <p className="text-sm text-muted">
          The wholesale market from DealerLane&apos;s own network, and the news that moves it.
        </p>
      </div>
      {data.report ? <MarketReportCard report={data.report} /> : null}
      {articles.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No articles yet.
        </p>
      ) : (
        <div className="flex flex-col gap-3" aria-label="Articles">
          {articles.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
      )}
      <div className="flex justify-center gap-3">
        {nextHref ? (
          <Link
            to={nextHref}
            className={buttonClass("secondary")}
            onClick={(event) => {
              // With JavaScript the next page joins this one; without, the link opens it.
              event.preventDefault();
              if (more.state === "idle") more.load(nextHref);
            }}
          >
            {more.state === "loading" ? "Loading…" : "Load More"}
          </Link>
        ) : articles.length > 0 ? (
          <p className="text-sm text-muted">You have read every article.</p>
        ) : null}
        {data.paged ? (
          <Link to="/wholesale-news" className={buttonClass("ghost")}>
            Back to the newest
          </Link>
        ) : null}
      </div>
    </section>
  );
}
