/**
 * Inventory imports: the link to read, the publish form, and how one spreadsheet row becomes a vehicle —
 * validated by the very schema a typed vehicle passes (vehicleInputSchema), plus the VIN's check digit, a
 * stock number and the seller's disclosures. Pure code, shared by the worker and the Spreadsheet tab.
 */
import { z } from "zod";
import { hasValidCheckDigit, computeCheckDigit, isVinShaped } from "#lib/vin";
import { DISCLOSURE_ANSWERS, DISCLOSURE_KEYS } from "#lib/schemas/disclosure-constants";
import { IMPORT_COLUMNS, VEHICLE_COLUMNS, type ColumnMapping, type ImportColumn } from "#lib/imports/columns";
import { createPostSchema, vehicleInputSchema } from "#lib/schemas/inventory";

export const STOCK_NUMBER_MAX = 40;

/** POST /api/inventory/imports as JSON: a published sheet's address. */
export const importLinkSchema = z.object({
  url: z
    .string({ error: "Send the sheet's address as url" })
    .trim()
    .min(1, "Send the sheet's address as url")
    .max(2000, "The sheet's address is too long")
    .refine(
      (u) => {
        try {
          return new URL(u).protocol === "https:";
        } catch {
          return false;
        }
      },
      { message: "The sheet's address must start with https://" },
    ),
});

const headerName = z.string().trim().min(1).max(200);

export const columnMappingSchema = z.object(
  Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, headerName.nullable().optional()])) as Record<
    ImportColumn,
    z.ZodOptional<z.ZodNullable<typeof headerName>>
  >,
  { error: "The mapping must name a header (or null) for each column" },
);

/** POST /api/inventory/imports/{id}/publish: the post's text as a typed post has it, and a corrected mapping. */
export const publishImportSchema = z.object({
  title: createPostSchema.shape.title,
  description: createPostSchema.shape.description.optional(),
  mapping: columnMappingSchema.optional(),
});
export type PublishImport = z.output<typeof publishImportSchema>;

export const importIdSchema = z.object({ id: z.string().min(1).max(64) });

/** A vehicle as an import reads it: a typed vehicle's fields, a stock number, and the disclosures when the sheet has them. */
export const importedVehicleSchema = vehicleInputSchema.extend({
  stockNumber: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .max(STOCK_NUMBER_MAX, `Stock # must be at most ${STOCK_NUMBER_MAX} characters`)
      .optional(),
  ),
});
export type ImportedVehicle = z.output<typeof importedVehicleSchema>;

/** The answers of a disclosure column: yes / no / unknown, and the usual ways a sheet writes them. */
const ANSWER_WORDS: Record<string, (typeof DISCLOSURE_ANSWERS)[number]> = {
  yes: "yes",
  y: "yes",
  true: "yes",
  x: "yes",
  "1": "yes",
  no: "no",
  n: "no",
  false: "no",
  "0": "no",
  none: "no",
  unknown: "unknown",
  "?": "unknown",
  "": "unknown",
};

function disclosuresOf(read: (column: ImportColumn) => string | undefined): unknown {
  const present = [...DISCLOSURE_KEYS, "keys", "notes"].some(
    (k) => read(`disclosure.${k}` as ImportColumn) !== undefined,
  );
  if (!present) return undefined;
  const answers = Object.fromEntries(
    DISCLOSURE_KEYS.map((k) => {
      const text = (read(`disclosure.${k}`) ?? "").trim().toLowerCase();
      return [k, ANSWER_WORDS[text] ?? text];
    }),
  );
  const keys = read("disclosure.keys")?.trim();
  return {
    ...answers,
    keys: keys ? Number(keys) : null,
    notes: read("disclosure.notes") ?? "",
  };
}

/** One row of a sheet as the preview shows it (`row`: the sheet's own row number). */
export type ImportRow = { row: number; vehicle: ImportedVehicle | null; errors: string[] };

/**
 * A row's cells, read through the mapping and validated. `errors` holds every problem, in a dealer's words;
 * the vehicle is null when there is one. Make and model may still be missing here: the VIN decode fills
 * them (`needsMakeAndModel` tells afterwards).
 */
export function readImportRow(
  cells: readonly string[],
  headers: readonly string[],
  mapping: ColumnMapping,
  row: number,
): ImportRow {
  const read = (column: ImportColumn): string | undefined => {
    const header = mapping[column];
    if (!header) return undefined;
    const index = headers.indexOf(header);
    return index < 0 ? undefined : (cells[index] ?? "");
  };
  const raw: Record<string, unknown> = Object.fromEntries(
    VEHICLE_COLUMNS.map((c) => [c, read(c)]).filter(([, v]) => v !== undefined),
  );
  raw.disclosures = disclosuresOf(read);
  const parsed = importedVehicleSchema.safeParse(raw);
  const errors = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  const vin = parsed.success ? parsed.data.vin : undefined;
  if (vin && isVinShaped(vin) && !hasValidCheckDigit(vin)) {
    errors.push(`VIN check digit is wrong: position 9 should be ${computeCheckDigit(vin)}`);
  }
  return { row, vehicle: errors.length === 0 && parsed.success ? parsed.data : null, errors };
}

export const MAKE_AND_MODEL_REQUIRED = "Make and model are required (or a VIN that names them)";
