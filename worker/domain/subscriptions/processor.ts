import type { PlanRow } from "./plans";

/** The card kept on file: brand and last 4, never more. */
export type CardOnFile = { brand: string; last4: string };

/** A subscription as the processor started it; the browser pays with `clientSecret`. */
type StartedSubscription = {
  externalId: string;
  customerId: string | null;
  clientSecret: string;
};

/**
 * What the subscription service asks of a payment processor. Both processors end in the same rows:
 * the service writes subscriptions and invoices, the processor only talks to the provider.
 */
export type PaymentProcessor = {
  name: "demo" | "stripe";
  /** A new subscription waiting for its first payment; `idempotencyKey` makes a double click one call. */
  start(input: {
    dealerId: string;
    email: string;
    name: string;
    customerId: string | null;
    plan: PlanRow;
    idempotencyKey: string;
  }): Promise<StartedSubscription>;
  /** The client secret of a subscription still waiting for payment, or null when it can no longer be paid. */
  pendingSecret(externalId: string): Promise<string | null>;
  setCancelAtPeriodEnd(externalId: string, cancel: boolean): Promise<void>;
  /** Upgrade now with proration, or switch the price for the next period (downgrade). */
  changePlan(externalId: string, plan: PlanRow, when: "now" | "period-end"): Promise<void>;
  cancelNow(externalId: string): Promise<void>;
  /** Refunds a payment in full; answers the provider's refund id. */
  refund(input: {
    invoiceExternalId: string | null;
    paymentRef: string | null;
    idempotencyKey: string;
  }): Promise<string>;
};
