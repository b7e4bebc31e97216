import {
  ODOMETER_CERTIFICATION_LABELS,
  ODOMETER_EXEMPTION_TEXT,
  PAYMENT_METHOD_LABELS,
  SOLD_AS_IS_TEXT,
  odometerStatement,
} from "#lib/bill-of-sale";
import { PRODUCT_NAME } from "#lib/constants";
import { formatDollars } from "#lib/format";
import { DISCLOSURE_KEYS, DISCLOSURE_QUESTIONS } from "#lib/schemas/disclosure-constants";
import {
  signedRecordJson,
  type BillOfSaleContent,
  type BillOfSaleParty,
  type SignatureRecord,
} from "./content";

/** The file the signed PDF carries: the exact text its SHA-256 is taken over, so anyone can check it. */
export const SIGNED_RECORD_FILE = "bill-of-sale-record.json";

export const HASH_EXPLANATION = `SHA-256 of the canonical JSON of this version's content and both signatures (keys sorted, no spaces, UTF-8), attached to this PDF as ${SIGNED_RECORD_FILE}:`;

/** Standard PDF fonts speak WinAnsi only: anything else (emoji, CJK) becomes "?" rather than failing the PDF. */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, "?");

const PAGE: [number, number] = [612, 792];
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;

type Signed = { signatures: SignatureRecord[]; sha256: string | null };

/**
 * The Bill of Sale of one version: the parties, the vehicle, the price, the disclosures, the federal odometer
 * statement and the signature blocks, filled as far as the dealers have signed; once both have, an audit page
 * and the SHA-256 of the signed record. @cantoo/pdf-lib is imported here, dynamically, so only the request that
 * makes a PDF loads it.
 */
