import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { StatGrid } from "~/components/dealer/stat-grid";
import { requireDealer } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "My Stats · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  return { stats: await context.services.profile.stats(viewer.dealer.id) };
}

/** My Stats: figures from the dealer's own posts, views, comments and connections. */
export default function MyStats() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 px-3 sm:px-0">
      <div>
        <h1 className="text-2xl font-bold">My Stats</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Counted from your posts, their views and comments, and your network. Deal figures arrive with deal
          tracking.
        </p>
      </div>
      <StatGrid stats={stats} />
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
