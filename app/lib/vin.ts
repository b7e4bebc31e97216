/**
 * Offline VIN logic (49 CFR 565): check digit, model year, manufacturer from the WMI.
 * Pure code shared by the browser (live decode at 17 characters), the worker and the seed script.
 */

export const VIN_LENGTH = 17;
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
// prettier-ignore
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

// prettier-ignore
const COUNTRY_BY_FIRST: Record<string, string> = {
  "1": "United States", "4": "United States", "5": "United States", "7": "United States", "2": "Canada", "3": "Mexico",
  J: "Japan", K: "South Korea", S: "United Kingdom", W: "Germany", Y: "Sweden", Z: "Italy", V: "France", L: "China",
  "6": "Australia", "9": "Brazil",
};

/** World Manufacturer Identifiers of the makes common on US and Canadian lots. */
// prettier-ignore
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
  // More of what US and Canadian lots see: plants in Canada and Mexico, newer WMIs, EV makers, luxury imports.
  "NM0": "Ford", "1GD": "GMC", "2GK": "GMC", "3GK": "GMC", "2GN": "Chevrolet", "3C4": "Dodge",
  "4T4": "Toyota", "5TB": "Toyota", "5TE": "Toyota", "5YF": "Toyota", "JTK": "Toyota", "JTL": "Toyota", "58A": "Lexus",
  "2HN": "Acura", "3N6": "Nissan", "3KP": "Kia", "KMT": "Genesis", "3MV": "Mazda",
  "4A3": "Mitsubishi", "4A4": "Mitsubishi", "ML3": "Mitsubishi",
  "WBY": "BMW", "4US": "BMW", "W1V": "Mercedes-Benz", "WV1": "Volkswagen", "WV2": "Volkswagen",
  "LYV": "Volvo", "WMW": "MINI", "WMZ": "MINI", "WME": "smart",
  "XP7": "Tesla", "7FC": "Rivian", "7PD": "Rivian", "50E": "Lucid", "LPS": "Polestar",
  "ZAM": "Maserati", "ZHW": "Lamborghini", "SCB": "Bentley", "SCA": "Rolls-Royce", "SCF": "Aston Martin", "SBM": "McLaren",
};

export function decodeManufacturer(vin: string): Manufacturer | null {
  const make = WMI[vin.slice(0, 3)];
  if (!make) return null;
  return { make, country: COUNTRY_BY_FIRST[vin[0] ?? ""] ?? "Unknown" };
}

/** Assembles a VIN with a correct check digit; the seed and the demo account use it. */
export function buildVin(parts: {
  wmi: string;
  descriptor: string;
  year: number;
  plant: string;
  serial: string;
}): string {
  const draft = `${parts.wmi}${parts.descriptor}0${yearCode(parts.year)}${parts.plant}${parts.serial}`;
  if (!isVinShaped(draft)) throw new Error(`Not a VIN shape: ${draft}`);
  return `${draft.slice(0, 8)}${computeCheckDigit(draft)}${draft.slice(9)}`;
}

/** The hint under a VIN field until it holds 17 characters. */
export function vinLengthMessage(vin: string): string | null {
  const missing = VIN_LENGTH - vin.length;
  if (missing <= 0) return null;
  return `VIN must be exactly 17 characters (${missing} more needed)`;
}

/**
 * For VINs starting 1GT the GMC Sierra model comes from the series code in positions 4–5
 * (49 → 2500HD, 42 or 43 → 1500, 44 or 45 → 3500HD, any other 4x → Sierra).
 */
export function gmcSierraModel(vin: string): string | null {
  if (!vin.startsWith("1GT")) return null;
  const series = vin.slice(3, 5);
  if (series === "49") return "Sierra 2500HD";
  if (series === "42" || series === "43") return "Sierra 1500";
  if (series === "44" || series === "45") return "Sierra 3500HD";
  if (/^4[0-9A-Z]$/.test(series)) return "Sierra";
  return null;
}