export async function renderBillOfSale(content: BillOfSaleContent, { signatures, sha256 }: Signed) {
  const { PDFDocument, StandardFonts, rgb } = await import("@cantoo/pdf-lib");
  const pdf = await PDFDocument.create();
  const vehicle = `${content.vehicle.year} ${content.vehicle.make} ${content.vehicle.model}`;
  pdf.setTitle(winAnsi(`Bill of Sale - ${vehicle}`));
  pdf.setAuthor(PRODUCT_NAME);
  // Fixed dates: the same version always renders to the same file.
  const issued = new Date(signatures.at(-1)?.signedAt ?? `${content.dateOfSale}T00:00:00Z`);
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const ink = rgb(0.06, 0.09, 0.16);
  const muted = rgb(0.39, 0.45, 0.55);
  let page = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;

  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  };
  /** Words laid out over as many lines as the width needs. */
  const wrap = (text: string, size: number, font = regular, width = WIDTH) => {
    const lines: string[] = [];
    let current = "";
    for (const word of winAnsi(text).split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, size) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    return lines;
  };
  const paragraph = (text: string, { size = 10, font = regular, color = ink, after = 6 } = {}) => {
    for (const line of wrap(text, size, font)) {
      room(size + 4);
      page.drawText(line, { x: MARGIN, y, size, font, color });
      y -= size + 4;
    }
    y -= after;
  };
  const heading = (text: string) => {
    room(40);
    y -= 6;
    page.drawText(winAnsi(text), { x: MARGIN, y, size: 13, font: bold, color: ink });
    y -= 20;
  };
  const field = (label: string, value: string) => {
    const lines = wrap(value || "-", 10, bold, WIDTH - 150);
    room(lines.length * 14 + 2);
    page.drawText(winAnsi(label), { x: MARGIN, y, size: 9, font: regular, color: muted });
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + 150, y, size: 10, font: bold, color: ink });
      y -= 14;
    }
    y -= 2;
  };
  const party = (title: string, p: BillOfSaleParty) => {
    heading(title);
    field("Legal name", p.legalName);
    field("Dealership", p.dealership);
    field("Address", p.address);
    field("Dealer license number", p.licenseNumber);
    field("Phone", p.phone);
    field("E-mail", p.email);
  };
  const signatureOf = (role: "seller" | "buyer") => signatures.find((s) => s.role === role);
  const signatureBlock = (title: string, role: "seller" | "buyer", p: BillOfSaleParty) => {
    const signature = signatureOf(role);
    room(70);
    page.drawText(winAnsi(title), { x: MARGIN, y, size: 10, font: bold, color: ink });
    y -= 16;
    field("Printed name", signature?.fullName ?? p.legalName);
    field("Signature", signature ? `/s/ ${signature.fullName} (signed electronically)` : "Not signed yet");
    field("Signed at", signature ? signature.signedAt.replace("T", " ").replace(/\.\d+Z$/, " UTC") : "-");
    y -= 4;
  };

  page.drawText(PRODUCT_NAME, { x: MARGIN, y, size: 12, font: bold, color: rgb(0.11, 0.39, 0.86) });
  y -= 30;
  page.drawText("Bill of Sale", { x: MARGIN, y, size: 24, font: bold, color: ink });
  y -= 22;
  const status =
    sha256 !== null
      ? "signed by both dealers"
      : signatures.length > 0
        ? "signed by the seller; waiting for the buyer"
        : "not signed yet";
  paragraph(`Version ${content.version} - deal ${content.dealId} - ${status}`, { size: 9, color: muted });
  field("Date of sale", content.dateOfSale);

  party("Seller (transferor)", content.seller);
  party("Buyer (transferee)", content.buyer);

  heading("Vehicle");
  field("VIN", content.vehicle.vin);
  field("Year / Make / Model", vehicle);
  field("Trim / Body", content.vehicle.trim);
  field("Color", content.vehicle.color);

  heading("Price and payment");
  field("Price", `${formatDollars(content.price.cents)} (USD)`);
  field("Payment", PAYMENT_METHOD_LABELS[content.price.paymentMethod]);

  heading("Disclosures agreed");
  const d = content.disclosures;
  if (!d) paragraph("The seller made no disclosures for this vehicle.");
  else {
    for (const key of DISCLOSURE_KEYS) field(DISCLOSURE_QUESTIONS[key], d[key]);
    field("Keys", d.keys === null ? "not stated" : String(d.keys));
    if (d.notes) field("Notes", d.notes);
  }
  paragraph(SOLD_AS_IS_TEXT, { size: 9 });

  heading("Odometer Disclosure Statement");
  const exemption = content.odometer.exemption;
  if (exemption) paragraph(ODOMETER_EXEMPTION_TEXT[exemption]);
  else {
    for (const line of odometerStatement(content.odometer.miles, content.odometer.certification))
      paragraph(line, { size: 9, after: 4 });
    field("Odometer reading", `${content.odometer.miles.toLocaleString("en-US")} miles`);
    field("Certification", ODOMETER_CERTIFICATION_LABELS[content.odometer.certification]);
    field("Date of transfer", content.dateOfSale);
    field("Transferor", `${content.seller.legalName}, ${content.seller.address}`);
    field("Transferee", `${content.buyer.legalName}, ${content.buyer.address}`);
  }

  heading("Signatures");
  signatureBlock("Seller (transferor)", "seller", content.seller);
  signatureBlock("Buyer (transferee)", "buyer", content.buyer);
  if (sha256) {
    paragraph(HASH_EXPLANATION, { size: 8, color: muted, after: 2 });
    room(14);
    page.drawText(sha256, { x: MARGIN, y, size: 8, font: mono, color: ink });
    y -= 16;
  }

  if (sha256) {
    page = pdf.addPage(PAGE);
    y = PAGE[1] - MARGIN;
    heading("Audit trail");
    paragraph(`Bill of Sale version ${content.version} of deal ${content.dealId}, signed electronically.`);
    for (const s of signatures) {
      heading(s.role === "seller" ? "Seller's signature" : "Buyer's signature");
      field("Typed name", s.fullName);
      field("Dealer", s.dealerId);
      field("Signed at (UTC)", s.signedAt);
      field("Place", s.place ?? "not given by the network");
      field("IP address", s.ip ?? "-");
      field("Device", s.userAgent ?? "-");
      field("Consent", s.consentText);
    }
    heading("Document hash");
    paragraph(HASH_EXPLANATION, { size: 9 });
    room(14);
    page.drawText(sha256, { x: MARGIN, y, size: 8, font: mono, color: ink });
    y -= 16;
    await pdf.attach(new TextEncoder().encode(signedRecordJson(content, signatures)), SIGNED_RECORD_FILE, {
      mimeType: "application/json",
      description: "The signed record this document's SHA-256 is taken over",
      creationDate: issued,
      modificationDate: issued,
    });
  } else {
    paragraph(
      `Both dealers sign in ${PRODUCT_NAME}: each types their full name and agrees to sign electronically (E-SIGN Act, 15 U.S.C. 7001).`,
      {
        size: 8,
        color: muted,
      },
    );
  }
  return pdf.save();
}
