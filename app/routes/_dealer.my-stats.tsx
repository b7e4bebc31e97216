import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ADVANCED_STAT_KEYS, StatGrid } from "~/components/dealer/stat-grid";
import { requireDealer } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "My Stats · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const [stats, entitlement] = await Promise.all([
    context.services.profile.stats(viewer.dealer.id),
    context.services.subscriptions.entitlement({ accountId: viewer.accountId }),
  ]);
  // Advanced statistics are Premium's (business spec §9): Basic's page never carries those figures.
  if (!entitlement.premium) for (const key of ADVANCED_STAT_KEYS) stats[key] = 0;
  return { stats, advanced: entitlement.premium };
}

/** My Stats: figures from the dealer's own posts, views, comments and connections. */
export default function MyStats() {
  const { stats, advanced } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 px-3 sm:px-0">
      <div>
        <h1 className="text-2xl font-bold">My Stats</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Counted from your posts, their views and comments, and your network. Deal figures arrive with deal
          tracking.
        </p>
      </div>
      <StatGrid stats={stats} advanced={advanced} />
      {stats.posts === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
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
