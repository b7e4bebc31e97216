import { SELF, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker";
import { openDatabase } from "../../worker/db/client";
import { rateLimitService } from "../../worker/domain/rate-limits";
import { subscriptionService } from "../../worker/domain/subscriptions";
import { stripeProcessor } from "../../worker/domain/subscriptions/stripe-processor";
import { stripeWebhooks } from "../../worker/domain/subscriptions/webhooks";
import { Stripe, stripeClient } from "../../worker/integrations/stripe";
import { contentSecurityPolicy } from "../../worker/http/security-headers";
import { ORIGIN, signUpDealer } from "./helpers";

/**
 * The Stripe path without the internet: the real `stripe` SDK over Stripe.createFetchHttpClient pointed at an
 * in-process fake of the few endpoints we use, and webhook payloads signed with generateTestHeaderStringAsync.
 */

const SECRET = "whsec_test_secret";
const DAY = 24 * 60 * 60;

type Call = { method: string; path: string; params: URLSearchParams; idempotencyKey: string | null };
type FakeSubscription = {
  id: string;
  object: "subscription";
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: {
      id: string;
      price: { id: string; lookup_key: string };
      current_period_start: number;
      current_period_end: number;
    }[];
  };
  latest_invoice: string;
  default_payment_method: string | null;
};

/** Stripe's API, as far as DealerLane uses it, kept in memory; it honours idempotency keys like Stripe does. */
function fakeStripe() {
  const calls: Call[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const answered = new Map<string, unknown>();
  let counter = 0;
  // Ids unique across the file's fakes: they share one database.
  const tag = crypto.randomUUID().slice(0, 8);
  const now = Math.floor(Date.now() / 1000);
  const price = (lookupKey: string) => ({
    id: `price_${lookupKey}`,
    object: "price",
    lookup_key: lookupKey,
    active: true,
  });
  const expanded = (sub: FakeSubscription, params: URLSearchParams) => {
    const expand = [...params.entries()].filter(([k]) => k.startsWith("expand")).map(([, v]) => v);
    return {
      ...sub,
      latest_invoice: expand.includes("latest_invoice.confirmation_secret")
        ? {
            id: sub.latest_invoice,
            object: "invoice",
            confirmation_secret: { client_secret: `${sub.latest_invoice}_secret`, type: "payment_intent" },
          }
        : sub.latest_invoice,
      default_payment_method:
        expand.includes("default_payment_method") && sub.default_payment_method
          ? {
              id: sub.default_payment_method,
              object: "payment_method",
              card: { brand: "visa", last4: "4242" },
            }
          : sub.default_payment_method,
    };
  };

  function route(method: string, path: string, params: URLSearchParams): unknown {
    if (method === "GET" && path === "/v1/prices") {
      const keys = [...params.entries()].filter(([k]) => k.startsWith("lookup_keys")).map(([, v]) => v);
      return { object: "list", data: keys.map(price), has_more: false, url: "/v1/prices" };
    }
    if (method === "POST" && path === "/v1/customers") return { id: `cus_${++counter}`, object: "customer" };
    if (method === "POST" && path === "/v1/subscriptions") {
      counter += 1;
      const lookupKey = params.get("items[0][price]")!.replace(/^price_/, "");
      const sub: FakeSubscription = {
        id: `sub_${tag}_${counter}`,
        object: "subscription",
        status: "incomplete",
        customer: params.get("customer")!,
        cancel_at_period_end: false,
        metadata: { dealerId: params.get("metadata[dealerId]")!, planId: params.get("metadata[planId]")! },
        items: {
          object: "list",
          data: [
            {
              id: `si_${counter}`,
              price: price(lookupKey),
              current_period_start: now,
              current_period_end: now + 30 * DAY,
            },
          ],
        },
        latest_invoice: `in_${tag}_${counter}`,
        default_payment_method: null,
      };
      subscriptions.set(sub.id, sub);
      return expanded(sub, params);
    }
    const subMatch = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1]!);
      if (!sub) return { error: { type: "invalid_request_error", message: "No such subscription" } };
      if (method === "POST") {
        if (params.has("cancel_at_period_end"))
          sub.cancel_at_period_end = params.get("cancel_at_period_end") === "true";
        const newPrice = params.get("items[0][price]");
        if (newPrice) sub.items.data[0]!.price = price(newPrice.replace(/^price_/, ""));
      }
      if (method === "DELETE") sub.status = "canceled";
      return expanded(sub, params);
    }
    if (method === "GET" && path === "/v1/invoice_payments")
      return {
        object: "list",
        data: [{ id: "inpay_1", payment: { type: "payment_intent", payment_intent: "pi_paid" } }],
        has_more: false,
      };
    if (method === "POST" && path === "/v1/refunds")
      return { id: `re_${++counter}`, object: "refund", payment_intent: params.get("payment_intent") };
    return { error: { type: "invalid_request_error", message: `Unknown ${method} ${path}` } };
  }

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? "GET";
    const params =
      method === "GET" || method === "DELETE"
        ? url.searchParams
        : new URLSearchParams(String(init?.body ?? ""));
    const idempotencyKey = new Headers(init?.headers).get("Idempotency-Key");
    calls.push({ method, path: url.pathname, params, idempotencyKey });
    const cacheKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : null;
    const body =
      cacheKey && answered.has(cacheKey) ? answered.get(cacheKey) : route(method, url.pathname, params);
    if (cacheKey) answered.set(cacheKey, body);
    const failed = typeof body === "object" && body !== null && "error" in body;
    return new Response(JSON.stringify(body), {
      status: failed ? 404 : 200,
      headers: { "Content-Type": "application/json", "Request-Id": `req_${calls.length}` },
    });
  };
  return { fetch, calls, subscriptions };
}

