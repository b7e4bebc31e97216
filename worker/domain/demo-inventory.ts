/**
 * Deterministic demo data: dealers, inventory posts, vehicles and comments that read like a real
 * dealer-to-dealer wholesale network. Pure code (no I/O, no Node APIs): the seed script uses it for the
 * local database and the worker uses it to build a fresh demo dealer at runtime.
 */
import { AUCTION_FACILITATORS, DEALERSHIP_TYPES, type DealershipType } from "#lib/constants";
import { formatDollars } from "#lib/format";
import { buildVin, WMI } from "#lib/vin";

export type Random = () => number;

/** mulberry32: a tiny seeded PRNG returning [0, 1). The same seed always gives the same sequence. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, list: readonly T[]): T {
  if (list.length === 0) throw new Error("pick() from an empty list");
  return list[Math.floor(random() * list.length)] as T;
}

/** A whole number from min to max, both included. */
export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Picks by weight: weighted(random, [["a", 3], ["b", 1]]) returns "a" three times as often as "b". */
export function weighted<T>(random: Random, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error("weighted() from an empty list");
  return last[0];
}

/** Fisher–Yates on a copy. */
export function shuffle<T>(random: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const chance = (random: Random, probability: number) => random() < probability;

/** A v4-shaped UUID drawn from the seeded generator, so seeded ids are reproducible too. */
export function randomUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = (8 + Math.floor(random() * 4)).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function formatNumber(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// ---------------------------------------------------------------------------------------------------
// Locations

export type DemoLocation = {
  city: string;
  state: string;
  zip: string;
  areaCode: string;
  country: "US" | "CA";
};

const us = (city: string, state: string, zip: string, areaCode: string): DemoLocation => ({
  city,
  state,
  zip,
  areaCode,
  country: "US",
});
const ca = (city: string, state: string, zip: string, areaCode: string): DemoLocation => ({
  city,
  state,
  zip,
  areaCode,
  country: "CA",
});

/** Real cities with a real ZIP / postal code and area code: 72 in 38 US states, 6 in 4 provinces. */
export const DEMO_LOCATIONS: readonly DemoLocation[] = [
  us("Dallas", "TX", "75201", "214"),
  us("Houston", "TX", "77002", "713"),
  us("San Antonio", "TX", "78205", "210"),
  us("Austin", "TX", "78701", "512"),
  us("Fort Worth", "TX", "76102", "817"),
  us("El Paso", "TX", "79901", "915"),
  us("Los Angeles", "CA", "90012", "213"),
  us("San Diego", "CA", "92101", "619"),
  us("Sacramento", "CA", "95814", "916"),
  us("Fresno", "CA", "93721", "559"),
  us("Riverside", "CA", "92501", "951"),
  us("Miami", "FL", "33130", "305"),
  us("Orlando", "FL", "32801", "407"),
  us("Tampa", "FL", "33602", "813"),
  us("Jacksonville", "FL", "32202", "904"),
  us("Atlanta", "GA", "30303", "404"),
  us("Savannah", "GA", "31401", "912"),
  us("Charlotte", "NC", "28202", "704"),
  us("Raleigh", "NC", "27601", "919"),
  us("Columbia", "SC", "29201", "803"),
  us("Greenville", "SC", "29601", "864"),
  us("Nashville", "TN", "37203", "615"),
  us("Memphis", "TN", "38103", "901"),
  us("Knoxville", "TN", "37902", "865"),
  us("Birmingham", "AL", "35203", "205"),
  us("Huntsville", "AL", "35801", "256"),
  us("Jackson", "MS", "39201", "601"),
  us("Baton Rouge", "LA", "70802", "225"),
  us("New Orleans", "LA", "70112", "504"),
  us("Little Rock", "AR", "72201", "501"),
  us("Oklahoma City", "OK", "73102", "405"),
  us("Tulsa", "OK", "74103", "918"),
  us("Wichita", "KS", "67202", "316"),
  us("Kansas City", "MO", "64106", "816"),
  us("St. Louis", "MO", "63101", "314"),
  us("Omaha", "NE", "68102", "402"),
  us("Des Moines", "IA", "50309", "515"),
  us("Minneapolis", "MN", "55401", "612"),
  us("Milwaukee", "WI", "53202", "414"),
  us("Chicago", "IL", "60601", "312"),
  us("Springfield", "IL", "62701", "217"),
  us("Indianapolis", "IN", "46204", "317"),
  us("Detroit", "MI", "48226", "313"),
  us("Grand Rapids", "MI", "49503", "616"),
  us("Columbus", "OH", "43215", "614"),
  us("Cleveland", "OH", "44113", "216"),
  us("Cincinnati", "OH", "45202", "513"),
  us("Louisville", "KY", "40202", "502"),
  us("Lexington", "KY", "40507", "859"),
  us("Philadelphia", "PA", "19103", "215"),
  us("Pittsburgh", "PA", "15222", "412"),
  us("Buffalo", "NY", "14202", "716"),
  us("Albany", "NY", "12207", "518"),
  us("Rochester", "NY", "14604", "585"),
  us("Newark", "NJ", "07102", "973"),
  us("Worcester", "MA", "01608", "508"),
  us("Hartford", "CT", "06103", "860"),
  us("Baltimore", "MD", "21202", "410"),
  us("Richmond", "VA", "23219", "804"),
  us("Virginia Beach", "VA", "23451", "757"),
  us("Denver", "CO", "80202", "303"),
  us("Colorado Springs", "CO", "80903", "719"),
  us("Phoenix", "AZ", "85004", "602"),
  us("Tucson", "AZ", "85701", "520"),
  us("Las Vegas", "NV", "89101", "702"),
  us("Reno", "NV", "89501", "775"),
  us("Salt Lake City", "UT", "84101", "801"),
  us("Albuquerque", "NM", "87102", "505"),
  us("Boise", "ID", "83702", "208"),
  us("Seattle", "WA", "98101", "206"),
  us("Spokane", "WA", "99201", "509"),
  us("Portland", "OR", "97204", "503"),
  ca("Toronto", "ON", "M5V 2T6", "416"),
  ca("Mississauga", "ON", "L5B 3C2", "905"),
  ca("Vancouver", "BC", "V6B 1A1", "604"),
  ca("Calgary", "AB", "T2P 1J9", "403"),
  ca("Edmonton", "AB", "T5J 0N3", "780"),
  ca("Montréal", "QC", "H3B 1A7", "514"),
];

export const DEMO_US_LOCATIONS = DEMO_LOCATIONS.filter((l) => l.country === "US");
export const DEMO_CANADIAN_LOCATIONS = DEMO_LOCATIONS.filter((l) => l.country === "CA");

// ---------------------------------------------------------------------------------------------------
// Vehicle catalogue

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

// ---------------------------------------------------------------------------------------------------
// Posts

export type DemoPostKind = "single" | "multiple" | "spreadsheet" | "for-sale" | "request";
export type DemoPostStatus = "active" | "sold" | "expired";

export type DemoPost = {
  type: DemoPostKind;
  title: string;
  description: string;
  status: DemoPostStatus;
  spreadsheetUrl: string | null;
  auctionFacilitator: string | null;
  vehicles: DemoVehicle[];
};

const SINGLE_HOOKS = [
  "clean Carfax, 1 owner",
  "local trade, runs and drives great",
  "fresh trade, needs nothing",
  "off lease, 2 keys",
  "priced to move",
  "new tires and brakes",
  "no accidents, dealer serviced",
  "one owner, all records",
  "clean title, ready to go",
  "light hail, priced accordingly",
  "needs a windshield, otherwise clean",
  "aged unit, make an offer",
  "straight trade, no recon done",
  "lease return, still under factory warranty",
] as const;

const CONDITION_LINES = [
  "Clean title, no accidents reported.",
  "Carfax is clean, one owner since new.",
  "Minor scratches on the rear bumper, interior is clean.",
  "Needs a detail and it's front-line ready.",
  "No check engine light, scanned with no codes.",
  "Tires at 7/32, brakes are good.",
  "Two keys, books and manuals.",
  "Small door ding on the passenger side, otherwise sharp.",
  "Smoke-free, no pets.",
  "AC blows cold, no leaks.",
  "Had a minor fender bender on the Carfax, repaired right.",
  "Windshield has a chip, everything else checks out.",
] as const;

const LOGISTICS_LINES = [
  "Buyer arranges transport.",
  "I can deliver within 150 miles.",
  "Title in hand.",
  "Title is about 10 business days out, payoff already sent.",
  "Happy to send more photos and a walkaround video.",
  "Floor plan curtailment is coming up, so I need it gone this week.",
  "Can have it at the auction Tuesday if you'd rather buy it there.",
  "Wire or floor plan, whatever works for you.",
  "Keys are at the front desk for pickup.",
  "PSI and condition report available on request.",
] as const;

const PRICE_LINES = [
  (price: string) => `Asking ${price}.`,
  (price: string) => `Wholesale ${price}, firm.`,
  (price: string) => `${price} or best offer.`,
  (price: string) => `Looking for ${price}, open to offers on a quick deal.`,
  (price: string) => `${price} takes it today.`,
] as const;

const MULTIPLE_INTROS = [
  "Package available, can split.",
  "Fresh off trade, none of these fit our retail lot.",
  "Lease returns from our franchise store, all serviced in house.",
  "Aged units that need to go before month end.",
  "Bought a bulk lot and have more than we need.",
  "All units inspected, condition reports on request.",
] as const;

const MULTIPLE_CLOSINGS = [
  "Take one or take them all, better number on the package.",
  "Package price available if you take 3 or more.",
  "Message me for VINs and walkaround videos.",
  "First come, first served. Can load them Thursday.",
  "Floor plan is due, so make me an offer.",
] as const;

const SPREADSHEET_TITLES = [
  (n: number) => `Full wholesale list: ${n} units, updated weekly`,
  (n: number) => `Weekly wholesale sheet, ${n} units, all priced`,
  (n: number) => `Trade-in list for this week (${n} units on the sheet)`,
  (n: number) => `Franchise overflow: ${n} units on the spreadsheet`,
  (n: number) => `Month-end aged inventory sheet, ${n} units`,
] as const;

const SPREADSHEET_DESCRIPTIONS = [
  "Sheet has VINs, miles and asking prices. Comment or message me for condition reports.",
  "Everything on the list is on the ground and ready to go. Prices are wholesale, no fees.",
  "Updated this morning. Green rows are new arrivals, red rows are pending.",
  "Mostly trades from our three stores. Make an offer on anything, package deals welcome.",
] as const;

const FOR_SALE_TEXT_TITLES = [
  "Have 6 trades to move this week, mostly sedans",
  "Cleaning out the back lot: cheap units under $8k",
  "Got a few clean trucks, message me for the list",
  "Two work vans, high miles but run great",
  "Buy-here-pay-here units available, make an offer",
  "Handful of mechanic specials, sold as-is",
  "Low-mile SUVs just came in, pics on request",
] as const;

const FOR_SALE_TEXT_DESCRIPTIONS = [
  "Nothing fancy, just good clean wholesale units. Call or text and I'll send the list.",
  "Need the space before our next load arrives. Cash or floor plan.",
  "All run and drive. Sold as-is, where-is. Pickup only.",
  "Priced below MMR. First dealer to commit gets first pick.",
] as const;

const REQUEST_SUFFIXES = [
  ", under 80k miles",
  ", cash buyer",
  ", any color",
  ", clean titles only",
  " for a retail customer",
  ", will pay transport",
  ", paying over book for the right one",
] as const;

const REQUEST_TEXT_TITLES = [
  "Looking for clean trucks under $20k, any make",
  "Buying 3-row SUVs, 2017 and newer",
  "Need cheap cash cars under $6k for my BHPH lot",
  "Looking for hybrids and EVs, paying over book",
  "Looking for low-mile sedans, will buy 10+",
  "Looking for diesel trucks, any condition",
] as const;

const REQUEST_DESCRIPTIONS = [
  "Have a customer waiting. Can pay same day and pick up within 500 miles.",
  "Send VIN, miles and your number. Quick decision, wire same day.",
  "Need them front-line ready or close to it. No frame damage, no flood.",
  "Buying for our retail lot, so clean Carfax preferred. Will take 3–5 units.",
  "Canadian units welcome too, I handle the import paperwork.",
] as const;

const AUCTION_TIMES = [
  " this Thursday",
  " next Tuesday",
  " on Wednesday's sale",
  " on the Friday lane",
] as const;

function spreadsheetId(random: Random): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
  let id = "1";
  for (let i = 0; i < 43; i++) id += chars[Math.floor(random() * chars.length)];
  return id;
}

function shortList(vehicles: readonly DemoVehicle[]): string {
  const names = [...new Set(vehicles.map((v) => v.model))];
  return names.length > 3 ? `${names.slice(0, 3).join(", ")} and more` : names.join(", ");
}

function vehicleLine(v: DemoVehicle): string {
  const parts = [vehicleName(v)];
  if (v.mileage !== null) parts.push(`${formatNumber(v.mileage)} mi`);
  if (v.priceCents !== null) parts.push(formatDollars(v.priceCents));
  return `• ${parts.join(" — ")}`;
}

/**
 * One inventory post in a dealer's voice. single = 1 vehicle, multiple = 2–6, spreadsheet = 0 (a sheet
 * link), for-sale = a quick text with 0–1 vehicles, request = "Looking for…" with 0–2 wanted vehicles.
 */
export function makeDemoPost(
  random: Random,
  dealer: { city: string; state: string },
  kind: DemoPostKind,
): DemoPost {
  const where = { city: dealer.city, state: dealer.state };
  let status: DemoPostStatus =
    kind === "request"
      ? weighted<DemoPostStatus>(random, [
          ["active", 88],
          ["expired", 12],
        ])
      : weighted<DemoPostStatus>(random, [
          ["active", 80],
          ["sold", 14],
          ["expired", 6],
        ]);
  const auctionFacilitator =
    kind !== "request" && chance(random, 0.25) ? pick(random, AUCTION_FACILITATORS) : null;
  const auctionLine = auctionFacilitator
    ? `Running through ${auctionFacilitator}${pick(random, AUCTION_TIMES)}; reach out before the sale if you want it pre-sale.`
    : null;
  const liveAuction = auctionFacilitator !== null && chance(random, 0.5);
  const vehicleStatus = (): DemoVehicleStatus | undefined => (status === "sold" ? "sold" : undefined);

  let title: string;
  let description: string;
  let vehicles: DemoVehicle[] = [];
  let spreadsheetUrl: string | null = null;

  switch (kind) {
    case "single": {
      const v = makeDemoVehicle(random, { ...where, status: vehicleStatus() });
      vehicles = [v];
      let hook: string = pick(random, SINGLE_HOOKS);
      if (hook.startsWith("lease") && v.year < DEMO_REFERENCE_YEAR - 3) hook = "clean Carfax, 1 owner";
      title = `${liveAuction ? "Live auction: " : ""}${vehicleName(v)} — ${hook}`;
      description = [
        `${formatNumber(v.mileage)} miles, ${v.color.toLowerCase()} exterior.`,
        pick(random, CONDITION_LINES),
        pick(random, PRICE_LINES)(formatDollars(v.priceCents)),
        `Located in ${v.city}, ${v.state}.`,
        pick(random, LOGISTICS_LINES),
        auctionLine,
      ]
        .filter(Boolean)
        .join(" ");
      break;
    }
    case "multiple": {
      const count = intBetween(random, 2, 6);
      const sameMake = chance(random, 0.3) ? pickCatalogueEntry(random).make : null;
      const sameMakeEntries = sameMake ? VEHICLE_CATALOGUE.filter((e) => e.make === sameMake) : [];
      for (let i = 0; i < count; i++) {
        const entry = sameMakeEntries.length > 0 ? pick(random, sameMakeEntries) : undefined;
        vehicles.push(makeDemoVehicle(random, { ...where, entry, status: vehicleStatus() }));
      }
      const list = shortList(vehicles);
      const trucks = vehicles.every(
        (v) => VEHICLE_CATALOGUE.find((e) => e.model === v.model)?.body === "pickup",
      );
      const unitWord = trucks ? "trucks" : "units";
      title = liveAuction
        ? `Live auction${pick(random, AUCTION_TIMES)}: ${count} ${unitWord} (${auctionFacilitator})`
        : pick(random, [
            `${count} units off lease: ${list}`,
            `${count} fresh trades: ${list}`,
            `${count} ${unitWord} available today: ${list}`,
            `Aged inventory, need gone: ${count} ${unitWord}`,
            `Package deal: ${count} ${sameMake && !/[sz]$/i.test(sameMake) ? `${sameMake}s` : unitWord}`,
          ]);
      description = [
        pick(random, MULTIPLE_INTROS),
        "",
        ...vehicles.map(vehicleLine),
        "",
        `All located in ${dealer.city}, ${dealer.state}. ${pick(random, MULTIPLE_CLOSINGS)}`,
        auctionLine ?? "",
      ]
        .join("\n")
        .trim();
      break;
    }
    case "spreadsheet": {
      const units = intBetween(random, 12, 80);
      spreadsheetUrl = `https://docs.google.com/spreadsheets/d/${spreadsheetId(random)}/edit?usp=sharing`;
      title = liveAuction
        ? `Live auction run list: ${units} units (${auctionFacilitator})`
        : pick(random, SPREADSHEET_TITLES)(units);
      description = [pick(random, SPREADSHEET_DESCRIPTIONS), auctionLine].filter(Boolean).join(" ");
      break;
    }
    case "for-sale": {
      if (chance(random, 0.55)) {
        const v = makeDemoVehicle(random, { ...where, status: vehicleStatus() });
        vehicles = [v];
        title = `${liveAuction ? "Live auction: " : "For sale: "}${vehicleName(v)}${pick(random, [
          ", runs great",
          ", cheap",
          ", clean",
          ", make an offer",
          "",
        ])}`;
        description = [
          `${formatNumber(v.mileage)} miles. ${pick(random, PRICE_LINES)(formatDollars(v.priceCents))}`,
          pick(random, ["Text me.", "DM me.", "Call the store and ask for me.", "Pics on request."]),
          auctionLine,
        ]
          .filter(Boolean)
          .join(" ");
      } else {
        title = `${liveAuction ? "Live auction: " : ""}${pick(random, FOR_SALE_TEXT_TITLES)}`;
        description = [
          pick(random, FOR_SALE_TEXT_DESCRIPTIONS),
          `Located in ${dealer.city}, ${dealer.state}.`,
          auctionLine,
        ]
          .filter(Boolean)
          .join(" ");
      }
      break;
    }
    case "request": {
      const wanted = weighted(random, [
        [0, 3],
        [1, 5],
        [2, 2],
      ] as const);
      for (let i = 0; i < wanted; i++) vehicles.push(makeWantedVehicle(random, where));
      const [first, second] = vehicles;
      if (first) {
        const name = (v: DemoVehicle) => `${v.year}+ ${v.make} ${v.model}`;
        title = `Looking for ${name(first)}${second ? ` or ${name(second)}` : ""}${pick(random, REQUEST_SUFFIXES)}`;
      } else {
        title = pick(random, REQUEST_TEXT_TITLES);
      }
      description = `${pick(random, REQUEST_DESCRIPTIONS)} I'm in ${dealer.city}, ${dealer.state}.`;
      break;
    }
  }

  if (kind === "spreadsheet" && status === "sold") status = "expired";
  return { type: kind, title, description, status, spreadsheetUrl, auctionFacilitator, vehicles };
}

// ---------------------------------------------------------------------------------------------------
// Comments

export const DEMO_COMMENTS = [
  "Still available? I can pick up Thursday.",
  "What's your floor on this one?",
  "Sent you a DM.",
  "Any paint work? Send me the Carfax please.",
  "Would you take $1,500 less if I pay today?",
  "Interested. Is the title in hand?",
  "Can you send a walkaround video and a cold start?",
  "What are the tires like?",
  "Does it have a clean Carfax or AutoCheck?",
  "I'll take it if it's still there. Calling you now.",
  "How many keys?",
  "Any warning lights on the dash?",
  "Do you have the VIN? Want to run it before I make an offer.",
  "Would you split the package? Only need the trucks.",
  "I'm about 3 hours away, can have transport there tomorrow.",
  "Is this a lease return or a customer trade?",
  "Nice unit. What's the best you can do shipped to Atlanta?",
  "Is the frame clean? Northern truck?",
  "Can I floor it through NextGear?",
  "Pending? Let me know if it falls through.",
  "Had a customer ask for exactly this. Messaging you.",
  "Any smoke or pet odor?",
  "Sold? Congrats, that was a good price.",
  "Can you hold it until Monday? I'll wire a deposit.",
  "How long have you had it on the lot?",
  "What's the payoff situation, title in hand or waiting on the bank?",
  "Got two just like it if your buyer needs more.",
  "Mind sending the condition report?",
  "Is it running at Manheim this week or can I buy it off the lot?",
  "Will you take a trade? I've got a 2017 Tahoe that might fit your lot.",
  "Ship to Canada? I handle the export paperwork.",
  "Interested in the whole package, calling you after lunch.",
  "What does the interior look like? Any rips in the seats?",
  "Price seems strong, any wiggle room?",
  "I can do cash today if we can meet in the middle.",
  "Is the timing chain done? I know those motors.",
  "Bid placed on the sale, good luck with it.",
  "Any aftermarket lift or mods?",
] as const;

export function makeDemoComment(random: Random): string {
  return pick(random, DEMO_COMMENTS);
}

// ---------------------------------------------------------------------------------------------------
// Dealers

// prettier-ignore
export const DEMO_FIRST_NAMES = [
  "Jordan", "Marcus", "Elena", "Tyler", "Priya", "Brandon", "Keisha", "Luis", "Megan", "Andre", "Sofia", "Cody",
  "Rachel", "Dmitri", "Tanya", "Jamal", "Heather", "Carlos", "Amanda", "Linh", "Kevin", "Rosa", "Derek", "Aisha",
  "Brett", "Mei", "Travis", "Gabriela", "Wesley", "Olivia", "Hassan", "Courtney", "Ray", "Natalie", "Victor", "Shawna",
  "Dustin", "Ingrid", "Malik", "Hannah", "Ramon", "Tiffany", "Garrett", "Lena", "Omar", "Crystal",
] as const;

// prettier-ignore
export const DEMO_LAST_NAMES = [
  "Reyes", "Miller", "Johnson", "Patel", "Nguyen", "Washington", "Garcia", "Thompson", "O'Brien", "Kowalski",
  "Hernandez", "Baker", "Robinson", "Chen", "Sullivan", "Martinez", "Brooks", "Anderson", "Khan", "Foster", "Rivera",
  "Walsh", "Coleman", "Schmidt", "Delgado", "Hughes", "Jenkins", "Park", "Bennett", "Ortiz", "McAllister", "Hayes",
  "Tran", "Morrison", "Lopez", "Fischer", "Carter", "Ramirez", "Whitaker", "Novak", "Gallagher", "Dubois", "Simmons",
  "Castillo", "Okafor", "Brennan", "Yamamoto", "Lindqvist", "Abernathy",
] as const;

// prettier-ignore
const FRANCHISE_MAKES = ["Ford", "Chevrolet", "Toyota", "Honda", "Nissan", "Hyundai", "Kia", "Jeep", "Ram", "Subaru", "GMC", "Mazda"] as const;

/** Nicknames wholesalers like to put on the sign. */
// prettier-ignore
const REGION_NAMES: Record<string, string> = {
  TX: "Lone Star", CA: "Golden State", FL: "Sunshine State", GA: "Peach State", OH: "Buckeye", PA: "Keystone",
  NY: "Empire", MI: "Great Lakes", CO: "Rocky Mountain", AZ: "Desert Sun", TN: "Volunteer", NC: "Tar Heel",
  OK: "Sooner", WA: "Evergreen", NV: "Silver State", LA: "Bayou", MN: "North Star", VA: "Old Dominion",
  IL: "Prairie State", IN: "Hoosier", KY: "Bluegrass", MO: "Gateway", NE: "Heartland", KS: "Sunflower",
  UT: "Wasatch", ON: "Great Lakes", BC: "Pacific Coast", AB: "Prairie", QC: "Laurentian",
};

// prettier-ignore
const STREETS = [
  "Commerce St", "N Interstate Hwy", "Auto Mall Dr", "Main St", "Industrial Blvd", "W Airport Fwy", "Market St",
  "Highway 80", "Motor Pkwy", "Frontage Rd", "Dealer Row", "Broadway", "Route 9", "Lincoln Ave", "Oak St",
  "Expressway Dr", "Harbor Blvd", "Riverside Dr", "E Main St", "Automotive Way",
] as const;

export type DemoDealer = {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  phone: string;
  dealershipName: string;
  dealershipType: DealershipType;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: "US" | "CA";
  profileType: "seller" | "buyer";
  buysCanadianVehicles: boolean;
  licenseNumber: string;
  website: string | null;
  description: string;
  auctionAccessNumber: string | null;
  dealership5MilNumber: string | null;
  rating: number;
};

export type DealerOverrides = Partial<
  Pick<DemoDealer, "firstName" | "lastName" | "dealershipName" | "dealershipType" | "profileType" | "email">
> & { location?: DemoLocation };

function dealershipNameFor(
  random: Random,
  type: DealershipType,
  lastName: string,
  location: DemoLocation,
): string {
  const region = REGION_NAMES[location.state];
  switch (type) {
    case "franchise": {
      const make = pick(random, FRANCHISE_MAKES);
      return pick(random, [
        `${lastName} ${make}`,
        `${location.city} ${make}`,
        `${lastName} ${make} of ${location.city}`,
        make === "Chevrolet" || make === "GMC" ? `${lastName} Chevrolet Buick GMC` : `${lastName} ${make}`,
        `${lastName} Chrysler Dodge Jeep Ram`,
      ]);
    }
    case "wholesaler":
      return pick(random, [
        region ? `${region} Wholesale` : `${location.city} Wholesale`,
        `${lastName} Auto Wholesale`,
        `${location.city} Dealer Direct`,
        `${lastName} Remarketing`,
        region ? `${region} Auto Brokers` : "Interstate Auto Brokers",
        `${location.city} Auto Exchange`,
      ]);
    default:
      return pick(random, [
        `${lastName} Motors`,
        `${location.city} Auto Exchange`,
        `${lastName} Auto Sales`,
        `${lastName} Pre-Owned`,
        `Premier Auto of ${location.city}`,
        `${lastName} & Sons Auto`,
        `${lastName} Auto Group`,
        `${location.city} Car Company`,
      ]);
  }
}

function dealerDescription(random: Random, type: DealershipType, location: DemoLocation): string {
  const since = intBetween(random, 1978, 2019);
  const monthly = pick(random, ["20–30", "40–60", "60–80", "80–120", "150+"]);
  const focus = pick(random, [
    "trucks and SUVs",
    "late-model sedans",
    "off-lease units",
    "work trucks and vans",
    "luxury imports",
    "cash cars under $10k",
    "EVs and hybrids",
  ]);
  switch (type) {
    case "franchise":
      return `Franchise store in ${location.city} since ${since}. We wholesale ${monthly} trades a month that don't fit our retail lot, mostly ${focus}. Fast title, we deliver locally.`;
    case "wholesaler":
      return `Wholesaler covering ${location.state} and the surrounding states. Moving ${monthly} units a month, focused on ${focus}. Transport network in place, same-day payment.`;
    default:
      return `Family-owned independent lot in ${location.city} since ${since}. We buy and sell ${monthly} units a month, mostly ${focus}. Quick decisions, we pick up.`;
  }
}

/**
 * A believable dealer profile. index makes the e-mail unique (firstname.lastname{index}@{dealership}.example);
 * overrides fix any part of it (the seed uses them for the demo account and to spread dealers across states).
 */
export function makeDemoDealer(random: Random, index: number, overrides: DealerOverrides = {}): DemoDealer {
  const firstName = overrides.firstName ?? pick(random, DEMO_FIRST_NAMES);
  const lastName = overrides.lastName ?? pick(random, DEMO_LAST_NAMES);
  const location = overrides.location ?? pick(random, DEMO_US_LOCATIONS);
  const canadian = location.country === "CA";
  const dealershipType =
    overrides.dealershipType ??
    weighted<DealershipType>(random, [
      [DEALERSHIP_TYPES[0], 50],
      [DEALERSHIP_TYPES[1], 25],
      [DEALERSHIP_TYPES[2], 25],
    ]);
  const dealershipName =
    overrides.dealershipName ?? dealershipNameFor(random, dealershipType, lastName, location);
  const slug = slugify(dealershipName);
  const email =
    overrides.email ??
    `${slugify(firstName).replace(/-/g, "")}.${slugify(lastName).replace(/-/g, "")}${index}@${slug}.example`;
  const profileType =
    overrides.profileType ?? (canadian ? "buyer" : chance(random, 0.72) ? "seller" : "buyer");
  const rating = Math.round((3.6 + Math.pow(random(), 0.7) * 1.4) * 10) / 10;
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    email,
    phone: `(${location.areaCode}) 555-01${String(intBetween(random, 0, 99)).padStart(2, "0")}`,
    dealershipName,
    dealershipType,
    address: `${intBetween(random, 100, 9899)} ${pick(random, STREETS)}`,
    city: location.city,
    state: location.state,
    zipCode: location.zip,
    country: location.country,
    profileType,
    buysCanadianVehicles: canadian || chance(random, 0.2),
    licenseNumber: canadian
      ? `${location.state}-${intBetween(random, 1000000, 9999999)}`
      : `DLR-${location.state}-${intBetween(random, 100000, 999999)}`,
    website: chance(random, 0.7) ? `https://www.${slug}.example` : null,
    description: dealerDescription(random, dealershipType, location),
    auctionAccessNumber: chance(random, 0.8) ? `100${intBetween(random, 1000000, 9999999)}` : null,
    dealership5MilNumber: !canadian && chance(random, 0.6) ? `5${intBetween(random, 100000, 999999)}` : null,
    rating: Math.min(5, Math.max(3.6, rating)),
  };
}
