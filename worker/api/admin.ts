import type { Context } from "hono";
import { z } from "zod";
import {
  addOnSchema,
  adminDealSchema,
  adminFiguresSchema,
  adminPlanSchema,
  adminPricingSchema,
  adminUserSchema,
  announcementReceiptSchema,
  auditEntrySchema,
  clearDataReceiptSchema,
  invoiceSchema,
  promotionSchema,
  verificationRequestSchema,
} from "#lib/api-types";
import {
  addUserSchema,
  adminDealsQuerySchema,
  adminUsersQuerySchema,
  announcementSchema,
  auditQuerySchema,
  clearDataSchema,
  pageQuerySchema,
  priceUpdateSchema,
  processDealSchema,
  promotionCreateSchema,
  promotionUpdateSchema,
  refundSchema,
  roleSchema,
  suspendSchema,
  verificationDecisionSchema,
  verificationQueueSchema,
} from "#lib/admin";
import { dealerUpdateSchema } from "#lib/schemas/dealer";
import { invoicesQuerySchema } from "#lib/subscriptions";
import { adminsOnly, requireAdmin } from "../auth/guards";
import { streamOf } from "../domain/admin/exports";
import type { AdminActor } from "../domain/admin/audit";
import type { AppEnv } from "../http/types";
import { answerList } from "./answers";
import { adminRoute, openApiRouter } from "./openapi";

const idParam = z.object({ id: z.string().min(1).max(100) });

