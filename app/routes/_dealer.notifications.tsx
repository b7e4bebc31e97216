import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useFetcher, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import {
  BadgeDollarSign,
  Bell,
  Car,
  Clock,
  Gavel,
  Handshake,
  Megaphone,
  MessageSquare,
  Settings,
  Receipt,
  TrendingDown,
  UserPlus,
  type IconComponent,
} from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useInbox, useInboxFrames } from "~/components/chat/inbox-context";
import { buttonClass } from "~/components/ui/button";
import { MakeOfferButton } from "~/components/offers/make-offer-button";
import { OfferAtAskingButton, askingOfferOf } from "~/components/offers/offer-at-asking";
import { RelativeTime } from "~/components/ui/clock";
import type { Notification } from "#lib/api-types";
import { NOTIFICATIONS_PAGE_SIZE, type NotificationType } from "#lib/schemas/notifications";
import { readForm } from "~/utils/form-body.server";
import { requireDealer } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Notifications · DealerLane" }];

/** The notification centre: newest first, a page at a time (?cursor= works without JavaScript). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const centre = context.services.notifications.centre;
  const [page, unreadCount] = await Promise.all([
    centre
      .list(viewer.dealer.id, { cursor, limit: NOTIFICATIONS_PAGE_SIZE })
      // A stale or mangled cursor in the address shows the newest page rather than an error.
      .catch(() => centre.list(viewer.dealer.id, { limit: NOTIFICATIONS_PAGE_SIZE })),
    centre.unreadCount(viewer.dealer.id),
  ]);
  return { ...page, unreadCount, paged: Boolean(cursor) };
}

/** Mark all read (a plain form, so it works before JavaScript loads). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  await readForm(request);
  const unreadCount = await context.services.notifications.markRead(viewer.dealer.id);
  return { unreadCount };
}

const ICONS: Record<NotificationType, IconComponent> = {
  "deal-alert": Car,
  "price-drop": TrendingDown,
  connection: UserPlus,
  message: MessageSquare,
  deal: Handshake,
  auction: Gavel,
  announcement: Megaphone,
  billing: Receipt,
  offer: BadgeDollarSign,
  "deal-deadline": Clock,
};

const TYPE_LABELS: Record<NotificationType, string> = {
  "deal-alert": "Deal alert",
  "price-drop": "Price drop",
  connection: "Connection",
  message: "Message",
  deal: "Deal",
  auction: "Auction",
  announcement: "Announcement",
  billing: "Billing",
  offer: "Offer",
  "deal-deadline": "Deadline",
};

function markRead(id: string) {
  // keepalive: the request outlives the navigation the click starts.
  void fetch("/api/notifications/read", {
    method: "POST",
    credentials: "include",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ids: [id] }),
  }).catch(() => undefined);
}

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (id: string) => void;
}) {
  const Icon = ICONS[notification.type] ?? Bell;
  const unread = notification.readAt === null;
  const content = (
    <>
      <span
        className={`mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${
          notification.type === "deal-alert" || notification.type === "price-drop"
            ? "bg-brand-600/15 text-brand-700 dark:text-brand-400"
            : "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300"
        }`}
        aria-hidden="true"
      >
        <Icon size={18} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span
            className={`break-words ${unread ? "font-semibold" : "font-medium text-slate-700 dark:text-slate-300"}`}
          >
            {notification.title}
          </span>
        </span>
        <span className="mt-0.5 line-clamp-3 block text-sm wrap-anywhere text-muted">
          {notification.body}
        </span>
        <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
          {TYPE_LABELS[notification.type]} · <RelativeTime at={notification.createdAt} />
        </span>
      </span>
      {unread ? (
        <span
          className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-500"
          aria-label="Unread"
          role="img"
        />
      ) : null}
    </>
  );
  const className = `flex gap-3 px-4 py-3 ${
    unread ? "bg-brand-50/70 dark:bg-brand-600/10" : "bg-white dark:bg-slate-900"
  }`;
  return (
    <li
      data-testid="notification"
      data-unread={unread}
      className="border-b border-slate-200 last:border-b-0 dark:border-slate-800"
    >
      {notification.link ? (
        <Link
          to={notification.link}
          className={`${className} hover:bg-slate-100 dark:hover:bg-slate-800`}
          onClick={() => unread && onOpen(notification.id)}
        >
          {content}
        </Link>
      ) : (
        <div className={className}>{content}</div>
      )}
      <DealAlertOffers notification={notification} />
    </li>
  );
}

const POST_LINK = /^\/post\/([^/?#]+)/;

/**
 * A deal alert answers at once: Make offer on the matched listing, and Offer at asking when the alert says a buy
 * order would pay the listed price (its data names the vehicle and the price).
 */
