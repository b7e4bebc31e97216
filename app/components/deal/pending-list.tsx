import { useState } from "react";
import { Button } from "~/components/ui/button";
import { RelativeTime } from "~/components/ui/clock";
import { toastFailure } from "#lib/api-client";
import type { Deal } from "#lib/api-types";
import { DEAL_TEXTS } from "#lib/deals/constants";
import { formatDollars } from "#lib/format";
import { toast } from "#lib/toast";
import { dealApi } from "./deal-api";
import { vehicleTitle } from "./deal-facts";

type DealAnswer = "confirm" | "decline" | "withdraw";
const ANSWERED: Record<Exclude<DealAnswer, "confirm">, string> = {
  decline: "Deal Declined",
  withdraw: "Deal Withdrawn",
};

/** Confirm, decline or withdraw a deal, and tell the dealer how it went: the answered deal, or null. */
export async function answerDeal(deal: Deal, action: DealAnswer): Promise<Deal | null> {
  try {
    const answered = await dealApi[action](deal.id);
    toast(
      action === "confirm"
        ? DEAL_TEXTS.confirmed
        : { title: ANSWERED[action], description: vehicleTitle(deal) },
    );
    return answered;
  } catch (error) {
    if (action === "confirm") toast({ ...DEAL_TEXTS.confirmFailed, variant: "destructive" });
    else toastFailure("Error", error, `Failed to ${action} the deal`);
    return null;
  }
}

/**
 * Pending deals on Pass Thru Sales: the ones waiting for this dealer (confirm or decline here after a
 * 'Review Later') and the ones this dealer proposed (withdraw while the other dealer has not answered).
 */
export function PendingList({ deals, onChanged }: { deals: Deal[]; onChanged(): void }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (deals.length === 0) return null;

  const act = async (deal: Deal, action: DealAnswer) => {
    setBusy(deal.id);
    if (await answerDeal(deal, action)) onChanged();
    setBusy(null);
  };

  return (
    <section aria-labelledby="pending-deals-title" className="flex flex-col gap-2">
      <h2 id="pending-deals-title" className="font-semibold">
        Pending Confirmation
      </h2>
      <ul className="flex flex-col gap-2">
        {deals.map((deal) => (
          <li
            key={deal.id}
            data-testid="pending-deal"
            className="flex flex-wrap items-center gap-3 rounded-xl border border-yellow-500/40 bg-yellow-500/5 p-3"
          >
            <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {vehicleTitle(deal)} <span className="text-slate-500">{formatDollars(deal.priceCents)}</span>
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {deal.canConfirm
                  ? `From ${deal.proposer?.name ?? deal.sellerName}`
                  : `Waiting for ${deal.counterparty?.name ?? "the other dealer"}`}{" "}
                · <RelativeTime at={deal.createdAt} />
              </p>
            </div>
            <div className="ml-auto flex gap-2 sm:ml-0">
              {deal.canConfirm ? (
                <>
                  <Button
                    variant="secondary"
                    disabled={busy !== null}
                    onClick={() => void act(deal, "decline")}
                  >
                    Decline
                  </Button>
                  <Button disabled={busy !== null} onClick={() => void act(deal, "confirm")}>
                    Confirm Deal
                  </Button>
                </>
              ) : deal.proposedByMe ? (
                <Button
                  variant="secondary"
                  disabled={busy !== null}
                  onClick={() => void act(deal, "withdraw")}
                >
                  Withdraw
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
