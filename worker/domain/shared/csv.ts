/** The CSV files dealers and admins download: one writer, so every file quotes and defuses cells the same way. */
type Cell = string | number | null | undefined;

/** A column of a CSV file: its header, and its cell for one row. */
export type CsvColumn<T> = readonly [label: string, cell: (row: T) => Cell];

/** RFC 4180 quoting, and a leading =, +, - or @ defused so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: Cell): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(",")}\r\n`;

export const csvHeader = <T>(columns: readonly CsvColumn<T>[]) => csvLine(columns.map(([label]) => label));

/** The lines of `rows`, each ending in CRLF. */
export const csvRows = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]) =>
  rows.map((row) => csvLine(columns.map(([, cell]) => cell(row)))).join("");

/** Cents as dollars with two decimals, empty when unknown. */
export const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));
