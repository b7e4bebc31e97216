import { sql } from "drizzle-orm";
import { toE164 } from "#lib/phone";
import type { InboxFrame } from "#lib/realtime";
import type { Notification, NotificationData } from "#lib/api-types";
import type { NotificationType, OutboxReceipt } from "#lib/schemas/notifications";
import type { Database } from "../../db/client";
import { PUSH_KINDS, type PushKind } from "#lib/schemas/push";
import type { EnqueueInput, OutboxCategory, OutboxService } from "../outbox";
import { pushesFor, type PushDevices, type PushService } from "../push";
import type { Detail } from "../outbox/templates";
import type { NotificationCentre } from "./centre";
import { toPreferences } from "./preferences";

/** One notification for one dealer, as the fan-out stores it: everything needed to deliver it again. */
export type Delivery = {
  /** The notification's idempotency key; its e-mail and text use `{key}:email` and `{key}:sms`. */
  key: string;
  dealerId: string;
  type: NotificationType;
  title: string;
  body: string;
  /** A path in the app (/post/{id}). */
  link: string | null;
  details?: Detail[];
  action?: string;
  /** What a screen acts on (stored with the notification). */
  data?: NotificationData;
};

/**
 * Which switch turns a kind of notification off, and which channels carry it besides the bell. Texts are
 * for deals, alerts and price drops only; connections and messages go by e-mail under the /settings "Message notifications" switch.
 */
const POLICY: Record<NotificationType, { category: OutboxCategory | null; email: boolean; sms: boolean }> = {
  "deal-alert": { category: "dealAlerts", email: true, sms: true },
  "price-drop": { category: "priceDrops", email: true, sms: true },
  deal: { category: "confirmations", email: true, sms: true },
  auction: { category: "auctionAlerts", email: true, sms: false },
  connection: { category: "network", email: true, sms: false },
  message: { category: "network", email: true, sms: false },
  announcement: { category: null, email: false, sms: false },
  // Receipts and refunds: always e-mailed while e-mail is on (no alert switch turns them off).
  billing: { category: "transactional", email: true, sms: false },
  // Offers are won by whoever answers first: texts too, under the "Offers" switch.
  offer: { category: "offers", email: true, sms: true },
  // A late title or payment: money and paperwork at stake, so texts too, under "Title and payment deadlines".
  "deal-deadline": { category: "dealDeadlines", email: true, sms: true },
};

type Recipient = {
  id: string;
  name: string;
  email: string;
  phone: string;
  smsEnabled: number | null;
  emailEnabled: number | null;
  dealAlerts: number | null;
  priceDrops: number | null;
  auctionAlerts: number | null;
  confirmations: number | null;
  offers: number | null;
  dealDeadlines: number | null;
  emailNotifications: number | null;
  messageNotifications: number | null;
  /** Null for a dealer added to the directory (no account) or an account that has not confirmed its e-mail. */
  verified: number | null;
  hasAccount: number;
};

export type DeliveryResult =
  | { status: "skipped"; reason: string }
  | {
      status: "delivered";
      notification: Notification;
      created: boolean;
      outbox: (OutboxReceipt & { channel: "email" | "sms" })[];
    };

/** What became of one delivery of a batch: delivered or skipped, or failed alone (the others went on). */
export type DeliveryOutcome = DeliveryResult | { status: "failed"; error: unknown };

type DeliverOptions = {
  /** Replaces the profile's phone and e-mail (the test alert). */
  contact?: { email?: string | null; phone?: string | null };
  /** Ignores the alert switch (the test alert). */
  always?: boolean;
};

type NotifierDeps = {
  centre: NotificationCentre;
  outbox: OutboxService;
  /** Pushes a frame to the dealer's open tabs (DealerInbox). */
  push: (dealerId: string, frame: InboxFrame) => Promise<void>;
  /** Web Push: which devices of these dealers get it. */
  devices: Pick<PushService, "devicesOf">;
  origin: string;
};

const isPushKind = (category: OutboxCategory | null): category is PushKind =>
  (PUSH_KINDS as readonly (string | null)[]).includes(category);

