import { Hono } from "hono";
import { dealersOnly, requireDealer } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { iceServersFor, type TurnEnv } from "../integrations/turn";

/** Calls: the ICE servers a call's browsers use. Ringing and signalling travel the chat's socket. */
export const callRoutes = new Hono<AppEnv>().use(dealersOnly).get("/ice-servers", async (c) => {
  requireDealer(c);
  // TURN credentials expire: never cached.
  c.header("Cache-Control", "no-store");
  return c.json({ iceServers: await iceServersFor(c.env as Env & TurnEnv) }, 200);
});
