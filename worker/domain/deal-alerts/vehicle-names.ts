/**
 * Makes and models as dealers write them, for matching wanted vehicles to listed ones. Pure code.
 *
 * A name becomes a key by lower-casing it, splitting it into words and splitting letters from digits, so
 * "F-150", "F150" and "f 150" are all `f-150`, "RX350" is `rx-350`, "2500HD" is `2500-hd`. A model key that
 * starts with another's words belongs to it: `silverado-1500` is a Silverado, `f-250-super-duty` an F-250.
 */

import { STATE_CODES } from "#lib/constants";

/** Words of a name: lower case, letters split from digits, punctuation dropped. */
export function nameWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .flatMap((word) => word.match(/[a-z]+|\d+/g) ?? [])
    .filter(Boolean);
}

const wordsKey = (words: readonly string[]) => words.join("-");

type MakeEntry = {
  name: string;
  aliases: readonly string[];
  /**
   * Models as "Name", "Name=alias=alias". A leading "!" marks a model whose name is also an everyday word
   * ("Escape", "Fit", "Colorado"): in free text it only counts right after its make.
   */
  models: readonly string[];
  /** The make's name is also an everyday word ("mini van"): alone, without a model, it names nothing. */
  needsModel?: boolean;
};

// prettier-ignore
const CATALOGUE: Record<string, MakeEntry> = {
  ford: { name: "Ford", aliases: ["ford"], models: ["F-150", "F-250=F-250 Super Duty=Super Duty", "F-350=F-350 Super Duty", "F-450", "!Ranger", "Maverick", "Explorer", "Expedition", "!Escape", "!Edge", "Bronco", "Bronco Sport", "Mustang", "Mustang Mach-E=Mach-E", "Fusion", "!Focus", "!Transit", "!Transit Connect", "EcoSport", "!Flex", "Taurus", "E-350=Econoline"] },
  chevrolet: { name: "Chevrolet", aliases: ["chevrolet", "chevy", "chev"], models: ["Silverado", "Silverado 1500", "Silverado 2500=Silverado 2500HD=Silverado 2500 HD", "Silverado 3500=Silverado 3500HD=Silverado 3500 HD", "Tahoe", "Suburban", "Equinox", "Malibu", "Traverse", "Camaro", "Corvette", "!Colorado", "Blazer", "Trailblazer", "Trax", "Cruze", "Impala", "!Express", "!Spark", "!Sonic", "!Bolt", "Avalanche"] },
  gmc: { name: "GMC", aliases: ["gmc"], models: ["Sierra", "Sierra 1500", "Sierra 2500=Sierra 2500HD=Sierra 2500 HD", "Sierra 3500=Sierra 3500HD", "Yukon", "Yukon XL", "Acadia", "Terrain", "!Canyon", "Savana"] },
  ram: { name: "Ram", aliases: ["ram", "dodge ram"], models: ["!1500", "!2500", "!3500", "ProMaster", "ProMaster City"] },
  dodge: { name: "Dodge", aliases: ["dodge"], models: ["Charger", "Challenger", "Durango", "Grand Caravan", "!Journey", "!Dart", "Hornet"] },
  jeep: { name: "Jeep", aliases: ["jeep"], models: ["Wrangler", "Wrangler Unlimited", "Grand Cherokee", "Cherokee", "Gladiator", "!Compass", "Renegade", "!Liberty", "Wagoneer", "Grand Wagoneer"] },
  chrysler: { name: "Chrysler", aliases: ["chrysler"], models: ["Pacifica", "!300", "Town & Country=Town and Country", "Voyager"] },
  toyota: { name: "Toyota", aliases: ["toyota"], models: ["Camry", "Corolla", "RAV4", "Tacoma", "Tundra", "Highlander", "4Runner", "Sienna", "Prius", "Avalon", "Sequoia", "Land Cruiser", "Venza", "C-HR", "Corolla Cross", "!Supra"] },
  lexus: { name: "Lexus", aliases: ["lexus"], models: ["!RX=RX 350=RX 450h=RX 350L", "!ES=ES 350=ES 300h", "!NX=NX 300=NX 350", "!GX=GX 460", "!LX=LX 570=LX 600", "!IS=IS 250=IS 300=IS 350"] },
  honda: { name: "Honda", aliases: ["honda"], models: ["Accord", "Civic", "CR-V=CRV", "HR-V=HRV", "!Pilot", "Odyssey", "Ridgeline", "!Fit", "!Passport"] },
  acura: { name: "Acura", aliases: ["acura"], models: ["MDX", "RDX", "TLX", "ILX", "Integra"] },
  nissan: { name: "Nissan", aliases: ["nissan"], models: ["Altima", "!Rogue", "!Frontier", "Sentra", "Titan", "Pathfinder", "Murano", "Maxima", "Armada", "!Kicks", "Versa", "!Leaf"] },
  infiniti: { name: "Infiniti", aliases: ["infiniti"], models: ["QX60", "QX80", "QX50", "Q50"] },
  hyundai: { name: "Hyundai", aliases: ["hyundai"], models: ["Elantra", "Tucson", "Santa Fe", "Sonata", "Palisade", "Kona", "!Accent", "!Venue", "Ioniq 5", "Santa Cruz"] },
  kia: { name: "Kia", aliases: ["kia"], models: ["Sorento", "Telluride", "Optima", "K5", "!Soul", "Sportage", "Forte", "!Rio", "!Carnival", "Sedona", "Niro", "Seltos"] },
  genesis: { name: "Genesis", aliases: ["genesis"], models: ["G70", "G80", "GV70", "GV80"] },
  subaru: { name: "Subaru", aliases: ["subaru"], models: ["Outback", "Forester", "Crosstrek", "Impreza", "!Legacy", "!Ascent", "WRX"] },
  mazda: { name: "Mazda", aliases: ["mazda"], models: ["CX-5", "CX-9", "CX-30", "CX-50", "Mazda3=3", "Mazda6=6", "MX-5=Miata"] },
  mitsubishi: { name: "Mitsubishi", aliases: ["mitsubishi"], models: ["Outlander", "Outlander Sport", "Eclipse Cross", "Mirage"] },
  bmw: { name: "BMW", aliases: ["bmw"], models: ["X5", "X3", "X1", "X7", "3 Series", "5 Series", "7 Series", "4 Series"] },
  "mercedes-benz": { name: "Mercedes-Benz", aliases: ["mercedes-benz", "mercedes benz", "mercedes", "benz"], models: ["GLE=GLE 350=GLE 450", "GLC=GLC 300", "GLS", "C-Class=C300=C 300=C250=C 250", "E-Class=E350=E 350=E300=E 300", "S-Class=S550=S 550", "Sprinter", "G-Class=G-Wagon=G Wagon=G550"] },
  audi: { name: "Audi", aliases: ["audi"], models: ["Q5", "Q7", "Q3", "A4", "A6", "A5"] },
  volkswagen: { name: "Volkswagen", aliases: ["volkswagen", "vw"], models: ["Jetta", "Tiguan", "Passat", "!Atlas", "!Golf", "Taos"] },
  porsche: { name: "Porsche", aliases: ["porsche"], models: ["Cayenne", "Macan", "911", "Panamera"] },
  tesla: { name: "Tesla", aliases: ["tesla"], models: ["Model 3", "Model Y", "Model S", "Model X"] },
  cadillac: { name: "Cadillac", aliases: ["cadillac", "caddy"], models: ["Escalade", "Escalade ESV", "XT5", "XT4", "XT6", "CT5"] },
  lincoln: { name: "Lincoln", aliases: ["lincoln"], models: ["Navigator", "Aviator", "Nautilus", "Corsair", "MKZ", "MKX"] },
  buick: { name: "Buick", aliases: ["buick"], models: ["Enclave", "Encore", "Encore GX", "!Envision", "LaCrosse"] },
  "land-rover": { name: "Land Rover", aliases: ["land rover", "landrover"], models: ["Range Rover", "Range Rover Sport", "Range Rover Evoque", "Range Rover Velar", "!Defender", "!Discovery"] },
  volvo: { name: "Volvo", aliases: ["volvo"], models: ["XC90", "XC60", "XC40", "S60"] },
  jaguar: { name: "Jaguar", aliases: ["jaguar"], models: ["F-Pace", "E-Pace", "XF"] },
  mini: { name: "MINI", aliases: ["mini"], needsModel: true, models: ["!Cooper", "Countryman"] },
};

