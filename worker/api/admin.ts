import type { OpenAPIHono } from "@hono/zod-openapi";
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
import { NEXT_CURSOR_HEADER } from "#lib/api-headers";
import { streamOf } from "../domain/admin/exports";
import type { AdminActor } from "../domain/admin/audit";
import type { Page } from "../domain/shared/cursors";
import type { AppEnv } from "../http/types";
import { answerList, attachment, today } from "./answers";
import { adminRoute, openApiRouter } from "./openapi";

const idParam = z.object({ id: z.string().min(1).max(100) });

/** The admin acting, for the audit log. */
export const actorOf = (c: Context<AppEnv>): AdminActor => {
  const viewer = requireAdmin(c);
  return { accountId: viewer.accountId, email: viewer.email };
};

type Admin = AppEnv["Variables"]["services"]["admin"];
type On<In extends object> = Context<AppEnv, string, { out: In }>;

/** The handler of an action on one record: the admin acting, the record's id and the body, answered as JSON. */
const onRecord =
  <B, T>(act: (admin: Admin, actor: AdminActor, id: string, body: B) => Promise<T>) =>
  async (c: On<{ param: { id: string }; json: B }>) =>
    c.json(await act(c.var.services.admin, actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200);

/** What an action on one record is given, its body as `S` validated it. */
type Act<S extends z.ZodType> = [actor: AdminActor, id: string, body: z.output<S>];
type Suspend = z.output<typeof suspendSchema>;
type Role = z.output<typeof roleSchema>;

type Export = { chunks: Parameters<typeof streamOf>[0]; part?: number; nextCursor?: string | null };

/**
 * The handler of an export: audited, then streamed as a dated attachment that is never cached. An export in
 * parts names the part in the file and the audit, and the next part's cursor in `X-Next-Cursor`.
 */
const onExport =
  (name: string, type: string, exported: (admin: Admin, c: Context<AppEnv>) => Promise<Export>) =>
  async (c: Context<AppEnv>) => {
    const admin = c.var.services.admin;
    const { chunks, part = 1, nextCursor } = await exported(admin, c);
    const [base, extension] = name.split(".");
    const suffix = part > 1 ? `-part-${part}` : "";
    await admin.audit.record(actorOf(c), {
      action: "data.export",
      recordType: "export",
      recordId: part > 1 ? `${base}${suffix}.${extension}` : name,
    });
    const filename = `dealerlane-${base}-${today()}${suffix}.${extension}`;
    const response = attachment(streamOf(chunks), `${type}; charset=utf-8`, filename);
    if (nextCursor) response.headers.set(NEXT_CURSOR_HEADER, nextCursor);
    return response;
  };

/** The backup's next part, from the `X-Next-Cursor` of the one before. */
const backupQuery = z.object({ cursor: z.string().min(1).max(300).optional() });

/** A list of the console's: the query in, a page out, answered as every list is. */
const list = <P extends string, Q extends z.ZodObject, T>(
  path: P,
  item: z.ZodType,
  query: Q,
  read: (admin: Admin, query: z.output<Q>) => Promise<Page<T>>,
) =>
  [
    adminRoute.get(path, { 200: [item] }, { query }),
    async (c: On<{ query: z.output<Q> }>) =>
      answerList(c, await read(c.var.services.admin, c.req.valid("query"))),
  ] as const;

/**
 * /api/admin/*: the admin console's calls. The guard runs for every path under it — endpoints or
 * not — so a signed-out caller gets 401 and a dealer 403 before anything could answer 404. Every action
 * writes its audit entry (worker/domain/admin).
 */
// Typed as a plain router: no client reads its routes from the type, and the merged type grows too complex.
export const adminRoutes: OpenAPIHono<AppEnv> = openApiRouter(adminsOnly)
  .openapi(adminRoute.get("/figures", { 200: adminFiguresSchema }), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.admin.figures.figures(), 200);
  })
  .openapi(...list("/audit", auditEntrySchema, auditQuerySchema, (admin, query) => admin.audit.list(query)))

  // Users
  .openapi(
    ...list("/users", adminUserSchema, adminUsersQuerySchema, (admin, query) => admin.users.list(query)),
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
    onRecord((admin, actor, id, { reason }: Suspend) => admin.users.suspend(actor, id, reason)),
  )
  .openapi(
    adminRoute.post("/users/{id}/reactivate", { 200: adminUserSchema }, { params: idParam }),
    onRecord((admin, actor, id) => admin.users.reactivate(actor, id)),
  )
  .openapi(
    adminRoute.post("/users/{id}/role", { 200: adminUserSchema }, { params: idParam, body: roleSchema }),
    onRecord((admin, actor, id, { role }: Role) => admin.users.setRole(actor, id, role)),
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
  .openapi(
    adminRoute.get("/export/users", { 200: null }),
    onExport("users.csv", "text/csv", async (admin) => ({ chunks: admin.exports.usersCsv() })),
  )
  .openapi(
    adminRoute.get("/export/backup", { 200: null }, { query: backupQuery }),
    onExport("backup.json", "application/json", (admin, c) =>
      admin.exports.backupJson({ cursor: c.req.query("cursor") }),
    ),
  )

  // Deals
  .openapi(
    ...list("/deals", adminDealSchema, adminDealsQuerySchema, (admin, query) => admin.deals.list(query)),
  )
  .openapi(
    adminRoute.post(
      "/deals/{id}/process",
      { 200: adminDealSchema },
      { params: idParam, body: processDealSchema },
    ),
    onRecord((admin, ...act: Act<typeof processDealSchema>) => admin.deals.process(...act)),
  )

  // Promotions
  .openapi(
    ...list("/promotions", promotionSchema, pageQuerySchema, (admin, query) => admin.promotions.list(query)),
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
    onRecord((admin, ...act: Act<typeof promotionUpdateSchema>) => admin.promotions.update(...act)),
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
    onRecord((admin, ...act: Act<typeof priceUpdateSchema>) => admin.pricing.updatePlan(...act)),
  )
  .openapi(
    adminRoute.patch("/add-ons/{id}", { 200: addOnSchema }, { params: idParam, body: priceUpdateSchema }),
    onRecord((admin, ...act: Act<typeof priceUpdateSchema>) => admin.pricing.updateAddOn(...act)),
  )

  // Dealer verification
  .openapi(
    ...list("/verifications", verificationRequestSchema, verificationQueueSchema, (admin, query) =>
      admin.verifications.list(query),
    ),
  )
  .openapi(
    adminRoute.post(
      "/verifications/{id}/decision",
      { 200: verificationRequestSchema },
      { params: idParam, body: verificationDecisionSchema },
    ),
    onRecord((admin, ...act: Act<typeof verificationDecisionSchema>) => admin.verifications.decide(...act)),
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
