import { $ } from "@hono/zod-openapi";
import { pushDeviceSchema, pushSettingsSchema, pushSwitchesSchema } from "#lib/api-types";
import { pushSubscriptionSchema, pushSwitchSchema, pushUnsubscribeSchema } from "#lib/schemas/push";
import { dealersOnly, requireDealer } from "../auth/guards";
import { dealerRoute, openApiRouter } from "./openapi";

/**
 * /api/push: Web Push for the signed-in dealer's devices. The page reads the VAPID public key here, subscribes
 * the browser, and hands the subscription over; the switches say which kinds of alert are pushed.
 */
export const pushRoutes = $(openApiRouter(dealersOnly))
  .openapi(dealerRoute.get("/", { 200: pushSettingsSchema }), async (c) => {
    const { dealer } = requireDealer(c);
    const push = c.var.services.push;
    const [publicKey, devices, switches] = await Promise.all([
      push.publicKey(),
      push.deviceCount(dealer.id),
      push.switches(dealer.id),
    ]);
    c.header("Cache-Control", "no-store");
    return c.json({ available: !dealer.isDemo, publicKey, devices, switches }, 200);
  })
  .openapi(
    dealerRoute.post("/subscriptions", { 201: pushDeviceSchema }, { body: pushSubscriptionSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      return c.json(await c.var.services.push.subscribe(dealer, c.req.valid("json")), 201);
    },
  )
  .openapi(
    dealerRoute.delete("/subscriptions", { 204: null }, { body: pushUnsubscribeSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      await c.var.services.push.unsubscribe(dealer.id, c.req.valid("json").endpoint);
      return c.body(null, 204);
    },
  )
  .openapi(
    dealerRoute.put("/switches", { 200: pushSwitchesSchema }, { body: pushSwitchSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { kind, on } = c.req.valid("json");
      return c.json(await c.var.services.push.setSwitch(dealer.id, kind, on), 200);
    },
  );
