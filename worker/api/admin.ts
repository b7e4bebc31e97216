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
import { json, openApiRouter, sessionRoute } from "./openapi";

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
  .openapi(
    sessionRoute({ method: "get", path: "/figures", access: "admin", answers: { 200: adminFiguresSchema } }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await c.var.services.admin.figures.figures(), 200);
    },
  )
  .openapi(
    sessionRoute({
      method: "get",
      path: "/audit",
      access: "admin",
      request: { query: auditQuerySchema },
      answers: { 200: [auditEntrySchema] },
    }),
    async (c) => answerList(c, await c.var.services.admin.audit.list(c.req.valid("query"))),
  )

  // Users
  .openapi(
    sessionRoute({
      method: "get",
      path: "/users",
      access: "admin",
      request: { query: adminUsersQuerySchema },
      answers: { 200: [adminUserSchema] },
    }),
    async (c) => answerList(c, await c.var.services.admin.users.list(c.req.valid("query"))),
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/users",
      access: "admin",
      request: { body: json(addUserSchema) },
      answers: { 201: adminUserSchema },
    }),
    async (c) => c.json(await c.var.services.admin.users.add(actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    sessionRoute({
      method: "get",
      path: "/users/{id}",
      access: "admin",
      request: { params: idParam },
      answers: { 200: adminUserSchema },
    }),
    async (c) => c.json(await c.var.services.admin.users.get(c.req.valid("param").id), 200),
  )
  /** The edit dialog: PATCH /api/dealers/{id}'s rules, on the account's dealer. */
  .openapi(
    sessionRoute({
      method: "patch",
      path: "/users/{id}",
      access: "admin",
      request: { params: idParam, body: json(dealerUpdateSchema) },
      answers: { 200: adminUserSchema },
    }),
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
  .openapi(
    sessionRoute({
      method: "delete",
      path: "/users/{id}",
      access: "admin",
      request: { params: idParam },
      answers: { 204: null },
    }),
    async (c) => {
      await c.var.services.admin.users.remove(actorOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/users/{id}/suspend",
      access: "admin",
      request: { params: idParam, body: json(suspendSchema) },
      answers: { 200: adminUserSchema },
    }),
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
    sessionRoute({
      method: "post",
      path: "/users/{id}/reactivate",
      access: "admin",
      request: { params: idParam },
      answers: { 200: adminUserSchema },
    }),
    async (c) =>
      c.json(await c.var.services.admin.users.reactivate(actorOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/users/{id}/role",
      access: "admin",
      request: { params: idParam, body: json(roleSchema) },
      answers: { 200: adminUserSchema },
    }),
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
    sessionRoute({
      method: "get",
      path: "/users/{id}/invoices",
      access: "admin",
      request: { params: idParam, query: invoicesQuerySchema },
      answers: { 200: [invoiceSchema] },
    }),
    async (c) => {
      const user = await c.var.services.admin.users.get(c.req.valid("param").id);
      if (!user.dealer) return answerList(c, { items: [], nextCursor: null });
      return answerList(c, await c.var.services.subscriptions.invoices(user.dealer.id, c.req.valid("query")));
    },
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/refunds",
      access: "admin",
      request: { body: json(refundSchema) },
      answers: { 201: invoiceSchema },
    }),
    async (c) => {
      const { invoiceId, reason } = c.req.valid("json");
      return c.json(await c.var.services.admin.payments.refund(actorOf(c), invoiceId, reason), 201);
    },
  )

  // Exports
  .openapi(
    sessionRoute({ method: "get", path: "/export/users", access: "admin", answers: { 200: null } }),
    async (c) => {
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
    },
  )
  .openapi(
    sessionRoute({ method: "get", path: "/export/backup", access: "admin", answers: { 200: null } }),
    async (c) => {
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
    },
  )

  // Deals
  .openapi(
    sessionRoute({
      method: "get",
      path: "/deals",
      access: "admin",
      request: { query: adminDealsQuerySchema },
      answers: { 200: [adminDealSchema] },
    }),
    async (c) => answerList(c, await c.var.services.admin.deals.list(c.req.valid("query"))),
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/deals/{id}/process",
      access: "admin",
      request: { params: idParam, body: json(processDealSchema) },
      answers: { 200: adminDealSchema },
    }),
    async (c) =>
      c.json(
        await c.var.services.admin.deals.process(actorOf(c), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
  )

  // Promotions
  .openapi(
    sessionRoute({
      method: "get",
      path: "/promotions",
      access: "admin",
      request: { query: pageQuerySchema },
      answers: { 200: [promotionSchema] },
    }),
    async (c) => answerList(c, await c.var.services.admin.promotions.list(c.req.valid("query"))),
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/promotions",
      access: "admin",
      request: { body: json(promotionCreateSchema) },
      answers: { 201: promotionSchema },
    }),
    async (c) => c.json(await c.var.services.admin.promotions.create(actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    sessionRoute({
      method: "patch",
      path: "/promotions/{id}",
      access: "admin",
      request: { params: idParam, body: json(promotionUpdateSchema) },
      answers: { 200: promotionSchema },
    }),
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
  .openapi(
    sessionRoute({
      method: "delete",
      path: "/promotions/{id}",
      access: "admin",
      request: { params: idParam },
      answers: { 204: null },
    }),
    async (c) => {
      await c.var.services.admin.promotions.remove(actorOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  )

  // Pricing
  .openapi(
    sessionRoute({ method: "get", path: "/pricing", access: "admin", answers: { 200: adminPricingSchema } }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await c.var.services.admin.pricing.list(), 200);
    },
  )
  .openapi(
    sessionRoute({
      method: "patch",
      path: "/plans/{id}",
      access: "admin",
      request: { params: idParam, body: json(priceUpdateSchema) },
      answers: { 200: adminPlanSchema },
    }),
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
    sessionRoute({
      method: "patch",
      path: "/add-ons/{id}",
      access: "admin",
      request: { params: idParam, body: json(priceUpdateSchema) },
      answers: { 200: addOnSchema },
    }),
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
    sessionRoute({
      method: "get",
      path: "/verifications",
      access: "admin",
      request: { query: verificationQueueSchema },
      answers: { 200: [verificationRequestSchema] },
    }),
    async (c) => answerList(c, await c.var.services.admin.verifications.list(c.req.valid("query"))),
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/verifications/{id}/decision",
      access: "admin",
      request: { params: idParam, body: json(verificationDecisionSchema) },
      answers: { 200: verificationRequestSchema },
    }),
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
    sessionRoute({
      method: "post",
      path: "/announcements",
      access: "admin",
      request: { body: json(announcementSchema) },
      answers: { 202: announcementReceiptSchema },
    }),
    async (c) => c.json(await c.var.services.admin.broadcast.announce(actorOf(c), c.req.valid("json")), 202),
  )
  /** An empty object in; the screen toasts 'Data Cleared!' or 'Failed to clear data'. */
  .openapi(
    sessionRoute({
      method: "post",
      path: "/clear-data",
      access: "admin",
      request: { body: json(clearDataSchema) },
      answers: { 200: clearDataReceiptSchema },
    }),
    async (c) => c.json(await c.var.services.admin.broadcast.clearDemoData(actorOf(c)), 200),
  );
