import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "~/components/ui/icons";
import { Prose, PublicLayout } from "~/components/public/public-layout";
import { buttonClass } from "~/components/ui/button";
import { findBlogPost, formatPostDate, readTimeMinutes } from "~/components/public/copy/blog-posts";
import { publicMeta } from "#lib/seo";
import { publicPage, publicPageHeaders } from "~/utils/public-cache.server";

export function loader({ request, context, params }: LoaderFunctionArgs) {
  const post = findBlogPost(params.slug);
  if (!post) throw new Response("Not found", { status: 404 });
  return publicPage(context, request, { post });
}
export const headers = publicPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? publicMeta({
        title: data.post.title,
        description: data.post.excerpt,
        path: `/blog/${data.post.slug}`,
        origin: data.origin,
        type: "article",
      })
    : [{ title: "Page Not Found · DealerLane" }];

export default function BlogPost() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <PublicLayout>
      <Prose>
        <Link
          to="/blog"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
        >
          <ArrowLeft size={16} aria-hidden="true" /> All posts
        </Link>
        <article>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
            {post.category}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
            {post.title}
          </h1>
          <p className="text-sm text-muted">
            By <span className="font-medium text-slate-800 dark:text-slate-200">{post.author}</span>,{" "}
            {post.authorRole} · <time dateTime={post.date}>{formatPostDate(post.date)}</time> ·{" "}
            {readTimeMinutes(post)} min read
          </p>
          <p className="text-lg font-medium text-slate-800 dark:text-slate-200">{post.excerpt}</p>
          {post.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </article>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/blog" className={buttonClass("secondary")}>
            More posts
          </Link>
          <Link to="/login" className={buttonClass("primary")}>
            Start Free Trial
          </Link>
        </div>
      </Prose>
    </PublicLayout>
  );
}
