import type { DealerStats } from "../../../worker/domain/insights/dealer-stats";
import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { formatCount } from "./dealer-bits";

type Group = {
  title: string;
  /** Advanced statistics: a Premium feature on /my-stats. */
  advanced?: boolean;
  items: { key: keyof DealerStats; label: string; hint?: string }[];
};

const GROUPS: Group[] = [
  {
    title: "Posts",
    items: [
      { key: "posts", label: "Posts", hint: "Everything you have posted" },
      { key: "activePosts", label: "Active listings" },
      { key: "soldPosts", label: "Sold posts" },
      { key: "openRequests", label: "Open requests" },
      { key: "postsThisMonth", label: "Posts this month" },
    ],
  },
  {
    title: "Vehicles",
    items: [
      { key: "vehiclesListed", label: "Vehicles listed" },
      { key: "vehiclesAvailable", label: "Available now" },
      { key: "vehiclesSold", label: "Marked sold" },
    ],
  },
  {
    title: "Reach",
    advanced: true,
    items: [
      { key: "totalViews", label: "Post views" },
      { key: "uniqueViewers", label: "Dealers who viewed" },
      { key: "viewsLast30Days", label: "Post views, last 30 days" },
      { key: "commentsReceived", label: "Comments received" },
      { key: "commentsWritten", label: "Comments written" },
    ],
  },
  {
    title: "Network",
    items: [
      { key: "connections", label: "Connections" },
      { key: "chats", label: "Conversations" },
      { key: "messagesSent", label: "Messages sent" },
    ],
  },
];

/** The figures only Premium sees on /my-stats: who viewed and answered the dealer's posts. */
export const ADVANCED_STAT_KEYS = GROUPS.filter((g) => g.advanced).flatMap((g) => g.items.map((i) => i.key));

/**
 * The dealer's own figures (/my-stats, profile Statistics tab): every number counted from the database.
 * Without `advanced`, the Premium group shows the way to upgrade instead.
 */
export function StatGrid({ stats, advanced = true }: { stats: DealerStats; advanced?: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      {GROUPS.map((group) =>
        group.advanced && !advanced ? (
          <section
            key={group.title}
            aria-labelledby={`stats-${group.title}`}
            className="rounded-xl border border-brand-500/40 bg-brand-600/10 p-4"
          >
            <h2 id={`stats-${group.title}`} className="font-semibold">
              {group.title}: advanced analytics
            </h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Post views, the dealers who viewed your posts and the comments they left come with the Premium
              Plan.
            </p>
            <Link to="/subscribe?plan=premium" className={buttonClass("primary", "mt-3")}>
              Upgrade to Premium
            </Link>
          </section>
        ) : (
          <section key={group.title} aria-labelledby={`stats-${group.title}`}>
            <h2 id={`stats-${group.title}`} className="mb-2 text-sm font-semibold text-muted">
              {group.title}
            </h2>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {group.items.map((item) => (
                <div
                  key={item.key}
                  className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
                  title={item.hint}
                >
                  <dt className="text-xs text-muted">{item.label}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{formatCount(stats[item.key])}</dd>
                </div>
              ))}
            </dl>
          </section>
        ),
      )}
    </div>
  );
}
