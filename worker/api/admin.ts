import { Hono, type Context } from "hono";
import { z } from "zod";
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
import { validate } from "./validate";

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
export const adminRoutes = new Hono<AppEnv>()
  .use(adminsOnly)
  .get("/figures", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.admin.figures.figures(), 200);
  })
  .get("/audit", validate("query", auditQuerySchema), async (c) =>
    answerList(c, await c.var.services.admin.audit.list(c.req.valid("query"))),
  )

  // Users
  .get("/users", validate("query", adminUsersQuerySchema), async (c) =>
    answerList(c, await c.var.services.admin.users.list(c.req.valid("query"))),
  )
  .post("/users", validate("json", addUserSchema), async (c) =>
    c.json(await c.var.services.admin.users.add(actorOf(c), c.req.valid("json")), 201),
  )
  .get("/users/:id", validate("param", idParam), async (c) =>
    c.json(await c.var.services.admin.users.get(c.req.valid("param").id), 200),
  )
  /** The edit dialog: PATCH /api/dealers/{id}'s rules, on the account's dealer. */
  .patch("/users/:id", validate("param", idParam), validate("json", dealerUpdateSchema), async (c) => {
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
  })
  .delete("/users/:id", validate("param", idParam), async (c) => {
    await c.var.services.admin.users.remove(actorOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .post("/users/:id/suspend", validate("param", idParam), validate("json", suspendSchema), async (c) =>
    c.json(
      await c.var.services.admin.users.suspend(
        actorOf(c),
        c.req.valid("param").id,
        c.req.valid("json").reason,
      ),
      200,
    ),
  )
  .post("/users/:id/reactivate", validate("param", idParam), async (c) =>
    c.json(await c.var.services.admin.users.reactivate(actorOf(c), c.req.valid("param").id), 200),
  )
  .post("/users/:id/role", validate("param", idParam), validate("json", roleSchema), async (c) =>
    c.json(
      await c.var.services.admin.users.setRole(actorOf(c), c.req.valid("param").id, c.req.valid("json").role),
      200,
    ),
  )
  /** The account's payments, newest first: what the refund dialog offers. */
  .get(
    "/users/:id/invoices",
    validate("param", idParam),
    validate("query", invoicesQuerySchema),
    async (c) => {
      const user = await c.var.services.admin.users.get(c.req.valid("param").id);
      if (!user.dealer) return answerList(c, { items: [], nextCursor: null });
      return answerList(c, await c.var.services.subscriptions.invoices(user.dealer.id, c.req.valid("query")));
    },
  )
  .post("/refunds", validate("json", refundSchema), async (c) => {
    const { invoiceId, reason } = c.req.valid("json");
    return c.json(await c.var.services.admin.payments.refund(actorOf(c), invoiceId, reason), 201);
  })

  // Exports
  .get("/export/users", async (c) => {
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
  .get("/export/backup", async (c) => {
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
  .get("/deals", validate("query", adminDealsQuerySchema), async (c) =>
    answerList(c, await c.var.services.admin.deals.list(c.req.valid("query"))),
  )
  .post("/deals/:id/process", validate("param", idParam), validate("json", processDealSchema), async (c) =>
    c.json(
      await c.var.services.admin.deals.process(actorOf(c), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )

  // Promotions
  .get("/promotions", validate("query", pageQuerySchema), async (c) =>
    answerList(c, await c.var.services.admin.promotions.list(c.req.valid("query"))),
  )
  .post("/promotions", validate("json", promotionCreateSchema), async (c) =>
    c.json(await c.var.services.admin.promotions.create(actorOf(c), c.req.valid("json")), 201),
  )
  .patch("/promotions/:id", validate("param", idParam), validate("json", promotionUpdateSchema), async (c) =>
    c.json(
      await c.var.services.admin.promotions.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .delete("/promotions/:id", validate("param", idParam), async (c) => {
    await c.var.services.admin.promotions.remove(actorOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  })

  // Pricing
  .get("/pricing", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.admin.pricing.list(), 200);
  })
  .patch("/plans/:id", validate("param", idParam), validate("json", priceUpdateSchema), async (c) =>
    c.json(
      await c.var.services.admin.pricing.updatePlan(actorOf(c), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .patch("/add-ons/:id", validate("param", idParam), validate("json", priceUpdateSchema), async (c) =>
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
  .get("/verifications", validate("query", verificationQueueSchema), async (c) =>
    answerList(c, await c.var.services.admin.verifications.list(c.req.valid("query"))),
  )
  .post(
    "/verifications/:id/decision",
    validate("param", idParam),
    validate("json", verificationDecisionSchema),
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
  .post("/announcements", validate("json", announcementSchema), async (c) =>
    c.json(await c.var.services.admin.broadcast.announce(actorOf(c), c.req.valid("json")), 202),
  )
  /** An empty object in; the screen toasts 'Data Cleared!' or 'Failed to clear data'. */
  .post("/clear-data", validate("json", clearDataSchema), async (c) =>
    c.json(await c.var.services.admin.broadcast.clearDemoData(actorOf(c)), 200),
  );
