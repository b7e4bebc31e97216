import { useState } from "react";
import { Button } from "~/components/ui/button";
import { askingOfferSchema, OFFER_CLOCK_DEFAULT_HOURS } from "#lib/schemas/offers";
import { offerApi } from "./offer-api";
import { toastOfferFailed, toastOfferMade } from "./offer-price-field";
import { priceText } from "./offer-words";

/** The vehicle and price a deal alert offers at asking, when its data says so; null otherwise. */
export function askingOfferOf(data: unknown): { vehicleId: string; price: number } | null {
  const parsed = askingOfferSchema.safeParse(data);
  if (!parsed.success) return null;
  const price =
    parsed.data.price ?? (parsed.data.priceCents !== undefined ? parsed.data.priceCents / 100 : undefined);
  return price !== undefined && Number.isFinite(price)
    ? { vehicleId: parsed.data.vehicleId, price: Math.round(price) }
    : null;
}

/** **Offer at asking**: one tap, an offer at the listed price under the default clock. */
export function OfferAtAskingButton({ vehicleId, price }: { vehicleId: string; price: number }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const made = await offerApi.make({ vehicleId, price, expiresInHours: OFFER_CLOCK_DEFAULT_HOURS });
      setSent(true);
      toastOfferMade(made.id, `${priceText(price)}, the asking price.`);
    } catch (failure) {
      toastOfferFailed(failure);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={() => void send()} disabled={sending || sent}>
      {sent ? "Offer sent" : sending ? "Sending…" : "Offer at asking"}
    </Button>
  );
}
