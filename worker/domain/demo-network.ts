import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { forbidden, notFound } from "./errors";

export const NOT_ACROSS_NETWORKS = "Demo accounts and real dealers cannot connect or message each other.";

/**
 * The demo network (dealers.is_demo: the seeded dealers, throwaway demo dealerships and the dealers they add)
 * and the real one never meet: a demo account never speaks to a real dealer, nor a real dealer to a demo
 * account. Throws 404 for an unknown `otherId`, 403 across the two networks.
 */
export async function requireSameNetwork(db: Database, dealerId: string, otherId: string): Promise<void> {
  const rows = await db.all<{ id: string; isDemo: number }>(
    sql`select id, is_demo as isDemo from dealers where id in (${dealerId}, ${otherId})`,
  );
  const other = rows.find((r) => r.id === otherId);
  if (!other) throw notFound("Dealer not found");
  if (rows.some((r) => r.isDemo !== other.isDemo)) throw forbidden(NOT_ACROSS_NETWORKS);
}
