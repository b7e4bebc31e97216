import { describe, expect, it } from "vitest";
import { formatDollarRange, summarizeVehicles } from "./ai-summary.ts";
import { formatDollars } from "#lib/format";

describe("formatDollars", () => {
  it("formats whole dollars with separators", () => {
    expect(formatDollars(1_850_000)).toBe("$18,500");
    expect(formatDollars(4_200_000)).toBe("$42,000");
    expect(formatDollars(99_900)).toBe("$999");
    expect(formatDollars(123_456_700)).toBe("$1,234,567");
    expect(formatDollars(0)).toBe("$0");
  });

  it("formats a range with an en dash, or one amount when equal", () => {
    expect(formatDollarRange(1_850_000, 4_200_000)).toBe("$18,500–$42,000");
    expect(formatDollarRange(1_850_000, 1_850_000)).toBe("$18,500");
  });
});

describe("summarizeVehicles", () => {
  it("returns nothing for no vehicles", () => {
    expect(summarizeVehicles([], "Dallas, TX")).toEqual([]);
  });

  it("summarizes several vehicles", () => {
    const items = summarizeVehicles(
      [
        { year: 2019, make: "Ford", model: "F-150", mileage: 60_000, priceCents: 2_450_000 },
        { year: 2016, make: "Toyota", model: "Camry", mileage: 90_000, priceCents: 1_850_000 },
        { year: 2021, make: "Ford", model: "Explorer", mileage: 30_000, priceCents: 4_200_000 },
      ],
      "Dallas, TX",
    );
    expect(items.map((i) => i.text)).toEqual([
      "3 vehicles",
      "Model years 2016–2021",
      "Makes: Ford (2), Toyota",
      "Price range $18,500–$42,000",
      "Average mileage 60,000 mi",
      "Located in Dallas, TX",
    ]);
  });

  it("describes a single vehicle", () => {
    const items = summarizeVehicles(
      [{ year: 2019, make: "Ford", model: "F-150", mileage: 58_214, priceCents: 2_450_000 }],
      {
        city: "Austin",
        state: "TX",
      },
    );
    expect(items.map((i) => i.text)).toEqual([
      "1 vehicle: 2019 Ford F-150",
      "Model year 2019",
      "Make: Ford",
      "Priced at $24,500",
      "Mileage 58,214 mi",
      "Located in Austin, TX",
    ]);
  });

  it("leaves out facts no vehicle supports", () => {
    const items = summarizeVehicles([
      { year: 2018, make: "Toyota", model: "Tacoma", mileage: null, priceCents: null },
      { year: 2020, make: "Toyota", model: "Tacoma" },
    ]);
    expect(items.map((i) => i.text)).toEqual(["2 vehicles", "Model years 2018–2020", "Make: Toyota (2)"]);
    for (const item of items) expect(Object.keys(item)).toEqual(["text"]);
  });

  it("is JSON-serialisable as a list of {text}", () => {
    const items = summarizeVehicles(
      [{ year: 2022, make: "Tesla", model: "Model 3", priceCents: 2_999_900 }],
      "Reno, NV",
    );
    expect(JSON.parse(JSON.stringify(items))).toEqual(items);
    expect(items).toContainEqual({ text: "Priced at $29,999" });
  });
});
