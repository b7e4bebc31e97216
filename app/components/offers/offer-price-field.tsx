import type { ComponentProps } from "react";
import { TextField } from "~/components/ui/field";
import { toastFailure } from "#lib/api-client";
import { OFFER_PRICE_MIN } from "#lib/schemas/offer-constants";
import { OFFER_TOASTS } from "#lib/schemas/offer-constants";
import { toast } from "#lib/toast";

/** The price a dealer typed, in whole dollars, or why it is not one. */
export function readPrice(
  text: string,
): { dollars: number; error?: undefined } | { dollars?: undefined; error: string } {
  const dollars = Number(text);
  return Number.isInteger(dollars) && dollars >= OFFER_PRICE_MIN
    ? { dollars }
    : { error: `Enter a price in whole dollars, at least $${OFFER_PRICE_MIN}` };
}

/** "Your price (USD)": whole dollars, the number pad on a phone. */
export function OfferPriceField(props: Omit<ComponentProps<typeof TextField>, "label" | "type">) {
  return (
    <TextField
      label="Your price (USD)"
      type="number"
      inputMode="numeric"
      min={OFFER_PRICE_MIN}
      step={1}
      {...props}
    />
  );
}

/** An offer was sent: the toast links to it on the Offers screen. */
export const toastOfferMade = (offerId: string, description: string) =>
  toast({
    ...OFFER_TOASTS.made,
    description,
    action: { label: "View offer", to: `/offers?offer=${offerId}` },
  });

/** An offer call failed: the server's reason when it gave one. */
export const toastOfferFailed = (error: unknown) =>
  toastFailure(OFFER_TOASTS.failed.title, error, "Please try again.");
