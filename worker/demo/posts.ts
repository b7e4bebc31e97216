/** Demo posts and comments that read like a dealer-to-dealer wholesale network. */
import { AUCTION_FACILITATORS } from "#lib/constants";
import { formatDollars } from "#lib/format";
import { chance, intBetween, pick, weighted, type Random } from "./random.ts";
import {
  DEMO_REFERENCE_YEAR,
  makeDemoVehicle,
  makeWantedVehicle,
  pickCatalogueEntry,
  VEHICLE_CATALOGUE,
  vehicleName,
  type DemoVehicle,
  type DemoVehicleStatus,
} from "./vehicles.ts";

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
  if (v.mileage !== null) parts.push(`${v.mileage.toLocaleString("en-US")} mi`);
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
        `${v.mileage.toLocaleString("en-US")} miles, ${v.color.toLowerCase()} exterior.`,
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
          `${v.mileage.toLocaleString("en-US")} miles. ${pick(random, PRICE_LINES)(formatDollars(v.priceCents))}`,
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
