/**
 * Offline VIN logic (49 CFR 565): check digit, model year, manufacturer from the WMI.
 * Pure code shared by the browser (live decode at 17 characters), the worker and the seed script.
 */

export const VIN_LENGTH = 17;
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
/** Position 10 year codes, 1980 → A … 2009 → 9, then the cycle repeats from 2010. */
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

/** Upper-cases and removes what a VIN can never hold (I, O, Q and anything not a letter or digit). */
export function cleanVinInput(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-HJ-NPR-Z0-9]/g, "")
    .slice(0, VIN_LENGTH);
}

export function isVinShaped(vin: string): boolean {
  return VIN_PATTERN.test(vin);
}

function valueOf(char: string): number {
  return /\d/.test(char) ? Number(char) : (TRANSLITERATION[char] ?? 0);
}

/** The check digit a VIN's other 16 characters call for: 0-9, or X for a remainder of 10. */
export function computeCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) sum += valueOf(vin[i] ?? "0") * (WEIGHTS[i] ?? 0);
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

export function hasValidCheckDigit(vin: string): boolean {
  return isVinShaped(vin) && vin[8] === computeCheckDigit(vin);
}

/**
 * Model year from position 10. For light vehicles (cars, MPVs, light trucks) position 7 tells the cycle:
 * a letter there means 2010–2039, a digit means 1980–2009.
 */
export function decodeModelYear(vin: string): number | null {
  const index = YEAR_CODES.indexOf(vin[9] ?? "");
  if (index < 0) return null;
  const position7 = vin[6] ?? "";
  return /[A-Z]/.test(position7) ? 2010 + index : 1980 + index;
}

export function yearCode(year: number): string {
  const code = YEAR_CODES[(((year - 1980) % 30) + 30) % 30];
  if (!code) throw new Error(`No VIN year code for ${year}`);
  return code;
}

export type Manufacturer = { make: string; country: string };

const COUNTRY_BY_FIRST: Record<string, string> = {
  "1": "United States", "4": "United States", "5": "United States", "2": "Canada", "3": "Mexico",
  J: "Japan", K: "South Korea", S: "United Kingdom", W: "Germany", Y: "Sweden", Z: "Italy", V: "France", L: "China",
};

/** World Manufacturer Identifiers of the makes common on US and Canadian lots. */
export const WMI: Record<string, string> = {
  "1FA": "Ford", "1FB": "Ford", "1FC": "Ford", "1FD": "Ford", "1FM": "Ford", "1FT": "Ford", "1FU": "Freightliner",
  "1FV": "Freightliner", "2FA": "Ford", "2FM": "Ford", "2FT": "Ford", "3FA": "Ford", "3FM": "Ford", "3FT": "Ford",
  "1LN": "Lincoln", "5LM": "Lincoln", "2LM": "Lincoln",
  "1G1": "Chevrolet", "1GC": "Chevrolet", "1GB": "Chevrolet", "1GN": "Chevrolet", "2G1": "Chevrolet", "3GN": "Chevrolet",
  "3GC": "Chevrolet", "3G1": "Chevrolet", "KL7": "Chevrolet", "KL8": "Chevrolet", "1GT": "GMC", "1GK": "GMC", "2GT": "GMC",
  "3GT": "GMC", "1GY": "Cadillac", "1G6": "Cadillac", "1G4": "Buick", "5GA": "Buick", "KL4": "Buick",
  "1C3": "Chrysler", "2C3": "Chrysler", "2C4": "Chrysler", "1C4": "Jeep", "1J4": "Jeep", "1J8": "Jeep", "ZAC": "Jeep",
  "1C6": "Ram", "3C6": "Ram", "3C7": "Ram", "1D7": "Dodge", "2D3": "Dodge", "2C7": "Dodge", "1B3": "Dodge", "2B3": "Dodge",
  "JTD": "Toyota", "JTE": "Toyota", "JTM": "Toyota", "JTN": "Toyota", "4T1": "Toyota", "4T3": "Toyota", "5TD": "Toyota",
  "5TF": "Toyota", "2T1": "Toyota", "2T3": "Toyota", "3TM": "Toyota", "JTH": "Lexus", "JTJ": "Lexus", "2T2": "Lexus",
  "1HG": "Honda", "2HG": "Honda", "2HK": "Honda", "5FN": "Honda", "5J6": "Honda", "JHM": "Honda", "19X": "Honda",
  "19U": "Acura", "JH4": "Acura", "5J8": "Acura",
  "1N4": "Nissan", "1N6": "Nissan", "3N1": "Nissan", "5N1": "Nissan", "JN1": "Nissan", "JN8": "Nissan",
  "JNK": "Infiniti", "5N3": "Infiniti",
  "KMH": "Hyundai", "5NP": "Hyundai", "5NM": "Hyundai", "KM8": "Hyundai", "KNA": "Kia", "KND": "Kia", "5XX": "Kia",
  "5XY": "Kia", "KMU": "Genesis",
  "JF1": "Subaru", "JF2": "Subaru", "4S3": "Subaru", "4S4": "Subaru",
  "JM1": "Mazda", "JM3": "Mazda", "3MZ": "Mazda",
  "JA3": "Mitsubishi", "JA4": "Mitsubishi",
  "WBA": "BMW", "WBS": "BMW", "WBX": "BMW", "5UX": "BMW", "5YM": "BMW",
  "WDD": "Mercedes-Benz", "WDC": "Mercedes-Benz", "WDB": "Mercedes-Benz", "W1K": "Mercedes-Benz", "W1N": "Mercedes-Benz",
  "4JG": "Mercedes-Benz", "55S": "Mercedes-Benz",
  "WAU": "Audi", "WA1": "Audi", "WUA": "Audi",
  "WVW": "Volkswagen", "WVG": "Volkswagen", "3VW": "Volkswagen", "1VW": "Volkswagen",
  "WP0": "Porsche", "WP1": "Porsche",
  "YV1": "Volvo", "YV4": "Volvo", "7JR": "Volvo",
  "SAL": "Land Rover", "SAJ": "Jaguar",
  "5YJ": "Tesla", "7SA": "Tesla", "LRW": "Tesla",
  "ZFF": "Ferrari", "ZAR": "Alfa Romeo", "ZFA": "Fiat", "3C3": "Fiat",
  "1ZV": "Ford", "7FA": "Honda", "4S6": "Honda",
};

export function decodeManufacturer(vin: string): Manufacturer | null {
  const make = WMI[vin.slice(0, 3)];
  if (!make) return null;
  return { make, country: COUNTRY_BY_FIRST[vin[0] ?? ""] ?? "Unknown" };
}

/** Assembles a VIN with a correct check digit; the seed and the demo account use it. */
export function buildVin(parts: { wmi: string; descriptor: string; year: number; plant: string; serial: string }): string {
  const draft = `${parts.wmi}${parts.descriptor}0${yearCode(parts.year)}${parts.plant}${parts.serial}`;
  if (!isVinShaped(draft)) throw new Error(`Not a VIN shape: ${draft}`);
  return `${draft.slice(0, 8)}${computeCheckDigit(draft)}${draft.slice(9)}`;
}
