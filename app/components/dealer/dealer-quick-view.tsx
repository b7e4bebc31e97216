import { Link } from "@remix-run/react";
import { Check, MapPin, MessageSquare, UserPlus, X } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { useEffect, useState } from "react";
import { MessagePopup } from "~/components/chat/message-popup";
import { ProposeDealButton } from "~/components/deal/propose-deal-button";
import { ReputationFigures } from "./reputation-figures";
import { DealerContacts } from "~/components/dealer/dealer-contacts";
import { Button, buttonClass } from "~/components/ui/button";
import type { Clock } from "#lib/clock";
import { RelativeTime, useClock } from "~/components/ui/clock";
import { answerOf, api, failureText } from "#lib/api-client";
import type { DealerQuickView } from "#lib/api-types";
import { timeAgo } from "#lib/format";
import { toast, toastError } from "#lib/toast";
import { DealerAvatar, DealerBadges, Figure, Rating, formatCount, placeOf, memberSince } from "./dealer-bits";

/** "Active 5m ago", "Active just now", "Active Nov 12". */
function activeText(lastActiveAt: number | string, { now, timeZone }: Clock) {
  const ago = timeAgo(lastActiveAt, now, timeZone);
  return /^\d+[mhd]$/.test(ago) ? `Active ${ago} ago` : `Active ${ago}`;
}

export type QuickViewData = DealerQuickView;

const POST_TYPE_LABELS: Record<string, string> = {
  single: "Vehicle",
  multiple: "Vehicles",
  spreadsheet: "Inventory sheet",
  "for-sale": "For Sale",
  request: "Requesting",
};

/**
 * The dealer profile popup, with real figures: rating, connections,
 * mutual connections, vehicles listed, deals closed and vehicles sold (their completed deals), member since, and
 * their latest posts as recent activity. Loads GET /api/dealers/{id} when opened.
 */
