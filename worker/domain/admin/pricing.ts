import { asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PriceUpdateInput } from "#lib/admin";
import { toIsoOrNull, type AddOn, type AdminPlan, type AdminPricing } from "#lib/api-types";
import type { Database } from "../../db/client";
import { addOns, plans } from "../../db/schema";
import { notFound } from "../shared/errors";
import type { AdminActor, AuditTrail } from "./audit";

type PlanRow = typeof plans.$inferSelect;
type AddOnRow = typeof addOns.$inferSelect;

const toAdminPlan = (row: PlanRow, userCount: number): AdminPlan => ({
  id: row.id,
  name: row.name,
  priceCents: row.priceCents,
  features: row.features,
  isActive: row.isActive,
  userCount,
  updatedAt: toIsoOrNull(row.updatedAt),
});

const toAddOn = (row: AddOnRow): AddOn => ({
  id: row.id,
  name: row.name,
  priceCents: row.priceCents,
  description: row.description,
  isActive: row.isActive,
  userCount: 0,
  updatedAt: toIsoOrNull(row.updatedAt),
});

/** A price change in whole dollars, as cents; only the fields sent. */
const changesOf = (input: PriceUpdateInput) => ({
  ...(input.price !== undefined ? { priceCents: input.price * 100 } : {}),
  ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
});

/**
 * /admin/pricing: the plans and add-ons in D1.
 * /pricing, /subscribe and every new subscription read the plans from here, so a saved price is the next
 * dealer's price; a dealer already subscribed keeps paying what they agreed to until they change plan.
 */
export function pricingAdmin(db: Database, deps: { audit: AuditTrail }) {
  async function list(now = Date.now()): Promise<AdminPricing> {
    const [planRows, counts, addOnRows] = await Promise.all([
      db.select().from(plans).orderBy(asc(plans.sortOrder)).all(),
      db.all<{ planId: string; count: number }>(sql`
          select plan_id as planId, count(*) as count from subscriptions
          where status in ('active', 'trialing', 'past_due') and (current_period_end is null or current_period_end > ${now})
          group by plan_id`),
      db.select().from(addOns).orderBy(asc(addOns.sortOrder)).all(),
    ]);
    const countOf = new Map(counts.map((c) => [c.planId, c.count]));
    return {
      plans: planRows.map((p) => toAdminPlan(p, countOf.get(p.id) ?? 0)),
      addOns: addOnRows.map(toAddOn),
    };
  }

  /** Saves a price change with its audit entry (price and state before and after), both or neither. */
  async function changePrice(
    actor: AdminActor,
    record: { type: "plan" | "add-on"; id: string; before?: { priceCents: number; isActive: boolean } },
    input: PriceUpdateInput,
    update: (changes: ReturnType<typeof changesOf>) => BatchItem<"sqlite">,
  ) {
    const { type, id, before } = record;
    if (!before) throw notFound(type === "plan" ? "No such plan" : "No such add-on");
    const changes = changesOf(input);
    await db.batch([
      update(changes),
      deps.audit.entry(actor, {
        action: `${type}.update`,
        recordType: type,
        recordId: id,
        before: { priceCents: before.priceCents, isActive: before.isActive },
        after: {
          priceCents: changes.priceCents ?? before.priceCents,
          isActive: changes.isActive ?? before.isActive,
        },
      }),
    ]);
  }

  return {
    list,

    async updatePlan(actor: AdminActor, id: string, input: PriceUpdateInput, now = Date.now()) {
      const before = await db.select().from(plans).where(eq(plans.id, id)).get();
      await changePrice(actor, { type: "plan", id, before }, input, (changes) =>
        db
          .update(plans)
          .set({ ...changes, updatedAt: now })
          .where(eq(plans.id, id)),
      );
      return (await list()).plans.find((p) => p.id === id)!;
    },

    async updateAddOn(actor: AdminActor, id: string, input: PriceUpdateInput, now = Date.now()) {
      const before = await db.select().from(addOns).where(eq(addOns.id, id)).get();
      await changePrice(actor, { type: "add-on", id, before }, input, (changes) =>
        db
          .update(addOns)
          .set({ ...changes, updatedAt: now })
          .where(eq(addOns.id, id)),
      );
      return toAddOn((await db.select().from(addOns).where(eq(addOns.id, id)).get())!);
    },
  };
}
