import { Hono } from "hono";
import { completeSubscriptionSchema, invoicesQuerySchema, planChoiceSchema } from "#lib/subscriptions";
import { dealersOnly, requireDealer, requireViewer, viewersOnly } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { answerList } from "./answers";
import { validate } from "./validate";

/**
 * Plans, the dealer's subscription and invoices, mounted at /api: these
 * paths sit at the root (/api/subscription-plans, /api/my-subscription, …) and complete-subscription under /auth.
 */
export const subscriptionRoutes = new Hono<AppEnv>()
  .get("/subscription-plans", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.subscriptions.plans(), 200);
  })
  .get("/my-subscription", viewersOnly, async (c) => {
    const viewer = requireViewer(c);
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.subscriptions.mine(viewer.accountId, viewer.dealer?.id ?? null), 200);
  })
  .post("/get-or-create-subscription", dealersOnly, validate("json", planChoiceSchema), async (c) => {
    const viewer = requireDealer(c);
    return c.json(await c.var.services.subscriptions.getOrCreate(viewer, c.req.valid("json").planId), 200);
  })
  /** The demo processor's card form; 201 with the dealer's subscription, 402 with the provider's decline. */
  .post(
    "/auth/complete-subscription",
    dealersOnly,
    validate("json", completeSubscriptionSchema),
    async (c) => {
      const viewer = requireDealer(c);
      const { plan, paymentInfo } = c.req.valid("json");
      return c.json(await c.var.services.subscriptions.payWithCard(viewer, plan, paymentInfo), 201);
    },
  )
  .post("/cancel-subscription", dealersOnly, async (c) => {
    const viewer = requireDealer(c);
    return c.json(await c.var.services.subscriptions.cancel(viewer), 200);
  })
  .post("/resume-subscription", dealersOnly, async (c) => {
    const viewer = requireDealer(c);
    return c.json(await c.var.services.subscriptions.resume(viewer), 200);
  })
  .post("/change-subscription", dealersOnly, validate("json", planChoiceSchema), async (c) => {
    const viewer = requireDealer(c);
    return c.json(await c.var.services.subscriptions.change(viewer, c.req.valid("json").planId), 200);
  })
  .get("/invoices", dealersOnly, validate("query", invoicesQuerySchema), async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, await c.var.services.subscriptions.invoices(dealer.id, c.req.valid("query")));
  })
  /** Stripe's webhooks: the raw body is what the signature covers, so it is read as text, never parsed first. */
  .post("/webhooks/stripe", async (c) => {
    const webhooks = c.var.services.stripeWebhooks;
    if (!webhooks) return c.json({ message: "Stripe is not configured on this server" }, 404);
    const outcome = await webhooks.receive(await c.req.text(), c.req.header("Stripe-Signature"));
    return c.json(outcome, 200);
  });
