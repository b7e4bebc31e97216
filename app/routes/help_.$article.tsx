import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "~/components/ui/icons";
import { Prose, PublicLayout } from "~/components/public/public-layout";
import { buttonClass, linkClass } from "~/components/ui/button";
import { HELP_ARTICLES, findHelpArticle } from "~/components/public/copy/help-articles";
import { publicMeta } from "#lib/seo";
import { publicPage, publicPageHeaders } from "~/utils/public-cache.server";

export function loader({ request, context, params }: LoaderFunctionArgs) {
  const article = findHelpArticle(params.article);
  if (!article) throw new Response("Not found", { status: 404 });
  return publicPage(context, request, { article });
}
export const headers = publicPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? publicMeta({
        title: `${data.article.title} · Help Center`,
        description: data.article.summary,
        path: `/help/${data.article.slug}`,
        origin: data.origin,
        type: "article",
      })
    : [{ title: "Page Not Found · DealerLane" }];

export default function HelpArticle() {
  const { article } = useLoaderData<typeof loader>();
  const related = HELP_ARTICLES.filter((a) => a.category === article.category && a.slug !== article.slug);
  return (
    <PublicLayout>
      <Prose>
        <Link
          to="/help"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
        >
          <ArrowLeft size={16} aria-hidden="true" /> Help Center
        </Link>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
          {article.category}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {article.title}
        </h1>
        <p className="text-lg text-muted">{article.summary}</p>
        {article.body.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {related.length ? (
          <>
            <h2>More in {article.category}</h2>
            <ul>
              {related.map((a) => (
                <li key={a.slug}>
                  <Link to={`/help/${a.slug}`} className={linkClass}>
                    {a.title}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/help" className={buttonClass("secondary")}>
            All help articles
          </Link>
          <Link to="/contact" className={buttonClass("primary")}>
            Contact Support
          </Link>
        </div>
      </Prose>
    </PublicLayout>
  );
}
