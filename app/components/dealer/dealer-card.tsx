import { Eye, MapPin, MessageSquare, Pencil } from "~/components/ui/icons";
import { MessagePopup } from "~/components/chat/message-popup";
import { Button } from "~/components/ui/button";
import { ConnectToggle } from "./connect-toggle";
import {
  DealerAvatar,
  DealerBadges,
  Figure,
  Rating,
  formatCount,
  placeOf,
  memberSince,
  type DirectoryDealer,
} from "./dealer-bits";

const ICON_BUTTON =
  "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800";

export type PrevCanadianBadge = "all" | "sellers" | "buyers";

/** "Previous Canadian vehicles": a badge only, chosen in the filters, never sent to the server. */
function prevCanadianLabel(dealer: DirectoryDealer, mode: PrevCanadianBadge): string | null {
  if (mode === "all" || !dealer.buysCanadianVehicles) return null;
  if (mode === "sellers" && dealer.profileType === "seller") return "Canadian vehicles · seller";
  if (mode === "buyers" && dealer.profileType === "buyer") return "Canadian vehicles · buyer";
  return null;
}

/** A dealer in a list: who, where, the real figures, and the actions that will work for this viewer. */
export function DealerCard({
  dealer,
  onQuickView,
  onEdit,
  onConnectedChange,
  allowDisconnect = true,
  prevCanadian = "all",
  reason,
}: {
  dealer: DirectoryDealer;
  onQuickView: (dealer: DirectoryDealer) => void;
  onEdit?: (dealer: DirectoryDealer) => void;
  onConnectedChange?: (dealer: DirectoryDealer, connected: boolean) => void;
  allowDisconnect?: boolean;
  prevCanadian?: PrevCanadianBadge;
  /** Why this dealer is shown (/discover). */
  reason?: string;
}) {
  const badge = prevCanadianLabel(dealer, prevCanadian);
  return (
    <article
      aria-labelledby={`dealer-${dealer.id}-name`}
      data-testid="dealer-card"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex items-start gap-3">
        <DealerAvatar dealer={dealer} src={dealer.avatar} size={48} />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h3 id={`dealer-${dealer.id}-name`} className="truncate font-semibold">
              {dealer.name}
            </h3>
            {dealer.isConnected ? (
              <span
                className="shrink-0 rounded bg-brand-600/15 px-1.5 text-xs font-semibold text-brand-700 dark:text-brand-400"
                title="Direct connection"
              >
                1st
              </span>
            ) : null}
            {dealer.isSelf ? <span className="shrink-0 text-xs text-muted">(you)</span> : null}
          </div>
          <p className="truncate text-sm text-slate-700 dark:text-slate-300">{dealer.dealershipName}</p>
          <p className="flex items-center gap-1 text-xs text-muted">
            <MapPin size={12} />
            {placeOf(dealer) || "Location not given"}
          </p>
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-1.5">
        <DealerBadges dealer={dealer} />
        {badge ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-300">
            {badge}
          </span>
        ) : null}
        {!dealer.hasAccount ? (
          <span
            className="rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400"
            title="Added to the directory by a dealer; not on DealerLane yet"
          >
            Not on DealerLane yet
          </span>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-x-2 text-sm whitespace-nowrap">
        <Rating reputation={dealer.reputation} />
        <span className="text-xs text-muted">Member since {memberSince(dealer.memberSince)}</span>
      </div>

      <div className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 py-2 dark:bg-slate-800/60">
        <Figure value={formatCount(dealer.connectionCount)} label="Connections" />
        <Figure
          value={formatCount(dealer.mutualConnections)}
          label="Mutual"
          title="Connections you have in common"
        />
        <Figure
          value={formatCount(dealer.vehicleCount)}
          label="Vehicles"
          title="Vehicles listed in their posts"
        />
      </div>

      {reason ? <p className="text-sm text-emerald-700 dark:text-emerald-400">{reason}</p> : null}
      {dealer.description ? <p className="line-clamp-2 text-sm text-muted">{dealer.description}</p> : null}

      <div className="mt-auto flex flex-wrap gap-2">
        {dealer.isSelf ? null : (
          <ConnectToggle
            dealerId={dealer.id}
            dealerName={dealer.name}
            connected={dealer.isConnected}
            allowDisconnect={allowDisconnect}
            onChange={(connected) => onConnectedChange?.(dealer, connected)}
            className="flex-1"
          />
        )}
        <Button
          variant="secondary"
          onClick={() => onQuickView(dealer)}
          aria-label={`Quick view of ${dealer.name}`}
        >
          <Eye size={16} /> Quick View
        </Button>
        {dealer.hasAccount && !dealer.isSelf ? (
          <MessagePopup
            dealer={{ id: dealer.id, name: dealer.name }}
            trigger={
              <button
                type="button"
                className={ICON_BUTTON}
                aria-label={`Message ${dealer.name}`}
                title="Message"
              >
                <MessageSquare size={16} />
              </button>
            }
          />
        ) : null}
        {dealer.canEdit && onEdit ? (
          <button
            type="button"
            className={ICON_BUTTON}
            onClick={() => onEdit(dealer)}
            aria-label={`Edit ${dealer.name}`}
            title="Edit dealer"
          >
            <Pencil size={16} />
          </button>
        ) : null}
      </div>
    </article>
  );
}
