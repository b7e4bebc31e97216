/**
 * Deal alerts: what a Requesting post wants, what a For Sale post offers, and whether an offer
 * answers a want. Pure code, shared by the worker (which stores both sides keyed by make and model, so
 * matching is an index lookup) and by the seeders.
 *
 * Unknown is not a mismatch: an offer that does not state its mileage still answers "under 80k miles", so the
 * dealer can ask. A stated figure outside the want's range is a mismatch.
 */
import { formatPriceCents } from "#lib/format";
import { readVehicleText, type ReadVehicle } from "./read-text.ts";
import { makeName, modelName, nameWords, vehicleKeysOf } from "./vehicle-names.ts";

/** One vehicle a Requesting post asks for. `modelKey` "" means any model of the make. */
export type WantedVehicle = {
  makeKey: string;
  modelKey: string;
  yearMin: number | null;
  yearMax: number | null;
  trim: string | null;
  maxMileage: number | null;
  maxPriceCents: number | null;
  /** One state code, or several joined by commas ("TX,OK"). */
  state: string | null;
  /** The buy order's last moment (ms); null: as long as the post is active. */
  until: number | null;
};

/** One vehicle a For Sale post offers; `vehicleId` is null when it was only named in the text. */
export type OfferedVehicle = {
  vehicleId: string | null;
  makeKey: string;
  modelKey: string;
  yearMin: number | null;
  yearMax: number | null;
  trim: string | null;
  mileage: number | null;
  priceCents: number | null;
  state: string | null;
};

/** A vehicle as a post stores it (worker/db/schema.ts `vehicles`). */
export type PostVehicleFacts = {
  id?: string | null;
  year: number | null;
  make: string;
  model: string;
  trim: string | null;
  mileage: number | null;
  priceCents: number | null;
  state: string | null;
  status?: string | null;
};

type PostFacts = { title: string; description: string; vehicles: readonly PostVehicleFacts[] };

/** How many wants or offers one post may hold in the match index. */
const MAX_WANTS_PER_POST = 12;
const MAX_OFFERS_PER_POST = 50;

const trimKeyOf = (trim: string | null | undefined) => {
  const words = trim ? nameWords(trim) : [];
  return words.length ? words.join(" ") : null;
};

const textOf = (post: PostFacts) => `${post.title}\n${post.description}`;
const maxOf = (values: readonly number[]) => (values.length ? Math.max(...values) : null);
const same = <T>(values: readonly T[]) =>
  values.length > 0 && values.every((v) => v === values[0]) ? values[0]! : null;

/** A single year means that year give or take one; a range or an open end means what it says. */
function wantedYears(years: ReadVehicle["years"]): Pick<WantedVehicle, "yearMin" | "yearMax"> {
  if (!years) return { yearMin: null, yearMax: null };
  if (years.single && years.min !== null) return { yearMin: years.min - 1, yearMax: years.min + 1 };
  return { yearMin: years.min, yearMax: years.max };
}

const keyOf = (v: { makeKey: string; modelKey: string }) => `${v.makeKey}/${v.modelKey}`;

/**
 * What a Requesting post wants: its vehicles, grouped by make and model (two years bracket a range, one year
 * is ± 1; the highest mileage and price are the ceilings; a shared trim or state holds), merged with what
 * its words say ("2018-2020 F-150 XLT under $30k", "Tahoe or Suburban under 80k miles", "TX only").
 * Years the text states win over the ± 1 guess; figures the vehicles state win over the text's.
 */
