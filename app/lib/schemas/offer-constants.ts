/**
 * What the chat's offer cards and the offer buttons say, apart from the offer schemas (app/lib/schemas/offers.ts):
 * the chat screen shows these on its first load, the schemas load with the offer forms.
 */

/** Whole dollars: a wholesale price below $100 or above $10 million is a typo. */
export const OFFER_PRICE_MIN = 100;
export const OFFER_PRICE_MAX = 10_000_000;
export const OFFER_MESSAGE_MAX = 1000;

export const OFFER_ACTIONS = [
  "offered",
  "countered",
  "accepted",
  "declined",
  "withdrawn",
  "expired",
] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** The screens' toasts and labels. */
export const OFFER_TOASTS = {
  made: { title: "Offer sent" },
  countered: { title: "Counter-offer sent" },
  accepted: { title: "Offer accepted", description: "The deal is in your Pass Thru Sales." },
  declined: { title: "Offer declined" },
  withdrawn: { title: "Offer withdrawn" },
  failed: { title: "Could not update the offer" },
} as const;

export const OFFER_ACTION_WORDS: Record<OfferAction, string> = {
  offered: "offered",
  countered: "countered",
  accepted: "accepted",
  declined: "declined",
  withdrawn: "withdrew",
  expired: "let the clock run out on",
};