export function DealerQuickView({
  dealerId,
  open,
  onOpenChange,
}: {
  dealerId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const clock = useClock();
  const [data, setData] = useState<QuickViewData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || !dealerId) return;
    const controller = new AbortController();
    setData((current) => (current?.dealer.id === dealerId ? current : null));
    setError(null);
    answerOf(api.GET("/api/dealers/{id}", { params: { path: { id: dealerId } }, signal: controller.signal }))
      .then(setData)
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setError(failureText(e, "Could not load this dealer. Please try again."));
      });
    return () => controller.abort();
  }, [open, dealerId]);

  async function toggleConnection() {
    if (!data) return;
    const { dealer } = data;
    setBusy(true);
    try {
      let delta = 0;
      if (dealer.isConnected) {
        await answerOf(api.POST("/api/connections/remove", { body: { dealerId: dealer.id } }));
        toast({ title: "Disconnected", description: `Removed ${dealer.name} from your network` });
        delta = -1;
      } else {
        const { status } = (
          await api.POST("/api/connections/add-dealer", { body: { receiverId: dealer.id } })
        ).response;
        toast(
          status === 201
            ? { title: "Connection Added!", description: `Added ${dealer.name} to your network` }
            : { title: "Already connected", description: `You are already connected with ${dealer.name}` },
        );
        delta = status === 201 ? 1 : 0;
      }
      setData({
        ...data,
        dealer: {
          ...dealer,
          isConnected: !dealer.isConnected,
          connectionCount: dealer.connectionCount + delta,
        },
      });
    } catch (e) {
      toastError(failureText(e, "Failed to add dealer"));
    } finally {
      setBusy(false);
    }
  }

  // Closed, it renders nothing: pages hold a quick view per list, and few open it.
  if (!open) return null;
  const dealer = data?.dealer;
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <DialogFrame
        data-testid="dealer-quick-view"
        className="max-h-[92dvh] w-[min(30rem,94vw)] overflow-y-auto [overflow-anchor:none]"
      >
        {dealer?.dealershipPhoto ? (
          <img
            src={dealer.dealershipPhoto}
            alt={`${dealer.dealershipName} dealership`}
            className="h-28 w-full shrink-0 rounded-t-xl object-cover"
          />
        ) : (
          <div
            className="h-16 shrink-0 rounded-t-xl bg-gradient-to-r from-brand-600 to-brand-400"
            aria-hidden="true"
          />
        )}
        <Dialog.Close
          aria-label="Close"
          className="absolute top-2 right-2 rounded-full bg-black/40 p-2 text-white hover:bg-black/60"
        >
          <X size={16} />
        </Dialog.Close>
        {/* Neither the banner nor the body shrinks when the popup is taller than the screen: it scrolls instead. */}
        <div className="flex shrink-0 flex-col gap-4 p-4">
          {!dealer ? (
            <>
              <Dialog.Title className="text-lg font-semibold">Dealer profile</Dialog.Title>
              <Dialog.Description className="text-sm text-muted" aria-live="polite">
                {error ?? "Loading dealer…"}
              </Dialog.Description>
            </>
          ) : (
            <>
              <div className="-mt-12 flex items-end gap-3">
                <DealerAvatar
                  dealer={dealer}
                  src={dealer.avatar}
                  size={72}
                  className="relative rounded-full border-4 border-white dark:border-slate-900"
                />
                <div className="min-w-0 pb-1">
                  <Dialog.Title className="text-lg font-semibold break-words">{dealer.name}</Dialog.Title>
                  <Dialog.Description className="text-sm break-words text-muted">
                    {dealer.dealershipName}
                  </Dialog.Description>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <DealerBadges dealer={dealer} />
                <span className="inline-flex items-center gap-1 text-muted">
                  <MapPin size={14} /> {placeOf(dealer)}
                </span>
                {dealer.isConnected ? (
                  <span className="rounded bg-brand-600/15 px-1.5 text-xs font-semibold text-brand-700 dark:text-brand-400">
                    1st
                  </span>
                ) : null}
              </div>
              <div className="flex items-center justify-between text-sm">
                <Rating reputation={dealer.reputation} />
                <span className="text-muted">
                  {dealer.hidden.includes("onlineStatus")
                    ? "Online status hidden"
                    : dealer.isOnline
                      ? "Online now"
                      : dealer.lastActiveAt
                        ? activeText(dealer.lastActiveAt, clock)
                        : "Not active yet"}
                </span>
              </div>
              <div className="grid grid-cols-3 gap-y-3 rounded-lg bg-slate-50 py-3 dark:bg-slate-800/60">
                <Figure value={formatCount(dealer.connectionCount)} label="Connections" />
                <Figure value={formatCount(dealer.mutualConnections)} label="Mutual" />
                <Figure value={formatCount(dealer.vehicleCount)} label="Vehicles listed" />
                <Figure value={formatCount(data.vehiclesSold)} label="Vehicles sold" />
                <Figure value={formatCount(data.dealsClosed)} label="Deals closed" />
                <Figure value={memberSince(dealer.memberSince)} label="Member since" />
              </div>
              <ReputationFigures reputation={dealer.reputation} />
              <DealerContacts
                email={dealer.email}
                phone={dealer.phone}
                website={dealer.website}
                hidden={dealer.hidden}
              />
              {dealer.description ? (
                <p className="text-sm text-slate-700 dark:text-slate-300">{dealer.description}</p>
              ) : null}
              <section>
                <h3 className="mb-2 text-sm font-semibold">Recent activity</h3>
                {data.recentPosts.length === 0 ? (
                  <p className="text-sm text-muted">No posts yet.</p>
                ) : (
                  <ul className="flex flex-col gap-2">
                    {data.recentPosts.map((post) => (
                      <li key={post.id}>
                        <Link
                          to={`/post/${post.id}`}
                          onClick={() => onOpenChange(false)}
                          className="block rounded-md p-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                        >
                          <span className="line-clamp-1 font-medium">{post.title}</span>
                          <span className="text-xs text-muted">
                            {POST_TYPE_LABELS[post.type] ?? post.type} · {post.status} ·{" "}
                            <RelativeTime at={post.createdAt} />
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              {dealer.isSelf ? null : (
                <div className="flex gap-2">
                  <Button
                    onClick={toggleConnection}
                    disabled={busy}
                    variant={dealer.isConnected ? "secondary" : "primary"}
                    className="flex-1"
                    aria-pressed={dealer.isConnected}
                  >
                    {dealer.isConnected ? <Check size={16} /> : <UserPlus size={16} />}
                    {dealer.isConnected ? "Connected" : "Connect"}
                  </Button>
                  {dealer.hasAccount ? (
                    <MessagePopup
                      dealer={{ id: dealer.id, name: dealer.name }}
                      trigger={
                        <button type="button" className={buttonClass("secondary", "flex-1")}>
                          <MessageSquare size={16} /> Message
                        </button>
                      }
                    />
                  ) : null}
                </div>
              )}
              {dealer.isSelf || !dealer.hasAccount ? null : (
                <ProposeDealButton
                  dealer={{ id: dealer.id, name: dealer.name }}
                  className={buttonClass("secondary", "w-full")}
                />
              )}
            </>
          )}
        </div>
      </DialogFrame>
    </Dialog.Root>
  );
}