function setup() {
  const fake = fakeStripe();
  const stripe = stripeClient("sk_test_fake", fake.fetch);
  const db = openDatabase(env.DB);
  const receipts: string[] = [];
  const service = subscriptionService(db, {
    processor: stripeProcessor(stripe),
    notify: {
      deliver: async (delivery) => {
        receipts.push(delivery.body);
        return { status: "skipped", reason: "test" };
      },
    },
    publishableKey: "pk_test_fake",
    rateLimits: rateLimitService(db),
  });
  const webhooks = stripeWebhooks(db, service, stripe, SECRET);
  return { fake, stripe, service, webhooks, receipts };
}

async function actorOf() {
  const dealer = await signUpDealer();
  const row = await env.DB.prepare("select account_id as accountId, name, email from dealers where id = ?")
    .bind(dealer.dealerId)
    .first<{ accountId: string; name: string; email: string }>();
  return {
    dealer,
    actor: { accountId: row!.accountId, dealer: { id: dealer.dealerId, name: row!.name, email: row!.email } },
  };
}

let eventCounter = 0;
function event(type: string, object: unknown, created = Math.floor(Date.now() / 1000)) {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_${eventCounter}_${crypto.randomUUID()}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    livemode: false,
    pending_webhooks: 1,
    request: null,
    type,
    data: { object },
  });
}
const sign = (stripe: Stripe, payload: string, secret = SECRET) =>
  stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });

function invoiceObject(subscriptionId: string, dealerId: string, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: `in_${crypto.randomUUID()}`,
    object: "invoice",
    amount_paid: 14900,
    amount_due: 14900,
    billing_reason: "subscription_create",
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: subscriptionId, metadata: { dealerId } },
    },
    lines: { object: "list", data: [{ period: { start: now, end: now + 30 * DAY } }] },
    status_transitions: { paid_at: now },
    ...overrides,
  };
}

