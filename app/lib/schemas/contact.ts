import { z } from "zod";
import { CONTACT_DEALERSHIP_TYPES } from "#lib/constants";

/** The contact form's success toast. */
export const CONTACT_SENT = {
  title: "Message Sent",
  description: "Thank you for contacting us. We'll get back to you within 24 hours.",
} as const;

/** The honeypot: a field people never see. Whatever fills it is a bot. */
export const CONTACT_HONEYPOT_FIELD = "website";

const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/**
 * The contact form: name, e-mail (format) and message required; dealership name and
 * type optional. Used by the /contact action, by the form before sending, and by `POST /api/contact`.
 */
export const contactMessageSchema = z.object({
  fullName: z
    .string({ error: "Please enter your full name" })
    .trim()
    .min(1, "Please enter your full name")
    .max(120, "Your name is too long"),
  email: z
    .string({ error: "Please enter your e-mail address" })
    .trim()
    .toLowerCase()
    .min(1, "Please enter your e-mail address")
    .max(254, "That e-mail address is too long")
    .pipe(z.email({ error: "Please enter a valid e-mail address" })),
  dealershipName: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(160, "The dealership name is too long").optional(),
  ),
  dealershipType: z.preprocess(
    emptyToUndefined,
    z.enum(CONTACT_DEALERSHIP_TYPES, { error: "Please choose a dealership type from the list" }).optional(),
  ),
  message: z
    .string({ error: "Please enter a message" })
    .trim()
    .min(1, "Please enter a message")
    .max(5000, "Please keep your message under 5,000 characters"),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** True when the hidden honeypot field came back filled in. */
export function isHoneypotFilled(values: Record<string, unknown> | null | undefined): boolean {
  const value = values?.[CONTACT_HONEYPOT_FIELD];
  return typeof value === "string" && value.trim() !== "";
}

export const CONTACT_TYPE_LABELS: Record<(typeof CONTACT_DEALERSHIP_TYPES)[number], string> = {
  independent: "Independent Dealer",
  franchise: "Franchise Dealer",
  wholesaler: "Wholesaler",
  auction: "Auction House",
  other: "Other",
};

/**
 * Prefilled messages for links that lead here from other public pages (`/contact?topic=…`): the blog's
 * newsletter box, careers, pricing, the API docs and the status page. Only these fixed texts are ever
 * prefilled; the visitor reads and sends them like any other message.
 */
export const CONTACT_TOPICS = {
  sales: "I'd like to talk to sales about an Enterprise plan for our dealer group.",
  newsletter: "Please add me to the DealerLane newsletter (new blog posts and product updates).",
  "status-updates": "Please e-mail me when the DealerLane system status changes (incidents and maintenance).",
  "api-access": "We'd like API access for our dealership. Here is what we want to build:",
  careers: "I'd like to apply to DealerLane. A little about me:",
} as const;
export type ContactTopic = keyof typeof CONTACT_TOPICS;

export function isContactTopic(value: string | null): value is ContactTopic {
  return value !== null && Object.hasOwn(CONTACT_TOPICS, value);
}
