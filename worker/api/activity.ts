import { Hono } from "hono";
import { dealersOnly, requireDealer } from "../auth/guards";
import type { AppEnv } from "../http/types";

/**
 * The right column of every signed-in screen: the dealer's three latest conversations and
 * three newest connections. Screens fetch it after their first paint and again when the live inbox says
 * something changed.
 */
export const activityRoutes = new Hono<AppEnv>().use(dealersOnly).get("/", async (c) => {
  const { dealer } = requireDealer(c);
  return c.json(await c.var.services.shell.activity(dealer.id), 200);
});
