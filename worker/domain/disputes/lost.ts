import { sql } from "drizzle-orm";
import { inChunks, listOf } from "../../db/bound-parameters.ts";
import type { Database } from "../../db/client.ts";

/**
 * The disputes each dealer lost (decided against them), for their reputation: every dealer asked has an entry,
 * 0 when none. One statement per run of ids D1 can bind. Imports Node loads as they are: the seed measures the
 * demo's reputations through it.
 */
export async function disputesLostBy(
  db: Database,
  dealerIds: readonly string[],
): Promise<Map<string, number>> {
  const lost = new Map(dealerIds.map((id) => [id, 0]));
  for (const chunk of inChunks([...new Set(dealerIds)])) {
    const rows = await db.all<{ dealerId: string; lost: number }>(sql`
      select lost_by as dealerId, count(*) as lost from deal_disputes
      where lost_by in (${listOf(chunk)}) group by lost_by`);
    for (const row of rows) lost.set(row.dealerId, row.lost);
  }
  return lost;
}
