/**
 * Notifications: the answer types, one schema per call or form, and the screens' toast texts. Pure code.
 */
import { z } from "zod";
import { pageQuery } from "#lib/schemas/paging";
import { PHONE_INVALID_MESSAGE, toE164 } from "#lib/phone";

export const NOTIFICATION_TYPES = [
  "connection",
  "message",
  "deal-alert",
  "price-drop",
  "deal",
  "auction",
  "announcement",
  "billing",
  "offer",
  "deal-deadline",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notification preferences. */
export const PREFERENCE_KEYS = [
  "smsEnabled",
  "emailEnabled",
  "dealAlerts",
  "priceDrops",
  "auctionAlerts",
  "confirmations",
  "offers",
  "dealDeadlines",
] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<PreferenceKey, boolean>;

/** Before a dealer saves any: e-mail on, texts off (a text costs money and needs a phone), every alert on. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  smsEnabled: false,
  emailEnabled: true,
  dealAlerts: true,
  priceDrops: true,
  auctionAlerts: true,
  confirmations: true,
  offers: true,
  dealDeadlines: true,
};

/** The alert kinds a dealer can turn off, by the preference that turns them off. */
export const ALERT_PREFERENCES = [
  "dealAlerts",
  "priceDrops",
  "auctionAlerts",
  "confirmations",
  "offers",
  "dealDeadlines",
] as const;
export type AlertPreference = (typeof ALERT_PREFERENCES)[number];

const flag = (key: string) => z.boolean({ error: `${key} must be true or false` });

/** Switches added after clients first sent the whole object: a PATCH without them keeps what is stored. */
const ADDED_LATER = ["offers", "dealDeadlines"] as const satisfies readonly PreferenceKey[];
type AddedLater = (typeof ADDED_LATER)[number];
const addedLater = (k: PreferenceKey): k is AddedLater => (ADDED_LATER as readonly string[]).includes(k);

/** PATCH /api/notifications/preferences: the whole object, every flag (those added later may be left out). */
export const preferencesSchema = z
  .object(
    Object.fromEntries(
      PREFERENCE_KEYS.map((k) => [k, addedLater(k) ? flag(k).optional() : flag(k)]),
    ) as Record<Exclude<PreferenceKey, AddedLater>, z.ZodBoolean> &
      Record<AddedLater, z.ZodOptional<z.ZodBoolean>>,
  )
  .strict();

export const SMS_MESSAGE_MAX = 320;
export const EMAIL_SUBJECT_MAX = 150;
export const EMAIL_MESSAGE_MAX = 5000;

const required = (label: string, max: number) =>
  z.preprocess(
    (v) => v ?? "",
    z
      .string({ error: `${label} must be text` })
      .trim()
      .min(1, `Please enter a ${label.toLowerCase()}`)
      .max(max, `${label} must be at most ${max} characters`),
  );

/** A US or Canadian number in any usual spelling, answered in E.164. */
export const phoneNumberSchema = z
  .string({ error: PHONE_INVALID_MESSAGE })
  .trim()
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: PHONE_INVALID_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

export const EMAIL_INVALID_MESSAGE = "Enter a valid e-mail address, like name@dealership.com";
export const emailAddressSchema = z
  .string({ error: EMAIL_INVALID_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, EMAIL_INVALID_MESSAGE)
  .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }));

/** POST /api/notifications/test-sms. */
export const testSmsSchema = z.object({
  phoneNumber: phoneNumberSchema,
  message: required("Message", SMS_MESSAGE_MAX),
});

/** POST /api/notifications/test-email. */
export const testEmailSchema = z.object({
  email: emailAddressSchema,
  subject: required("Subject", EMAIL_SUBJECT_MAX),
  message: required("Message", EMAIL_MESSAGE_MAX),
});

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string({ error: "Must be text" }).trim().max(max, `At most ${max} characters`),
  );

export const DEAL_ALERT_NEEDS_CONTACT =
  "Unable to send test deal alert. Make sure your phone and email are configured.";

/**
 * POST /api/notifications/trigger-deal-alert. `userId` and `userName` are read and ignored: the alert goes to
 * the signed-in dealer. The phone and the e-mail may be blank, not both.
 */
export const triggerDealAlertSchema = z
  .object({
    userId: z.unknown().optional(),
    userName: z.unknown().optional(),
    userPhone: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined)),
      phoneNumberSchema.optional(),
    ),
    userEmail: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined)),
      emailAddressSchema.optional(),
    ),
    vehicleData: z.object(
      {
        vehicleInfo: required("Vehicle", 200),
        dealerName: optionalText(120),
        price: z.preprocess(
          (v) => (typeof v === "number" ? String(v) : (v ?? "")),
          z.string({ error: "Price must be text or a number" }).trim().max(40, "Price is too long"),
        ),
        location: optionalText(120),
        urgency: optionalText(40),
      },
      { error: "vehicleData must hold the vehicle, dealer, price, location and urgency" },
    ),
  })
  .superRefine((body, ctx) => {
    if (!body.userPhone && !body.userEmail)
      ctx.addIssue({ code: "custom", path: ["userPhone"], message: DEAL_ALERT_NEEDS_CONTACT });
  });
export type TriggerDealAlert = z.output<typeof triggerDealAlertSchema>;

/** POST /api/notifications/read: these ids, or every notification when `ids` is absent. */
export const markReadSchema = z.object({
  ids: z
    .array(z.string({ error: "Each id must be text" }).min(1).max(64), { error: "ids must be a list" })
    .min(1, "ids must name at least one notification; leave it out to mark all read")
    .max(200, "At most 200 ids at a time")
    .optional(),
});

/** POST /api/notifications/unsubscribe (RFC 8058 one-click): the signed token of the e-mail's link. */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: "Missing unsubscribe token" }).min(1, "Missing unsubscribe token").max(600),
});

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const notificationsQuerySchema = pageQuery(NOTIFICATIONS_PAGE_SIZE, { cursorMax: 200 });

/** Answer of the test sends: the outbox entry. */
export type OutboxReceipt = { id: string; status: "held" | "queued" | "sending" | "sent" | "failed" };

/** The screens' toasts. */
export const NOTIFICATION_TOASTS = {
  preferencesUpdated: { title: "Preferences Updated" },
  preferencesFailed: { title: "Failed to update notification preferences" },
  smsSent: { title: "Test SMS Sent" },
  smsFailed: {
    title: "SMS Test Failed",
    description: "Unable to send test SMS. Check your phone number and try again.",
  },
  emailSent: { title: "Test Email Sent" },
  emailFailed: {
    title: "Email Test Failed",
    description: "Unable to send test email. Check your email address and try again.",
  },
  alertSent: { title: "Deal Alert Sent" },
  alertFailed: { title: "Deal Alert Test Failed", description: DEAL_ALERT_NEEDS_CONTACT },
} as const;
