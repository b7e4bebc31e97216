import {
  odometerExemption,
  type OdometerCertification,
  type OdometerExemption,
  type PaymentMethod,
} from "#lib/bill-of-sale";
import type { Disclosures } from "#lib/schemas/disclosures";
import { sellerNameOf, type DealRow } from "../deals/views";

/** A party as the document names it; the fields a dealer keeps on their profile. */
export type BillOfSaleParty = {
  dealerId: string | null;
  legalName: string;
  dealership: string;
  address: string;
  licenseNumber: string;
  phone: string;
  email: string;
};

/** What the seller decides when signing. */
export type SellerTerms = {
  odometer: OdometerCertification;
  heavyVehicle: boolean;
  paymentMethod: PaymentMethod;
};

export const DEFAULT_SELLER_TERMS: SellerTerms = {
  odometer: "actual",
  heavyVehicle: false,
  paymentMethod: "wire",
};

/** Everything the document states, frozen per version: the SHA-256 is taken over this and the signatures. */
export type BillOfSaleContent = {
  dealId: string;
  version: number;
  dateOfSale: string;
  seller: BillOfSaleParty;
  buyer: BillOfSaleParty;
  vehicle: { vin: string; year: number; make: string; model: string; trim: string; color: string };
  price: { cents: number; currency: "USD"; paymentMethod: PaymentMethod };
  disclosures: Disclosures | null;
  odometer: {
    miles: number;
    certification: OdometerCertification;
    heavyVehicle: boolean;
    exemption: OdometerExemption | null;
  };
};

/** One signature as the audit page and the hash keep it. */
export type SignatureRecord = {
  dealerId: string;
  role: "seller" | "buyer";
  fullName: string;
  signedAt: string;
  ip: string | null;
  place: string | null;
  userAgent: string | null;
  consentText: string;
};

/** A dealer's profile, as the statement that reads both parties answers it. */
export type ProfileRow = {
  id: string;
  name: string;
  dealershipName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  licenseNumber: string | null;
  phone: string;
  email: string;
};

const postalAddress = (p: ProfileRow) =>
  [p.address, [p.city, [p.state, p.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", "), p.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");

function partyOf(
  profile: ProfileRow | undefined,
  fallback: { name: string; email: string },
): BillOfSaleParty {
  if (!profile)
    return {
      dealerId: null,
      legalName: fallback.name,
      dealership: "",
      address: "",
      licenseNumber: "",
      phone: "",
      email: fallback.email,
    };
  return {
    dealerId: profile.id,
    legalName: profile.name,
    dealership: profile.dealershipName,
    address: postalAddress(profile),
    licenseNumber: profile.licenseNumber?.trim() ?? "",
    phone: profile.phone,
    email: profile.email,
  };
}

/** The day the two dealers agreed the sale (confirmation), which completing the deal later does not move. */
const dateOfSale = (row: DealRow) =>
  new Date(row.confirmedAt ?? row.completedAt ?? row.createdAt).toISOString().slice(0, 10);

/** The document's content for the deal as it stands now. */
export function contentOf(
  row: DealRow,
  profiles: ProfileRow[],
  terms: SellerTerms,
  version: number,
): BillOfSaleContent {
  const profile = (id: string | null) => profiles.find((p) => p.id === id);
  const date = dateOfSale(row);
  return {
    dealId: row.id,
    version,
    dateOfSale: date,
    seller: partyOf(profile(row.sellerId), { name: sellerNameOf(row), email: row.sellerEmail ?? "" }),
    buyer: partyOf(profile(row.buyerId), { name: "", email: row.buyerEmail ?? "" }),
    vehicle: {
      vin: row.vin ?? "",
      year: row.year,
      make: row.make,
      model: row.model,
      trim: row.trim,
      color: row.color,
    },
    price: { cents: row.priceCents, currency: "USD", paymentMethod: terms.paymentMethod },
    disclosures: row.disclosures ? (JSON.parse(row.disclosures) as Disclosures) : null,
    odometer: {
      miles: Math.trunc(row.miles),
      certification: terms.odometer,
      heavyVehicle: terms.heavyVehicle,
      exemption: odometerExemption(row.year, Number(date.slice(0, 4)), terms.heavyVehicle),
    },
  };
}

export const termsOf = (content: BillOfSaleContent): SellerTerms => ({
  odometer: content.odometer.certification,
  heavyVehicle: content.odometer.heavyVehicle,
  paymentMethod: content.price.paymentMethod,
});

/**
 * What a correction is: the deal's own terms (vehicle, price, reading, date, disclosures). The parties' details
 * are who they were when the version was signed, so a later profile edit does not reopen a signed document.
 */
export const dealTermsChanged = (signed: BillOfSaleContent, now: BillOfSaleContent) =>
  canonicalJson([
    signed.vehicle,
    signed.price.cents,
    signed.odometer.miles,
    signed.dateOfSale,
    signed.disclosures,
  ]) !== canonicalJson([now.vehicle, now.price.cents, now.odometer.miles, now.dateOfSale, now.disclosures]);

/** JSON with every object's keys sorted and no spaces: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** The signed record: the content and both signatures, as the canonical JSON the SHA-256 is taken over. */
export const signedRecordJson = (content: BillOfSaleContent, signatures: SignatureRecord[]) =>
  canonicalJson({ content, signatures });