type ModelInfo = { key: string; name: string; makeKey: string; needsMake: boolean };
type MakeInfo = { key: string; name: string };

const MAKES = new Map<string, MakeInfo>();
const MAKES_NEEDING_A_MODEL = new Set<string>();
/** Every spelling of a make, as a key of its words → the make's key. */
const MAKE_SPELLINGS = new Map<string, string>();
/** Per make: every spelling of a model (key of words) → the model. */
const MODEL_SPELLINGS = new Map<string, Map<string, ModelInfo>>();
/** Spellings of every model that may stand alone in free text, across makes. */
const FREE_MODEL_SPELLINGS = new Map<string, ModelInfo>();

for (const [makeKey, entry] of Object.entries(CATALOGUE)) {
  MAKES.set(makeKey, { key: makeKey, name: entry.name });
  if (entry.needsModel) MAKES_NEEDING_A_MODEL.add(makeKey);
  for (const alias of entry.aliases) MAKE_SPELLINGS.set(wordsKey(nameWords(alias)), makeKey);
  const spellings = new Map<string, ModelInfo>();
  for (const spec of entry.models) {
    const needsMake = spec.startsWith("!");
    const [name = "", ...aliases] = spec.replace(/^!/, "").split("=");
    const info: ModelInfo = { key: wordsKey(nameWords(name)), name, makeKey, needsMake };
    for (const spelling of [name, ...aliases]) {
      const key = wordsKey(nameWords(spelling));
      spellings.set(key, info);
      // Bare numbers ("1500", "911") and one- or two-letter names never stand alone in free text.
      const free = !needsMake && !/^[\d-]+$/.test(key) && key.replace(/-/g, "").length > 2;
      if (free && !FREE_MODEL_SPELLINGS.has(key)) FREE_MODEL_SPELLINGS.set(key, info);
    }
  }
  MODEL_SPELLINGS.set(makeKey, spellings);
}

