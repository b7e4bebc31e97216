import Stripe from "stripe";

/** STRIPE_SECRET_KEY (+ STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET): Stripe instead of the demo processor. */
export type StripeEnv = {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
};

/**
 * The Stripe SDK over fetch (Workers have no Node http). Tests hand in an in-process fake as `fetchFn`;
 * nothing else ever does, so the real client talks to api.stripe.com.
 */
export function stripeClient(secretKey: string, fetchFn?: typeof fetch): Stripe {
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 2,
    timeout: 10_000,
  });
}

/** Verifies a webhook's signature over the raw body (the async, Web Crypto way: the sync one throws on Workers). */
export function verifyStripeEvent(stripe: Stripe, rawBody: string, signature: string, secret: string) {
  return stripe.webhooks.constructEventAsync(
    rawBody,
    signature,
    secret,
    undefined,
    Stripe.createSubtleCryptoProvider(),
  );
}

export { Stripe };
