/**
 * A spreadsheet's bytes as rows of text cells, each with the row number the spreadsheet itself shows:
 * papaparse for CSV and TSV (it finds the delimiter, quoted commas and line breaks in notes), SheetJS for
 * .xlsx — imported only when an .xlsx arrives, so CSV imports and every other request never load it.
 */
import Papa from "papaparse";
import { badRequest } from "../shared/errors";

export type SheetRow = { row: number; cells: string[] };

/** Every .xlsx (a zip) starts with these bytes; CSV and TSV never do. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** The legacy .xls format (OLE2): named so the dealer hears what to do. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === "");

export async function parseSheet(bytes: Uint8Array): Promise<SheetRow[]> {
  if (bytes.byteLength === 0) throw badRequest("The sheet is empty");
  if (startsWith(bytes, ZIP_MAGIC)) return parseXlsx(bytes);
  if (startsWith(bytes, OLE_MAGIC))
    throw badRequest("Old .xls files cannot be read: save the sheet as .xlsx or CSV and try again");
  return parseDelimited(bytes);
}

function parseDelimited(bytes: Uint8Array): SheetRow[] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Excel on Windows still writes "CSV" in Windows-1252.
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (text.includes("\u0000")) throw badRequest("That file is not a CSV, TSV or .xlsx spreadsheet");
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimitersToGuess: [",", "\t", ";", "|"],
  });
  return parsed.data
    .map((cells, i) => ({ row: i + 1, cells: cells.map((c) => String(c ?? "")) }))
    .filter((r) => !isBlank(r.cells));
}

async function parseXlsx(bytes: Uint8Array): Promise<SheetRow[]> {
  const XLSX = await import("@e965/xlsx");
  let workbook: ReturnType<typeof XLSX.read>;
  try {
    workbook = XLSX.read(bytes, { type: "array", dense: true, cellFormula: false, cellHTML: false });
  } catch {
    throw badRequest("That .xlsx file could not be read");
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet?.["!ref"]) throw badRequest("The sheet is empty");
  const first = XLSX.utils.decode_range(sheet["!ref"]).s.r;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: false,
    defval: "",
    blankrows: true,
  });
  return rows
    .map((cells, i) => ({ row: first + i + 1, cells: cells.map((c) => String(c ?? "")) }))
    .filter((r) => !isBlank(r.cells));
}
