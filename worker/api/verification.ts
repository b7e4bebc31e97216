import { Hono } from "hono";
import { verificationRequestSchema } from "#lib/admin";
import { dealersOnly, requireDealer } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { validate } from "./validate";

/** /api/verification: a dealer asks to be verified, and reads where their request stands. */
export const verificationRoutes = new Hono<AppEnv>()
  .use(dealersOnly)
  .get("/", async (c) => {
    const { dealer } = requireDealer(c);
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.admin.verifications.latest(dealer.id), 200);
  })
  .post("/", validate("json", verificationRequestSchema), async (c) => {
    const { dealer } = requireDealer(c);
    return c.json(await c.var.services.admin.verifications.request(dealer.id, c.req.valid("json")), 201);
  });
