/** Demo vehicles: a catalogue of real makes, models and trims, each drawn with a valid VIN, mileage and price. */
import { buildVin, WMI } from "#lib/vin";
import { DEMO_US_LOCATIONS } from "./dealers.ts";
import { intBetween, pick, weighted, type Random } from "./random.ts";

/** The shape a vehicle is drawn in (scripts/vehicle-illustration.ts). */
export type BodyStyle = "sedan" | "coupe" | "suv" | "pickup" | "minivan" | "cargo-van";

export type CatalogueEntry = {
  make: string;
  model: string;
  body: BodyStyle;
  /** Cheapest first: the trim's position nudges the price. */
  trims: readonly string[];
  years: readonly [number, number];
  /** Wholesale dollars: [oldest base trim, newest top trim]. */
  price: readonly [number, number];
  /** World Manufacturer Identifiers from vin.ts whose make is this entry's make. */
  wmis: readonly string[];
  /** How often it shows up at wholesale, relative to the others (default 1). */
  weight?: number;
};

// prettier-ignore
export const VEHICLE_CATALOGUE: readonly CatalogueEntry[] = [
  { make: "Ford", model: "F-150", body: "pickup", trims: ["XL", "XLT", "Lariat", "King Ranch", "Platinum", "Raptor"], years: [2012, 2025], price: [11000, 62000], wmis: ["1FT"], weight: 4 },
  { make: "Ford", model: "F-250 Super Duty", body: "pickup", trims: ["XL", "XLT", "Lariat", "Platinum"], years: [2012, 2024], price: [16000, 68000], wmis: ["1FT"], weight: 2 },
  { make: "Ford", model: "Explorer", body: "suv", trims: ["Base", "XLT", "Limited", "ST", "Platinum"], years: [2013, 2024], price: [7000, 42000], wmis: ["1FM"], weight: 2 },
  { make: "Ford", model: "Escape", body: "suv", trims: ["S", "SE", "SEL", "Titanium"], years: [2013, 2024], price: [5000, 26000], wmis: ["1FM"], weight: 2 },
  { make: "Ford", model: "Mustang", body: "coupe", trims: ["EcoBoost", "EcoBoost Premium", "GT", "GT Premium", "Mach 1"], years: [2012, 2024], price: [9000, 45000], wmis: ["1FA"] },
  { make: "Ford", model: "Bronco", body: "suv", trims: ["Base", "Big Bend", "Outer Banks", "Badlands", "Wildtrak"], years: [2021, 2025], price: [28000, 56000], wmis: ["1FM"] },
  { make: "Ford", model: "Transit 250", body: "cargo-van", trims: ["Cargo Van", "Cargo Van Medium Roof", "Cargo Van High Roof"], years: [2015, 2024], price: [12000, 42000], wmis: ["1FT"] },
  { make: "Chevrolet", model: "Silverado 1500", body: "pickup", trims: ["WT", "Custom", "LT", "RST", "LTZ", "High Country"], years: [2012, 2025], price: [11000, 58000], wmis: ["1GC", "3GC"], weight: 4 },
  { make: "Chevrolet", model: "Tahoe", body: "suv", trims: ["LS", "LT", "Z71", "Premier", "High Country"], years: [2012, 2024], price: [13000, 64000], wmis: ["1GN"], weight: 2 },
  { make: "Chevrolet", model: "Equinox", body: "suv", trims: ["L", "LS", "LT", "Premier"], years: [2012, 2024], price: [4500, 24000], wmis: ["3GN", "2G1"], weight: 2 },
  { make: "Chevrolet", model: "Malibu", body: "sedan", trims: ["LS", "RS", "LT", "Premier"], years: [2013, 2024], price: [4500, 19000], wmis: ["1G1"], weight: 2 },
  { make: "Chevrolet", model: "Traverse", body: "suv", trims: ["LS", "LT", "RS", "Premier"], years: [2013, 2024], price: [6000, 36000], wmis: ["1GN"] },
  { make: "Chevrolet", model: "Camaro", body: "coupe", trims: ["1LT", "2LT", "1SS", "2SS", "ZL1"], years: [2012, 2024], price: [10000, 52000], wmis: ["1G1", "2G1"] },
  { make: "GMC", model: "Sierra 1500", body: "pickup", trims: ["Pro", "SLE", "Elevation", "SLT", "AT4", "Denali"], years: [2012, 2025], price: [12000, 62000], wmis: ["1GT", "3GT"], weight: 3 },
  { make: "GMC", model: "Yukon", body: "suv", trims: ["SLE", "SLT", "AT4", "Denali"], years: [2012, 2024], price: [14000, 66000], wmis: ["1GK"] },
  { make: "GMC", model: "Acadia", body: "suv", trims: ["SLE", "SLT", "AT4", "Denali"], years: [2013, 2024], price: [6500, 36000], wmis: ["1GK"] },
  { make: "Ram", model: "1500", body: "pickup", trims: ["Tradesman", "Big Horn", "Laramie", "Rebel", "Limited"], years: [2012, 2025], price: [11000, 58000], wmis: ["1C6", "3C6"], weight: 3 },
  { make: "Ram", model: "2500", body: "pickup", trims: ["Tradesman", "Big Horn", "Laramie", "Power Wagon", "Limited"], years: [2012, 2024], price: [17000, 66000], wmis: ["3C6"] },
  { make: "Jeep", model: "Grand Cherokee", body: "suv", trims: ["Laredo", "Altitude", "Limited", "Trailhawk", "Overland", "Summit"], years: [2012, 2024], price: [7000, 48000], wmis: ["1C4"], weight: 3 },
  { make: "Jeep", model: "Wrangler Unlimited", body: "suv", trims: ["Sport", "Sport S", "Sahara", "Rubicon"], years: [2012, 2024], price: [14000, 46000], wmis: ["1C4"], weight: 2 },
  { make: "Jeep", model: "Cherokee", body: "suv", trims: ["Latitude", "Latitude Plus", "Limited", "Trailhawk"], years: [2014, 2023], price: [5500, 24000], wmis: ["1C4"] },
  { make: "Dodge", model: "Charger", body: "sedan", trims: ["SXT", "GT", "R/T", "Scat Pack"], years: [2012, 2023], price: [7000, 42000], wmis: ["2B3", "2D3"], weight: 2 },
  { make: "Dodge", model: "Durango", body: "suv", trims: ["SXT", "GT", "Citadel", "R/T"], years: [2014, 2024], price: [9000, 44000], wmis: ["1D7"] },
  { make: "Dodge", model: "Grand Caravan", body: "minivan", trims: ["SE", "SXT", "GT"], years: [2012, 2020], price: [4000, 17000], wmis: ["2C7"] },
  { make: "Chrysler", model: "Pacifica", body: "minivan", trims: ["Touring", "Touring L", "Limited", "Pinnacle"], years: [2017, 2024], price: [11000, 38000], wmis: ["2C4"] },
  { make: "Chrysler", model: "300", body: "sedan", trims: ["Touring", "Touring L", "300S", "Limited"], years: [2012, 2023], price: [6000, 28000], wmis: ["2C3"] },
  { make: "Toyota", model: "Camry", body: "sedan", trims: ["L", "LE", "SE", "XLE", "XSE"], years: [2012, 2025], price: [6000, 30000], wmis: ["4T1", "JTN"], weight: 4 },
  { make: "Toyota", model: "Corolla", body: "sedan", trims: ["L", "LE", "SE", "XSE"], years: [2012, 2025], price: [5000, 22000], wmis: ["2T1", "JTD"], weight: 3 },
  { make: "Toyota", model: "RAV4", body: "suv", trims: ["LE", "XLE", "XLE Premium", "Adventure", "Limited"], years: [2013, 2025], price: [8000, 34000], wmis: ["2T3", "JTM"], weight: 3 },
  { make: "Toyota", model: "Tacoma", body: "pickup", trims: ["SR", "SR5", "TRD Sport", "TRD Off-Road", "Limited", "TRD Pro"], years: [2012, 2024], price: [13000, 46000], wmis: ["3TM", "5TF"], weight: 3 },
  { make: "Toyota", model: "Tundra", body: "pickup", trims: ["SR", "SR5", "Limited", "Platinum", "1794 Edition"], years: [2012, 2024], price: [15000, 58000], wmis: ["5TF"] },
  { make: "Toyota", model: "Highlander", body: "suv", trims: ["LE", "XLE", "Limited", "Platinum"], years: [2013, 2024], price: [10000, 44000], wmis: ["5TD"], weight: 2 },
  { make: "Toyota", model: "4Runner", body: "suv", trims: ["SR5", "TRD Off-Road", "Limited", "TRD Pro"], years: [2012, 2024], price: [15000, 48000], wmis: ["JTE"] },
  { make: "Toyota", model: "Sienna", body: "minivan", trims: ["LE", "XLE", "Limited", "Platinum"], years: [2013, 2024], price: [9000, 46000], wmis: ["5TD"] },
  { make: "Lexus", model: "RX 350", body: "suv", trims: ["Base", "Premium", "F Sport", "Luxury"], years: [2013, 2024], price: [13000, 50000], wmis: ["2T2", "JTJ"] },
  { make: "Lexus", model: "ES 350", body: "sedan", trims: ["Base", "Luxury", "F Sport", "Ultra Luxury"], years: [2013, 2024], price: [11000, 40000], wmis: ["JTH"] },
  { make: "Honda", model: "Accord", body: "sedan", trims: ["LX", "Sport", "EX", "EX-L", "Touring"], years: [2012, 2025], price: [6000, 31000], wmis: ["1HG"], weight: 3 },
  { make: "Honda", model: "Civic", body: "sedan", trims: ["LX", "Sport", "EX", "Touring", "Si"], years: [2012, 2025], price: [5000, 26000], wmis: ["2HG", "19X"], weight: 3 },
  { make: "Honda", model: "CR-V", body: "suv", trims: ["LX", "EX", "EX-L", "Touring"], years: [2012, 2025], price: [7000, 33000], wmis: ["5J6", "2HK"], weight: 3 },
  { make: "Honda", model: "Pilot", body: "suv", trims: ["LX", "EX", "EX-L", "Touring", "Elite"], years: [2013, 2024], price: [8000, 42000], wmis: ["5FN"] },
  { make: "Honda", model: "Odyssey", body: "minivan", trims: ["LX", "EX", "EX-L", "Touring", "Elite"], years: [2013, 2024], price: [7000, 40000], wmis: ["5FN"] },
  { make: "Acura", model: "MDX", body: "suv", trims: ["Base", "Technology", "A-Spec", "Advance"], years: [2014, 2024], price: [12000, 50000], wmis: ["5J8"] },
  { make: "Nissan", model: "Altima", body: "sedan", trims: ["S", "SV", "SR", "SL"], years: [2013, 2024], price: [4500, 23000], wmis: ["1N4"], weight: 3 },
  { make: "Nissan", model: "Rogue", body: "suv", trims: ["S", "SV", "SL", "Platinum"], years: [2014, 2024], price: [5500, 28000], wmis: ["5N1", "JN8"], weight: 3 },
  { make: "Nissan", model: "Frontier", body: "pickup", trims: ["S", "SV", "PRO-4X"], years: [2013, 2024], price: [9000, 34000], wmis: ["1N6"] },
  { make: "Nissan", model: "Sentra", body: "sedan", trims: ["S", "SV", "SR"], years: [2013, 2024], price: [4000, 19000], wmis: ["3N1"], weight: 2 },
  { make: "Hyundai", model: "Elantra", body: "sedan", trims: ["SE", "SEL", "Value Edition", "Limited"], years: [2013, 2025], price: [4000, 21000], wmis: ["5NP", "KMH"], weight: 2 },
  { make: "Hyundai", model: "Tucson", body: "suv", trims: ["SE", "SEL", "N Line", "Limited"], years: [2014, 2025], price: [6000, 28000], wmis: ["KM8", "5NM"], weight: 2 },
  { make: "Hyundai", model: "Santa Fe", body: "suv", trims: ["SE", "SEL", "XRT", "Limited", "Calligraphy"], years: [2013, 2024], price: [6500, 34000], wmis: ["5NM"] },
  { make: "Kia", model: "Sorento", body: "suv", trims: ["LX", "S", "EX", "SX"], years: [2014, 2024], price: [6000, 34000], wmis: ["5XY"] },
  { make: "Kia", model: "Telluride", body: "suv", trims: ["LX", "S", "EX", "SX", "SX X-Line"], years: [2020, 2025], price: [24000, 46000], wmis: ["5XY"] },
  { make: "Kia", model: "Optima", body: "sedan", trims: ["LX", "S", "EX", "SX"], years: [2013, 2020], price: [4000, 16000], wmis: ["5XX", "KNA"] },
  { make: "Subaru", model: "Outback", body: "suv", trims: ["Base", "Premium", "Limited", "Touring", "Wilderness"], years: [2013, 2025], price: [7000, 34000], wmis: ["4S4"], weight: 2 },
  { make: "Subaru", model: "Forester", body: "suv", trims: ["Base", "Premium", "Sport", "Limited", "Touring"], years: [2014, 2025], price: [6500, 30000], wmis: ["JF2"] },
  { make: "Mazda", model: "CX-5", body: "suv", trims: ["Sport", "Touring", "Grand Touring", "Signature"], years: [2014, 2025], price: [7000, 30000], wmis: ["JM3"], weight: 2 },
  { make: "BMW", model: "X5", body: "suv", trims: ["sDrive35i", "xDrive35i", "xDrive40i", "xDrive50i", "M50i"], years: [2012, 2024], price: [10000, 62000], wmis: ["5UX"], weight: 2 },
  { make: "BMW", model: "3 Series", body: "sedan", trims: ["320i", "328i", "330i", "340i", "M340i"], years: [2012, 2024], price: [7000, 42000], wmis: ["WBA"], weight: 2 },
  { make: "Mercedes-Benz", model: "GLE", body: "suv", trims: ["GLE 350", "GLE 350 4MATIC", "GLE 450 4MATIC", "AMG GLE 53"], years: [2016, 2024], price: [18000, 64000], wmis: ["4JG"] },
  { make: "Mercedes-Benz", model: "C-Class", body: "sedan", trims: ["C 250", "C 300", "C 300 4MATIC", "AMG C 43"], years: [2012, 2024], price: [8000, 40000], wmis: ["WDD", "W1K", "55S"], weight: 2 },
  { make: "Audi", model: "Q5", body: "suv", trims: ["Premium", "Premium Plus", "Prestige"], years: [2013, 2024], price: [9000, 42000], wmis: ["WA1"] },
  { make: "Volkswagen", model: "Jetta", body: "sedan", trims: ["S", "SE", "SEL", "GLI"], years: [2012, 2024], price: [4000, 21000], wmis: ["3VW"] },
  { make: "Volkswagen", model: "Tiguan", body: "suv", trims: ["S", "SE", "SEL", "SEL R-Line"], years: [2013, 2024], price: [6000, 28000], wmis: ["WVG"] },
  { make: "Tesla", model: "Model 3", body: "sedan", trims: ["Standard Range Plus", "Long Range", "Performance"], years: [2018, 2025], price: [16000, 38000], wmis: ["5YJ"], weight: 2 },
  { make: "Tesla", model: "Model Y", body: "suv", trims: ["Long Range", "Performance"], years: [2020, 2025], price: [22000, 42000], wmis: ["7SA", "5YJ"], weight: 2 },
  { make: "Cadillac", model: "Escalade", body: "suv", trims: ["Luxury", "Premium Luxury", "Sport", "Platinum"], years: [2013, 2024], price: [18000, 92000], wmis: ["1GY"] },
  { make: "Lincoln", model: "Navigator", body: "suv", trims: ["Select", "Reserve", "Black Label"], years: [2015, 2024], price: [16000, 82000], wmis: ["5LM"] },
  { make: "Buick", model: "Enclave", body: "suv", trims: ["Preferred", "Essence", "Premium", "Avenir"], years: [2013, 2024], price: [7000, 42000], wmis: ["5GA"] },
  { make: "Land Rover", model: "Range Rover Sport", body: "suv", trims: ["SE", "HSE", "HSE Dynamic", "Autobiography"], years: [2014, 2024], price: [16000, 88000], wmis: ["SAL"] },
  { make: "Volvo", model: "XC90", body: "suv", trims: ["Momentum", "R-Design", "Inscription"], years: [2016, 2024], price: [14000, 52000], wmis: ["YV4"] },
  { make: "Porsche", model: "Cayenne", body: "suv", trims: ["Base", "S", "GTS", "Turbo"], years: [2013, 2024], price: [18000, 98000], wmis: ["WP1"] },
];

