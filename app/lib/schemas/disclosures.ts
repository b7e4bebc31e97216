/**
 * What the seller announces about a vehicle before it sells, the way auctions make them do it:
 * each question answered yes / no / unknown, plus the keys and free-text notes. Offers and deals
 * keep a copy as it was when they were made, so a later edit never changes what was agreed. Pure code.
 */
import { z } from "zod";

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

export const DISCLOSURE_KEYS_MAX = 10;
export const DISCLOSURE_NOTES_MAX = 1000;

const answer = (question: string) =>
  z.enum(DISCLOSURE_ANSWERS, { error: `${question}: answer yes, no or unknown` }).default("unknown");

export const disclosuresSchema = z
  .object({
    ...(Object.fromEntries(DISCLOSURE_KEYS.map((k) => [k, answer(DISCLOSURE_QUESTIONS[k])])) as {
      [K in DisclosureQuestion]: ReturnType<typeof answer>;
    }),
    // Forms and spreadsheets hand the count over as text: "2" is 2, a blank is "not said".
    keys: z.preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? null : Number(v.trim())) : v),
      z
        .number({ error: "Keys must be a number" })
        .int("Keys must be a whole number")
        .min(0, "Keys cannot be negative")
        .max(DISCLOSURE_KEYS_MAX, `Keys must be at most ${DISCLOSURE_KEYS_MAX}`)
        .nullable()
        .default(null),
    ),
    notes: z
      .string({ error: "Disclosure notes must be text" })
      .trim()
      .max(DISCLOSURE_NOTES_MAX, "Disclosure notes are too long")
      .default(""),
  })
  .meta({ id: "Disclosures" });
export type Disclosures = z.output<typeof disclosuresSchema>;

/** True when the seller announced at least one problem: the card's at-a-glance mark. */
export const hasAnnouncements = (d: Disclosures | null | undefined) =>
  !!d && DISCLOSURE_KEYS.some((k) => d[k] === "yes");

/** The questions the seller answered yes to, in reading order. */
export const announcementsOf = (d: Disclosures | null | undefined): DisclosureQuestion[] =>
  d ? DISCLOSURE_KEYS.filter((k) => d[k] === "yes") : [];

/** The card's badge: "No announcements", "1 announcement", "3 announcements". */
export function announcementsLabel(d: Disclosures): string {
  const n = announcementsOf(d).length;
  return n === 0 ? "No announcements" : `${n} ${n === 1 ? "announcement" : "announcements"}`;
}