const on = (value: number | null | undefined, fallback: boolean) =>
  value === null || value === undefined ? fallback : Boolean(value);

/** A delivery the dealer's switches let through: the bell's notification and the messages that go with it. */
type Planned = { delivery: Delivery; messages: EnqueueInput[] };

/**
 * What one delivery comes to under its recipient's switches: skipped, or the bell plus the e-mail, text and
 * pushes its channels allow. Reads nothing.
 */
function plan(
  delivery: Delivery,
  recipient: Recipient | undefined,
  devices: PushDevices | undefined,
  options: DeliverOptions,
  origin: string,
): Planned | { status: "skipped"; reason: string } {
  if (!recipient) return { status: "skipped", reason: "no such dealer" };
  const preferences = toPreferences({
    smsEnabled: on(recipient.smsEnabled, false),
    emailEnabled: on(recipient.emailEnabled, true),
    dealAlerts: on(recipient.dealAlerts, true),
    priceDrops: on(recipient.priceDrops, true),
    auctionAlerts: on(recipient.auctionAlerts, true),
    confirmations: on(recipient.confirmations, true),
    offers: on(recipient.offers, true),
    dealDeadlines: on(recipient.dealDeadlines, true),
  });
  const policy = POLICY[delivery.type];
  const category = policy.category;
  if (
    !options.always &&
    category &&
    category !== "network" &&
    category !== "transactional" &&
    !preferences[category]
  ) {
    return { status: "skipped", reason: `${category} is off` };
  }

  // E-mails and texts sent on an account's behalf wait until it has confirmed its address.
  const held = Boolean(recipient.hasAccount) && !recipient.verified;
  const data = {
    title: delivery.title,
    body: delivery.body,
    link: delivery.link ? `${origin}${delivery.link}` : null,
    action: delivery.action,
    details: delivery.details,
    recipientName: recipient.name,
  };
  const emailTo = options.contact ? options.contact.email : recipient.email;
  const emailAllowed =
    preferences.emailEnabled &&
    on(recipient.emailNotifications, true) &&
    (category !== "network" || on(recipient.messageNotifications, true));
  const message = (channel: "email" | "sms", to: string): EnqueueInput => ({
    channel,
    to,
    template: "notification",
    data,
    category: category ?? "transactional",
    idempotencyKey: `${delivery.key}:${channel}`,
    dealerId: delivery.dealerId,
    held,
  });
  const messages: EnqueueInput[] = [];
  if (policy.email && emailAllowed && emailTo) messages.push(message("email", emailTo));
  const phone = toE164((options.contact ? options.contact.phone : recipient.phone) ?? "");
  if (policy.sms && preferences.smsEnabled && phone) messages.push(message("sms", phone));
  // Push goes to devices the dealer turned it on for, under its own switch per kind of alert.
  if (isPushKind(category))
    messages.push(
      ...pushesFor(devices, { dealerId: delivery.dealerId, kind: category, key: delivery.key, data }),
    );
  return { delivery, messages };
}

/**
 * Delivers notifications: the dealer's switches, then the bell (stored, pushed live), then e-mail, text and
 * push. A batch costs the same few statements whatever its size: the recipients and their devices read at
 * once, the bells stored at once, the messages stored at once.
 */
