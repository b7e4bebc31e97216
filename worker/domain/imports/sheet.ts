import { findHeaderRow, headerNames, MAX_IMPORT_ROWS } from "#lib/imports/columns";
import { DomainError, badRequest } from "../shared/errors";
import { parseSheet, type SheetRow } from "./parse";

/** A cell is kept to this many characters (the longest vehicle field, notes, takes 1 000). */
const CELL_MAX = 1000;

/** A sheet as an import keeps it: its header names and the vehicle rows below the header row. */
export type Sheet = { headers: string[]; rows: SheetRow[] };

/** A sheet is kept in one D1 row between the preview and the publish; D1 holds at most 2 MB a row. */
const KEPT_SHEET_MAX_CHARS = 1_900_000;

export const TOO_MANY_ROWS = (count: number) =>
  `This sheet has ${count} vehicle rows; one import takes at most ${MAX_IMPORT_ROWS}. Split it and import each part.`;

/** The bytes of a CSV, TSV or .xlsx as a sheet: the header row found, the rows below it, cells cut to size. */
export async function readSheet(bytes: Uint8Array): Promise<Sheet> {
  const all = await parseSheet(bytes);
  if (all.length === 0) throw badRequest("The sheet is empty");
  const at = findHeaderRow(all.map((r) => r.cells));
  const headers = headerNames(all[at]!.cells);
  const rows = all.slice(at + 1).map((r) => ({
    row: r.row,
    cells: headers.map((_, i) => (r.cells[i] ?? "").slice(0, CELL_MAX)),
  }));
  if (rows.length === 0) throw badRequest("The sheet has a header row but no vehicles below it");
  if (rows.length > MAX_IMPORT_ROWS) throw new DomainError(413, TOO_MANY_ROWS(rows.length));
  if (JSON.stringify(rows).length + JSON.stringify(headers).length > KEPT_SHEET_MAX_CHARS)
    throw new DomainError(
      413,
      "This sheet holds too much text to import at once (long notes or many columns). Remove columns you do not need, or split it.",
    );
  return { headers, rows };
}
