/**
 * The seller's announcements as a card shows them, without the form's schema (app/lib/schemas/disclosures.ts,
 * which imports these): the feed's cards read them on the first load, the schema loads with the form.
 */

export const DISCLOSURE_ANSWERS = ["yes", "no", "unknown"] as const;
export type DisclosureAnswer = (typeof DISCLOSURE_ANSWERS)[number];

/** The announcements, in the order a dealer reads them, with the question as the form asks it. */
export const DISCLOSURE_QUESTIONS = {
  frameDamage: "Frame or structural damage",
  floodOrFire: "Flood or fire damage",
  titleBrand: "Title brand (salvage, rebuilt, lemon buy-back, true miles unknown)",
  odometerNotActual: "Odometer not actual or past its mechanical limit",
  airbags: "Airbags deployed or missing",
  engineOrTransmission: "Engine or transmission problem",
  warningLights: "Warning lights on",
  priorPaintOrBody: "Prior paint or body work",
} as const;
export type DisclosureQuestion = keyof typeof DISCLOSURE_QUESTIONS;
export const DISCLOSURE_KEYS = Object.keys(DISCLOSURE_QUESTIONS) as DisclosureQuestion[];

/** Any record of answers, the schema's output among them. */
type Answers = { readonly [K in DisclosureQuestion]?: DisclosureAnswer };

/** True when the seller announced at least one problem: the card's at-a-glance mark. */
export const hasAnnouncements = (d: Answers | null | undefined) =>
  !!d && DISCLOSURE_KEYS.some((k) => d[k] === "yes");

/** The questions the seller answered yes to, in reading order. */
export const announcementsOf = (d: Answers | null | undefined): DisclosureQuestion[] =>
  d ? DISCLOSURE_KEYS.filter((k) => d[k] === "yes") : [];

/** The card's badge: "No announcements", "1 announcement", "3 announcements". */
export function announcementsLabel(d: Answers): string {
  const n = announcementsOf(d).length;
  return n === 0 ? "No announcements" : `${n} ${n === 1 ? "announcement" : "announcements"}`;
}