// Fail at load rather than write VINs that decode to the wrong make.
for (const entry of VEHICLE_CATALOGUE) {
  for (const wmi of entry.wmis) {
    if (WMI[wmi] !== entry.make) throw new Error(`WMI ${wmi} is ${WMI[wmi] ?? "unknown"}, not ${entry.make}`);
  }
}

const CATALOGUE_WEIGHTS = VEHICLE_CATALOGUE.map((entry) => [entry, entry.weight ?? 1] as const);

export function pickCatalogueEntry(random: Random): CatalogueEntry {
  return weighted(random, CATALOGUE_WEIGHTS);
}

const COLORS = [
  ["White", 24],
  ["Black", 20],
  ["Gray", 17],
  ["Silver", 12],
  ["Blue", 9],
  ["Red", 9],
  ["Pearl White", 4],
  ["Charcoal", 3],
  ["Green", 2],
  ["Brown", 2],
  ["Beige", 1],
  ["Orange", 1],
  ["Burgundy", 1],
] as const;

// ---------------------------------------------------------------------------------------------------
// Vehicles

/** The year demo mileage and condition are judged against. */
export const DEMO_REFERENCE_YEAR = 2026;

export type DemoVehicleStatus = "available" | "sold" | "pending";

/** A vehicle on a post. Wanted vehicles (buy requests) have only year, make and model. */
export type DemoVehicle = {
  vin: string | null;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  mileage: number | null;
  priceCents: number | null;
  color: string | null;
  city: string;
  state: string;
  status: DemoVehicleStatus;
};