/** The admin acting, for the audit log. */
export const actorOf = (c: Context<AppEnv>): AdminActor => {
  const viewer = requireAdmin(c);
  return { accountId: viewer.accountId, email: viewer.email };
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * /api/admin/*: the admin console's calls. The guard runs for every path under it — endpoints or
 * not — so a signed-out caller gets 401 and a dealer 403 before anything could answer 404. Every action
 * writes its audit entry (worker/domain/admin).
 */
export const adminRoutes = openApiRouter(adminsOnly)
  .openapi(adminRoute.get("/figures", { 200: adminFiguresSchema }), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.admin.figures.figures(), 200);
  })
  .openapi(adminRoute.get("/audit", { 200: [auditEntrySchema] }, { query: auditQuerySchema }), async (c) =>
    answerList(c, await c.var.services.admin.audit.list(c.req.valid("query"))),
  )

  // Users
  .openapi(
    adminRoute.get("/users", { 200: [adminUserSchema] }, { query: adminUsersQuerySchema }),
    async (c) => answerList(c, await c.var.services.admin.users.list(c.req.valid("query"))),
  )
  .openapi(adminRoute.post("/users", { 201: adminUserSchema }, { body: addUserSchema }), async (c) =>
    c.json(await c.var.services.admin.users.add(actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(adminRoute.get("/users/{id}", { 200: adminUserSchema }, { params: idParam }), async (c) =>
    c.json(await c.var.services.admin.users.get(c.req.valid("param").id), 200),
  )
  /** The edit dialog: PATCH /api/dealers/{id}'s rules, on the account's dealer. */
  .openapi(
    adminRoute.patch("/users/{id}", { 200: adminUserSchema }, { params: idParam, body: dealerUpdateSchema }),
    async (c) => {
      const actor = actorOf(c);
      const input = c.req.valid("json");
      const user = await c.var.services.admin.users.editDealer(
        actor,
        c.req.valid("param").id,
        input,
        (dealerId) =>
          c.var.services.dealers.update(
            { accountId: actor.accountId, dealerId: null, isAdmin: true },
            dealerId,
            input,
          ),
      );
      return c.json(user, 200);
    },
  )
  .openapi(adminRoute.delete("/users/{id}", { 204: null }, { params: idParam }), async (c) => {
    await c.var.services.admin.users.remove(actorOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(
    adminRoute.post(
      "/users/{id}/suspend",
      { 200: adminUserSchema },
      { params: idParam, body: suspendSchema },
    ),
    async (c) =>
      c.json(
        await c.var.services.admin.users.suspend(
          actorOf(c),
          c.req.valid("param").id,
          c.req.valid("json").reason,
        ),
        200,
      ),
  )
  .openapi(
    adminRoute.post("/users/{id}/reactivate", { 200: adminUserSchema }, { params: idParam }),
    async (c) =>
      c.json(await c.var.services.admin.users.reactivate(actorOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    adminRoute.post("/users/{id}/role", { 200: adminUserSchema }, { params: idParam, body: roleSchema }),
    async (c) =>
      c.json(
        await c.var.services.admin.users.setRole(
          actorOf(c),
          c.req.valid("param").id,
          c.req.valid("json").role,
        ),
        200,
      ),
  )
  /** The account's payments, newest first: what the refund dialog offers. */
  .openapi(
    adminRoute.get(
      "/users/{id}/invoices",
      { 200: [invoiceSchema] },
      { params: idParam, query: invoicesQuerySchema },
    ),
    async (c) => {
      const user = await c.var.services.admin.users.get(c.req.valid("param").id);
      if (!user.dealer) return answerList(c, { items: [], nextCursor: null });
      return answerList(c, await c.var.services.subscriptions.invoices(user.dealer.id, c.req.valid("query")));
    },
  )
  .openapi(adminRoute.post("/refunds", { 201: invoiceSchema }, { body: refundSchema }), async (c) => {
    const { invoiceId, reason } = c.req.valid("json");
    return c.json(await c.var.services.admin.payments.refund(actorOf(c), invoiceId, reason), 201);
  })

  // Exports
  .openapi(adminRoute.get("/export/users", { 200: null }), async (c) => {
    const actor = actorOf(c);
    await c.var.services.admin.audit.record(actor, {
      action: "data.export",
      recordType: "export",
      recordId: "users.csv",
    });
    return new Response(streamOf(c.var.services.admin.exports.usersCsv()), {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="dealerlane-users-${today()}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  })
  .openapi(adminRoute.get("/export/backup", { 200: null }), async (c) => {
    const actor = actorOf(c);
    await c.var.services.admin.audit.record(actor, {
      action: "data.export",
      recordType: "export",
      recordId: "backup.json",
    });
    return new Response(streamOf(c.var.services.admin.exports.backupJson()), {
      status: 200,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="dealerlane-backup-${today()}.json"`,
        "Cache-Control": "private, no-store",
      },
    });
  })

  // Deals
  .openapi(
    adminRoute.get("/deals", { 200: [adminDealSchema] }, { query: adminDealsQuerySchema }),
    async (c) => answerList(c, await c.var.services.admin.deals.list(c.req.valid("query"))),
  )
  .openapi(
    adminRoute.post(
      "/deals/{id}/process",
      { 200: adminDealSchema },
      { params: idParam, body: processDealSchema },
    ),
    async (c) =>
      c.json(
        await c.var.services.admin.deals.process(actorOf(c), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
  )

  // Promotions
  .openapi(adminRoute.get("/promotions", { 200: [promotionSchema] }, { query: pageQuerySchema }), async (c) =>
    answerList(c, await c.var.services.admin.promotions.list(c.req.valid("query"))),
  )
  .openapi(
    adminRoute.post("/promotions", { 201: promotionSchema }, { body: promotionCreateSchema }),
    async (c) => c.json(await c.var.services.admin.promotions.create(actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    adminRoute.patch(
      "/promotions/{id}",
      { 200: promotionSchema },
      { params: idParam, body: promotionUpdateSchema },
    ),
    async (c) =>
      c.json(
        await c.var.services.admin.promotions.update(
          actorOf(c),
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
  )
  .openapi(adminRoute.delete("/promotions/{id}", { 204: null }, { params: idParam }), async (c) => {
    await c.var.services.admin.promotions.remove(actorOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  })

  // Pricing
  .openapi(adminRoute.get("/pricing", { 200: adminPricingSchema }), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.admin.pricing.list(), 200);
  })
  .openapi(
    adminRoute.patch("/plans/{id}", { 200: adminPlanSchema }, { params: idParam, body: priceUpdateSchema }),
    async (c) =>
      c.json(
        await c.var.services.admin.pricing.updatePlan(
          actorOf(c),
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
  )
  .openapi(
    adminRoute.patch("/add-ons/{id}", { 200: addOnSchema }, { params: idParam, body: priceUpdateSchema }),
    async (c) =>
      c.json(
        await c.var.services.admin.pricing.updateAddOn(
          actorOf(c),
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
  )

  // Dealer verification
  .openapi(
    adminRoute.get(
      "/verifications",
      { 200: [verificationRequestSchema] },
      { query: verificationQueueSchema },
    ),
    async (c) => answerList(c, await c.var.services.admin.verifications.list(c.req.valid("query"))),
  )
  .openapi(
    adminRoute.post(
      "/verifications/{id}/decision",
      { 200: verificationRequestSchema },
      { params: idParam, body: verificationDecisionSchema },
    ),
    async (c) =>
      c.json(
        await c.var.services.admin.verifications.decide(
          actorOf(c),
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
  )

  // Network-wide
  .openapi(
    adminRoute.post("/announcements", { 202: announcementReceiptSchema }, { body: announcementSchema }),
    async (c) => c.json(await c.var.services.admin.broadcast.announce(actorOf(c), c.req.valid("json")), 202),
  )
  /** An empty object in; the screen toasts 'Data Cleared!' or 'Failed to clear data'. */
  .openapi(
    adminRoute.post("/clear-data", { 200: clearDataReceiptSchema }, { body: clearDataSchema }),
    async (c) => c.json(await c.var.services.admin.broadcast.clearDemoData(actorOf(c)), 200),
  );
