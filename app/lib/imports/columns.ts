/**
 * The columns of an inventory spreadsheet: what DealerLane reads from each, and the headers dealers' exports
 * (vAuto, HomeNet, DealerSocket, a hand-kept Google Sheet) give them. Pure code: the worker maps an import with
 * it, the Spreadsheet tab shows and corrects the mapping with it, and the export writes these headers back.
 */
import { MAX_VEHICLES_PER_IMPORTED_POST } from "#lib/schemas/inventory";
import {
  DISCLOSURE_KEYS,
  DISCLOSURE_QUESTIONS,
  type DisclosureQuestion,
} from "#lib/schemas/disclosure-constants";

/** One import reads at most as many vehicle rows as a post published from it may hold. */
export const MAX_IMPORT_ROWS = MAX_VEHICLES_PER_IMPORTED_POST;
/** A file or a linked sheet larger than this is refused before it is read. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The header row is looked for among a sheet's first rows (exports often put a title above it). */
const HEADER_SEARCH_ROWS = 20;

export const VEHICLE_COLUMNS = [
  "stockNumber",
  "vin",
  "year",
  "make",
  "model",
  "trim",
  "mileage",
  "price",
  "color",
  "city",
  "state",
  "location",
  "notes",
] as const;
export type VehicleColumn = (typeof VEHICLE_COLUMNS)[number];
export type DisclosureColumn = `disclosure.${DisclosureQuestion | "keys" | "notes"}`;
export type ImportColumn = VehicleColumn | DisclosureColumn;

export const DISCLOSURE_COLUMNS = [
  ...DISCLOSURE_KEYS.map((k) => `disclosure.${k}` as const),
  "disclosure.keys",
  "disclosure.notes",
] as const satisfies readonly DisclosureColumn[];

export const IMPORT_COLUMNS: readonly ImportColumn[] = [...VEHICLE_COLUMNS, ...DISCLOSURE_COLUMNS];

/** The header the export writes and the mapping step shows, in a dealer's words. */
export const COLUMN_LABELS: Record<ImportColumn, string> = {
  stockNumber: "Stock #",
  vin: "VIN",
  year: "Year",
  make: "Make",
  model: "Model",
  trim: "Trim",
  mileage: "Mileage",
  price: "Price",
  color: "Exterior Color",
  city: "City",
  state: "State",
  location: "Location",
  notes: "Notes",
  ...(Object.fromEntries(DISCLOSURE_KEYS.map((k) => [`disclosure.${k}`, DISCLOSURE_QUESTIONS[k]])) as Record<
    `disclosure.${DisclosureQuestion}`,
    string
  >),
  "disclosure.keys": "Keys",
  "disclosure.notes": "Disclosure Notes",
};

/** Headers seen in dealers' exports, compared without case, spaces or punctuation. */
const HEADER_NAMES: Record<ImportColumn, readonly string[]> = {
  stockNumber: ["stock #", "stock", "stock number", "stock no", "stocknum", "stk", "stk #", "stock id"],
  vin: ["vin", "vin #", "vin number", "vehicle identification number", "serial number"],
  year: ["year", "model year", "yr"],
  make: ["make", "manufacturer", "brand"],
  model: ["model", "model name"],
  trim: ["trim", "series", "trim level", "style", "trim / series"],
  mileage: ["mileage", "odometer", "miles", "odometer reading", "odo", "mileage / odometer"],
  price: [
    "price",
    "internet price",
    "wholesale price",
    "asking price",
    "list price",
    "sale price",
    "selling price",
    "wholesale",
  ],
  color: ["exterior color", "color", "ext color", "exterior colour", "colour", "ext. color"],
  city: ["city", "lot city"],
  state: ["state", "st", "lot state", "province"],
  location: ["location", "lot", "lot location", "address"],
  notes: ["notes", "comments", "comment", "remarks", "description", "vehicle notes", "dealer notes"],
  "disclosure.frameDamage": ["frame damage", "structural damage", "frame"],
  "disclosure.floodOrFire": ["flood or fire", "flood / fire", "flood", "flood damage"],
  "disclosure.titleBrand": ["title brand", "branded title"],
  "disclosure.odometerNotActual": ["odometer not actual", "tmu", "true miles unknown", "nam"],
  "disclosure.airbags": ["airbags", "airbags deployed", "airbag"],
  "disclosure.engineOrTransmission": ["engine or transmission", "engine / transmission", "drivetrain issue"],
  "disclosure.warningLights": ["warning lights", "check engine light", "cel"],
  "disclosure.priorPaintOrBody": ["prior paint", "paint or body", "prior paint or body", "body work"],
  "disclosure.keys": ["keys", "number of keys", "# keys", "key count"],
  "disclosure.notes": ["disclosure notes", "announcements", "disclosures"],
};

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9#]/g, "");

const KNOWN = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((column) =>
    [...HEADER_NAMES[column], COLUMN_LABELS[column]].map((name) => [squash(name), column] as const),
  ),
);

/** The column a header names, or null. */
export const columnOfHeader = (header: string): ImportColumn | null => KNOWN.get(squash(header)) ?? null;

/** Which header of the sheet each column is read from (null: not read). */
export type ColumnMapping = Partial<Record<ImportColumn, string | null>>;

/** Headers as the mapping names them: blank ones become "Column C", repeated ones "Price (2)". */
export function headerNames(cells: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    let name = cell.trim() || `Column ${columnLetter(i)}`;
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    if (count > 1) name = `${name} (${count})`;
    return name;
  });
}

function columnLetter(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * The header row: the first of the sheet's opening rows that names at least two known columns (an export may
 * put a title, a date or a blank line above it), else the first row with anything in it.
 */
export function findHeaderRow(rows: readonly (readonly string[])[]): number {
  const searched = rows.slice(0, HEADER_SEARCH_ROWS);
  const named = searched.findIndex(
    (row) => new Set(row.map(columnOfHeader).filter((c) => c !== null)).size >= 2,
  );
  if (named >= 0) return named;
  const filled = searched.findIndex((row) => row.some((cell) => cell.trim() !== ""));
  return Math.max(filled, 0);
}

/**
 * The mapping of a sheet: the dealer's remembered choices where this sheet has those headers, then the
 * known header names for the columns still unmapped. A header is read into one column at most.
 */
export function autoMapping(headers: readonly string[], remembered: ColumnMapping = {}): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  for (const column of IMPORT_COLUMNS) {
    const header = remembered[column];
    if (header === null && column in remembered) {
      mapping[column] = null;
    } else if (header && headers.includes(header) && !used.has(header)) {
      mapping[column] = header;
      used.add(header);
    }
  }
  for (const header of headers) {
    const column = columnOfHeader(header);
    if (column && !(column in mapping) && !used.has(header)) {
      mapping[column] = header;
      used.add(header);
    }
  }
  for (const column of IMPORT_COLUMNS) if (!(column in mapping)) mapping[column] = null;
  return mapping;
}
