import { badRequest } from "../shared/errors";
import { sql } from "drizzle-orm";
import {
  ALERT_PREFERENCES,
  type AlertPreference,
  type NotificationPreferences,
  type PreferenceKey,
  type OutboxReceipt,
  type TriggerDealAlert,
} from "#lib/schemas/notifications";
import type { InboxFrame } from "#lib/realtime";
import type { Database } from "../../db/client";
import type { DealerRow } from "../dealers";
import { newId } from "../shared/ids";
import type { OutboxService } from "../outbox";
import type { UnsubscribeTokens } from "../outbox/unsubscribe";
import { LIMITS, type Limit, type rateLimitService } from "../rate-limits";
import type { settingsService } from "../settings";
import type { NotificationCentre } from "./centre";
import type { Notifier } from "./notify";
import type { preferencesService } from "./preferences";

/** What each unsubscribe category is called on the confirmation page. */
const CATEGORY_LABELS: Record<AlertPreference | "network", string> = {
  dealAlerts: "deal alerts",
  priceDrops: "price drops",
  auctionAlerts: "auction alerts",
  confirmations: "deal confirmations",
  offers: "offers and counter-offers",
  dealDeadlines: "title and payment deadlines",
  network: "connection and message e-mails",
};

type Deps = {
  centre: NotificationCentre;
  /** Pushes a frame to the dealer's open tabs. */
  push: (dealerId: string, frame: InboxFrame) => Promise<void>;
  preferences: ReturnType<typeof preferencesService>;
  notifier: Notifier;
  outbox: OutboxService;
  tokens: UnsubscribeTokens;
  rateLimits: ReturnType<typeof rateLimitService>;
  settings: ReturnType<typeof settingsService>;
};

/**
 * The /api/notifications calls and the screens behind them: preferences, the three test
 * sends (rate-limited per dealer: they send real texts and e-mails when configured), the notification
 * centre and the one-click unsubscribe.
 */
