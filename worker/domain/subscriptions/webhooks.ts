import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { paymentEvents } from "../../db/schema";
import { type Stripe, verifyStripeEvent } from "../../integrations/stripe";
import { badRequest } from "../shared/errors";
import type { SubscriptionRow, SubscriptionService } from "./index";

type Status = SubscriptionRow["status"];

/** Stripe's subscription statuses in ours. */
const STATUS: Record<Stripe.Subscription.Status, Status> = {
  active: "active",
  trialing: "trialing",
  past_due: "past_due",
  unpaid: "past_due",
  paused: "past_due",
  canceled: "canceled",
  incomplete: "incomplete",
  incomplete_expired: "canceled",
};

const seconds = (value: number | null | undefined) => (value == null ? null : value * 1000);

type WebhookOutcome = { received: true; duplicate: boolean; applied: boolean };

/**
 * POST /api/webhooks/stripe: the signature is checked over the raw body (400 otherwise), each event id is
 * applied once, and an event older than the last one applied to a subscription never moves it backwards.
 */
export function stripeWebhooks(db: Database, service: SubscriptionService, stripe: Stripe, secret: string) {
  /** The subscription row an event is about: by Stripe's id, else by the dealer named in its metadata. */
  async function rowFor(subscriptionId: string | null, dealerId?: string) {
    const byId = subscriptionId ? await service.rowByExternalId(subscriptionId) : undefined;
    if (byId) return byId;
    return dealerId ? service.rowOf(dealerId) : undefined;
  }

  async function cardOf(subscription: Stripe.Subscription | string) {
    const id = typeof subscription === "string" ? subscription : subscription.id;
    const full = await stripe.subscriptions.retrieve(id, { expand: ["default_payment_method"] });
    const method = full.default_payment_method;
    if (!method || typeof method === "string" || !method.card) return null;
    return { brand: method.card.brand, last4: method.card.last4 };
  }

  async function subscriptionChanged(subscription: Stripe.Subscription, eventAt: number, now: number) {
    const row = await rowFor(subscription.id, subscription.metadata?.dealerId);
    if (!row || (row.externalId && row.externalId !== subscription.id)) return false;
    if (row.lastEventAt !== null && eventAt < row.lastEventAt) return false;
    const item = subscription.items.data[0];
    const lookupKey = item?.price.lookup_key;
    const plan = lookupKey ? await service.catalogue.byLookupKey(lookupKey) : undefined;
    let status = STATUS[subscription.status];
    // Canceled is the end of a Stripe subscription: nothing brings it back (a new one is a new id).
    if (row.status === "canceled" && row.externalId === subscription.id) status = "canceled";
    const periodEnd = seconds(item?.current_period_end);
    const samePeriod = periodEnd !== null && periodEnd === row.currentPeriodEnd;
    // A downgrade switches Stripe's price at once, but the dearer plan was paid until the period end.
    const keepPlan = plan && row.nextPlanId === plan.id && samePeriod;
    await service.update(
      row.id,
      {
        status,
        externalId: subscription.id,
        planId: plan && !keepPlan ? plan.id : row.planId,
        nextPlanId: keepPlan ? row.nextPlanId : plan?.id === row.nextPlanId ? null : row.nextPlanId,
        currentPeriodStart: seconds(item?.current_period_start) ?? row.currentPeriodStart,
        currentPeriodEnd: Math.max(periodEnd ?? 0, row.currentPeriodEnd ?? 0) || null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        lastEventAt: eventAt,
      },
      now,
    );
    return true;
  }

  async function invoiceEvent(invoice: Stripe.Invoice, paid: boolean, eventAt: number, now: number) {
    const parent = invoice.parent?.subscription_details;
    const subscriptionId =
      typeof parent?.subscription === "string" ? parent.subscription : (parent?.subscription?.id ?? null);
    const row = await rowFor(subscriptionId, parent?.metadata?.dealerId ?? undefined);
    if (!row || !invoice.id) return false;
    const line = invoice.lines.data[0];
    const renewal = invoice.billing_reason === "subscription_cycle";
    const planId = renewal && row.nextPlanId ? row.nextPlanId : row.planId;
    const plan = await service.catalogue.get(planId);
    await service.recordPayment({
      dealerId: row.dealerId,
      subscriptionId: row.id,
      planId,
      processor: "stripe",
      externalId: invoice.id,
      paymentRef: null,
      description:
        invoice.billing_reason === "subscription_update"
          ? `Change to ${plan.name} (prorated)`
          : `${plan.name}, monthly`,
      amountCents: paid ? invoice.amount_paid : invoice.amount_due,
      status: paid ? "paid" : "open",
      periodStart: seconds(line?.period.start),
      periodEnd: seconds(line?.period.end),
      paidAt: paid ? (seconds(invoice.status_transitions.paid_at) ?? eventAt) : null,
    });
    if (row.lastEventAt !== null && eventAt < row.lastEventAt) return true;
    if (paid) {
      const card = subscriptionId ? await cardOf(subscriptionId) : null;
      if (card) await service.setCard(row.id, card, now);
      if (row.status === "incomplete" || row.status === "past_due" || renewal) {
        const periodEnd = seconds(line?.period.end);
        await service.update(
          row.id,
          {
            status: row.status === "canceled" ? "canceled" : "active",
            planId,
            nextPlanId: renewal ? null : row.nextPlanId,
            currentPeriodStart: seconds(line?.period.start) ?? row.currentPeriodStart,
            currentPeriodEnd: Math.max(periodEnd ?? 0, row.currentPeriodEnd ?? 0) || null,
            lastEventAt: eventAt,
          },
          now,
        );
      }
    } else if (row.status === "active") {
      await service.update(row.id, { status: "past_due", lastEventAt: eventAt }, now);
    }
    return true;
  }

  return {
    async receive(rawBody: string, signature: string | undefined, now = Date.now()): Promise<WebhookOutcome> {
      if (!signature) throw badRequest("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = await verifyStripeEvent(stripe, rawBody, signature, secret);
      } catch {
        throw badRequest("Invalid webhook signature");
      }
      const seen = await db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id)).get();
      if (seen) return { received: true, duplicate: true, applied: false };
      const eventAt = event.created * 1000;
      let applied = false;
      switch (event.type) {
        case "customer.subscription.created":
        case "customer.subscription.updated":
        case "customer.subscription.deleted":
          applied = await subscriptionChanged(event.data.object, eventAt, now);
          break;
        case "invoice.paid":
          applied = await invoiceEvent(event.data.object, true, eventAt, now);
          break;
        case "invoice.payment_failed":
          applied = await invoiceEvent(event.data.object, false, eventAt, now);
          break;
        default:
          break;
      }
      await db
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type, processedAt: now })
        .onConflictDoNothing();
      return { received: true, duplicate: false, applied };
    },
  };
}