describe("the Stripe processor", () => {
  it("creates one Customer and a default_incomplete subscription, and a second call answers the same secret", async () => {
    const { fake, service } = setup();
    const { actor } = await actorOf();
    const first = await service.getOrCreate(actor, "premium");
    expect(first).toEqual({
      clientSecret: expect.stringMatching(/^in_\w+_secret$/),
      processor: "stripe",
      publishableKey: "pk_test_fake",
    });
    const create = fake.calls.find((c) => c.method === "POST" && c.path === "/v1/subscriptions")!;
    expect(create.params.get("payment_behavior")).toBe("default_incomplete");
    expect(create.params.get("expand[0]")).toBe("latest_invoice.confirmation_secret");
    expect(create.params.get("items[0][price]")).toBe("price_dealerlane_premium_monthly");
    expect(create.idempotencyKey).toMatch(/^subscription:/);
    expect(fake.calls.find((c) => c.path === "/v1/customers")!.idempotencyKey).toBe(
      `customer:${actor.dealer.id}`,
    );

    const second = await service.getOrCreate(actor, "premium");
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(fake.calls.filter((c) => c.method === "POST" && c.path === "/v1/subscriptions")).toHaveLength(1);
  });

  it("makes one subscription of a double click (both calls carry the same idempotency key)", async () => {
    const { fake, service } = setup();
    const { actor } = await actorOf();
    const [a, b] = await Promise.all([
      service.getOrCreate(actor, "basic"),
      service.getOrCreate(actor, "basic"),
    ]);
    expect(a.clientSecret).toBe(b.clientSecret);
    expect(fake.subscriptions.size).toBe(1);
  });

  it("pays by webhook: invoice.paid activates the plan with the card's brand and last 4, one invoice, one receipt", async () => {
    const { fake, stripe, service, webhooks, receipts } = setup();
    const { dealer, actor } = await actorOf();
    await service.getOrCreate(actor, "premium");
    const sub = (await service.rowOf(dealer.dealerId))!;
    const fakeSub = sub.externalId!;
    // The Payment Element confirmed the payment: Stripe saved the card on the subscription.
    const payload = event("invoice.paid", invoiceObject(fakeSub, dealer.dealerId, { id: "in_first" }));
    fake.subscriptions.get(fakeSub)!.default_payment_method = "pm_card_visa";
    const outcome = await webhooks.receive(payload, await sign(stripe, payload));
    expect(outcome).toEqual({ received: true, duplicate: false, applied: true });
    const me = await service.mine(actor.accountId, dealer.dealerId);
    expect(me).toMatchObject({
      hasSubscription: true,
      premium: true,
      subscription: {
        status: "active",
        plan: { id: "premium" },
        paymentMethod: { brand: "visa", last4: "4242" },
        processor: "stripe",
      },
    });
    const invoices = await service.invoices(dealer.dealerId, { limit: 10 });
    expect(invoices.items).toHaveLength(1);
    expect(invoices.items[0]).toMatchObject({ amountCents: 14900, status: "paid" });
    expect(receipts).toEqual(["Thank you! We received $149 for Premium Plan, monthly."]);

    // The same event again: stored once, applied once.
    expect(await webhooks.receive(payload, await sign(stripe, payload))).toEqual({
      received: true,
      duplicate: true,
      applied: false,
    });
    expect((await service.invoices(dealer.dealerId, { limit: 10 })).items).toHaveLength(1);
    expect(receipts).toHaveLength(1);

    // The money-back guarantee refunds through Stripe with the invoice's PaymentIntent.
    const refunded = await service.refund(invoices.items[0]!.id, {
      adminAccountId: actor.accountId,
      reason: "test",
    });
    expect(refunded.status).toBe("refunded");
  });

  it("refuses a bad signature with 400 and applies nothing", async () => {
    const { stripe, webhooks } = setup();
    const payload = event("customer.subscription.deleted", { id: "sub_x" });
    await expect(webhooks.receive(payload, await sign(stripe, payload, "whsec_wrong"))).rejects.toMatchObject(
      { status: 400 },
    );
    await expect(webhooks.receive(payload, undefined)).rejects.toMatchObject({ status: 400 });
    await expect(
      webhooks.receive(payload.replace("sub_x", "sub_y"), await sign(stripe, payload)),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("never moves a subscription backwards: an older event is ignored, and canceled stays canceled", async () => {
    const { stripe, service, webhooks } = setup();
    const { dealer, actor } = await actorOf();
    await service.getOrCreate(actor, "basic");
    const externalId = (await service.rowOf(dealer.dealerId))!.externalId!;
    const now = Math.floor(Date.now() / 1000);
    const subObject = (status: string, cancel: boolean) => ({
      id: externalId,
      object: "subscription",
      status,
      cancel_at_period_end: cancel,
      metadata: { dealerId: dealer.dealerId },
      items: {
        object: "list",
        data: [
          {
            id: "si",
            price: { id: "price_b", lookup_key: "dealerlane_basic_monthly" },
            current_period_start: now,
            current_period_end: now + 30 * DAY,
          },
        ],
      },
    });
    const deliver = async (type: string, object: unknown, created: number) => {
      const payload = event(type, object, created);
      return webhooks.receive(payload, await sign(stripe, payload));
    };
    expect((await deliver("customer.subscription.updated", subObject("active", true), now)).applied).toBe(
      true,
    );
    // Sent earlier, delivered later: it would undo the cancel.
    expect(
      (await deliver("customer.subscription.updated", subObject("active", false), now - 60)).applied,
    ).toBe(false);
    expect(await service.rowOf(dealer.dealerId)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    expect(
      (await deliver("customer.subscription.deleted", subObject("canceled", false), now + 10)).applied,
    ).toBe(true);
    await deliver("customer.subscription.updated", subObject("active", false), now + 20);
    expect((await service.rowOf(dealer.dealerId))!.status).toBe("canceled");
  });

  it("marks a failed renewal past_due, which locks posting until an invoice is paid", async () => {
    const { fake, stripe, service, webhooks } = setup();
    const { dealer, actor } = await actorOf();
    await service.getOrCreate(actor, "basic");
    const externalId = (await service.rowOf(dealer.dealerId))!.externalId!;
    fake.subscriptions.get(externalId)!.default_payment_method = "pm_card_visa";
    const now = Math.floor(Date.now() / 1000);
    const send = async (type: string, object: unknown, created: number) => {
      const payload = event(type, object, created);
      return webhooks.receive(payload, await sign(stripe, payload));
    };
    await send("invoice.paid", invoiceObject(externalId, dealer.dealerId, { amount_paid: 9900 }), now);
    await env.DB.prepare("update accounts set created_at = created_at - ? where id = ?")
      .bind(15 * DAY * 1000, actor.accountId)
      .run();
    await send(
      "invoice.payment_failed",
      invoiceObject(externalId, dealer.dealerId, {
        billing_reason: "subscription_cycle",
        amount_paid: 0,
        amount_due: 9900,
      }),
      now + 5,
    );
    expect((await service.mine(actor.accountId, dealer.dealerId)).active).toBe(false);
    await expect(service.requireActivePlan({ accountId: actor.accountId })).rejects.toMatchObject({
      status: 402,
    });
    await send(
      "invoice.paid",
      invoiceObject(externalId, dealer.dealerId, { billing_reason: "subscription_cycle", amount_paid: 9900 }),
      now + 10,
    );
    expect((await service.mine(actor.accountId, dealer.dealerId)).active).toBe(true);
  });
});

describe("POST /api/webhooks/stripe", () => {
  it("answers 404 while Stripe is not configured", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/webhooks/stripe`, { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
  });

  it("checks the signature over the raw body (400), and stores each event once", async () => {
    const configured = { ...env, STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: SECRET };
    const stripe = stripeClient("sk_test_fake", fakeStripe().fetch);
    const post = async (payload: string, signature: string) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`${ORIGIN}/api/webhooks/stripe`, {
          method: "POST",
          headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
          body: payload,
        }),
        configured,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const payload = event("customer.subscription.updated", {
      id: "sub_nobody",
      status: "active",
      metadata: {},
      items: { data: [] },
    });
    expect((await post(payload, "t=1,v1=bad")).status).toBe(400);
    const first = await post(payload, await sign(stripe, payload));
    expect(first).toEqual({ status: 200, json: { received: true, duplicate: false, applied: false } });
    const again = await post(payload, await sign(stripe, payload));
    expect(again.json).toMatchObject({ duplicate: true });
  });
});

describe("the Content-Security-Policy", () => {
  it("lets Stripe.js and its Payment Element in only where Stripe is configured", async () => {
    expect(contentSecurityPolicy("n")).not.toContain("stripe.com");
    const withStripe = contentSecurityPolicy("n", { stripe: true });
    expect(withStripe).toContain("script-src 'self' 'nonce-n' https://js.stripe.com");
    expect(withStripe).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
    expect(withStripe).toContain("connect-src 'self' https://api.stripe.com");
    const page = await SELF.fetch(`${ORIGIN}/pricing`);
    expect(page.headers.get("Content-Security-Policy")).not.toContain("stripe.com");
  });
});

describe("the card form's test-card note", () => {
  const paymentPage = async (environment: typeof env & { STRIPE_SECRET_KEY?: string }, cookie: string) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${ORIGIN}/payment?plan=basic`, { headers: { Cookie: cookie } }),
      environment,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    return res.text();
  };

  it("shows only where the demo processor takes the payment", async () => {
    const dealer = await signUpDealer();
    const demo = await paymentPage(env, dealer.cookie);
    expect(demo).toContain('data-testid="test-card-note"');
    expect(demo).toContain('placeholder="4242 4242 4242 4242"');

    // Stripe takes payments; without its publishable key the page falls back to the card form, which must not
    // tell the dealer that test cards work.
    const stripe = await paymentPage({ ...env, STRIPE_SECRET_KEY: "sk_test_fake" }, dealer.cookie);
    expect(stripe).toContain('name="cardNumber"');
    expect(stripe).not.toContain('data-testid="test-card-note"');
    expect(stripe).not.toContain("4242");
    expect(stripe).not.toMatch(/demo mode|test processor/);
  });
});
