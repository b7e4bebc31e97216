import type { Deal } from "#lib/api-types";
import { PASS_THRU_STEP_LABELS, auctionPlatformLabel } from "#lib/deals/constants";

const HEADER = [
  "Deal ID",
  "Status",
  "Sale status",
  "Your side",
  "Created",
  "Confirmed",
  "Completed",
  "Year",
  "Make",
  "Model",
  "Trim",
  "VIN",
  "Miles",
  "Color",
  "Price (USD)",
  "Commission (USD)",
  "Seller",
  "Buyer",
  "Location",
  "Auction",
  "Auction location",
  ...Object.values(PASS_THRU_STEP_LABELS),
];

/** RFC 4180 quoting, and a leading =, +, - or @ defused so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** Export Details: the dealer's pass-thru sales, one row each, with every step's state. */
export function passThruCsv(deals: Deal[]): string {
  const rows = deals.map((d) => [
    d.id,
    d.status,
    d.saleStatus,
    d.myRole,
    d.createdAt,
    d.confirmedAt,
    d.completedAt,
    d.year,
    d.make,
    d.model,
    d.trim,
    d.vin,
    d.miles,
    d.color,
    dollars(d.priceCents),
    dollars(d.commissionCents),
    d.sellerName,
    d.buyer?.name ?? "",
    d.location,
    auctionPlatformLabel(d.auction),
    d.auctionLocation,
    ...d.steps.map((s) => (typeof s.value === "boolean" ? (s.value ? "yes" : "no") : s.value)),
  ]);
  return [HEADER, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
