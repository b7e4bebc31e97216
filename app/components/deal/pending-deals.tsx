import { Handshake } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { useInbox, useInboxFrames } from "~/components/chat/inbox-context";
import { Button } from "~/components/ui/button";
import { DialogHeader } from "~/components/ui/dialog-header";
import type { Deal } from "~/lib/api-types";
import { DEALS_POLL_MS, DEAL_TEXTS } from "~/lib/deals/constants";
import { formatDollars } from "~/lib/format";
import { toast } from "~/lib/toast";
import { DealFacts, SampleBadge, vehicleTitle } from "./deal-facts";
import { dealApi } from "./deal-api";

const LATER_KEY = "dl-deals-review-later";

function reviewLaterIds(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(LATER_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

/**
 * The 'Pending Confirmation' dialog (business spec §2 Deal confirmation dialog), on every signed-in screen:
 * a deal proposed to this dealer arrives live over the inbox socket; while the socket is down, GET /api/deals
 * every 5 s instead (§9). 'Review Later' closes it unchanged for the rest of the session.
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

  const confirm = async () => {
    if (!deal) return;
    setBusy("confirm");
    try {
      const confirmed = await dealApi.confirm(deal.id);
      toast(DEAL_TEXTS.confirmed);
      close(deal.id);
      onConfirmed?.(confirmed);
    } catch {
      toast({ ...DEAL_TEXTS.confirmFailed, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const decline = async () => {
    if (!deal) return;
    setBusy("decline");
    try {
      await dealApi.decline(deal.id);
      toast({ title: "Deal Declined", description: `You declined the ${vehicleTitle(deal)}.` });
      close(deal.id);
    } catch {
      toast({
        title: "Error",
        description: "Failed to decline the deal. Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  };

  // Nothing to confirm: no dialog in the page at all (every signed-in page renders this).
  if (!deal) return null;
  return (
    <Dialog.Root open onOpenChange={(open) => (!open ? reviewLater() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          data-testid="pending-deal-dialog"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[min(34rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl dark:bg-slate-900"
        >
          <DialogHeader closeLabel={DEAL_TEXTS.reviewLater}>
            <span className="flex items-center gap-2">
              <Handshake size={20} aria-hidden="true" className="text-brand-500" /> {DEAL_TEXTS.pendingTitle}
            </span>
          </DialogHeader>
          <Dialog.Description className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <span>
              {deal.proposer ? `${deal.proposer.name} (${deal.proposer.dealershipName})` : deal.sellerName}{" "}
              proposed a deal on the <strong>{vehicleTitle(deal)}</strong>.
            </span>
            <SampleBadge deal={deal} />
          </Dialog.Description>
          <DealFacts deal={deal} />
          <p className="rounded-lg border border-emerald-500/40 bg-emerald-600/10 p-3 text-sm">
            Estimated Pass Thru Sales commission:{" "}
            <strong data-testid="deal-commission">{formatDollars(deal.estimatedCommissionCents)}</strong> (2 %
            of the price)
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={reviewLater} disabled={busy !== null}>
              {DEAL_TEXTS.reviewLater}
            </Button>
            <Button variant="secondary" onClick={() => void decline()} disabled={busy !== null}>
              {busy === "decline" ? "Declining…" : "Decline"}
            </Button>
            <Button onClick={() => void confirm()} disabled={busy !== null}>
              {busy === "confirm" ? "Confirming…" : "Confirm Deal"}
            </Button>
          </div>
          {queue.length > 1 ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">{queue.length - 1} more waiting</p>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
