import type { Stripe } from "../../integrations/stripe";
import { conflict } from "../shared/errors";
import type { PlanRow } from "./plans";
import type { PaymentProcessor } from "./processor";

/**
 * Stripe Billing: one Customer per dealer, subscriptions created `default_incomplete` and paid in the browser
 * with the Payment Element (card numbers never reach us). Since API version 2025-03-31 an invoice has no
 * payment_intent: the browser gets `latest_invoice.confirmation_secret.client_secret`.
 */
export function stripeProcessor(stripe: Stripe): PaymentProcessor {
  async function priceOf(plan: PlanRow): Promise<string> {
    const prices = await stripe.prices.list({ lookup_keys: [plan.lookupKey], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw conflict(`The ${plan.name} is not set up with the payment provider yet`);
    if (typeof price.unit_amount !== "number" || price.unit_amount === plan.priceCents) return price.id;
    // An admin changed the plan's price (/admin/pricing): a new Price takes the lookup key over, so new
    // subscriptions pay it while existing ones keep the Price they were made with.
    const created = await stripe.prices.create({
      product: typeof price.product === "string" ? price.product : price.product.id,
      currency: price.currency,
      unit_amount: plan.priceCents,
      recurring: { interval: price.recurring?.interval ?? "month" },
      lookup_key: plan.lookupKey,
      transfer_lookup_key: true,
    });
    return created.id;
  }

  const secretOf = (subscription: Stripe.Subscription): string | null => {
    const invoice = subscription.latest_invoice;
    if (!invoice || typeof invoice === "string") return null;
    return invoice.confirmation_secret?.client_secret ?? null;
  };

  return {
    name: "stripe",
    async start({ dealerId, email, name, customerId, plan, idempotencyKey }) {
      const customer =
        customerId ??
        (
          await stripe.customers.create(
            { email, name, metadata: { dealerId } },
            { idempotencyKey: `customer:${dealerId}` },
          )
        ).id;
      const subscription = await stripe.subscriptions.create(
        {
          customer,
          items: [{ price: await priceOf(plan) }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          expand: ["latest_invoice.confirmation_secret"],
          metadata: { dealerId, planId: plan.id },
        },
        { idempotencyKey },
      );
      const clientSecret = secretOf(subscription);
      if (!clientSecret) throw conflict("The payment provider did not open a payment for this subscription");
      return { externalId: subscription.id, customerId: customer, clientSecret };
    },

    async pendingSecret(externalId) {
      const subscription = await stripe.subscriptions.retrieve(externalId, {
        expand: ["latest_invoice.confirmation_secret"],
      });
      return subscription.status === "incomplete" ? secretOf(subscription) : null;
    },

    async setCancelAtPeriodEnd(externalId, cancel) {
      await stripe.subscriptions.update(externalId, { cancel_at_period_end: cancel });
    },

    async changePlan(externalId, plan, when) {
      const subscription = await stripe.subscriptions.retrieve(externalId);
      const item = subscription.items.data[0];
      if (!item) throw conflict("This subscription has no plan to change");
      await stripe.subscriptions.update(
        externalId,
        {
          items: [{ id: item.id, price: await priceOf(plan) }],
          // An upgrade is billed at once for the rest of the period; a downgrade takes effect at renewal.
          proration_behavior: when === "now" ? "always_invoice" : "none",
          metadata: { planId: plan.id },
        },
        { idempotencyKey: `change:${externalId}:${plan.id}:${item.current_period_end}` },
      );
    },

    async cancelNow(externalId) {
      await stripe.subscriptions.cancel(externalId);
    },

    async refund({ invoiceExternalId, paymentRef, idempotencyKey }) {
      let paymentIntent = paymentRef;
      if (!paymentIntent && invoiceExternalId) {
        const payments = await stripe.invoicePayments.list({ invoice: invoiceExternalId, limit: 1 });
        const intent = payments.data[0]?.payment.payment_intent;
        paymentIntent = typeof intent === "string" ? intent : (intent?.id ?? null);
      }
      if (!paymentIntent) throw conflict("The payment provider has no payment to refund for this invoice");
      const refund = await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey });
      return refund.id;
    },
  };
}