export type DemoListedVehicle = DemoVehicle & {
  vin: string;
  trim: string;
  mileage: number;
  priceCents: number;
  color: string;
};

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const VIN_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const DIGITS = "0123456789";
const charFrom = (random: Random, chars: string) => chars[Math.floor(random() * chars.length)] as string;

/**
 * A VIN for the given make's WMI and model year with a correct check digit. Position 7 (descriptor
 * index 3) is a letter for 2010 and later and a digit before, so position 10 decodes to the right cycle.
 */
export function makeDemoVin(random: Random, wmi: string, year: number): string {
  let descriptor = "";
  for (let i = 0; i < 5; i++) {
    if (i === 3) descriptor += charFrom(random, year >= 2010 ? VIN_LETTERS : DIGITS);
    else descriptor += charFrom(random, VIN_CHARS);
  }
  const plant = charFrom(random, VIN_CHARS);
  let serial = "";
  for (let i = 0; i < 6; i++) serial += charFrom(random, DIGITS);
  return buildVin({ wmi, descriptor, year, plant, serial });
}

function pickYear(random: Random, entry: CatalogueEntry): number {
  const [first, last] = entry.years;
  const span = last - first + 1;
  // Wholesale lanes skew to 3–8-year-old units: bias away from both the newest and the oldest.
  const offset = Math.floor(((random() + random() + random()) / 3) * span);
  return Math.min(last, Math.max(first, last - offset));
}

