import type { Deal } from "#lib/api-types";
import { PASS_THRU_STEP_LABELS, auctionPlatformLabel } from "#lib/deals/constants";
import { csvHeader, csvRows, dollars, type CsvColumn } from "../shared/csv";

const COLUMNS: CsvColumn<Deal>[] = [
  ["Deal ID", (d) => d.id],
  ["Status", (d) => d.status],
  ["Sale status", (d) => d.saleStatus],
  ["Your side", (d) => d.myRole],
  ["Created", (d) => d.createdAt],
  ["Confirmed", (d) => d.confirmedAt],
  ["Completed", (d) => d.completedAt],
  ["Year", (d) => d.year],
  ["Make", (d) => d.make],
  ["Model", (d) => d.model],
  ["Trim", (d) => d.trim],
  ["VIN", (d) => d.vin],
  ["Miles", (d) => d.miles],
  ["Color", (d) => d.color],
  ["Price (USD)", (d) => dollars(d.priceCents)],
  ["Commission (USD)", (d) => dollars(d.commissionCents)],
  ["Seller", (d) => d.sellerName],
  ["Buyer", (d) => d.buyer?.name ?? ""],
  ["Location", (d) => d.location],
  ["Auction", (d) => auctionPlatformLabel(d.auction)],
  ["Auction location", (d) => d.auctionLocation],
  // Every step's state, in the order of the steps.
  ...Object.values(PASS_THRU_STEP_LABELS).map((label, i): CsvColumn<Deal> => [
    label,
    (d) => {
      const value = d.steps[i]?.value;
      return typeof value === "boolean" ? (value ? "yes" : "no") : value;
    },
  ]),
];

/** Export Details: the dealer's pass-thru sales, one row each, with every step's state. */
export const passThruCsv = (deals: Deal[]): string => csvHeader(COLUMNS) + csvRows(COLUMNS, deals);
