import { verificationRequestSchema } from "#lib/admin";
import { dealersOnly, requireDealer } from "../auth/guards";
import { dealerRoute, openApiRouter } from "./openapi";

/** /api/verification: a dealer asks to be verified, and reads where their request stands. */
export const verificationRoutes = openApiRouter(dealersOnly)
  .openapi(dealerRoute.get("/", { 200: verificationRequestSchema.nullable() }), async (c) => {
    const { dealer } = requireDealer(c);
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.admin.verifications.latest(dealer.id), 200);
  })
  .openapi(
    dealerRoute.post("/", { 201: verificationRequestSchema }, { body: verificationRequestSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      return c.json(await c.var.services.admin.verifications.request(dealer.id, c.req.valid("json")), 201);
    },
  );
