import { Hono } from "hono";
import { z } from "zod";
import { viewersOnly } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { validate } from "./validate";

/** GET /api/vin/{vin}: the decoded vehicle (offline decoder, merged with NHTSA vPIC when configured). */
export const vinRoutes = new Hono<AppEnv>().get(
  "/:vin",
  viewersOnly,
  validate("param", z.object({ vin: z.string().max(40) })),
  async (c) => {
    const decode = await c.var.services.vin.decode(c.req.valid("param").vin);
    c.header("Cache-Control", "private, max-age=86400");
    return c.json(decode, 200);
  },
);