/** The longest name in words, so free-text matching knows how far to look ahead. */
const LONGEST_NAME = Math.max(
  ...[...MAKE_SPELLINGS.keys(), ...[...MODEL_SPELLINGS.values()].flatMap((m) => [...m.keys()])].map(
    (k) => k.split("-").length,
  ),
);

/** The make's key for a make as typed ("Chevy" → `chevrolet`); unknown makes keep their own words. */
function makeKeyOf(make: string): string {
  const key = wordsKey(nameWords(make));
  return MAKE_SPELLINGS.get(key) ?? key;
}

/** Plural and possessive endings dealers add to model names: "Tahoes", "F-150s", "Camrys". */
function singularCandidates(words: readonly string[]): string[][] {
  const last = words[words.length - 1] ?? "";
  const head = words.slice(0, -1);
  const out: string[][] = [];
  if (last === "s" && words.length > 1) out.push(head);
  if (last.length > 3 && last.endsWith("es")) out.push([...head, last.slice(0, -2)]);
  if (last.length > 2 && last.endsWith("s")) out.push([...head, last.slice(0, -1)]);
  return out;
}

/**
 * The model's key for a model as typed under a make: a known spelling gives the catalogue's key
 * ("C300" → `c-class`, "Silverado 2500HD" → `silverado-2500`), anything else its own words.
 * "Ram 1500" under Dodge is the Ram make's 1500.
 */
export function vehicleKeysOf(make: string, model: string): { makeKey: string; modelKey: string } {
  let makeKey = makeKeyOf(make);
  let words = nameWords(model);
  if (makeKey === "dodge" && words[0] === "ram" && words.length > 1) {
    makeKey = "ram";
    words = words.slice(1);
  }
  const makeWords = makeKey.split("-");
  // "Ford F-150" typed into the model field.
  if (words.length > makeWords.length && makeWords.every((w, i) => words[i] === w))
    words = words.slice(makeWords.length);
  const spellings = MODEL_SPELLINGS.get(makeKey);
  const known = spellings?.get(wordsKey(words));
  if (known) return { makeKey, modelKey: known.key };
  for (const candidate of singularCandidates(words)) {
    const singular = spellings?.get(wordsKey(candidate));
    if (singular) return { makeKey, modelKey: singular.key };
  }
  // A known model followed by more words ("Tahoe LT", "F-150 SuperCrew"): the model, when a catalogue
  // spelling starts it. The longest such spelling wins.
  for (let n = words.length - 1; n > 0 && spellings; n--) {
    const prefix = spellings.get(wordsKey(words.slice(0, n)));
    if (prefix) return { makeKey, modelKey: wordsKey([...prefix.key.split("-"), ...words.slice(n)]) };
  }
  return { makeKey, modelKey: wordsKey(words) };
}

