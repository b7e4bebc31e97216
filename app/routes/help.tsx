import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { MessageCircle, Phone } from "~/components/ui/icons";
import { HelpSearch } from "~/components/public/help-search";
import { PageIntro, PublicLayout } from "~/components/public/public-layout";
import { buttonClass } from "~/components/ui/button";
import { SUPPORT } from "#lib/constants";
import { pageMeta } from "#lib/seo";
import { publicPage, publicPageHeaders } from "~/utils/public-cache.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  publicPage(context, request, { query: (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100) });
export const headers = publicPageHeaders;
export const meta = pageMeta({
  title: "Help Center",
  description:
    "Guides to getting started, messaging and billing on DealerLane, and how to reach our support team.",
  path: "/help",
});

export default function Help() {
  const { query } = useLoaderData<typeof loader>();
  return (
    <PublicLayout>
      <PageIntro eyebrow="Help Center" title="How can we help?">
        <p>Guides to getting the most out of DealerLane.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <HelpSearch initialQuery={query} />
        <section className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-brand-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 className="text-xl font-bold">Still need help?</h2>
            <p className="mt-1 text-brand-50">
              Our support team is here Mon-Fri 8 AM-8 PM EST and Sat 9 AM-6 PM EST.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/contact"
              className="inline-flex min-h-10 items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              <MessageCircle size={16} aria-hidden="true" /> Contact Support
            </Link>
            <a
              href={SUPPORT.phoneHref}
              className={buttonClass(
                "secondary",
                "border-white/60 bg-transparent text-white hover:bg-white/10 dark:border-white/60 dark:bg-transparent dark:text-white dark:hover:bg-white/10",
              )}
            >
              <Phone size={16} aria-hidden="true" /> Call Us
            </a>
          </div>
        </section>
      </div>
    </PublicLayout>
  );
}
