/**
 * Web Push: the subscription a browser hands over, the push switches, what a push carries, and the screens'
 * texts. Pure code, shared by the worker, the page and the service worker's tests.
 */
import { z } from "zod";
import { ALERT_PREFERENCES, type AlertPreference } from "#lib/schemas/notifications";

/** Every kind of alert a dealer can turn off has its own push switch: a new alert kind gets one by itself. */
export const PUSH_KINDS = ALERT_PREFERENCES;
export type PushKind = AlertPreference;

/** Devices (phones, browsers) one dealer can get push on; subscribing one more forgets the oldest. */
export const MAX_PUSH_DEVICES = 10;

/** How long a push service keeps a push for a phone that is off: an alert older than a day is old news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const key = (label: string, min: number, max: number) =>
  z
    .string({ error: `keys.${label} is required` })
    .trim()
    .min(min, `keys.${label} is too short`)
    .max(max, `keys.${label} is too long`)
    .regex(BASE64URL, `keys.${label} must be base64url`);

const isHttpsAddress = (text: string) => URL.canParse(text) && new URL(text).protocol === "https:";

/** Push services are reached over https only (RFC 8030). */
const endpointSchema = z
  .string({ error: "endpoint is required" })
  .trim()
  .max(2048, "endpoint is too long")
  .refine(isHttpsAddress, "endpoint must be an https address");

/** POST /api/push/subscriptions: PushSubscription.toJSON() as the browser gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // A P-256 public point (65 bytes) and a 16-byte secret, base64url.
      p256dh: key("p256dh", 80, 100),
      auth: key("auth", 16, 32),
    },
    { error: "keys (p256dh and auth) are required" },
  ),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: the device that turns push off. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

/** PUT /api/push/switches and the settings page's switch form. */
export const pushSwitchSchema = z.object({
  kind: z.enum(PUSH_KINDS, { error: `kind must be one of ${PUSH_KINDS.join(", ")}` }),
  on: z.boolean({ error: "on must be true or false" }),
});

/** What the service worker receives and shows: `url` is the screen a tap opens. */
export type PushPayload = { title: string; body: string; url: string; tag: string };
