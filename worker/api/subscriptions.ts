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
import { json, openApiRouter, sessionRoute } from "./openapi";

/**
 * Plans, the dealer's subscription and invoices, mounted at /api: these
 * paths sit at the root (/api/subscription-plans, /api/my-subscription, …) and complete-subscription under /auth.
 */
export const subscriptionRoutes = openApiRouter()
  .openapi(
    sessionRoute({
      method: "get",
      path: "/subscription-plans",
      answers: { 200: z.array(subscriptionPlanSchema) },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await c.var.services.subscriptions.plans(), 200);
    },
  )
  .openapi(
    sessionRoute({
      method: "get",
      path: "/my-subscription",
      access: "signed-in",
      middleware: [viewersOnly],
      answers: { 200: mySubscriptionSchema },
    }),
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
    sessionRoute({
      method: "post",
      path: "/get-or-create-subscription",
      access: "dealer",
      middleware: [dealersOnly],
      request: { body: json(planChoiceSchema) },
      answers: { 200: clientSecretSchema },
    }),
    async (c) => {
      const viewer = requireDealer(c);
      return c.json(await c.var.services.subscriptions.getOrCreate(viewer, c.req.valid("json").planId), 200);
    },
  )
  /** The demo processor's card form; 201 with the dealer's subscription, 402 with the provider's decline. */
  .openapi(
    sessionRoute({
      method: "post",
      path: "/auth/complete-subscription",
      access: "dealer",
      middleware: [dealersOnly],
      request: { body: json(completeSubscriptionSchema) },
      answers: { 201: mySubscriptionSchema, 402: null },
    }),
    async (c) => {
      const viewer = requireDealer(c);
      const { plan, paymentInfo } = c.req.valid("json");
      return c.json(await c.var.services.subscriptions.payWithCard(viewer, plan, paymentInfo), 201);
    },
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/cancel-subscription",
      access: "dealer",
      middleware: [dealersOnly],
      answers: { 200: mySubscriptionSchema },
    }),
    async (c) => {
      const viewer = requireDealer(c);
      return c.json(await c.var.services.subscriptions.cancel(viewer), 200);
    },
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/resume-subscription",
      access: "dealer",
      middleware: [dealersOnly],
      answers: { 200: mySubscriptionSchema },
    }),
    async (c) => {
      const viewer = requireDealer(c);
      return c.json(await c.var.services.subscriptions.resume(viewer), 200);
    },
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/change-subscription",
      access: "dealer",
      middleware: [dealersOnly],
      request: { body: json(planChoiceSchema) },
      answers: { 200: mySubscriptionSchema },
    }),
    async (c) => {
      const viewer = requireDealer(c);
      return c.json(await c.var.services.subscriptions.change(viewer, c.req.valid("json").planId), 200);
    },
  )
  .openapi(
    sessionRoute({
      method: "get",
      path: "/invoices",
      access: "dealer",
      middleware: [dealersOnly],
      request: { query: invoicesQuerySchema },
      answers: { 200: [invoiceSchema] },
    }),
    async (c) => {
      const { dealer } = requireDealer(c);
      return answerList(c, await c.var.services.subscriptions.invoices(dealer.id, c.req.valid("query")));
    },
  )
  /** Stripe's webhooks: the raw body is what the signature covers, so it is read as text, never parsed first. */
  .openapi(
    sessionRoute({
      method: "post",
      path: "/webhooks/stripe",
      answers: { 200: webhookReceiptSchema, 400: null, 404: null },
    }),
    async (c) => {
      const webhooks = c.var.services.stripeWebhooks;
      if (!webhooks) return c.json({ message: "Stripe is not configured on this server" }, 404);
      const outcome = await webhooks.receive(await c.req.text(), c.req.header("Stripe-Signature"));
      return c.json(outcome, 200);
    },
  );
