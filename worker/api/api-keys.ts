import { z } from "zod";
import { createMiddleware } from "hono/factory";
import { planRequiredSchema } from "#lib/api-types";
import { apiKeyIdSchema, apiKeyInputSchema, apiKeySchema, createdApiKeySchema } from "#lib/api-keys";
import { dealersOnly, requireDealer } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { answerList } from "./answers";
import { dealerRoute, openApiRouter } from "./openapi";

/** 402 for a Basic (or lapsed) dealer, before the body is read. */
const premiumRequired = createMiddleware<AppEnv>(async (c, next) => {
  await c.var.services.subscriptions.requirePremium({ accountId: requireDealer(c).accountId });
  await next();
});

/**
 * /api/api-keys: a dealer's own keys, with the session cookie only (a key calling these is 403,
 * worker/http/api-key-auth.ts). Creating one takes Premium (the trial included); listing and revoking do not,
 * so a dealer who left Premium can still stop a key.
 */
export const apiKeyRoutes = openApiRouter(dealersOnly)
  .openapi(dealerRoute.get("/", { 200: z.array(apiKeySchema) }), async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, { items: await c.var.services.apiKeys.list(dealer.id), nextCursor: null });
  })
  /** 201 with the key: the only answer that ever holds it. */
  .openapi(
    dealerRoute.post(
      "/",
      { 201: createdApiKeySchema, 402: planRequiredSchema },
      { body: apiKeyInputSchema, middleware: [premiumRequired] },
    ),
    async (c) => {
      const viewer = requireDealer(c);
      const created = await c.var.services.apiKeys.create(
        viewer.dealer.id,
        viewer.accountId,
        c.req.valid("json"),
      );
      c.header("Cache-Control", "no-store");
      return c.json(created, 201);
    },
  )
  .openapi(dealerRoute.delete("/{id}", { 204: null }, { params: apiKeyIdSchema }), async (c) => {
    const { dealer } = requireDealer(c);
    await c.var.services.apiKeys.revoke(dealer.id, c.req.valid("param").id);
    return c.body(null, 204);
  });
