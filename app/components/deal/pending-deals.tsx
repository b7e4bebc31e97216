import { useCallback, useEffect, useRef, useState } from "react";
import { useInbox, useInboxFrames } from "~/components/chat/inbox-context";
import type { Deal } from "#lib/api-types";
import { DEALS_POLL_MS } from "#lib/deals/constants";
import { dealApi } from "./deal-api";
import { PendingDealDialog } from "./on-demand";
import { answerDeal } from "./pending-list";

const LATER_KEY = "dl-deals-review-later";

function reviewLaterIds(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(LATER_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

/**
 * The 'Pending Confirmation' dialog for the deals waiting for this
 * dealer, on every signed-in screen:
 * a deal proposed to this dealer arrives live over the inbox socket; while the socket is down, GET /api/deals
 * every 5 s instead. 'Review Later' closes it unchanged for the rest of the session.
 */
export function PendingDeals({ onConfirmed }: { onConfirmed?: (deal: Deal) => void }) {
  const { connected } = useInbox();
  const [queue, setQueue] = useState<Deal[]>([]);
  const [busy, setBusy] = useState<"confirm" | "decline" | null>(null);
  const later = useRef<Set<string>>(new Set());

  const offer = useCallback((deals: Deal[]) => {
    setQueue((current) => {
      const waiting = deals.filter((d) => d.canConfirm && !later.current.has(d.id));
      const kept = current.filter((d) => waiting.some((w) => w.id === d.id));
      const added = waiting.filter((w) => !kept.some((k) => k.id === w.id));
      return [...kept, ...added];
    });
  }, []);

  const refresh = useCallback(async () => {
    try {
      offer(await dealApi.pending());
    } catch {
      // offline: the next tick tries again
    }
  }, [offer]);

  useEffect(() => {
    later.current = reviewLaterIds();
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (connected) return;
    const timer = setInterval(() => void refresh(), DEALS_POLL_MS);
    return () => clearInterval(timer);
  }, [connected, refresh]);

  useInboxFrames((frame) => {
    if (frame.type !== "deal") return;
    const deal = frame.deal;
    if (deal.canConfirm && !later.current.has(deal.id)) {
      setQueue((current) => (current.some((d) => d.id === deal.id) ? current : [...current, deal]));
    } else {
      setQueue((current) => current.filter((d) => d.id !== deal.id));
    }
  });

  const deal = queue[0];
  const close = (id: string) => setQueue((current) => current.filter((d) => d.id !== id));

  const reviewLater = () => {
    if (!deal) return;
    later.current.add(deal.id);
    sessionStorage.setItem(LATER_KEY, JSON.stringify([...later.current]));
    close(deal.id);
  };

  const answer = async (action: "confirm" | "decline") => {
    if (!deal) return;
    setBusy(action);
    const answered = await answerDeal(deal, action);
    setBusy(null);
    if (!answered) return;
    close(deal.id);
    if (action === "confirm") onConfirmed?.(answered);
  };

  // Nothing to confirm: no dialog in the page at all (every signed-in page renders this).
  if (!deal) return null;
  return (
    <PendingDealDialog
      deal={deal}
      busy={busy}
      onConfirm={() => void answer("confirm")}
      onDecline={() => void answer("decline")}
      onReviewLater={reviewLater}
      // The dialog's code could not arrive: off the screen for now, offered again by the next refresh.
      onOpenChange={(open) => !open && close(deal.id)}
      footer={
        queue.length > 1 ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">{queue.length - 1} more waiting</p>
        ) : null
      }
    />
  );
}