export function wantedVehiclesOf(post: PostFacts): WantedVehicle[] {
  const read = readVehicleText(textOf(post));
  const byModel = new Map<
    string,
    { keys: { makeKey: string; modelKey: string }; vehicles: PostVehicleFacts[] }
  >();
  for (const v of post.vehicles) {
    if (!v.make.trim() || !v.model.trim()) continue;
    const keys = vehicleKeysOf(v.make, v.model);
    const entry = byModel.get(keyOf(keys)) ?? { keys, vehicles: [] };
    entry.vehicles.push(v);
    byModel.set(keyOf(keys), entry);
  }
  const wants = new Map<string, WantedVehicle>();
  for (const [key, { keys, vehicles }] of byModel) {
    const years = [...new Set(vehicles.flatMap((v) => (v.year === null ? [] : [v.year])))];
    const yearSpan =
      years.length >= 2
        ? { yearMin: Math.min(...years), yearMax: Math.max(...years) }
        : years.length === 1
          ? { yearMin: years[0]! - 1, yearMax: years[0]! + 1 }
          : { yearMin: null, yearMax: null };
    wants.set(key, {
      ...keys,
      ...yearSpan,
      trim: same(vehicles.map((v) => trimKeyOf(v.trim))),
      maxMileage: maxOf(vehicles.flatMap((v) => (v.mileage === null ? [] : [v.mileage]))),
      maxPriceCents: maxOf(vehicles.flatMap((v) => (v.priceCents === null ? [] : [v.priceCents]))),
      state: same(vehicles.map((v) => v.state || null)),
      until: null,
    });
  }
  const listedKeys = new Set(wants.keys());
  for (const said of read.vehicles) {
    const key = keyOf(said);
    const fromText: WantedVehicle = {
      makeKey: said.makeKey,
      modelKey: said.modelKey,
      ...wantedYears(said.years),
      trim: said.trim,
      maxMileage: maxOf(said.mileages),
      maxPriceCents: maxOf(said.pricesCents),
      state: read.state,
      until: null,
    };
    const known = wants.get(key);
    if (!known) {
      wants.set(key, fromText);
      continue;
    }
    // A listed vehicle's single year is a guess (± 1) that the words may correct; a second mention in the
    // text only fills what the first left open.
    const yearsOpen = known.yearMin === null && known.yearMax === null;
    const textYears = said.years && (listedKeys.has(key) || yearsOpen) ? wantedYears(said.years) : {};
    wants.set(key, {
      ...known,
      ...textYears,
      trim: known.trim ?? fromText.trim,
      maxMileage: known.maxMileage ?? fromText.maxMileage,
      maxPriceCents: known.maxPriceCents ?? fromText.maxPriceCents,
      state: known.state ?? fromText.state,
    });
  }
  // Sentences that name no vehicle ("All under 100k miles.") fill what each want left open.
  const overall = wantedYears(read.overall.years);
  return [...wants.values()].slice(0, MAX_WANTS_PER_POST).map((w) => ({
    ...w,
    yearMin: w.yearMin ?? (w.yearMax === null ? overall.yearMin : null),
    yearMax: w.yearMax ?? (w.yearMin === null ? overall.yearMax : null),
    maxMileage: w.maxMileage ?? maxOf(read.overall.mileages),
    maxPriceCents: w.maxPriceCents ?? maxOf(read.overall.pricesCents),
    state: w.state ?? read.state,
  }));
}

/**
 * What a For Sale post offers: its available vehicles; a post without vehicles offers the vehicles its
 * words name with a model ("2019 F-150 XLT, 41k miles, $27,900"), located where the dealer is.
 */
export function offeredVehiclesOf(post: PostFacts & { state: string | null }): OfferedVehicle[] {
  if (post.vehicles.length > 0) {
    return post.vehicles
      .filter((v) => (v.status ?? "available") === "available" && v.make.trim() && v.model.trim())
      .slice(0, MAX_OFFERS_PER_POST)
      .map((v) => ({
        vehicleId: v.id ?? null,
        ...vehicleKeysOf(v.make, v.model),
        yearMin: v.year,
        yearMax: v.year,
        trim: trimKeyOf(v.trim),
        mileage: v.mileage,
        priceCents: v.priceCents,
        state: v.state || post.state || null,
      }));
  }
  const read = readVehicleText(textOf(post));
  // The same vehicle named in the title and again in the description is one offer.
  const offers = new Map<string, OfferedVehicle>();
  for (const said of read.vehicles) {
    if (!said.modelKey) continue;
    const years = said.years ?? read.overall.years;
    const offer: OfferedVehicle = {
      vehicleId: null,
      makeKey: said.makeKey,
      modelKey: said.modelKey,
      yearMin: years?.min ?? null,
      yearMax: years?.max ?? null,
      trim: said.trim,
      mileage: said.mileages[0] ?? read.overall.mileages[0] ?? null,
      priceCents: said.pricesCents[0] ?? read.overall.pricesCents[0] ?? null,
      state: post.state || null,
    };
    const key = `${keyOf(offer)}/${offer.yearMin ?? ""}/${offer.yearMax ?? ""}`;
    const known = offers.get(key);
    offers.set(
      key,
      known
        ? {
            ...known,
            trim: known.trim ?? offer.trim,
            mileage: known.mileage ?? offer.mileage,
            priceCents: known.priceCents ?? offer.priceCents,
          }
        : offer,
    );
  }
  return [...offers.values()].slice(0, MAX_OFFERS_PER_POST);
}

/** A post as its match index needs it (`state`: where its vehicles are when they do not say). */
export type IndexedPost = {
  id: string;
  dealerId: string;
  type: string;
  status: string;
  title: string;
  description: string;
  state: string | null;
};

/**
 * The match index rows of one post (none unless it is active): the worker's and the seeded networks' one way.
 * `wants`: a Requesting post's buy order as its dealer set it, matched instead of what its words say.
 */