export type OfflineVinDecode = {
  vin: string;
  /** 17 characters, none of them I, O or Q. */
  complete: boolean;
  checkDigitValid: boolean;
  /** What position 9 should hold, when the VIN is complete. */
  expectedCheckDigit: string | null;
  year: number | null;
  make: string | null;
  /** Only where the VIN itself tells (GMC Sierra series codes). */
  model: string | null;
  country: string | null;
  wmi: string;
  /** The manufacturer is known: enough to fill the form's make. */
  recognized: boolean;
};

/**
 * Everything the VIN itself says, with no network: check digit (49 CFR 565), model year (position 10,
 * cycle from position 7), make and country (WMI). The browser runs it at 17 characters; the server starts
 * every decode with it and merges NHTSA vPIC's answer on top when vPIC is reachable.
 */
export function decodeVinOffline(raw: string): OfflineVinDecode {
  const vin = cleanVinInput(raw);
  const complete = isVinShaped(vin);
  const manufacturer = complete ? decodeManufacturer(vin) : null;
  const year = complete ? decodeModelYear(vin) : null;
  return {
    vin,
    complete,
    checkDigitValid: complete && hasValidCheckDigit(vin),
    expectedCheckDigit: complete ? computeCheckDigit(vin) : null,
    year,
    make: manufacturer?.make ?? null,
    model: complete ? gmcSierraModel(vin) : null,
    country: complete ? (manufacturer?.country ?? COUNTRY_BY_FIRST[vin[0] ?? ""] ?? null) : null,
    wmi: vin.slice(0, 3),
    recognized: manufacturer !== null && year !== null,
  };
}

/** The "Auto-filled: …" text of the 'VIN Decoded!' toast. */
export function autoFilledText(decode: {
  year: number | null;
  make: string | null;
  model?: string | null;
  trim?: string | null;
}): string {
  const parts = [decode.year, decode.make, decode.model, decode.trim].filter(
    (p) => p !== null && p !== undefined && p !== "",
  );
  return `Auto-filled: ${parts.join(" ")}`;
}

export type VpicFields = {
  make?: string | null;
  model?: string | null;
  trim?: string | null;
  series?: string | null;
};

/**
 * Trim rules: vPIC often leaves Trim empty and puts what dealers call the trim in Series
 * (BMW "330i xDrive", Mercedes "C300 4MATIC", Ford "XLT"), or repeats the model in it. For the listed makes
 * the trim is Trim, else Series, without a repeated model name (Series first for Mercedes); Lexus takes the
 * badge in Series as its model ("RX 350"); GMC 1GT trucks get their Sierra model.
 */
export function deriveTrim(vin: string, fields: VpicFields): { model: string | null; trim: string | null } {
  const make = (fields.make ?? "").trim().toUpperCase();
  const model = (fields.model ?? "").trim() || null;
  const trim = (fields.trim ?? "").trim();
  const series = (fields.series ?? "").trim();
  const withoutModel = (text: string) =>
    model && text.toUpperCase().startsWith(`${model.toUpperCase()} `)
      ? text.slice(model.length + 1).trim()
      : text;
  switch (make) {
    case "GMC": {
      const sierra = gmcSierraModel(vin);
      return {
        model: sierra && (!model || /^sierra\b/i.test(model)) ? sierra : model,
        trim: withoutModel(trim || series) || null,
      };
    }
    case "MERCEDES-BENZ":
      // Series carries the badge ("C300 4MATIC"); Trim, when present, is a package name.
      return { model, trim: withoutModel(series || trim) || null };
    case "LEXUS":
      // vPIC's Model is the family ("RX") and Series the badge ("RX 350"): the badge is what dealers call the model.
      return {
        model: series && model && series.toUpperCase().startsWith(model.toUpperCase()) ? series : model,
        trim: withoutModel(trim) || null,
      };
    case "BMW":
    case "AUDI":
    case "TESLA":
    case "FORD":
      return { model, trim: withoutModel(trim || series) || null };
    default:
      return { model, trim: trim || null };
  }
}
