import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PeriodFigures } from "~/components/dealer/period-figures";
import { ADVANCED_STAT_KEYS, StatGrid } from "~/components/dealer/stat-grid";
import { requireDealer } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "My Stats · DealerLane" }];

const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];

const periodOf = (value: string | null): Period => PERIODS.find((p) => String(p) === value) ?? 30;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const period = periodOf(new URL(request.url).searchParams.get("period"));
  // The plan was read with the session; only a request without one (never a page) reads it beside the figures.
  const entitled = context.session
    ? Promise.resolve(context.session.entitlement)
    : context.services.subscriptions.entitlement({ accountId: viewer.accountId });
  const [view, stats, entitlement] = await Promise.all([
    context.services.insights.myStats(
      viewer.dealer.id,
      period,
      entitled.then((e) => e.premium),
    ),
    context.services.insights.dealerStats(viewer.dealer.id),
    entitled,
  ]);
  // Advanced statistics are Premium's: Basic's page never carries those figures.
  if (!entitlement.premium) for (const key of ADVANCED_STAT_KEYS) stats[key] = 0;
  return { view, stats, advanced: entitlement.premium };
}

/** My Stats: the dealer's figures over 7, 30 or 90 days against the period before, then all time. */
export default function MyStats() {
  const { view, stats, advanced } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-4 px-3 sm:px-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">My Stats</h1>
          <p className="text-sm text-muted">
            Counted from your posts, messages, connections and deals, each against the same number of days
            before.
          </p>
        </div>
        <nav aria-label="Period" className="flex gap-1 rounded-lg bg-slate-200/60 p-1 dark:bg-slate-800/60">
          {PERIODS.map((p) => (
            <Link
              key={p}
              to={`?period=${p}`}
              aria-current={view.periodDays === p ? "page" : undefined}
              preventScrollReset
              className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm dark:text-slate-300 dark:aria-[current=page]:bg-slate-900 dark:aria-[current=page]:text-white"
            >
              {`${p} days`}
            </Link>
          ))}
        </nav>
      </div>
      <PeriodFigures view={view} />
      <h2 className="mt-2 text-lg font-semibold">All time</h2>
      <StatGrid stats={stats} advanced={advanced} />
      {stats.posts === 0 ? (
        <p className="text-sm text-muted">
          Nothing posted yet.{" "}
          <Link to="/" className="font-medium text-brand-600 underline dark:text-brand-400">
            Post your first vehicle
          </Link>{" "}
          and these numbers start moving.
        </p>
      ) : null}
    </section>
  );
}
