import { changePercent, median } from "../insights/figures";

/**
 * The Market Report's figures, pure: built from the rows the cron reads (market-report.ts). Every
 * figure carries how many records stand behind it, and one with fewer than MIN_RECORDS is left out.
 */
export const MIN_RECORDS = 5;
export const REPORT_DAYS = 30;
const TOP = 5;

export type Ranked = { label: string; count: number };
export type RankedFigure = { records: number; items: Ranked[] };

type ModelPrice = {
  vehicle: string;
  /** Listings of this model in the 30 days with an asking price. */
  records: number;
  medianPriceCents: number;
  /** The 30 days before: null when fewer than MIN_RECORDS priced listings. */
  previousMedianPriceCents: number | null;
  previousRecords: number;
  priceChangePercent: number | null;
  mileageRecords: number;
  medianMileage: number | null;
  previousMedianMileage: number | null;
  mileageChangePercent: number | null;
};

export type MarketReport = {
  computedAt: string;
  from: string;
  to: string;
  minRecords: number;
  mostRequested: RankedFigure;
  mostListed: RankedFigure;
  prices: { records: number; items: ModelPrice[] };
  topStates: RankedFigure;
  deals: {
    records: number;
    /** Null when fewer than MIN_RECORDS deals were completed. */
    volumeCents: number | null;
    previousRecords: number;
    previousVolumeCents: number | null;
    changePercent: number | null;
  };
};

/** A listing of one model: its asking price and mileage, and whether it falls in this period or the one before. */
export type PricedListing = {
  vehicle: string;
  priceCents: number | null;
  mileage: number | null;
  current: boolean;
};

export type MarketRows = {
  requested: Ranked[];
  listed: Ranked[];
  states: Ranked[];
  /** Listings of the most listed models, this period and the one before. */
  listings: PricedListing[];
  deals: {
    current: { count: number; volumeCents: number };
    previous: { count: number; volumeCents: number };
  };
};

function ranked(rows: Ranked[]): RankedFigure {
  return {
    records: rows.reduce((sum, r) => sum + r.count, 0),
    items: rows.filter((r) => r.count >= MIN_RECORDS).slice(0, TOP),
  };
}

const enough = (values: number[]) => (values.length >= MIN_RECORDS ? median(values) : null);

function modelPrice(vehicle: string, listings: PricedListing[]): ModelPrice | null {
  const values = (current: boolean, pick: (l: PricedListing) => number | null) =>
    listings.flatMap((l) => {
      const v = l.current === current ? pick(l) : null;
      return v === null ? [] : [v];
    });
  const prices = values(true, (l) => l.priceCents);
  const medianPriceCents = enough(prices);
  if (medianPriceCents === null) return null;
  const previousPrices = values(false, (l) => l.priceCents);
  const miles = values(true, (l) => l.mileage);
  const previousMiles = values(false, (l) => l.mileage);
  const previousMedianPriceCents = enough(previousPrices);
  const medianMileage = enough(miles);
  const previousMedianMileage = enough(previousMiles);
  return {
    vehicle,
    records: prices.length,
    medianPriceCents,
    previousMedianPriceCents,
    previousRecords: previousPrices.length,
    priceChangePercent:
      previousMedianPriceCents === null ? null : changePercent(medianPriceCents, previousMedianPriceCents),
    mileageRecords: miles.length,
    medianMileage,
    previousMedianMileage,
    mileageChangePercent:
      medianMileage === null || previousMedianMileage === null
        ? null
        : changePercent(medianMileage, previousMedianMileage),
  };
}

export function buildMarketReport(rows: MarketRows, now: number): MarketReport {
  const from = now - REPORT_DAYS * 24 * 60 * 60 * 1000;
  const mostListed = ranked(rows.listed);
  const byModel = new Map<string, PricedListing[]>();
  for (const l of rows.listings) {
    const list = byModel.get(l.vehicle);
    if (list) list.push(l);
    else byModel.set(l.vehicle, [l]);
  }
  const prices = mostListed.items.flatMap(
    (item) => modelPrice(item.label, byModel.get(item.label) ?? []) ?? [],
  );
  const { current, previous } = rows.deals;
  const volume = current.count >= MIN_RECORDS ? current.volumeCents : null;
  const previousVolume = previous.count >= MIN_RECORDS ? previous.volumeCents : null;
  return {
    computedAt: new Date(now).toISOString(),
    from: new Date(from).toISOString(),
    to: new Date(now).toISOString(),
    minRecords: MIN_RECORDS,
    mostRequested: ranked(rows.requested),
    mostListed,
    prices: { records: prices.reduce((sum, p) => sum + p.records, 0), items: prices },
    topStates: ranked(rows.states),
    deals: {
      records: current.count,
      volumeCents: volume,
      previousRecords: previous.count,
      previousVolumeCents: previousVolume,
      changePercent:
        volume === null || previousVolume === null ? null : changePercent(volume, previousVolume),
    },
  };
}