function DealAlertOffers({ notification }: { notification: Notification }) {
  const postId =
    notification.type === "deal-alert" ? POST_LINK.exec(notification.link ?? "")?.[1] : undefined;
  if (!postId) return null;
  const asking = askingOfferOf((notification as Notification & { data?: unknown }).data);
  return (
    <div className="flex flex-wrap gap-2 px-4 pb-3 pl-16" data-testid="deal-alert-offers">
      {asking ? <OfferAtAskingButton vehicleId={asking.vehicleId} price={asking.price} /> : null}
      <MakeOfferButton postId={postId} className={buttonClass("secondary")} />
    </div>
  );
}

export default function Notifications() {
  const data = useLoaderData<typeof loader>();
  const { setUnreadNotifications } = useInbox();
  const [items, setItems] = useState<Notification[]>(data.items);
  const [cursor, setCursor] = useState<string | null>(data.nextCursor);
  const [loaded, setLoaded] = useState(data);
  const more = useFetcher<typeof loader>();
  const revalidator = useRevalidator();
  const marking = useNavigation().formMethod === "POST";
  const unreadShown = items.filter((n) => n.readAt === null).length;

  if (loaded !== data) {
    // Fresh loader data (after Mark all read, a revalidation or another page) replaces what is shown.
    setLoaded(data);
    setItems(data.items);
    setCursor(data.nextCursor);
  }

  useEffect(() => setUnreadNotifications(data.unreadCount), [data.unreadCount, setUnreadNotifications]);

  useEffect(() => {
    const page = more.data;
    if (!page || more.state !== "idle") return;
    setItems((current) => [...current, ...page.items.filter((n) => !current.some((c) => c.id === n.id))]);
    setCursor(page.nextCursor);
  }, [more.data, more.state]);

  useInboxFrames((frame) => {
    if (frame.type === "notification") {
      setItems((current) =>
        current.some((n) => n.id === frame.notification.id) ? current : [frame.notification, ...current],
      );
    } else if (frame.type === "notifications-read") {
      revalidator.revalidate();
    }
  });

  const open = (id: string) => {
    markRead(id);
    setItems((current) => current.map((n) => (n.id === id ? { ...n, readAt: new Date().toISOString() } : n)));
  };

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-3 sm:px-0">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Notifications</h1>
          <p className="text-sm text-muted" data-testid="unread-summary">
            {data.unreadCount === 0
              ? "You are all caught up."
              : `${data.unreadCount} unread ${data.unreadCount === 1 ? "notification" : "notifications"}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Link to="/notification-settings" className={buttonClass("ghost")}>
            <Settings size={16} aria-hidden="true" /> Settings
          </Link>
          <Form method="post">
            <button
              type="submit"
              className={buttonClass("secondary")}
              disabled={marking || (data.unreadCount === 0 && unreadShown === 0)}
            >
              Mark all read
            </button>
          </Form>
        </div>
      </header>

      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <Bell size={28} className="mx-auto text-slate-400" aria-hidden="true" />
          <h2 className="mt-3 font-semibold">No notifications yet</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-muted">
            Deal alerts for the vehicles you are looking for, price drops, new connections and messages from
            new dealers will show up here.
          </p>
          <Link to="/notification-settings" className={`${buttonClass("secondary")} mt-4`}>
            Choose what you hear about
          </Link>
        </div>
      ) : (
        <ul
          aria-label="Notifications"
          className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800"
        >
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={open} />
          ))}
        </ul>
      )}

      <div className="flex flex-wrap items-center justify-center gap-3">
        {cursor ? (
          <Link
            to={`?cursor=${encodeURIComponent(cursor)}`}
            className={buttonClass("secondary")}
            onClick={(event) => {
              event.preventDefault();
              more.load(`/notifications?cursor=${encodeURIComponent(cursor)}`);
            }}
            aria-disabled={more.state !== "idle"}
          >
            {more.state === "idle" ? "Load more" : "Loading…"}
          </Link>
        ) : items.length > 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">That is everything.</p>
        ) : null}
        {data.paged ? (
          <Link to="/notifications" className={buttonClass("ghost")}>
            Back to the newest
          </Link>
        ) : null}
      </div>
    </section>
  );
}
