import { describe, expect, it } from "vitest";
import { MIN_RECORDS, buildMarketReport, type MarketRows, type PricedListing } from "./market-figures";

const NOW = Date.UTC(2026, 10, 23, 4, 0, 0);

const listings = (vehicle: string, current: boolean, prices: (number | null)[], miles: (number | null)[]) =>
  prices.map((priceCents, i): PricedListing => ({ vehicle, priceCents, mileage: miles[i] ?? null, current }));

const rows: MarketRows = {
  requested: [
    { label: "Toyota Camry", count: 9 },
    { label: "Honda Accord", count: 5 },
    { label: "Ford F-150", count: 4 },
  ],
  listed: [
    { label: "Chevrolet Silverado", count: 7 },
    { label: "Nissan Altima", count: 6 },
    { label: "Jeep Wrangler", count: 2 },
  ],
  states: [
    { label: "TX", count: 12 },
    { label: "OK", count: 3 },
  ],
  listings: [
    // Silverado: 6 priced this month (one without a price), 5 the month before.
    ...listings(
      "Chevrolet Silverado",
      true,
      [3_000_000, 3_200_000, 3_100_000, 2_900_000, 3_400_000, 3_300_000, null],
      [40_000, 50_000, 45_000, 60_000, 30_000, 35_000, 20_000],
    ),
    ...listings(
      "Chevrolet Silverado",
      false,
      [3_000_000, 3_000_000, 3_000_000, 3_000_000, 3_000_000],
      [50_000, 50_000, 50_000, 50_000, 50_000],
    ),
    // Altima: 6 listed but only 4 with a price: too few for a median.
    ...listings("Nissan Altima", true, [1_500_000, 1_400_000, 1_600_000, 1_450_000, null, null], []),
  ],
  deals: {
    current: { count: 6, volumeCents: 12_000_000 },
    previous: { count: 3, volumeCents: 5_000_000 },
  },
};

describe("the Market Report", () => {
  const report = buildMarketReport(rows, NOW);

  it("ranks what was requested and listed, leaving out any line with fewer than 5 records", () => {
    expect(MIN_RECORDS).toBe(5);
    expect(report.mostRequested).toEqual({
      records: 18,
      items: [
        { label: "Toyota Camry", count: 9 },
        { label: "Honda Accord", count: 5 },
      ],
    });
    expect(report.mostListed.records).toBe(15);
    expect(report.mostListed.items.map((i) => i.label)).toEqual(["Chevrolet Silverado", "Nissan Altima"]);
    expect(report.topStates).toEqual({ records: 15, items: [{ label: "TX", count: 12 }] });
  });

  it("gives the median asking price and mileage of the top models with the change on the month before", () => {
    expect(report.prices.items).toHaveLength(1);
    const silverado = report.prices.items[0]!;
    expect(silverado).toMatchObject({
      vehicle: "Chevrolet Silverado",
      records: 6,
      medianPriceCents: 3_150_000,
      previousMedianPriceCents: 3_000_000,
      previousRecords: 5,
      priceChangePercent: 5,
      mileageRecords: 7,
      medianMileage: 40_000,
      previousMedianMileage: 50_000,
      mileageChangePercent: -20,
    });
    expect(report.prices.records).toBe(6);
  });

  it("shows completed-deal volume from 5 deals, and no change against a month with too few", () => {
    expect(report.deals).toEqual({
      records: 6,
      volumeCents: 12_000_000,
      previousRecords: 3,
      previousVolumeCents: null,
      changePercent: null,
    });
    const quiet = buildMarketReport(
      { ...rows, deals: { ...rows.deals, current: { count: 4, volumeCents: 1 } } },
      NOW,
    );
    expect(quiet.deals.volumeCents).toBeNull();
    expect(quiet.deals.records).toBe(4);
  });

  it("says which 30 days it covers", () => {
    expect(report.to).toBe("2026-11-23T04:00:00.000Z");
    expect(report.from).toBe("2026-10-24T04:00:00.000Z");
    expect(report.minRecords).toBe(5);
  });
});
