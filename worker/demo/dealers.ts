/** Demo dealers: real cities, believable names, dealerships and profiles. */
import { DEALERSHIP_TYPES, type DealershipType } from "#lib/constants";
import { slugify as slugOf } from "#lib/schemas/news";
import { chance, intBetween, pick, weighted, type Random } from "./random.ts";

/** A news title's slug, "&" read as "and": "Smith & Sons" → "smith-and-sons". */
const slugify = (text: string) => slugOf(text.replace(/&/g, " and "));

export type DemoLocation = {
  city: string;
  state: string;
  zip: string;
  areaCode: string;
  country: "US" | "CA";
};

const placeIn =
  (country: DemoLocation["country"]) =>
  (city: string, state: string, zip: string, areaCode: string): DemoLocation => ({
    city,
    state,
    zip,
    areaCode,
    country,
  });
const us = placeIn("US");
const ca = placeIn("CA");

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
