import { Dialog } from "radix-ui";
import { Button } from "~/components/ui/button";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import type { Offer } from "#lib/api-types";
import { otherDealerOf, priceText, vehicleText } from "./offer-words";

/** Accepting an offer, confirmed first: what the deal will be, and the Accept that makes it (offer-actions.tsx). */
export function AcceptOfferDialog({
  open,
  onOpenChange,
  offer,
  busy,
  onAccept,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  offer: Offer;
  busy: boolean;
  onAccept: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogFrame data-testid="accept-offer-dialog" className="w-[min(28rem,94vw)] gap-4 p-5">
        <DialogHeader>Accept {priceText(offer.price)}?</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          Accepting confirms the deal on the {vehicleText(offer)} with {otherDealerOf(offer).name} at{" "}
          {priceText(offer.price)}. It goes to both your Pass Thru Sales, and the vehicle turns pending sale.
        </Dialog.Description>
        <DialogActions cancelDisabled={busy}>
          <Button disabled={busy} onClick={onAccept}>
            {busy ? "Accepting…" : "Accept offer"}
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
