import { and, asc, desc, eq, ne } from "drizzle-orm";
import { COLUMN_LABELS, IMPORT_COLUMNS, type ImportColumn } from "#lib/imports/columns";
import { DISCLOSURE_KEYS } from "#lib/schemas/disclosure-constants";
import type { Database } from "../../db/client";
import { inventoryPosts, vehicles } from "../../db/schema";
import { csvHeader, csvRows, dollars, type CsvColumn } from "../shared/csv";

type VehicleRow = typeof vehicles.$inferSelect;

function cellOf(v: VehicleRow, column: ImportColumn): string | number | null {
  if (column.startsWith("disclosure.")) {
    const key = column.slice("disclosure.".length);
    const d = v.disclosures;
    if (!d) return null;
    if (key === "keys") return d.keys;
    if (key === "notes") return d.notes;
    return DISCLOSURE_KEYS.includes(key as never) ? d[key as (typeof DISCLOSURE_KEYS)[number]] : null;
  }
  switch (column as Exclude<ImportColumn, `disclosure.${string}`>) {
    case "stockNumber":
      return v.stockNumber;
    case "price":
      return dollars(v.priceCents);
    default:
      return v[
        column as
          | "vin"
          | "year"
          | "make"
          | "model"
          | "trim"
          | "mileage"
          | "color"
          | "city"
          | "state"
          | "location"
          | "notes"
      ];
  }
}

/**
 * GET /api/inventory/export: the dealer's listed vehicles (active listings, not sold), newest post first, in
 * the columns an import reads — so the file can be edited and imported again. Formulas are defused by the
 * same cell writer as the Pass Thru export.
 */
export async function listedVehiclesCsv(db: Database, dealerId: string): Promise<string> {
  const rows = await db
    .select({ v: vehicles })
    .from(vehicles)
    .innerJoin(inventoryPosts, eq(inventoryPosts.id, vehicles.postId))
    .where(
      and(
        eq(inventoryPosts.dealerId, dealerId),
        eq(inventoryPosts.status, "active"),
        ne(inventoryPosts.type, "request"),
        ne(vehicles.status, "sold"),
      ),
    )
    .orderBy(desc(inventoryPosts.createdAt), asc(vehicles.position));
  const columns = IMPORT_COLUMNS.map((c): CsvColumn<VehicleRow> => [COLUMN_LABELS[c], (v) => cellOf(v, c)]);
  const listed = rows.map(({ v }) => v);
  return csvHeader(columns) + csvRows(columns, listed);
}
