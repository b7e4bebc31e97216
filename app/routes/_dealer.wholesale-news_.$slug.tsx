import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { PageNotFound } from "~/components/shell/page-not-found";
import { ArrowLeft, ExternalLink } from "~/components/ui/icons";
import { formatDay } from "#lib/format";
import { requireDealer } from "~/utils/guards.server";
import { ArticleBadges } from "~/components/news/article-badges";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireDealer(context, request);
  const found = await context.services.news.readable(params.slug ?? "");
  if (!found) throw new Response("Not found", { status: 404 });
  return found;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.article.title} · Wholesale News · DealerLane` : "Page Not Found · DealerLane" },
];

/** Markdown's elements, styled inside the article (the HTML comes from the server's safe renderer). */
const BODY_CLASS =
  "text-slate-800 dark:text-slate-200 [&_a]:text-brand-600 [&_a]:underline dark:[&_a]:text-brand-400 [&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_p]:leading-relaxed [&_table]:mt-3 [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_th]:border [&_th]:border-slate-300 [&_th]:px-2 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

/** One Wholesale News article (Read Full Article). */
export default function NewsArticlePage() {
  const { article, html } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <Link
        to="/wholesale-news"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
      >
        <ArrowLeft size={16} aria-hidden="true" /> Wholesale News
      </Link>
      <ArticleBadges article={article} />
      <h1 className="text-2xl font-bold text-balance sm:text-3xl">{article.title}</h1>
      <p className="text-sm text-muted">
        {article.sourceName} · <time dateTime={article.publishedAt}>{formatDay(article.publishedAt)}</time>
      </p>
      <p className="text-lg font-medium text-slate-800 dark:text-slate-200">{article.summary}</p>
      {/* Rendered by worker/domain/news/markdown.ts: raw HTML is escaped and unsafe links are refused. */}
      <div data-testid="article-body" className={BODY_CLASS} dangerouslySetInnerHTML={{ __html: html }} />
      {article.sourceUrl ? (
        <a
          href={article.sourceUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
        >
          Read it at {article.sourceName} <ExternalLink size={14} aria-hidden="true" />
        </a>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <PageNotFound />;
  throw error;
}
