import { iceServersSchema } from "#lib/api-types";
import { dealersOnly, requireDealer } from "../auth/guards";
import { dealerRoute, openApiRouter } from "./openapi";
import { iceServersFor, type TurnEnv } from "../integrations/turn";

/** Calls: the ICE servers a call's browsers use. Ringing and signalling travel the chat's socket. */
export const callRoutes = openApiRouter(dealersOnly).openapi(
  dealerRoute.get("/ice-servers", { 200: iceServersSchema }),
  async (c) => {
    requireDealer(c);
    // TURN credentials expire: never cached.
    c.header("Cache-Control", "no-store");
    return c.json({ iceServers: await iceServersFor(c.env as Env & TurnEnv) }, 200);
  },
);
