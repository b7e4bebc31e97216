import { createMiddleware } from "hono/factory";
import { contactReceiptSchema, toIso } from "#lib/api-types";
import { contactMessageSchema, isHoneypotFilled } from "#lib/schemas/contact";
import { clientIp } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { anyoneRoute, openApiRouter } from "./openapi";

/** A filled honeypot gets the same 201 as a person (a receipt for nothing), and nothing is stored or counted. */
const dropBots = createMiddleware<AppEnv>(async (c, next) => {
  const body: unknown = await c.req.json().catch(() => null);
  if (body && typeof body === "object" && isHoneypotFilled(body as Record<string, unknown>)) {
    return c.json({ id: crypto.randomUUID(), createdAt: toIso(Date.now()) }, 201);
  }
  await next();
});

/** `POST /api/contact`: the contact form as JSON, stored for support; 201 with its receipt. */
export const contactRoutes = openApiRouter().openapi(
  anyoneRoute.post(
    "/",
    { 201: contactReceiptSchema },
    { body: contactMessageSchema, middleware: [dropBots] },
  ),
  async (c) => {
    return c.json(
      await c.var.services.contact.send(c.req.valid("json"), {
        ip: clientIp(c),
        accountId: c.var.session?.viewer.accountId,
      }),
      201,
    );
  },
);