export function notificationService(db: Database, deps: Deps) {
  /** A test send from an account that has not confirmed its e-mail waits for it, like every other send. */
  async function unconfirmed(dealer: DealerRow): Promise<boolean> {
    if (!dealer.accountId) return false;
    const [row] = await db.all<{ verified: number }>(
      sql`select email_verified_at is not null as verified from accounts where id = ${dealer.accountId}`,
    );
    return !row?.verified;
  }

  /** A dealer's own test text or e-mail, under its own limit, queued like every other message. */
  async function sendTest(
    dealer: DealerRow,
    limit: Limit,
    message: Pick<Parameters<OutboxService["enqueue"]>[0], "channel" | "to" | "template" | "data">,
  ): Promise<OutboxReceipt> {
    await deps.rateLimits.spend([limit, dealer.id]);
    const sent = await deps.outbox.enqueue({
      ...message,
      category: "transactional",
      idempotencyKey: `${message.template}:${newId()}`,
      dealerId: dealer.id,
      held: await unconfirmed(dealer),
    });
    return { id: sent.id, status: sent.status };
  }

  return {
    centre: deps.centre,
    preferences: deps.preferences,
    deliver: deps.notifier.deliver,
    deliverAll: deps.notifier.deliverAll,

    /** Saves the whole preference object (rate-limited per dealer: every switch saves at once). */
    async savePreferences(
      dealerId: string,
      preferences: Partial<NotificationPreferences>,
    ): Promise<NotificationPreferences> {
      await deps.rateLimits.spend([LIMITS.notificationPreferencesPerDealer, dealerId]);
      return deps.preferences.save(dealerId, preferences);
    },

    /** One switch of the settings page, saved on its own (same limit as a whole save). */
    async savePreference(
      dealerId: string,
      key: PreferenceKey,
      on: boolean,
    ): Promise<NotificationPreferences> {
      await deps.rateLimits.spend([LIMITS.notificationPreferencesPerDealer, dealerId]);
      return deps.preferences.setFlag(dealerId, key, on);
    },

    /** Marks some or all read; the dealer's other open tabs get the new count. Answers it. */
    async markRead(dealerId: string, ids?: string[]): Promise<number> {
      const unreadCount = await deps.centre.markRead(dealerId, ids);
      try {
        await deps.push(dealerId, { type: "notifications-read", unreadCount });
      } catch (error) {
        console.error("Bell update failed", error);
      }
      return unreadCount;
    },

    testSms: (dealer: DealerRow, input: { phoneNumber: string; message: string }) =>
      sendTest(dealer, LIMITS.testSmsPerDealer, {
        channel: "sms",
        to: input.phoneNumber,
        template: "test-sms",
        data: { message: input.message, dealershipName: dealer.dealershipName },
      }),

    testEmail: (dealer: DealerRow, input: { email: string; subject: string; message: string }) =>
      sendTest(dealer, LIMITS.testEmailPerDealer, {
        channel: "email",
        to: input.email,
        template: "test-email",
        data: { subject: input.subject, message: input.message, dealershipName: dealer.dealershipName },
      }),

    /**
     * The full test alert, to the signed-in dealer only: in the app (live, with its toast), and by text and
     * e-mail to the phone and address given, as the dealer's channel switches allow.
     */
    async triggerDealAlert(dealer: DealerRow, input: TriggerDealAlert) {
      await deps.rateLimits.spend([LIMITS.testDealAlertPerDealer, dealer.id]);
      const v = input.vehicleData;
      const facts = [
        v.price ? { label: "Price", value: v.price } : null,
        v.location ? { label: "Location", value: v.location } : null,
        v.dealerName ? { label: "Dealer", value: v.dealerName } : null,
        v.urgency ? { label: "Urgency", value: v.urgency } : null,
      ].filter((d): d is { label: string; value: string } => d !== null);
      const result = await deps.notifier.deliver(
        {
          key: `test-alert:${newId()}`,
          dealerId: dealer.id,
          type: "deal-alert",
          title: `Deal alert (test): ${v.vehicleInfo}`,
          body: [
            `A test deal alert for ${v.vehicleInfo}`,
            v.price ? ` at ${v.price}` : "",
            v.dealerName ? ` from ${v.dealerName}` : "",
            v.location ? ` in ${v.location}` : "",
            ". Real alerts arrive like this when a vehicle you are looking for is posted.",
          ].join(""),
          link: "/notifications",
          action: "Open your notifications",
          details: facts,
        },
        { contact: { email: input.userEmail ?? null, phone: input.userPhone ?? null }, always: true },
      );
      if (result.status !== "delivered")
        throw badRequest(`The test alert was not delivered: ${result.reason}`);
      return { notification: result.notification, outbox: result.outbox };
    },

    /** What an unsubscribe link would turn off, without turning it off (the confirmation page). */
    async unsubscribeTarget(token: string): Promise<{ label: string } | null> {
      const claim = await deps.tokens.verify(token);
      if (!claim) return null;
      const label = CATEGORY_LABELS[claim.category as AlertPreference | "network"];
      return label ? { label } : null;
    },

    /** One-click unsubscribe: the token's category off for the token's dealer. Null for a token not ours. */
    async unsubscribe(
      token: string,
    ): Promise<{ category: AlertPreference | "network"; label: string } | null> {
      const claim = await deps.tokens.verify(token);
      if (!claim) return null;
      const [dealer] = await db.all<{ accountId: string | null }>(
        sql`select account_id as accountId from dealers where id = ${claim.dealerId}`,
      );
      if (!dealer) return null;
      if ((ALERT_PREFERENCES as readonly string[]).includes(claim.category)) {
        const category = claim.category as AlertPreference;
        await deps.preferences.setFlag(claim.dealerId, category, false);
        return { category, label: CATEGORY_LABELS[category] };
      }
      if (claim.category === "network" && dealer.accountId) {
        await deps.settings.update(dealer.accountId, { messageNotifications: false });
        return { category: "network", label: CATEGORY_LABELS.network };
      }
      return null;
    },
  };
}
