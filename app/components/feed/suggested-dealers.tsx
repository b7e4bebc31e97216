import { Link } from "@remix-run/react";
import { Eye, Loader2, MapPin } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { MessagePopup } from "~/components/chat/on-demand";
import { ConnectToggle } from "~/components/dealer/connect-toggle";
import {
  DealerAvatar,
  DealerBadges,
  Figure,
  Rating,
  formatCount,
  formatDealerTotal,
  placeOf,
  type DirectoryDealer,
} from "~/components/dealer/dealer-bits";
import { DealerQuickView } from "~/components/dealer/on-demand";
import { Button, buttonClass } from "~/components/ui/button";
import { api, pageOf } from "#lib/api-client";

/** Suggestions are fetched 4 at a time, at most 8 cards are shown. */
export const SUGGESTIONS_FETCH_LIMIT = 4;
export const SUGGESTIONS_MAX_CARDS = 8;

type Page = { dealers: DirectoryDealer[]; nextCursor: string | null; total: number };

async function fetchSuggestions(cursor: string | null, signal?: AbortSignal): Promise<Page> {
  const query = { limit: SUGGESTIONS_FETCH_LIMIT, sort: "active", cursor: cursor ?? undefined } as const;
  const page = await pageOf(
    api.GET("/api/dealers", { params: { query: { ...query, exclude: ["self", "connected"] } }, signal }),
  );
  return { dealers: page.items, nextCursor: page.nextCursor, total: page.total ?? page.items.length };
}

/**
 * 'Suggested Dealers to Connect With': dealers the current dealer is not connected to, most
 * active first, with their real figures. Quick View opens the dealer popup (which also offers Message);
 * Connect adds the connection through the home page's action ('Connected!'), then opens the message popup
 * so the dealer can introduce themselves.
 */
export function SuggestedDealers() {
  const [page, setPage] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [quickView, setQuickView] = useState<string | null>(null);
  const [introduce, setIntroduce] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchSuggestions(null, controller.signal)
      .then(setPage)
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, []);

  async function showMore() {
    if (!page?.nextCursor) return;
    setLoadingMore(true);
    try {
      const next = await fetchSuggestions(page.nextCursor);
      setPage({
        dealers: [...page.dealers, ...next.dealers].slice(0, SUGGESTIONS_MAX_CARDS),
        nextCursor: next.nextCursor,
        total: page.total,
      });
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }

  if (failed && !page) return null;
  if (page && page.dealers.length === 0) return null;
  const dealers = page?.dealers ?? [];
  const canShowMore = Boolean(page?.nextCursor) && dealers.length < SUGGESTIONS_MAX_CARDS;

  return (
    <section aria-labelledby="suggested-dealers-title" className="feed-card" data-testid="suggested-dealers">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="suggested-dealers-title" className="text-base font-semibold">
          Suggested Dealers to Connect With
        </h2>
        <span className="rounded-full bg-brand-600/15 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:text-brand-400">
          Expand Your Network
        </span>
      </div>
      {!page ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Loader2 size={14} className="animate-spin" aria-hidden="true" /> Finding dealers for you…
        </p>
      ) : (
        <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2">
          {dealers.map((dealer) => (
            <li
              key={dealer.id}
              className="flex w-72 shrink-0 snap-start flex-col gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
              data-testid="suggested-dealer"
            >
              <div className="flex items-start gap-2">
                <DealerAvatar dealer={dealer} size={40} />
                <div className="min-w-0">
                  <p className="truncate font-semibold">{dealer.name}</p>
                  <p className="truncate text-xs text-muted">{dealer.dealershipName}</p>
                  <p className="flex items-center gap-1 text-xs text-muted">
                    <MapPin size={11} aria-hidden="true" /> {placeOf(dealer)}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-1.5 text-xs">
                <DealerBadges dealer={dealer} />
                <Rating reputation={dealer.reputation} className="text-xs" />
              </div>
              <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-50 py-1.5 dark:bg-slate-800/60">
                <Figure value={formatCount(dealer.vehicleCount)} label="vehicles" />
                <Figure
                  value={formatCount(dealer.reputation.dealsCompleted)}
                  label="deals"
                  title="Deals completed with other dealers on DealerLane"
                />
                <Figure value={formatCount(dealer.connectionCount)} label="connections" />
              </div>
              <div className="mt-auto grid grid-cols-2 gap-1.5">
                <Button
                  variant="secondary"
                  className="px-2 whitespace-nowrap"
                  onClick={() => setQuickView(dealer.id)}
                >
                  <Eye size={15} aria-hidden="true" /> Quick View
                </Button>
                <ConnectToggle
                  dealerId={dealer.id}
                  dealerName={dealer.name}
                  connected={dealer.isConnected}
                  allowDisconnect={false}
                  onChange={(connected) => {
                    if (connected) setIntroduce({ id: dealer.id, name: dealer.name });
                  }}
                  className="px-2 whitespace-nowrap"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted" aria-live="polite">
          {page ? `Showing ${dealers.length} of ${formatDealerTotal(page.total)} suggested dealers` : ""}
        </span>
        <span className="flex gap-2">
          {canShowMore ? (
            <Button variant="ghost" onClick={() => void showMore()} disabled={loadingMore}>
              {loadingMore ? <Loader2 size={14} className="animate-spin" aria-hidden="true" /> : null} Show
              more
            </Button>
          ) : null}
          <Link to="/find-dealers" className={buttonClass("secondary")}>
            View All Dealers
          </Link>
        </span>
      </div>
      {introduce ? (
        <MessagePopup
          key={introduce.id}
          dealer={introduce}
          open
          onOpenChange={(open) => !open && setIntroduce(null)}
        />
      ) : null}
      <DealerQuickView
        dealerId={quickView}
        open={quickView !== null}
        onOpenChange={(open) => !open && setQuickView(null)}
      />
    </section>
  );
}
