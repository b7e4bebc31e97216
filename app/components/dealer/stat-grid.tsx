import type { DealerStats } from "../../../worker/domain/insights/dealer-stats";
import { PremiumUpsell, formatCount } from "./dealer-bits";

type StatKey = keyof DealerStats;

/** What each figure is called on the grid, and the one that explains itself on hover. */
const LABELS: Partial<Record<StatKey, string>> = {
  posts: "Posts",
  activePosts: "Active listings",
  soldPosts: "Sold posts",
  openRequests: "Open requests",
  postsThisMonth: "Posts this month",
  vehiclesListed: "Vehicles listed",
  vehiclesAvailable: "Available now",
  vehiclesSold: "Marked sold",
  totalViews: "Post views",
  uniqueViewers: "Dealers who viewed",
  viewsLast30Days: "Post views, last 30 days",
  commentsReceived: "Comments received",
  commentsWritten: "Comments written",
  connections: "Connections",
  chats: "Conversations",
  messagesSent: "Messages sent",
};
const HINTS: Partial<Record<StatKey, string>> = {
  posts: "Everything you have posted",
};

/** Advanced statistics (`advanced`): a Premium feature on /my-stats. */
const GROUPS: { title: string; advanced?: boolean; keys: StatKey[] }[] = [
  { title: "Posts", keys: ["posts", "activePosts", "soldPosts", "openRequests", "postsThisMonth"] },
  { title: "Vehicles", keys: ["vehiclesListed", "vehiclesAvailable", "vehiclesSold"] },
  {
    title: "Reach",
    advanced: true,
    keys: ["totalViews", "uniqueViewers", "viewsLast30Days", "commentsReceived", "commentsWritten"],
  },
  { title: "Network", keys: ["connections", "chats", "messagesSent"] },
];

/** The figures only Premium sees on /my-stats: who viewed and answered the dealer's posts. */
export const ADVANCED_STAT_KEYS = GROUPS.filter((g) => g.advanced).flatMap((g) => g.keys);

/**
 * The dealer's own figures (/my-stats, profile Statistics tab): every number counted from the database.
 * Without `advanced`, the Premium group shows the way to upgrade instead.
 */
export function StatGrid({ stats, advanced = true }: { stats: DealerStats; advanced?: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      {GROUPS.map((group) =>
        group.advanced && !advanced ? (
          <PremiumUpsell
            key={group.title}
            id={`stats-${group.title}`}
            title={`${group.title}: advanced analytics`}
          >
            Post views, the dealers who viewed your posts and the comments they left come with the Premium
            Plan.
          </PremiumUpsell>
        ) : (
          <section key={group.title} aria-labelledby={`stats-${group.title}`}>
            <h2 id={`stats-${group.title}`} className="mb-2 text-sm font-semibold text-muted">
              {group.title}
            </h2>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {group.keys.map((key) => (
                <div
                  key={key}
                  className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
                  title={HINTS[key]}
                >
                  <dt className="text-xs text-muted">{LABELS[key]}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{formatCount(stats[key])}</dd>
                </div>
              ))}
            </dl>
          </section>
        ),
      )}
    </div>
  );
}