export function notifier(db: Database, deps: NotifierDeps) {
  async function recipientsOf(dealerIds: readonly string[]): Promise<Map<string, Recipient>> {
    const rows = await db.all<Recipient>(sql`
      select d.id as id, d.name as name, d.email as email, d.phone as phone,
             p.sms_enabled as smsEnabled, p.email_enabled as emailEnabled, p.deal_alerts as dealAlerts,
             p.price_drops as priceDrops, p.auction_alerts as auctionAlerts, p.confirmations as confirmations,
             p.offers as offers, p.deal_deadlines as dealDeadlines,
             s.email_notifications as emailNotifications, s.message_notifications as messageNotifications,
             a.email_verified_at is not null as verified, d.account_id is not null as hasAccount
      from dealers d
      left join notification_preferences p on p.dealer_id = d.id
      left join user_settings s on s.account_id = d.account_id
      left join accounts a on a.id = d.account_id
      where d.id in (select value from json_each(${JSON.stringify([...new Set(dealerIds)])}))`);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The live frame to the dealer's open tabs; a failure is logged (the notification is stored, the bell catches up). */
  async function pushLive(key: string, dealerId: string, notification: Notification, unreadCount: number) {
    try {
      await deps.push(dealerId, { type: "notification", notification, unreadCount });
    } catch (error) {
      console.error(`Notification ${key}: live push failed (stored; the bell catches up)`, error);
    }
  }

  /**
   * Delivers many notifications at once (a fan-out's batch), each as `deliver` would, answering each one's
   * outcome in order. Repeating a batch stores nothing new (the keys). A failed store or a bad address fails
   * the call, and repeating it is safe.
   */
  async function deliverAll(
    deliveries: readonly Delivery[],
    options: DeliverOptions = {},
  ): Promise<DeliveryOutcome[]> {
    if (deliveries.length === 0) return [];
    const dealerIds = deliveries.map((d) => d.dealerId);
    const [recipients, devices] = await Promise.all([
      recipientsOf(dealerIds),
      deps.devices.devicesOf(dealerIds),
    ]);
    const planned = deliveries.map((d) =>
      plan(d, recipients.get(d.dealerId), devices.get(d.dealerId), options, deps.origin),
    );
    const going = planned.filter((p): p is Planned => "delivery" in p);
    if (going.length === 0) return planned as DeliveryOutcome[];

    const { stored, unread, openTabs } = await deps.centre.storeAll(
      going.map(({ delivery: d }) => ({
        dealerId: d.dealerId,
        type: d.type,
        title: d.title,
        body: d.body,
        link: d.link,
        key: d.key,
        data: d.data,
      })),
    );
    // A key is one alert: one stored for another dealer (a pair whose two posts' fan-outs both matched it) is
    // theirs, and this dealer is neither shown it nor sent anything.
    const ours = (d: Delivery) => {
      const entry = stored.get(d.key);
      return entry?.dealerId === d.dealerId ? entry : undefined;
    };
    const told = going.filter((p) => ours(p.delivery));
    // Every open tab is told at once, while the messages are stored; a dealer with none has no inbox woken.
    const live = Promise.all(
      told
        .filter(({ delivery: d }) => openTabs.has(d.dealerId))
        .map(({ delivery: d }) =>
          pushLive(d.key, d.dealerId, ours(d)!.notification, unread.get(d.dealerId) ?? 0),
        ),
    );
    const messages = told.flatMap((p) => p.messages);
    const entries = await deps.outbox.enqueueAll(messages).finally(() => live);
    const receipts = new Map(
      messages.map((m, i) => [m.idempotencyKey, { ...entries[i]!, channel: m.channel }]),
    );
    return planned.map((p): DeliveryOutcome => {
      if (!("delivery" in p)) return p;
      if (!stored.has(p.delivery.key))
        return { status: "failed", error: new Error(`Notification ${p.delivery.key} was not stored`) };
      const entry = ours(p.delivery);
      if (!entry) return { status: "skipped", reason: "told to another dealer under the same key" };
      const outbox = p.messages.flatMap((m) => {
        const receipt = receipts.get(m.idempotencyKey);
        return receipt && receipt.channel !== "push"
          ? [{ channel: receipt.channel, id: receipt.id, status: receipt.status }]
          : [];
      });
      return { status: "delivered", notification: entry.notification, created: entry.created, outbox };
    });
  }

  return {
    deliverAll,

    /**
     * Delivers one notification. Repeating a delivery stores nothing new (the keys), but pushes the frame
     * again: the browser drops a notification id it already shows, so a delivery cut short heals.
     * `contact` replaces the profile's phone and e-mail, and `always` ignores the alert switch (the test alert).
     */
    async deliver(delivery: Delivery, options: DeliverOptions = {}): Promise<DeliveryResult> {
      const [outcome] = await deliverAll([delivery], options);
      if (!outcome || outcome.status === "failed") throw outcome?.error;
      return outcome;
    },
  };
}

export type Notifier = ReturnType<typeof notifier>;
