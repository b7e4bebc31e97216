import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Bell } from "~/components/ui/icons";
import { PageIntro, PublicLayout } from "~/components/public/public-layout";
import { StatusBadge } from "~/components/public/status-badge";
import { StatusBoard } from "~/components/public/status-board";
import { buttonClass } from "~/components/ui/button";
import { formatPostDate } from "~/components/public/copy/blog-posts";
import { pageMeta } from "#lib/seo";
import { PAST_INCIDENTS, STATUS_KINDS } from "#lib/system-status";
import { LIVE_PAGE_CACHE, publicPage, publicPageHeaders } from "~/utils/public-cache.server";

/** The same measurement as `GET /api/health`, taken while rendering (no HTTP call to ourselves). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const health = await context.services.publicSite.health();
  return publicPage(context, request, { health }, LIVE_PAGE_CACHE);
}
export const headers = publicPageHeaders;
export const meta = pageMeta({
  title: "System Status",
  description:
    "Live status of the DealerLane platform, messaging, AI services, authentication and database, and past incidents.",
  path: "/status",
});

/** System Status: five services, live where measurable, and two past incidents. */
export default function Status() {
  const { health } = useLoaderData<typeof loader>();
  return (
    <PublicLayout>
      <PageIntro eyebrow="System Status" title="DealerLane System Status">
        <p>Live health of the services dealers rely on.</p>
      </PageIntro>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <section aria-labelledby="services-title">
          <h2 id="services-title" className="sr-only">
            Services
          </h2>
          <StatusBoard initial={health} />
        </section>

        <section aria-labelledby="incidents-title" className="mt-14">
          <h2 id="incidents-title" className="text-2xl font-bold">
            Past incidents
          </h2>
          <ul className="mt-6 flex flex-col gap-4">
            {PAST_INCIDENTS.map((incident) => (
              <li key={incident.title}>
                <article className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h3 className="font-semibold">{incident.title}</h3>
                      <p className="text-sm text-muted">
                        {incident.service} ·{" "}
                        <time dateTime={incident.date}>{formatPostDate(incident.date)}</time>
                      </p>
                    </div>
                    <StatusBadge status={incident.status} />
                  </div>
                  <ol className="mt-4 flex flex-col gap-2 border-l-2 border-slate-200 pl-4 text-sm dark:border-slate-700">
                    {incident.updates.map((update) => (
                      <li key={update.time}>
                        <span className="font-medium">{update.time}</span>{" "}
                        <span className="text-slate-700 dark:text-slate-300">{update.text}</span>
                      </li>
                    ))}
                  </ol>
                </article>
              </li>
            ))}
          </ul>
        </section>

        <section className="mt-14 grid gap-6 md:grid-cols-2">
          <div>
            <h2 className="text-lg font-bold">What the statuses mean</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {STATUS_KINDS.map((kind) => (
                <li key={kind}>
                  <StatusBadge status={kind} />
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="text-lg font-bold">Get status updates</h2>
            <p className="mt-1 text-sm text-muted">
              Ask us to e-mail you when an incident starts and when it is resolved.
            </p>
            <Link to="/contact?topic=status-updates" className={buttonClass("secondary", "mt-3")}>
              <Bell size={16} aria-hidden="true" /> Subscribe to Updates
            </Link>
          </div>
        </section>
      </div>
    </PublicLayout>
  );
}
