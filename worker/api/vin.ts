import { z } from "zod";
import { vinDecodeSchema } from "#lib/api-types";
import { viewersOnly } from "../auth/guards";
import { openApiRouter, signedInRoute } from "./openapi";

/** GET /api/vin/{vin}: the decoded vehicle (offline decoder, merged with NHTSA vPIC when configured). */
export const vinRoutes = openApiRouter().openapi(
  signedInRoute.get(
    "/{vin}",
    { 200: vinDecodeSchema },
    { params: z.object({ vin: z.string().max(40) }), middleware: [viewersOnly] },
  ),
  async (c) => {
    const decode = await c.var.services.vin.decode(c.req.valid("param").vin);
    c.header("Cache-Control", "private, max-age=86400");
    return c.json(decode, 200);
  },
);
