import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plans } from "../../db/schema";
import { notFound } from "../shared/errors";

export type PlanRow = typeof plans.$inferSelect;

/** The plans on sale, in their order: what /pricing, the landing and /subscribe show. */
export function planCatalogue(db: Database) {
  return {
    async list(): Promise<PlanRow[]> {
      return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder)).all();
    },

    /** Every plan, on sale or retired (a handful of rows): to name a dealer's plans without a read each. */
    async all(): Promise<PlanRow[]> {
      return db.select().from(plans).all();
    },

    /** A plan by id (on sale or not: a dealer may still hold a retired plan); 404 for an unknown one. */
    async get(id: string): Promise<PlanRow> {
      const plan = await db.select().from(plans).where(eq(plans.id, id)).get();
      if (!plan) throw notFound("No such plan");
      return plan;
    },

    async byLookupKey(lookupKey: string): Promise<PlanRow | undefined> {
      return db.select().from(plans).where(eq(plans.lookupKey, lookupKey)).get();
    },
  };
}