function demoMileage(random: Random, year: number): number {
  const age = Math.max(0.4, DEMO_REFERENCE_YEAR - year - 0.3);
  const perYear = intBetween(random, 8500, 15500);
  return Math.max(900, Math.round(age * perYear * (0.8 + random() * 0.4)) + intBetween(random, 0, 999));
}

function demoPriceCents(
  random: Random,
  entry: CatalogueEntry,
  year: number,
  trimIndex: number,
  mileage: number,
): number {
  const [first, last] = entry.years;
  const [low, high] = entry.price;
  const ageFactor = last === first ? 1 : Math.pow((year - first) / (last - first), 1.3);
  const trimFactor = entry.trims.length > 1 ? trimIndex / (entry.trims.length - 1) : 0.5;
  const expectedMiles = Math.max(1, (DEMO_REFERENCE_YEAR - year - 0.3) * 12000);
  const mileageFactor = Math.min(1.1, Math.max(0.82, 1 - 0.12 * (mileage / expectedMiles - 1)));
  const dollars =
    (low + (high - low) * (0.72 * ageFactor + 0.28 * trimFactor)) * mileageFactor * (0.93 + random() * 0.14);
  return Math.max(1500, Math.round(dollars / 100) * 100) * 100;
}

export type VehicleOverrides = {
  city?: string;
  state?: string;
  entry?: CatalogueEntry;
  status?: DemoVehicleStatus;
};

