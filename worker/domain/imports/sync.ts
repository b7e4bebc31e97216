import { eq, inArray } from "drizzle-orm";
import { inChunks } from "../../db/bound-parameters";
import type { BatchItem } from "drizzle-orm/batch";
import { MAX_IMPORT_ROWS } from "#lib/imports/columns";
import type { ImportedVehicle } from "#lib/schemas/imports";
import type { Database } from "../../db/client";
import { inventoryPosts, vehicles } from "../../db/schema";
import type { PriceDrop } from "../deal-alerts";
import type { IndexedPost } from "../deal-alerts/match";
import { matchIndexStatements } from "../deal-alerts/match-index";
import { newVehicleRow, vehicleInserts } from "../inventory/posts";

type StoredVehicle = typeof vehicles.$inferSelect;

/**
 * Which stored vehicle a sheet row is: by VIN, else by stock number, else by what it is (year, make, model,
 * trim, color) — the sheet's row order may change between two reads.
 */
function keyOf(v: {
  vin?: string | null;
  stockNumber?: string | null;
  year?: number | null;
  make: string;
  model: string;
  trim?: string | null;
  color?: string | null;
}) {
  if (v.vin) return `vin:${v.vin.toUpperCase()}`;
  if (v.stockNumber) return `stock:${v.stockNumber.trim().toLowerCase()}`;
  return `car:${[v.year ?? "", v.make, v.model, v.trim ?? "", v.color ?? ""].join("|").toLowerCase()}`;
}

const centsOf = (price: number | undefined) => (price === undefined ? null : Math.round(price * 100));

export type SyncPlan = {
  added: ImportedVehicle[];
  updated: { id: string; priceCents: number | null; mileage: number | null; status: string }[];
  removed: string[];
  drops: PriceDrop[];
};

/**
 * The sheet against the post: rows new to the post are added, a changed price or mileage is updated (a
 * vehicle back in the sheet is available again), vehicles gone from the sheet are marked sold. A post never
 * holds more than MAX_IMPORT_ROWS vehicles. Pure.
 */
export function planSync(current: readonly StoredVehicle[], sheet: readonly ImportedVehicle[]): SyncPlan {
  const byKey = new Map<string, StoredVehicle[]>();
  for (const v of current) {
    const key = keyOf(v);
    byKey.set(key, [...(byKey.get(key) ?? []), v]);
  }
  const seen = new Set<string>();
  const plan: SyncPlan = { added: [], updated: [], removed: [], drops: [] };
  let room = MAX_IMPORT_ROWS - current.length;
  for (const row of sheet) {
    const stored = byKey.get(keyOf(row))?.find((v) => !seen.has(v.id));
    if (!stored) {
      if (room > 0) plan.added.push(row);
      room -= 1;
      continue;
    }
    seen.add(stored.id);
    const priceCents = row.price === undefined ? stored.priceCents : centsOf(row.price);
    const mileage = row.mileage ?? stored.mileage;
    const status = stored.status === "sold" ? "available" : stored.status;
    if (priceCents !== stored.priceCents || mileage !== stored.mileage || status !== stored.status) {
      plan.updated.push({ id: stored.id, priceCents, mileage, status });
      if (
        status === "available" &&
        stored.priceCents !== null &&
        priceCents !== null &&
        priceCents < stored.priceCents
      )
        plan.drops.push({ vehicleId: stored.id, oldCents: stored.priceCents, newCents: priceCents });
    }
  }
  for (const v of current) if (!seen.has(v.id) && v.status !== "sold") plan.removed.push(v.id);
  return plan;
}

/**
 * The plan as statements: the vehicles written, the post sold when nothing is left for sale (active again
 * when the sheet brings vehicles back), and its match-index rows rewritten from the vehicles as they now are.
 */
export function syncStatements(
  db: Database,
  post: IndexedPost,
  current: readonly StoredVehicle[],
  plan: SyncPlan,
  now: number,
): { statements: BatchItem<"sqlite">[]; status: string } {
  const changes = new Map(plan.updated.map((u) => [u.id, u]));
  const removed = new Set(plan.removed);
  let position = current.reduce((max, v) => Math.max(max, v.position), -1);
  const addedRows = plan.added.map((v) =>
    newVehicleRow(post.id, (position += 1), { ...v, status: "available" }),
  );
  const next = [
    ...current.map((v) => ({ ...v, ...changes.get(v.id), ...(removed.has(v.id) ? { status: "sold" } : {}) })),
    ...addedRows,
  ];
  const anyForSale = next.some((v) => v.status !== "sold");
  const status =
    post.status === "active" && !anyForSale
      ? "sold"
      : post.status === "sold" && anyForSale
        ? "active"
        : post.status;
  const statements: BatchItem<"sqlite">[] = [
    db.update(inventoryPosts).set({ status, updatedAt: now }).where(eq(inventoryPosts.id, post.id)),
    ...plan.updated.map((u) =>
      db
        .update(vehicles)
        .set({ priceCents: u.priceCents, mileage: u.mileage, status: u.status })
        .where(eq(vehicles.id, u.id)),
    ),
    ...inChunks(plan.removed, { fixed: 1 }).map((ids) =>
      db.update(vehicles).set({ status: "sold" }).where(inArray(vehicles.id, ids)),
    ),
    ...vehicleInserts(db, addedRows),
    ...matchIndexStatements(db, { ...post, status }, next, { replace: true, now }),
  ];
  return { statements, status };
}
