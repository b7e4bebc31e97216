import { useState } from "react";
import { commissionCents } from "#lib/deals/constants";
import { toast } from "#lib/toast";
import { SampleBadge } from "./deal-facts";
import { PendingDealDialog, type PendingDealShown } from "./pending-deal-dialog";

const SAMPLE_PRICE_CENTS = 2_850_000;

/** The sample the Test Deal Popup shows: made in the browser when the button is pressed, never stored. */
function sampleDeal(now = new Date()): PendingDealShown {
  return {
    proposer: { id: "sample", name: "Alex Sample", dealershipName: "Sample Motors" },
    sellerName: "Sample Motors",
    vin: "1FTEW1E50KFA12345",
    year: now.getFullYear() - 5,
    make: "Ford",
    model: "F-150",
    trim: "XLT SuperCrew",
    miles: 48_250,
    color: "Oxford White",
    priceCents: SAMPLE_PRICE_CENTS,
    estimatedCommissionCents: commissionCents(SAMPLE_PRICE_CENTS),
    location: "Dallas, TX",
    auction: null,
    auctionLocation: null,
    createdAt: now.toISOString(),
  };
}

/**
 * The Test Deal Popup on /messages: the 'Pending Confirmation' dialog exactly as a proposed deal
 * shows it, filled with a sample. Nothing is sent or stored, whichever button the dealer presses.
 */
export function SampleDealPopup({ onClose }: { onClose: () => void }) {
  const [deal] = useState(sampleDeal);
  const answer = (what: string) => {
    onClose();
    toast({ title: "Sample deal", description: `${what}: this was a preview, nothing was saved.` });
  };
  return (
    <PendingDealDialog
      testId="sample-deal-dialog"
      deal={deal}
      busy={null}
      onConfirm={() => answer("Confirm Deal")}
      onDecline={() => answer("Decline")}
      onReviewLater={onClose}
      badge={<SampleBadge />}
      note={
        <p className="text-xs text-slate-500 dark:text-slate-400">
          A preview of the dialog your partners&apos; deal proposals open in, with sample figures. Nothing is
          sent or saved, whichever button you press.
        </p>
      }
    />
  );
}
