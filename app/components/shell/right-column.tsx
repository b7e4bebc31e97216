import { useFetchers, useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/app-link";
import { messagePreview } from "#lib/chat-texts";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useInboxFrames } from "~/components/chat/inbox-context";
import { RelativeTime } from "~/components/ui/clock";
import { answerOf, api } from "#lib/api-client";
import type { Activity, RecentChat } from "#lib/api-types";
import { Avatar } from "~/components/ui/avatar";
import { useMediaQuery } from "~/components/ui/use-hydrated";
import { cardClass } from "~/components/ui/panel";

/** The column shows from Tailwind's xl breakpoint; narrower screens never load it. */
const COLUMN_SHOWS = "(min-width: 1280px)";

/**
 * The right column's data: loaded from GET /api/activity after the page has painted and only where the
 * column shows, then kept live by the same inbox socket as the chat list and the unread badge: a received
 * or sent message moves its chat to the top with the new preview and badge at once; a read (or the polling
 * fallback's 'unread' frame), another screen or a finished form post (a new connection) reloads it.
 */
function useActivity(me: string) {
  const shows = useMediaQuery(COLUMN_SHOWS) === true;
  const [activity, setActivity] = useState<Activity | null>(null);
  const { pathname } = useLocation();
  const posting = useFetchers().some((f) => f.state !== "idle" && f.formMethod?.toUpperCase() !== "GET");
  const wasPosting = useRef(false);

  const reload = useCallback(() => {
    answerOf(api.GET("/api/activity"))
      .then(setActivity)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (shows) reload();
  }, [shows, pathname, reload]);

  useEffect(() => {
    if (wasPosting.current && !posting && shows) reload();
    wasPosting.current = posting;
  }, [posting, shows, reload]);

  useInboxFrames((frame) => {
    if (!shows) return;
    if (frame.type === "unread") return reload();
    if (frame.type !== "chat-message") return;
    const { message } = frame;
    setActivity((current) => {
      const chat = current?.recentChats.find((c) => c.chatId === message.chatId);
      if (!current || !chat) {
        reload();
        return current;
      }
      const updated: RecentChat = {
        ...chat,
        lastMessage: messagePreview(message),
        lastMessageAt: message.createdAt,
        unread: message.receiverId === me ? chat.unread + 1 : chat.unread,
      };
      return {
        ...current,
        recentChats: [updated, ...current.recentChats.filter((c) => c.chatId !== chat.chatId)],
      };
    });
  });
  return activity;
}

/** Three rows' height whatever arrives, so nothing below moves when the column fills in. */
function PanelList({ loading, empty, children }: { loading: boolean; empty: string; children: ReactNode }) {
  return (
    <ul className="flex min-h-[9.75rem] flex-col gap-3" aria-busy={loading || undefined}>
      {loading ? <li className="skeleton-rows animate-pulse" aria-hidden="true" /> : children}
      {!loading && !children ? <li className="text-sm text-muted">{empty}</li> : null}
    </ul>
  );
}

/** Right column: the dealer's latest conversations and newest connections — real data. */
export function RightColumn({ me }: { me: string }) {
  const activity = useActivity(me);
  const chats = activity?.recentChats ?? [];
  const connections = activity?.recentConnections ?? [];
  return (
    <aside
      aria-label="Activity"
      className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-72 shrink-0 flex-col gap-4 overflow-y-auto py-4 xl:flex"
    >
      <section className={cardClass} data-testid="messages-panel">
        <h2 className="mb-3 text-sm font-semibold">Messages</h2>
        <PanelList
          loading={activity === null}
          empty="No conversations yet. Message a dealer from their post or profile."
        >
          {chats.length
            ? chats.map((chat) => (
                <li key={chat.chatId} data-testid="panel-chat" data-chat-id={chat.chatId}>
                  <AppLink
                    to={`/messages?chat=${chat.dealerId}`}
                    className="flex items-start gap-3 rounded-md p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    <Avatar name={chat.name} src={chat.avatar} size={32} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate text-sm font-medium">{chat.name}</span>
                        {chat.lastMessageAt ? (
                          <RelativeTime
                            at={chat.lastMessageAt}
                            className="shrink-0 text-xs text-slate-600 dark:text-slate-300"
                          />
                        ) : null}
                      </span>
                      <span
                        className="block truncate text-xs text-slate-600 dark:text-slate-300"
                        data-testid="panel-preview"
                      >
                        {chat.lastMessage ?? "No messages yet"}
                      </span>
                    </span>
                    {chat.unread > 0 ? (
                      <span
                        className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
                        aria-label={`${chat.unread} unread`}
                        data-testid="panel-unread"
                      >
                        {chat.unread}
                      </span>
                    ) : null}
                  </AppLink>
                </li>
              ))
            : null}
        </PanelList>
        <AppLink
          to="/messages"
          className="mt-3 block text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
        >
          Open Messages →
        </AppLink>
      </section>
      <section className={cardClass}>
        <h2 className="mb-3 text-sm font-semibold">New Connections</h2>
        <PanelList loading={activity === null} empty="No connections yet. Find dealers to grow your network.">
          {connections.length
            ? connections.map((c) => (
                <li key={c.dealerId} className="flex h-11 items-center gap-3 p-1">
                  <Avatar name={c.name} size={32} />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{c.name}</span>
                    <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
                      {c.dealershipName} · {c.city}, {c.state}
                    </span>
                  </span>
                </li>
              ))
            : null}
        </PanelList>
        <AppLink
          to="/find-dealers"
          className="mt-3 block text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
        >
          Find more dealers →
        </AppLink>
      </section>
    </aside>
  );
}
