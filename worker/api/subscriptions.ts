import { z } from "zod";
import {
  clientSecretSchema,
  invoiceSchema,
  mySubscriptionSchema,
  subscriptionPlanSchema,
  webhookReceiptSchema,
} from "#lib/api-types";
import { completeSubscriptionSchema, invoicesQuerySchema, planChoiceSchema } from "#lib/subscriptions";
import { dealersOnly, requireDealer, requireViewer, viewersOnly } from "../auth/guards";
import { answerList } from "./answers";
import { anyoneRoute, dealerRoute, openApiRouter, signedInRoute } from "./openapi";

/**
 * Plans, the dealer's subscription and invoices, mounted at /api: these
 * paths sit at the root (/api/subscription-plans, /api/my-subscription, …) and complete-subscription under /auth.
 */
export const subscriptionRoutes = openApiRouter()
  .openapi(anyoneRoute.get("/subscription-plans", { 200: z.array(subscriptionPlanSchema) }), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.subscriptions.plans(), 200);
  })
  .openapi(
    signedInRoute.get("/my-subscription", { 200: mySubscriptionSchema }, { middleware: [viewersOnly] }),
    async (c) => {
      const viewer = requireViewer(c);
      c.header("Cache-Control", "no-store");
      return c.json(
        await c.var.services.subscriptions.mine(viewer.accountId, viewer.dealer?.id ?? null),
        200,
      );
    },
  )
  .openapi(
    dealerRoute.post(
      "/get-or-create-subscription",
      { 200: clientSecretSchema },
      { body: planChoiceSchema, middleware: [dealersOnly] },
    ),
    async (c) => {
      const viewer = requireDealer(c);
      return c.json(await c.var.services.subscriptions.getOrCreate(viewer, c.req.valid("json").planId), 200);
    },
  )
  /** The demo processor's card form; 201 with the dealer's subscription, 402 with the provider's decline. */
  .openapi(
    dealerRoute.post(
      "/auth/complete-subscription",
      { 201: mySubscriptionSchema, 402: null },
      { body: completeSubscriptionSchema, middleware: [dealersOnly] },
    ),
    async (c) => {
      const viewer = requireDealer(c);
      const { plan, paymentInfo } = c.req.valid("json");
      return c.json(await c.var.services.subscriptions.payWithCard(viewer, plan, paymentInfo), 201);
    },
  )
  .openapi(
    dealerRoute.post("/cancel-subscription", { 200: mySubscriptionSchema }, { middleware: [dealersOnly] }),
    async (c) => {
      const viewer = requireDealer(c);
      return c.json(await c.var.services.subscriptions.cancel(viewer), 200);
    },
  )
  .openapi(
    dealerRoute.post("/resume-subscription", { 200: mySubscriptionSchema }, { middleware: [dealersOnly] }),
    async (c) => {
      const viewer = requireDealer(c);
      return c.json(await c.var.services.subscriptions.resume(viewer), 200);
    },
  )
  .openapi(
    dealerRoute.post(
      "/change-subscription",
      { 200: mySubscriptionSchema },
      { body: planChoiceSchema, middleware: [dealersOnly] },
    ),
    async (c) => {
      const viewer = requireDealer(c);
      return c.json(await c.var.services.subscriptions.change(viewer, c.req.valid("json").planId), 200);
    },
  )
  .openapi(
    dealerRoute.get(
      "/invoices",
      { 200: [invoiceSchema] },
      { query: invoicesQuerySchema, middleware: [dealersOnly] },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      return answerList(c, await c.var.services.subscriptions.invoices(dealer.id, c.req.valid("query")));
    },
  )
  /** Stripe's webhooks: the raw body is what the signature covers, so it is read as text, never parsed first. */
  .openapi(
    anyoneRoute.post("/webhooks/stripe", { 200: webhookReceiptSchema, 400: null, 404: null }),
    async (c) => {
      const webhooks = c.var.services.stripeWebhooks;
      if (!webhooks) return c.json({ message: "Stripe is not configured on this server" }, 404);
      const outcome = await webhooks.receive(await c.req.text(), c.req.header("Stripe-Signature"));
      return c.json(outcome, 200);
    },
  );