/** One listed vehicle: real make/model/trim, a valid VIN, mileage by age, a wholesale price in cents. */
export function makeDemoVehicle(random: Random, overrides: VehicleOverrides = {}): DemoListedVehicle {
  const entry = overrides.entry ?? pickCatalogueEntry(random);
  const year = pickYear(random, entry);
  const trimIndex = Math.floor(random() * entry.trims.length);
  const trim = entry.trims[trimIndex] as string;
  const vin = makeDemoVin(random, pick(random, entry.wmis), year);
  const mileage = demoMileage(random, year);
  const priceCents = demoPriceCents(random, entry, year, trimIndex, mileage);
  const location = overrides.city && overrides.state ? null : pick(random, DEMO_US_LOCATIONS);
  const status =
    overrides.status ??
    weighted<DemoVehicleStatus>(random, [
      ["available", 80],
      ["pending", 12],
      ["sold", 8],
    ]);
  return {
    vin,
    year,
    make: entry.make,
    model: entry.model,
    trim,
    mileage,
    priceCents,
    color: weighted(random, COLORS),
    city: overrides.city ?? location?.city ?? "",
    state: overrides.state ?? location?.state ?? "",
    status,
  };
}

/** A vehicle a buyer is looking for: year, make and model only. */
export function makeWantedVehicle(random: Random, location: { city: string; state: string }): DemoVehicle {
  const entry = pickCatalogueEntry(random);
  return {
    vin: null,
    year: pickYear(random, entry),
    make: entry.make,
    model: entry.model,
    trim: null,
    mileage: null,
    priceCents: null,
    color: null,
    city: location.city,
    state: location.state,
    status: "available",
  };
}

export function vehicleName(v: Pick<DemoVehicle, "year" | "make" | "model" | "trim">): string {
  return [v.year, v.make, v.model, v.trim].filter((part) => part !== null && part !== "").join(" ");
}
