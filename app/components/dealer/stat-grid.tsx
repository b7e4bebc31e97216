import type { DealerStats } from "../../../worker/domain/profile";
import { formatCount } from "./dealer-bits";

const GROUPS: { title: string; items: { key: keyof DealerStats; label: string; hint?: string }[] }[] = [
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
    items: [
      { key: "totalViews", label: "Post views" },
      { key: "uniqueViewers", label: "Dealers who viewed" },
      { key: "viewsOnRecentPosts", label: "Views, last 30 days' posts" },
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

/** The dealer's own figures (/my-stats, profile Statistics tab): every number counted from the database. */
export function StatGrid({ stats }: { stats: DealerStats }) {
  return (
    <div className="flex flex-col gap-4">
      {GROUPS.map((group) => (
        <section key={group.title} aria-labelledby={`stats-${group.title}`}>
          <h2
            id={`stats-${group.title}`}
            className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-400"
          >
            {group.title}
          </h2>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {group.items.map((item) => (
              <div
                key={item.key}
                className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
                title={item.hint}
              >
                <dt className="text-xs text-slate-600 dark:text-slate-400">{item.label}</dt>
                <dd className="text-2xl font-bold tabular-nums">{formatCount(stats[item.key])}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
