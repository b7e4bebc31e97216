import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { Mail, Rss } from "~/components/ui/icons";
import { PageIntro, PublicLayout } from "~/components/public/public-layout";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { BLOG_POSTS, formatPostDate, readTimeMinutes } from "~/components/public/copy/blog-posts";
import { publicMeta } from "#lib/seo";

export { staticPageLoader as loader, publicPageHeaders as headers } from "~/utils/public-cache.server";
import type { staticPageLoader } from "~/utils/public-cache.server";
export const meta: MetaFunction<typeof staticPageLoader> = ({ data }) => [
  ...publicMeta({
    title: "Blog",
    description:
      "Wholesale tips, cross-border buying, product updates and industry insights from the DealerLane team.",
    path: "/blog",
    origin: data?.origin,
  }),
  {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: "DealerLane Blog",
    href: "/blog.rss",
  },
];

/** Blog: six posts and a newsletter box. */
export default function Blog() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Blog" title="The DealerLane Blog">
        <p>Wholesale tips, market insights and what is new on DealerLane.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {BLOG_POSTS.map((post) => (
            <li key={post.slug}>
              <article className="relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 transition-shadow focus-within:shadow-lg hover:shadow-lg dark:border-slate-800 dark:bg-slate-900">
                <p className="flex items-center justify-between gap-2 text-xs font-medium">
                  <span className="rounded-full bg-brand-600/10 px-2.5 py-1 text-brand-700 dark:bg-brand-400/15 dark:text-brand-400">
                    {post.category}
                  </span>
                  <span className="text-muted">{readTimeMinutes(post)} min read</span>
                </p>
                <h2 className="mt-4 text-xl font-bold">
                  <Link
                    to={`/blog/${post.slug}`}
                    prefetch="intent"
                    className="after:absolute after:inset-0 hover:underline"
                  >
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-muted">{post.excerpt}</p>
                <p className="mt-5 text-sm text-slate-700 dark:text-slate-300">
                  <span className="font-medium">{post.author}</span> ·{" "}
                  <time dateTime={post.date}>{formatPostDate(post.date)}</time>
                </p>
              </article>
            </li>
          ))}
        </ul>

        <section
          aria-labelledby="newsletter-title"
          className="mt-14 grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8 md:grid-cols-2 md:items-center dark:border-slate-800 dark:bg-slate-900"
        >
          <div>
            <h2 id="newsletter-title" className="flex items-center gap-2 text-2xl font-bold">
              <Mail size={24} aria-hidden="true" className="text-brand-700 dark:text-brand-400" /> Get new
              posts by e-mail
            </h2>
            <p className="mt-2 text-muted">
              About one post a month, no spam. Subscribing sends our team a short request from the contact
              form; you can ask to be removed the same way at any time.
            </p>
          </div>
          <div>
            <form method="get" action="/contact" className="flex flex-col gap-3 sm:flex-row">
              <input type="hidden" name="topic" value="newsletter" />
              <label htmlFor="newsletter-email" className="sr-only">
                Your e-mail address
              </label>
              <input
                id="newsletter-email"
                name="email"
                type="email"
                autoComplete="email"
                placeholder="you@dealership.com"
                className={`${inputClass} min-h-10 flex-1`}
              />
              <button type="submit" className={buttonClass("primary")}>
                Subscribe
              </button>
            </form>
            <p className="mt-3 text-sm text-muted">
              Prefer a feed reader?{" "}
              <a
                href="/blog.rss"
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline dark:text-brand-400"
              >
                <Rss size={14} aria-hidden="true" /> Subscribe via RSS
              </a>
            </p>
          </div>
        </section>
      </div>
    </PublicLayout>
  );
}
