import { Link } from "@remix-run/react";
import type { ShellData } from "~/utils/shell.server";
import { timeAgo } from "~/lib/format";
import { Avatar } from "~/components/ui/avatar";

/** Right column (core spec §2): the dealer's latest conversations and newest connections — real data. */
export function RightColumn({ panels }: { panels: ShellData["panels"] }) {
  return (
    <aside
      aria-label="Activity"
      className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-72 shrink-0 flex-col gap-4 overflow-y-auto py-4 xl:flex"
    >
      <section className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="mb-3 text-sm font-semibold">Messages</h2>
        {panels.recentChats.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            No conversations yet. Message a dealer from their post or profile.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {panels.recentChats.map((chat) => (
              <li key={chat.chatId}>
                <Link
                  to={`/messages?chat=${chat.dealerId}`}
                  className="flex items-start gap-3 rounded-md p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  <Avatar name={chat.name} src={chat.avatar} size={32} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-sm font-medium">{chat.name}</span>
                      {chat.lastMessageAt ? (
                        <span className="shrink-0 text-xs text-slate-500">{timeAgo(chat.lastMessageAt)}</span>
                      ) : null}
                    </span>
                    <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                      {chat.lastMessage ?? "No messages yet"}
                    </span>
                  </span>
                  {chat.unread > 0 ? (
                    <span
                      className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
                      aria-label={`${chat.unread} unread`}
                    >
                      {chat.unread}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link to="/messages" className="mt-3 block text-sm font-medium text-brand-600 dark:text-brand-400">
          Open Messages →
        </Link>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="mb-3 text-sm font-semibold">New Connections</h2>
        {panels.recentConnections.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            No connections yet. Find dealers to grow your network.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {panels.recentConnections.map((c) => (
              <li key={c.dealerId} className="flex items-center gap-3">
                <Avatar name={c.name} size={32} />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{c.name}</span>
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                    {c.dealershipName} · {c.city}, {c.state}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link
          to="/find-dealers"
          className="mt-3 block text-sm font-medium text-brand-600 dark:text-brand-400"
        >
          Find more dealers →
        </Link>
      </section>
    </aside>
  );
}
