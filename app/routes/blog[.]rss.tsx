import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { BLOG_POSTS } from "~/components/public/copy/blog-posts";

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `/blog.rss`: the blog as an RSS 2.0 feed, for the newsletter box's "Subscribe via RSS". */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const items = BLOG_POSTS.map(
    (post) => `    <item>
      <title>${escape(post.title)}</title>
      <link>${origin}/blog/${post.slug}</link>
      <guid isPermaLink="true">${origin}/blog/${post.slug}</guid>
      <pubDate>${new Date(`${post.date}T12:00:00Z`).toUTCString()}</pubDate>
      <category>${escape(post.category)}</category>
      <description>${escape(post.excerpt)}</description>
    </item>`,
  ).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>DealerLane Blog</title>
    <link>${origin}/blog</link>
    <description>Wholesale tips, market insights and product updates from DealerLane.</description>
    <language>en-us</language>
${items}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600, s-maxage=86400",
    },
  });
}
