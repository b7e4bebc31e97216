/**
 * AI deal detection, rule-based and offline: does a chat message name a vehicle
 * (a VIN, or year + make + model) and a price? Then the Copilot offers "Create a deal from this?" with the
 * fields filled in. Pure code, shared by the browser and the tests.
 */
import { readVehicleText } from "../../worker/domain/deal-alerts/read-text";
import { makeName, modelName } from "../../worker/domain/deal-alerts/vehicle-names";
import { decodeManufacturer, decodeModelYear, hasValidCheckDigit } from "#lib/vin";

export type DetectedDeal = {
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  miles: number | null;
  /** Whole dollars. */
  price: number;
};

const VIN_IN_TEXT = /\b([A-HJ-NPR-Z0-9]{17})\b/i;
/** Wholesale prices: $500 to $2,000,000. */
const PRICE_MIN = 500;
const PRICE_MAX = 2_000_000;

/** "28.5k", "$31k", "$28,500", "31 grand". */
const DOLLARS = /\$\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|grand)?(?![\w])/gi;
const THOUSANDS = /(?<![\w$.,])(\d{1,4}(?:\.\d{1,3})?)\s?(k|grand)\b(?!\s*mi)/gi;
/**
 * Dealer shorthand after a price word: "for 28,5" or "at 31.5" is thousands (28,500 / 31,500); "for 28500"
 * is dollars.
 */
const AFTER_PRICE_WORD =
  /\b(?:for|at|@|asking|price(?:d| is)?|take|sell(?: it)? for|do(?: it)? for|offer(?:ing)?|bid)\s*\$?\s?(\d{1,3})(?:([.,])(\d{1,3}))?(?![\d,.]*\s?(?:k\b|mi|miles|grand))(?:\s|$|[.!?,;])/gi;

function priceOf(text: string): number | null {
  const candidates: number[] = [];
  for (const m of text.matchAll(DOLLARS)) {
    const n = Number(m[1]!.replace(/,/g, ""));
    candidates.push(m[2] ? n * 1000 : n);
  }
  for (const m of text.matchAll(THOUSANDS)) candidates.push(Number(m[1]) * 1000);
  for (const m of text.matchAll(AFTER_PRICE_WORD)) {
    const whole = Number(m[1]);
    const fraction = m[3];
    if (fraction === undefined) {
      // "for 28" alone is thousands in deal talk; four digits or more never get here (capped at three).
      candidates.push(whole * 1000);
    } else if (m[2] === "," && fraction.length === 3) {
      candidates.push(Number(`${whole}${fraction}`));
    } else {
      candidates.push(Number(`${whole}.${fraction}`) * 1000);
    }
  }
  for (const m of text.matchAll(
    /\b(?:for|at|@|asking|price(?:d| is)?|take|offer(?:ing)?)\s*\$?\s?(\d{4,7})\b(?![\d,.]*\s?(?:k\b|mi|miles))/gi,
  ))
    candidates.push(Number(m[1]));
  const price = candidates.map((n) => Math.round(n)).find((n) => n >= PRICE_MIN && n <= PRICE_MAX);
  return price ?? null;
}

/** The trim as the message wrote it ("XLT", not the reader's key "xlt"). */
function asWritten(text: string, key: string | null | undefined): string | null {
  if (!key) return null;
  const pattern = key
    .split(/[^a-z0-9]+/i)
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s-]*");
  return text.match(new RegExp(`\\b${pattern}\\b`, "i"))?.[0] ?? key.toUpperCase();
}

/** The deal a message proposes, or null when it names no vehicle or no price. */
export function detectDeal(text: string): DetectedDeal | null {
  const vinMatch = text.match(VIN_IN_TEXT);
  const candidate = vinMatch?.[1]?.toUpperCase() ?? null;
  // A 17-character run with a digit in it and a plausible shape: a VIN (the check digit is not required:
  // dealers mistype, and the completion form checks it again).
  const vin = candidate && /\d/.test(candidate) && /[A-Z]/.test(candidate) ? candidate : null;
  const withoutVin = vin ? text.replace(vinMatch![1]!, " ") : text;
  const price = priceOf(withoutVin);
  if (price === null) return null;
  const read = readVehicleText(withoutVin);
  const named = read.vehicles[0];
  const year = named?.years?.single ? named.years.min : null;
  if (!vin && !(named && year)) return null;
  const decodedYear = vin ? decodeModelYear(vin) : null;
  const manufacturer = vin ? decodeManufacturer(vin) : null;
  return {
    vin,
    year: year ?? (vin && hasValidCheckDigit(vin) ? decodedYear : null),
    make: named ? makeName(named.makeKey) : (manufacturer?.make ?? null),
    model: named?.modelKey ? modelName(named.makeKey, named.modelKey) : null,
    trim: asWritten(withoutVin, named?.trim),
    miles: named?.mileages[0] ?? read.overall.mileages[0] ?? null,
    price,
  };
}
