import { auctionPlatformLabel } from "#lib/deals/constants";
import { formatDollars } from "#lib/format";
import { PRODUCT_NAME } from "#lib/constants";
import { sellerNameOf, vehicleName, type DealRow } from "./views";

export const billOfSaleKey = (dealId: string) => `deals/${dealId}/bill-of-sale.pdf`;

/** Standard PDF fonts speak WinAnsi only: anything else (emoji, CJK) becomes "?" rather than failing the PDF. */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, "?");

/**
 * The Bill of Sale of a completed deal: one page with
 * both dealers, the vehicle, the price and the date. @cantoo/pdf-lib is imported here, dynamically, so only
 * the request that makes a PDF loads it.
 */
export async function renderBillOfSale(deal: DealRow): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("@cantoo/pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`Bill of Sale - ${vehicleName(deal)}`));
  pdf.setAuthor(PRODUCT_NAME);
  pdf.setCreationDate(new Date(deal.completedAt ?? Date.now()));
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.06, 0.09, 0.16);
  const muted = rgb(0.39, 0.45, 0.55);
  let y = 740;
  const line = (
    text: string,
    options: { size?: number; font?: typeof regular; color?: typeof ink; gap?: number } = {},
  ) => {
    const size = options.size ?? 11;
    page.drawText(winAnsi(text), {
      x: 56,
      y,
      size,
      font: options.font ?? regular,
      color: options.color ?? ink,
    });
    y -= options.gap ?? size + 8;
  };
  const field = (label: string, value: string) => {
    page.drawText(winAnsi(label), { x: 56, y, size: 10, font: regular, color: muted });
    page.drawText(winAnsi(value || "-"), { x: 200, y, size: 11, font: bold, color: ink });
    y -= 20;
  };

  line(PRODUCT_NAME, { size: 12, font: bold, color: rgb(0.11, 0.39, 0.86) });
  line("Bill of Sale", { size: 24, font: bold, gap: 30 });
  const completed = new Date(deal.completedAt ?? Date.now());
  line(`Deal ${deal.id} · completed ${completed.toISOString().slice(0, 10)}`.replace("·", "-"), {
    size: 10,
    color: muted,
    gap: 28,
  });

  line("Seller", { size: 13, font: bold });
  field("Name", sellerNameOf(deal));
  field("Dealership", deal.sellerDealership ?? "");
  field("E-mail", deal.sellerDealerEmail ?? deal.sellerEmail ?? "");
  y -= 8;
  line("Buyer", { size: 13, font: bold });
  field("Name", deal.buyerDealerName ?? "");
  field("Dealership", deal.buyerDealership ?? "");
  field("E-mail", deal.buyerDealerEmail ?? deal.buyerEmail ?? "");
  y -= 8;
  line("Vehicle", { size: 13, font: bold });
  field("VIN", deal.vin ?? "");
  field("Year / Make / Model", `${deal.year} ${deal.make} ${deal.model}`);
  field("Trim", deal.trim);
  field("Mileage", `${deal.miles.toLocaleString("en-US")} miles`);
  field("Color", deal.color);
  field("Location", deal.location);
  if (deal.auction)
    field("Auction", [auctionPlatformLabel(deal.auction), deal.auctionLocation].filter(Boolean).join(", "));
  y -= 8;
  line("Sale", { size: 13, font: bold });
  field("Price", `${formatDollars(deal.priceCents)} (USD)`);
  y -= 12;
  line("The seller sells and the buyer buys the vehicle above for the price stated, as is, in a wholesale", {
    size: 10,
    color: muted,
    gap: 14,
  });
  line("transaction between dealers. Title and gate pass follow as tracked in Pass Thru Sales.", {
    size: 10,
    color: muted,
    gap: 48,
  });
  for (const [x, label] of [
    [56, "Seller signature"],
    [330, "Buyer signature"],
  ] as const) {
    page.drawLine({ start: { x, y }, end: { x: x + 220, y }, thickness: 0.8, color: muted });
    page.drawText(label, { x, y: y - 14, size: 9, font: regular, color: muted });
  }
  return pdf.save();
}
