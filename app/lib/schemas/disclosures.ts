/**
 * What the seller announces about a vehicle before it sells, the way auctions make them do it:
 * each question answered yes / no / unknown, plus the keys and free-text notes. Offers and deals
 * keep a copy as it was when they were made, so a later edit never changes what was agreed. Pure code.
 */
import { z } from "zod";
import {
  DISCLOSURE_ANSWERS,
  DISCLOSURE_KEYS,
  DISCLOSURE_QUESTIONS,
  type DisclosureQuestion,
} from "#lib/schemas/disclosure-constants";

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
