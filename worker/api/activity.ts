import { activitySchema } from "#lib/api-types";
import { dealersOnly, requireDealer } from "../auth/guards";
import { dealerRoute, openApiRouter } from "./openapi";

/**
 * The right column of every signed-in screen: the dealer's three latest conversations and
 * three newest connections. Screens fetch it after their first paint and again when the live inbox says
 * something changed.
 */
export const activityRoutes = openApiRouter(dealersOnly).openapi(
  dealerRoute.get("/", { 200: activitySchema }),
  async (c) => {
    const { dealer } = requireDealer(c);
    return c.json(await c.var.services.activity.activity(dealer.id), 200);
  },
);
