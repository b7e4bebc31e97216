import type { Offer, OfferStep } from "#lib/api-types";
import { formatDollars, vehicleLabel } from "#lib/format";
import { OFFER_ACTION_WORDS } from "#lib/schemas/offer-constants";

/** "$26,500" from whole dollars. */
export const priceText = (dollars: number) => formatDollars(dollars * 100);

/** "2020 Ford F-150 XLT". */
export const vehicleText = (offer: Pick<Offer, "vehicle">) => vehicleLabel(offer.vehicle);

export const otherDealerOf = (offer: Offer) => (offer.myRole === "buyer" ? offer.seller : offer.buyer);

/** Who did a step, in the viewer's words: "You" or the other dealer's name. */
export const whoDid = (offer: Offer, step: Pick<OfferStep, "by">) =>
  step.by === offer.myRole ? "You" : (step.by === "buyer" ? offer.buyer : offer.seller).name;

/** "You countered at $26,500" / "Dana Whitfield offered $25,000". */
export function stepLine(offer: Offer, step: OfferStep): string {
  if (step.action === "expired") return "The clock ran out";
  const price =
    step.price !== undefined ? ` ${step.action === "countered" ? "at " : ""}${priceText(step.price)}` : "";
  return `${whoDid(offer, step)} ${OFFER_ACTION_WORDS[step.action]}${price}`;
}

/** The offer's state in one line: whose turn, or how it ended. */
export function statusLine(offer: Offer): string {
  switch (offer.status) {
    case "open":
      return offer.turn === offer.myRole ? "Your turn to answer" : `Waiting for ${otherDealerOf(offer).name}`;
    case "accepted":
      return "Accepted: the deal is confirmed";
    case "declined":
      return "Declined";
    case "withdrawn":
      return "Withdrawn";
    case "expired":
      return "Expired: the clock ran out";
  }
}
