import type { ImportRowAnswer, ImportVehicle, VinDecode } from "#lib/api-types";
import type { ColumnMapping } from "#lib/imports/columns";
import { isCompleteVehicle } from "#lib/schemas/inventory";
import { MAKE_AND_MODEL_REQUIRED, readImportRow, type ImportedVehicle } from "#lib/schemas/imports";
import { badRequest } from "../shared/errors";
import type { Sheet } from "./sheet";

export type DecodeMany = (vins: readonly string[]) => Promise<Map<string, VinDecode>>;

/** A row that will post, with the vehicle as the post stores it. */
export type ReadyRow = { row: number; vehicle: ImportedVehicle };

/** Refuses a mapping that names a header the sheet does not have. */
export function checkMapping(mapping: ColumnMapping, headers: readonly string[]) {
  for (const [column, header] of Object.entries(mapping)) {
    if (header && !headers.includes(header))
      throw badRequest(`The sheet has no column "${header}" to read ${column} from`);
  }
}

/**
 * Every row through the mapping and the vehicle schema, then the VINs decoded in one go (vPIC's batch, the
 * kept decodes, the offline decoder): the decode fills year, make, model and trim the sheet left empty. A row
 * still without make and model cannot post.
 */
export async function readRows(sheet: Sheet, mapping: ColumnMapping, decodeMany: DecodeMany) {
  const read = sheet.rows.map((r) => readImportRow(r.cells, sheet.headers, mapping, r.row));
  const decodes = await decodeMany(read.flatMap((r) => (r.vehicle?.vin ? [r.vehicle.vin] : [])));
  const rows = read.map((r) => {
    if (!r.vehicle) return r;
    const decode = r.vehicle.vin ? decodes.get(r.vehicle.vin) : undefined;
    const vehicle: ImportedVehicle = decode
      ? {
          ...r.vehicle,
          year: r.vehicle.year ?? decode.year ?? undefined,
          make: r.vehicle.make || decode.make || "",
          model: r.vehicle.model || decode.model || "",
          trim: r.vehicle.trim ?? decode.trim ?? undefined,
        }
      : r.vehicle;
    return isCompleteVehicle(vehicle)
      ? { ...r, vehicle }
      : { ...r, vehicle: null, errors: [MAKE_AND_MODEL_REQUIRED] };
  });
  const ready: ReadyRow[] = rows.flatMap((r) => (r.vehicle ? [{ row: r.row, vehicle: r.vehicle }] : []));
  return { rows, ready };
}

/** A vehicle as the preview answers it. */
export const toImportVehicle = (v: ImportedVehicle): ImportVehicle => ({
  stockNumber: v.stockNumber ?? null,
  vin: v.vin ?? null,
  year: v.year ?? null,
  make: v.make,
  model: v.model,
  trim: v.trim ?? null,
  mileage: v.mileage ?? null,
  price: v.price ?? null,
  color: v.color ?? null,
  city: v.city ?? null,
  state: v.state ?? null,
  location: v.location ?? null,
  notes: v.notes ?? null,
  disclosures: v.disclosures ?? null,
});

export const toRowAnswer = (r: {
  row: number;
  vehicle: ImportedVehicle | null;
  errors: string[];
}): ImportRowAnswer => ({
  row: r.row,
  vehicle: r.vehicle ? toImportVehicle(r.vehicle) : null,
  errors: r.errors,
});
