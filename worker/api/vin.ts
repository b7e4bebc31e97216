import { z } from "zod";
import { vinDecodeSchema } from "#lib/api-types";
import { viewersOnly } from "../auth/guards";
import { openApiRouter, sessionRoute } from "./openapi";

/** GET /api/vin/{vin}: the decoded vehicle (offline decoder, merged with NHTSA vPIC when configured). */
export const vinRoutes = openApiRouter().openapi(
  sessionRoute({
    method: "get",
    path: "/{vin}",
    access: "signed-in",
    middleware: [viewersOnly],
    request: { params: z.object({ vin: z.string().max(40) }) },
    answers: { 200: vinDecodeSchema },
  }),
  async (c) => {
    const decode = await c.var.services.vin.decode(c.req.valid("param").vin);
    c.header("Cache-Control", "private, max-age=86400");
    return c.json(decode, 200);
  },
);
