/**
 * The "AI summary" of an inventory post: a short list of {text} facts computed from its
 * vehicles. Pure code, no I/O: the seed script and the worker both build it the same way.
 */
import { formatDollars } from "#lib/format";

export type SummaryItem = { text: string };

export type SummaryVehicle = {
  year?: number | null;
  make: string;
  model?: string | null;
  mileage?: number | null;
  priceCents?: number | null;
};

export type SummaryLocation = string | { city?: string | null; state?: string | null } | null | undefined;

/** "$18,500–$42,000", or one amount when both ends agree. */
export function formatDollarRange(lowCents: number, highCents: number): string {
  const low = formatDollars(lowCents);
  const high = formatDollars(highCents);
  return low === high ? low : `${low}–${high}`;
}

function locationText(location: SummaryLocation): string {
  if (!location) return "";
  if (typeof location === "string") return location.trim();
  return [location.city, location.state]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(", ");
}

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === "number" && Number.isFinite(value);

/**
 * Facts about a post's vehicles: count, model-year range, makes, price range, average mileage and
 * location. Facts that no vehicle supports (no prices, no mileage) are left out; no vehicles → [].
 */
export function summarizeVehicles(
  vehicles: readonly SummaryVehicle[],
  location?: SummaryLocation,
): SummaryItem[] {
  if (vehicles.length === 0) return [];
  const items: SummaryItem[] = [];

  const first = vehicles[0];
  if (vehicles.length === 1 && first) {
    const name = [first.year, first.make, first.model].filter(
      (part) => part !== null && part !== undefined && part !== "",
    );
    items.push({ text: `1 vehicle: ${name.join(" ")}` });
  } else {
    items.push({ text: `${vehicles.length} vehicles` });
  }

  const years = vehicles.map((v) => v.year).filter(isNumber);
  if (years.length > 0) {
    const low = Math.min(...years);
    const high = Math.max(...years);
    items.push({ text: low === high ? `Model year ${low}` : `Model years ${low}–${high}` });
  }

  const makeCounts = new Map<string, number>();
  for (const v of vehicles) {
    const make = v.make.trim();
    if (make) makeCounts.set(make, (makeCounts.get(make) ?? 0) + 1);
  }
  if (makeCounts.size > 0) {
    const makes = [...makeCounts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([make, count]) => (count > 1 ? `${make} (${count})` : make));
    items.push({ text: `${makeCounts.size === 1 ? "Make" : "Makes"}: ${makes.join(", ")}` });
  }

  const prices = vehicles.map((v) => v.priceCents).filter(isNumber);
  if (prices.length > 0) {
    const low = Math.min(...prices);
    const high = Math.max(...prices);
    items.push({
      text: low === high ? `Priced at ${formatDollars(low)}` : `Price range ${formatDollarRange(low, high)}`,
    });
  }

  const mileages = vehicles.map((v) => v.mileage).filter(isNumber);
  if (mileages.length > 0) {
    const average = mileages.reduce((sum, m) => sum + m, 0) / mileages.length;
    items.push({
      text: `${mileages.length === 1 ? "Mileage" : "Average mileage"} ${Math.round(average).toLocaleString("en-US")} mi`,
    });
  }

  const where = locationText(location);
  if (where) items.push({ text: `Located in ${where}` });

  return items;
}
