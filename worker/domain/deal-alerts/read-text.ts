/**
 * Reading a post's words the way a dealer means them: which vehicles it names, and the years, prices,
 * mileages, trims and state that go with each. Pure code.
 *
 * A post is split into sentences. Within a sentence, vehicles joined by "or", "and", commas or slashes form
 * one group ("Tahoe or Suburban"); a year, price or mileage belongs to the group it directly precedes
 * ("2019+ Tahoe"), else to the group before it ("Tahoe or Suburban under 80k miles"), else to the group after
 * it. A sentence that names no vehicle ("Budget $30k.") speaks for the whole post.
 */
import { STATE_CODES } from "#lib/constants";
import { findMentions, nameWords, wordsOf, type Mention } from "./vehicle-names.ts";

const YEAR_FLOOR = 1980;
const YEAR_CEILING = 2035;
/** Below this a "miles" figure is a distance ("pick up within 500 miles"), not an odometer. */
const MIN_ODOMETER = 1000;
/** Below this a dollar figure is a fee or a deposit, not a vehicle's price. */
const MIN_PRICE_CENTS = 500_00;

type YearSpan = { min: number | null; max: number | null; single: boolean };

/** What the text says about one named vehicle. */
export type ReadVehicle = {
  makeKey: string;
  modelKey: string;
  trim: string | null;
  years: YearSpan | null;
  /** Dollar amounts near it, in cents, in reading order. */
  pricesCents: number[];
  /** Odometer figures near it, in miles, in reading order. */
  mileages: number[];
};

type ReadText = {
  vehicles: ReadVehicle[];
  /** Figures from sentences that name no vehicle ("Budget $30k."): they speak for the whole post. */
  overall: Pick<ReadVehicle, "years" | "pricesCents" | "mileages">;
  state: string | null;
};

type Span = { start: number; end: number };
type Fact =
  | (Span & { kind: "years"; years: YearSpan })
  | (Span & { kind: "price"; cents: number })
  | (Span & { kind: "mileage"; miles: number });

const STATE_NAMES: Record<string, string> = {
  alabama: "AL",
  alaska: "AK",
  arizona: "AZ",
  arkansas: "AR",
  california: "CA",
  colorado: "CO",
  connecticut: "CT",
  delaware: "DE",
  florida: "FL",
  georgia: "GA",
  hawaii: "HI",
  idaho: "ID",
  illinois: "IL",
  indiana: "IN",
  iowa: "IA",
  kansas: "KS",
  kentucky: "KY",
  louisiana: "LA",
  maine: "ME",
  maryland: "MD",
  massachusetts: "MA",
  michigan: "MI",
  minnesota: "MN",
  mississippi: "MS",
  missouri: "MO",
  montana: "MT",
  nebraska: "NE",
  nevada: "NV",
  "new hampshire": "NH",
  "new jersey": "NJ",
  "new mexico": "NM",
  "new york": "NY",
  "north carolina": "NC",
  "north dakota": "ND",
  ohio: "OH",
  oklahoma: "OK",
  oregon: "OR",
  pennsylvania: "PA",
  "rhode island": "RI",
  "south carolina": "SC",
  "south dakota": "SD",
  tennessee: "TN",
  texas: "TX",
  utah: "UT",
  vermont: "VT",
  virginia: "VA",
  washington: "WA",
  "west virginia": "WV",
  wisconsin: "WI",
  wyoming: "WY",
};
const CODES = new Set<string>(STATE_CODES);

/** Trims dealers write after a model; longest first so "trd off road" wins over "trd". */
// prettier-ignore
const TRIMS = [
  "king ranch", "high country", "trd off road", "trd pro", "trd sport", "big horn", "power wagon", "scat pack",
  "grand touring", "f sport", "n line", "type r", "ex l", "sport s", "pro 4x", "at4", "z71", "rst",
  "xl", "xlt", "lariat", "platinum", "raptor", "tremor", "limited", "sport", "touring", "lx", "ex", "exl",
  "se", "sel", "le", "xle", "xse", "sr5", "sr", "trd", "lt", "ltz", "ls", "wt", "sle", "slt", "denali",
  "laramie", "rebel", "tradesman", "longhorn", "sahara", "rubicon", "laredo", "overland", "summit",
  "trailhawk", "altitude", "sxt", "gt", "rt", "premier", "titanium", "st", "premium", "luxury", "sv",
  "sl", "elite", "si", "base", "custom", "elevation", "signature", "calligraphy", "wildtrak", "badlands", "r t",
].map((t) => nameWords(t)).sort((a, b) => b.length - a.length);

