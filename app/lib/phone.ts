/**
 * Phone numbers for text messages: US and Canadian numbers only (the North American Numbering Plan, +1),
 * normalised to E.164 (+1NXXNXXXXXX). Pure code, shared by the API and the settings screen.
 */

/** +1 area codes that belong to neither the US nor Canada (the Caribbean and Bermuda). */
const NOT_US_OR_CANADA = new Set([
  "242",
  "246",
  "264",
  "268",
  "284",
  "345",
  "441",
  "473",
  "649",
  "658",
  "664",
  "721",
  "758",
  "767",
  "784",
  "809",
  "829",
  "849",
  "868",
  "869",
  "876",
]);

export const PHONE_INVALID_MESSAGE =
  "Enter a US or Canadian phone number with its area code, like (512) 555-0142";

/** "+15125550142" for a US or Canadian number in any usual spelling; null for anything else. */
export function toE164(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s().-]{7,24}$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (text.startsWith("+")) {
    if (!digits.startsWith("1")) return null;
    digits = digits.slice(1);
  } else if (digits.length === 11 && digits.startsWith("1")) {
    digits = digits.slice(1);
  }
  if (digits.length !== 10) return null;
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  // NANP: area code and exchange start with 2-9; N11 codes (411, 911, …) are services, not areas.
  if (!/^[2-9]\d\d$/.test(area) || !/^[2-9]\d\d$/.test(exchange)) return null;
  if (area[1] === "1" && area[2] === "1") return null;
  if (NOT_US_OR_CANADA.has(area)) return null;
  return `+1${digits}`;
}

/** "(512) 555-0142" for an E.164 US or Canadian number. */
export function formatPhone(e164: string): string {
  const digits = e164.replace(/^\+1/, "");
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : e164;
}
