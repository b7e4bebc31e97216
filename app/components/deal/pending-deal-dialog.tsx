import { Handshake } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import { DialogFrame } from "~/components/ui/dialog-frame";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { DialogHeader } from "~/components/ui/dialog-header";
import type { Deal } from "#lib/api-types";
import { COMMISSION_PERCENT, DEAL_TEXTS } from "#lib/deals/constants";
import { formatDollars } from "#lib/format";
import { DealFacts, vehicleTitle, type DealFactsShown } from "./deal-facts";

export type PendingDealShown = DealFactsShown & Pick<Deal, "proposer" | "estimatedCommissionCents">;

/**
 * The 'Pending Confirmation' dialog as it looks: the deal, the
 * commission and Review Later / Decline / Confirm Deal. What the buttons do is the caller's: a real deal's
 * (PendingDeals) or the Test Deal Popup's sample (SampleDealPopup). `note` and `badge` mark a sample.
 */
export function PendingDealDialog({
  deal,
  busy,
  onConfirm,
  onDecline,
  onReviewLater,
  badge,
  note,
  footer,
  testId = "pending-deal-dialog",
}: {
  deal: PendingDealShown;
  busy: "confirm" | "decline" | null;
  onConfirm: () => void;
  onDecline: () => void;
  onReviewLater: () => void;
  badge?: ReactNode;
  note?: ReactNode;
  footer?: ReactNode;
  testId?: string;
  /** For lazyDialog alone, when the dialog's code could not arrive (Review Later is the dialog's own close). */
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (!open ? onReviewLater() : undefined)}>
      <DialogFrame
        data-testid={testId}
        className="max-h-[92vh] w-[min(34rem,94vw)] gap-4 overflow-y-auto p-5"
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
          {badge}
        </Dialog.Description>
        {note}
        <DealFacts deal={deal} />
        <p className="rounded-lg border border-emerald-500/40 bg-emerald-600/10 p-3 text-sm">
          Estimated Pass Thru Sales commission:{" "}
          <strong data-testid="deal-commission">{formatDollars(deal.estimatedCommissionCents)}</strong> (
          {COMMISSION_PERCENT} % of the price)
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onReviewLater} disabled={busy !== null}>
            {DEAL_TEXTS.reviewLater}
          </Button>
          <Button variant="secondary" onClick={onDecline} disabled={busy !== null}>
            {busy === "decline" ? "Declining…" : "Decline"}
          </Button>
          <Button onClick={onConfirm} disabled={busy !== null}>
            {busy === "confirm" ? "Confirming…" : "Confirm Deal"}
          </Button>
        </div>
        {footer}
      </DialogFrame>
    </Dialog.Root>
  );
}