export function matchIndexRows(
  post: IndexedPost,
  vehicles: readonly PostVehicleFacts[],
  createdAt: number,
  newId: () => string,
  wants?: readonly WantedVehicle[],
) {
  if (post.status !== "active") return { wanted: [], offered: [] };
  const facts = { title: post.title, description: post.description, vehicles };
  const base = () => ({ id: newId(), postId: post.id, dealerId: post.dealerId, createdAt });
  if (post.type === "request") {
    return { wanted: (wants ?? wantedVehiclesOf(facts)).map((w) => ({ ...base(), ...w })), offered: [] };
  }
  return {
    wanted: [],
    offered: offeredVehiclesOf({ ...facts, state: post.state }).map((o) => ({ ...base(), ...o })),
  };
}

/** `silverado-1500` → ["", "silverado", "silverado-1500"]: the wants an offer of this model answers. */
export function modelLineage(modelKey: string): string[] {
  if (!modelKey) return [""];
  const words = modelKey.split("-");
  return ["", ...words.map((_, i) => words.slice(0, i + 1).join("-"))];
}

/** Does the offer's model answer the want's? Same model, a kind of it, or the general model it is a kind of. */
export function sameModel(wanted: string, offered: string): boolean {
  if (!wanted) return true;
  if (!offered) return false;
  return offered === wanted || offered.startsWith(`${wanted}-`) || wanted.startsWith(`${offered}-`);
}

const within = (value: number | null, ceiling: number | null) =>
  value === null || ceiling === null || value <= ceiling;

/** Is the offer's state among the want's ("TX" or several, "TX,OK")? Unknown on either side is no mismatch. */
export const inStates = (wanted: string | null, offered: string | null) =>
  wanted === null || offered === null || wanted.split(",").includes(offered);

/** Does this offered vehicle answer this wanted one (at `now`, for a buy order with an end)? */
export function isMatch(want: WantedVehicle, offer: OfferedVehicle, now = Date.now()): boolean {
  if (want.until !== null && want.until < now) return false;
  if (want.makeKey !== offer.makeKey || !sameModel(want.modelKey, offer.modelKey)) return false;
  if (want.yearMin !== null && offer.yearMax !== null && offer.yearMax < want.yearMin) return false;
  if (want.yearMax !== null && offer.yearMin !== null && offer.yearMin > want.yearMax) return false;
  if (want.trim && offer.trim) {
    const offered = new Set(offer.trim.split(" "));
    if (!want.trim.split(" ").every((w) => offered.has(w))) return false;
  }
  if (!within(offer.mileage, want.maxMileage) || !within(offer.priceCents, want.maxPriceCents)) return false;
  return inStates(want.state, offer.state);
}

/** Trim words that read as words ("King Ranch", "TRD Off Road"); the rest are letters ("XLT", "SR5"). */
const TRIM_WORDS = new Set(["off", "pro", "big", "new"]);
const trimName = (trim: string) =>
  trim
    .split(" ")
    .map((w) => (w.length <= 3 && !TRIM_WORDS.has(w) ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)))
    // Letters and the digits after them were one word: "sr 5" is SR5, "at 4" is AT4.
    .join(" ")
    .replace(/([A-Za-z]) (\d)/g, "$1$2");

function yearsText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return min === max ? String(min) : `${min}–${max}`;
  if (min !== null) return `${min}+`;
  if (max !== null) return `up to ${max}`;
  return "";
}

function vehicleName(v: { makeKey: string; modelKey: string; trim: string | null }): string {
  const model = v.modelKey ? modelName(v.makeKey, v.modelKey) : "";
  return [makeName(v.makeKey), model || "(any model)", v.trim ? trimName(v.trim) : ""]
    .filter(Boolean)
    .join(" ");
}

/** "2018–2020 Ford F-150 XLT, under $30,000, under 80,000 mi, in TX" ("in TX or OK"). */
export function describeWanted(w: WantedVehicle): string {
  const parts = [[yearsText(w.yearMin, w.yearMax), vehicleName(w)].filter(Boolean).join(" ")];
  if (w.maxPriceCents !== null) parts.push(`under ${formatPriceCents(w.maxPriceCents)}`);
  if (w.maxMileage !== null) parts.push(`under ${w.maxMileage.toLocaleString("en-US")} mi`);
  if (w.state) parts.push(`in ${w.state.split(",").join(" or ")}`);
  return parts.join(", ");
}

/** "2019 Ford F-150 XLT · $27,900 · 41,000 mi · TX". */
export function describeOffered(o: OfferedVehicle): string {
  const parts = [[yearsText(o.yearMin, o.yearMax), vehicleName(o)].filter(Boolean).join(" ")];
  if (o.priceCents !== null) parts.push(formatPriceCents(o.priceCents));
  if (o.mileage !== null) parts.push(`${o.mileage.toLocaleString("en-US")} mi`);
  if (o.state) parts.push(o.state);
  return parts.join(" · ");
}