function overlaps(a: Span, spans: readonly Span[]): boolean {
  return spans.some((b) => a.start < b.end && b.start < a.end);
}

const toNumber = (digits: string) => Number(digits.replace(/,/g, ""));
const fullYear = (two: string) => (Number(two) < 50 ? 2000 + Number(two) : 1900 + Number(two));
const plausibleYear = (y: number) => y >= YEAR_FLOOR && y <= YEAR_CEILING;

function readYears(text: string, taken: Span[]): Fact[] {
  const facts: Fact[] = [];
  const add = (match: RegExpMatchArray, years: YearSpan) => {
    const span = { start: match.index!, end: match.index! + match[0].length };
    if (overlaps(span, taken)) return;
    if (
      (years.min !== null && !plausibleYear(years.min)) ||
      (years.max !== null && !plausibleYear(years.max))
    )
      return;
    if (years.min !== null && years.max !== null && years.min > years.max) return;
    taken.push(span);
    facts.push({ kind: "years", years, ...span });
  };
  const Y4 = String.raw`((?:19|20)\d{2})`;
  for (const m of text.matchAll(
    new RegExp(
      String.raw`\b${Y4}\s*(?:-|–|—|to|thru|through)\s*((?:19|20)?\d{2})\b(?!\s*(?:k\b|,\d|mi))`,
      "gi",
    ),
  )) {
    const to = m[2]!.length === 2 ? Number(m[1]!.slice(0, 2) + m[2]) : Number(m[2]);
    add(m, { min: Number(m[1]), max: to, single: false });
  }
  for (const m of text.matchAll(/'(\d{2})\s*(?:-|–|—|to)\s*'?(\d{2})\b/g))
    add(m, { min: fullYear(m[1]!), max: fullYear(m[2]!), single: false });
  for (const m of text.matchAll(/\bnewer than (?:(?:19|20)(\d{2})|'(\d{2}))\b/gi))
    add(m, { min: fullYear(m[1] ?? m[2]!) + 1, max: null, single: false });
  for (const m of text.matchAll(/\bolder than (?:(?:19|20)(\d{2})|'(\d{2}))\b/gi))
    add(m, { min: null, max: fullYear(m[1] ?? m[2]!) - 1, single: false });
  for (const m of text.matchAll(
    /\b(?:(?:19|20)(\d{2})|'(\d{2}))(?:\s*\+|\s*(?:and|or|&)\s*(?:up|newer|later|above)\b|\s+plus\b|\s+(?:or|and)\s+(?:a\s+)?newer\b)/gi,
  ))
    add(m, { min: fullYear(m[1] ?? m[2]!), max: null, single: false });
  for (const m of text.matchAll(
    /\b(?:(?:19|20)(\d{2})|'(\d{2}))\s*(?:and|or|&)\s*(?:older|earlier|below)\b/gi,
  ))
    add(m, { min: null, max: fullYear(m[1] ?? m[2]!), single: false });
  for (const m of text.matchAll(/(?<![$\d,.])\b((?:19|20)\d{2})\b(?!\s*(?:k\b|mi\b|miles?\b)|,\d|\.\d)/gi))
    add(m, { min: Number(m[1]), max: Number(m[1]), single: true });
  for (const m of text.matchAll(/(?<![\w'])'(\d{2})\b/g))
    add(m, { min: fullYear(m[1]!), max: fullYear(m[1]!), single: true });
  return facts;
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;

function readMileages(text: string, taken: Span[]): Fact[] {
  const facts: Fact[] = [];
  const add = (match: RegExpMatchArray, digits: string, thousands: string | undefined) => {
    const span = { start: match.index!, end: match.index! + match[0].length };
    if (overlaps(span, taken)) return;
    const miles = Math.round(toNumber(digits) * (thousands ? 1000 : 1));
    // "within 300 miles" is a distance; "80k miles" an odometer.
    if (miles < MIN_ODOMETER || /\bwithin\s*$/i.test(text.slice(Math.max(0, span.start - 8), span.start)))
      return;
    taken.push(span);
    facts.push({ kind: "mileage", miles, ...span });
  };
  for (const m of text.matchAll(new RegExp(String.raw`${NUMBER}\s?(k)?\s*(?:mi|miles?|mileage|odo)\b`, "gi")))
    add(m, m[1]!, m[2]);
  for (const m of text.matchAll(
    new RegExp(
      String.raw`\b(?:miles|mileage|odometer)\s*(?:under|below|less than|<|max(?:imum)?|up to|of)?\s*${NUMBER}\s?(k)?\b`,
      "gi",
    ),
  ))
    add(m, m[1]!, m[2]);
  return facts;
}

function readPrices(text: string, taken: Span[]): Fact[] {
  const facts: Fact[] = [];
  const add = (match: RegExpMatchArray, digits: string, thousands: string | undefined) => {
    const span = { start: match.index!, end: match.index! + match[0].length };
    if (overlaps(span, taken)) return;
    const cents = Math.round(toNumber(digits) * (thousands ? 1000 : 1) * 100);
    if (cents < MIN_PRICE_CENTS) return;
    taken.push(span);
    facts.push({ kind: "price", cents, ...span });
  };
  for (const m of text.matchAll(new RegExp(String.raw`\$\s?${NUMBER}\s?(k|grand)?\b`, "gi")))
    add(m, m[1]!, m[2]);
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\w$.,])${NUMBER}\s?(k|grand)\b`, "gi")))
    add(m, m[1]!, m[2]);
  for (const m of text.matchAll(
    /\b(?:under|below|less than|max(?:imum)?|up to|budget(?: of| is)?|at most|no more than|<)\s*(\d{1,3}(?:,\d{3})+|\d{4,7})\b/gi,
  ))
    add(m, m[1]!, undefined);
  return facts;
}

/** "TX only", "must be in Texas", "units in OK": where the wanted vehicle has to be. */
function readState(text: string): string | null {
  const codeOf = (word: string) => {
    if (/^[A-Z]{2}$/.test(word) && CODES.has(word)) return word;
    return STATE_NAMES[word.toLowerCase()] ?? null;
  };
  const names = Object.keys(STATE_NAMES).join("|");
  const place = String.raw`([A-Z]{2}|${names})`;
  const only = new RegExp(String.raw`\b${place}\s+only\b`, "gi");
  const inState = new RegExp(
    String.raw`\b(?:must be|located|units?|cars?|trucks?|vehicles?|suvs?)\s+in\s+${place}\b`,
    "gi",
  );
  for (const m of [...text.matchAll(only), ...text.matchAll(inState)]) {
    const code = codeOf(m[1]!);
    if (code) return code;
  }
  return null;
}

/** The trim written right after a mention ("F-150 XLT", "Tacoma TRD Off-Road"). */
function readTrim(text: string, mention: Mention): string | null {
  const words = wordsOf(text.slice(mention.end, mention.end + 40));
  const offset = mention.end;
  for (const trim of TRIMS) {
    if (trim.length > words.length) continue;
    const slice = words.slice(0, trim.length);
    if (!slice.every((w, i) => w.text === trim[i])) continue;
    // Only spaces, hyphens or slashes between the model and its trim words.
    const gap = text.slice(offset, offset + slice[0]!.start);
    if (!/^[\s-]{1,2}$/.test(gap)) continue;
    return trim.join(" ");
  }
  return null;
}

/** Sentences: line breaks, semicolons, "!", "?", and full stops that are not decimal points. */
function sentences(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const re = /\n|;|!|\?|\.(?!\d)|\u2022/g;
  for (const m of text.matchAll(re)) {
    spans.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  spans.push({ start, end: text.length });
  return spans.filter((s) => text.slice(s.start, s.end).trim() !== "");
}

/** Between two vehicles of one list: "or", "and", "&", "/", commas and plural endings only. */
const LIST_GAP = /^(?:[\s,/&]|\band\b|\bor\b|\beither\b|\bany\b|\ba\b)*$/i;
/** Between a year or price and the vehicle it introduces. */
const LEAD_GAP = /^[\s,:+-]*(?:(?:a|an|any|the|clean|nice|low[- ]mile)\s+)*$/i;

type Group = { mentions: { mention: Mention; trim: string | null }[]; start: number; end: number };

/**
 * The vehicles a text names, each with what the text says about it, and the state it asks for.
 */
export function readVehicleText(text: string): ReadText {
  const clean = text.replace(/\r/g, "");
  const taken: Span[] = [];
  const mentions = findMentions(clean);
  // Model names are not figures: "F-150" holds no year, "Silverado 2500" no price.
  for (const m of mentions) taken.push({ start: m.start, end: m.end });
  const facts = [...readMileages(clean, taken), ...readYears(clean, taken), ...readPrices(clean, taken)];
  const state = readState(clean);

  const vehicles: ReadVehicle[] = [];
  const global: Fact[] = [];
  for (const sentence of sentences(clean)) {
    const inSentence = (s: Span) => s.start >= sentence.start && s.end <= sentence.end;
    const sentenceFacts = facts.filter(inSentence).sort((a, b) => a.start - b.start);
    const groups: Group[] = [];
    for (const mention of mentions.filter(inSentence)) {
      const trim = readTrim(clean, mention);
      const last = groups[groups.length - 1];
      const gap = last ? clean.slice(last.end, mention.start) : "";
      const factBetween = last && sentenceFacts.some((f) => f.start >= last.end && f.end <= mention.start);
      if (last && !factBetween && LIST_GAP.test(gap.replace(/\b(?:s|es)\b/g, ""))) {
        last.mentions.push({ mention, trim });
        last.end = mention.end;
      } else {
        groups.push({ mentions: [{ mention, trim }], start: mention.start, end: mention.end });
      }
    }
    if (groups.length === 0) {
      global.push(...sentenceFacts);
      continue;
    }
    const owned = new Map<Group, Fact[]>(groups.map((g) => [g, []]));
    const lastGroup = groups[groups.length - 1]!;
    for (const fact of sentenceFacts) {
      const next = groups.find((g) => g.start >= fact.end);
      const previous = [...groups].reverse().find((g) => g.end <= fact.start);
      const leads = next && LEAD_GAP.test(clean.slice(fact.end, next.start));
      // "2019+ F-150 or 2017+ Civic, under 80k miles": a ceiling set off by a comma after the last vehicle
      // holds for every vehicle of the sentence that states none of its own.
      const shared = !next && fact.kind !== "years" && /^\s*,/.test(clean.slice(lastGroup.end, fact.start));
      if (shared) {
        for (const group of groups) {
          const own = owned.get(group)!;
          if (group === lastGroup || !own.some((f) => f.kind === fact.kind)) own.push(fact);
        }
        continue;
      }
      const owner = leads ? next : (previous ?? next);
      if (owner) owned.get(owner)!.push(fact);
    }
    for (const group of groups) {
      const groupFacts = owned.get(group)!;
      for (const { mention, trim } of group.mentions) {
        vehicles.push({ makeKey: mention.makeKey, modelKey: mention.modelKey, trim, ...figures(groupFacts) });
      }
    }
  }
  // What a sentence without vehicles says fills in what each vehicle's own sentence left open.
  const fill = figures(global);
  for (const vehicle of vehicles) {
    vehicle.years ??= fill.years;
    if (vehicle.pricesCents.length === 0) vehicle.pricesCents = fill.pricesCents;
    if (vehicle.mileages.length === 0) vehicle.mileages = fill.mileages;
  }
  return { vehicles, overall: fill, state };
}

function figures(facts: readonly Fact[]): Pick<ReadVehicle, "years" | "pricesCents" | "mileages"> {
  const years = facts.find((f) => f.kind === "years");
  return {
    years: years?.kind === "years" ? years.years : null,
    pricesCents: facts.flatMap((f) => (f.kind === "price" ? [f.cents] : [])),
    mileages: facts.flatMap((f) => (f.kind === "mileage" ? [f.miles] : [])),
  };
}