/** A model's display name from its key ("f-150" → "F-150"), or the key's words capitalised. */
export function modelName(makeKey: string, modelKey: string): string {
  for (const info of MODEL_SPELLINGS.get(makeKey)?.values() ?? [])
    if (info.key === modelKey) return info.name;
  return modelKey
    .split("-")
    .map((w) => (/^\d/.test(w) || w.length <= 3 ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join(" ");
}

export function makeName(makeKey: string): string {
  return MAKES.get(makeKey)?.name ?? modelName("", makeKey);
}

// ---------------------------------------------------------------------------------------------------
// Free text

type Word = { text: string; start: number; end: number };

/** The text's name words with their character positions (letters split from digits). */
export function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  const lower = text.toLowerCase();
  for (const match of lower.matchAll(/[a-z]+|\d+/g)) {
    out.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return out;
}

/** A make and/or model named in free text, with where it stands. `modelKey` "" names the make only. */
export type Mention = {
  makeKey: string;
  modelKey: string;
  start: number;
  end: number;
  words: [number, number];
};

function longestSpelling(
  words: readonly Word[],
  at: number,
  lookup: (key: string) => boolean,
): { length: number; key: string } | null {
  for (let n = Math.min(LONGEST_NAME + 1, words.length - at); n > 0; n--) {
    const slice = words.slice(at, at + n).map((w) => w.text);
    const candidates = [slice, ...singularCandidates(slice)];
    for (const candidate of candidates) {
      const key = wordsKey(candidate);
      if (candidate.length > 0 && lookup(key)) return { length: n, key };
    }
  }
  return null;
}

/** Words only count as one name when nothing but spaces or hyphens stand between them. */
function joined(text: string, words: readonly Word[], from: number, length: number): boolean {
  for (let i = from + 1; i < from + length; i++) {
    const gap = text.slice(words[i - 1]!.end, words[i]!.start);
    if (!/^[\s-]*$/.test(gap) || gap.length > 2) return false;
  }
  return true;
}

/**
 * Every make and model named in `text`, left to right: "Chevy Tahoe", "Tahoe", "F150s", "any Toyota".
 * A model needs no make when it is unmistakable; "Fit" or "1500" count only right after their make.
 */
export function findMentions(text: string): Mention[] {
  const words = wordsOf(text);
  const mentions: Mention[] = [];
  let i = 0;
  while (i < words.length) {
    const make = longestSpelling(words, i, (k) => MAKE_SPELLINGS.has(k));
    if (make && joined(text, words, i, make.length)) {
      const makeKey = MAKE_SPELLINGS.get(make.key)!;
      const after = i + make.length;
      const spellings = MODEL_SPELLINGS.get(makeKey)!;
      const model = longestSpelling(words, after, (k) => spellings.has(k));
      if (model && joined(text, words, after - 1, model.length + 1)) {
        const info = spellings.get(model.key)!;
        const last = words[after + model.length - 1]!;
        mentions.push({
          makeKey,
          modelKey: info.key,
          start: words[i]!.start,
          end: last.end,
          words: [i, after + model.length],
        });
        i = after + model.length;
      } else {
        const last = words[after - 1]!;
        if (!MAKES_NEEDING_A_MODEL.has(makeKey) && !isPlace(text, last.end))
          mentions.push({ makeKey, modelKey: "", start: words[i]!.start, end: last.end, words: [i, after] });
        i = after;
      }
      continue;
    }
    const model = longestSpelling(words, i, (k) => FREE_MODEL_SPELLINGS.has(k));
    const modelEnd = model ? words[i + model.length - 1]!.end : 0;
    if (
      model &&
      joined(text, words, i, model.length) &&
      !isPartOfNumber(text, words[i]!) &&
      !isPlace(text, modelEnd)
    ) {
      const info = FREE_MODEL_SPELLINGS.get(model.key)!;
      const last = words[i + model.length - 1]!;
      mentions.push({
        makeKey: info.makeKey,
        modelKey: info.key,
        start: words[i]!.start,
        end: last.end,
        words: [i, i + model.length],
      });
      i += model.length;
      continue;
    }
    i++;
  }
  return mentions;
}

const PLACE_CODES = new Set<string>(STATE_CODES);

/** "Tacoma, WA", "Lincoln, NE", "Dodge City", "Traverse City": a place, not a vehicle. */
function isPlace(text: string, end: number): boolean {
  const after = text.slice(end, end + 8);
  const code = /^,\s*([A-Z]{2})\b/.exec(after)?.[1];
  return (code !== undefined && PLACE_CODES.has(code)) || /^\s+City\b/.test(after);
}

/** "911" in "$9,911" or "3" in "3.5k" is a number, not a model. */
function isPartOfNumber(text: string, word: Word): boolean {
  if (!/^\d/.test(word.text)) return false;
  const before = text[word.start - 1] ?? "";
  const after = text[word.end] ?? "";
  return /[$,.\d]/.test(before) || /^[,.]\d/.test(text.slice(word.end, word.end + 2)) || after === "k";
}
