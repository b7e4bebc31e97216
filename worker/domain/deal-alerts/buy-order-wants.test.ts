import { describe, expect, it } from "vitest";
import { buyOrderSchema } from "#lib/schemas/buy-order";
import { buyOrderFromWants, buyOrderWants } from "./buy-order-wants";
import { describeWanted, isMatch, wantedVehiclesOf, type OfferedVehicle } from "./match";

const read = (title: string) => buyOrderFromWants(wantedVehiclesOf({ title, description: "", vehicles: [] }));

const silverado: OfferedVehicle = {
  vehicleId: "v1",
  makeKey: "chevrolet",
  modelKey: "silverado-1500",
  yearMin: 2020,
  yearMax: 2020,
  trim: null,
  mileage: 40000,
  priceCents: 3_300_000,
  state: "OK",
};

describe("a wanted post's words as a buy order", () => {
  it("shows the widest years, the ceilings and the states the words say, and leaves out what they do not", () => {
    expect(
      read("Looking for 2018-2020 F-150 XLT or a 2021 Tahoe under $30k, 80k miles max. TX only"),
    ).toEqual({
      years: { from: 2018, to: 2022 },
      vehicles: [
        { make: "Ford", model: "F-150" },
        { make: "Chevrolet", model: "Tahoe" },
      ],
      maxMileage: 80000,
      maxPrice: 30000,
      states: ["TX"],
    });
    expect(read("Need any Toyota")).toEqual({ vehicles: [{ make: "Toyota" }] });
  });
});

describe("the dealer's buy order as wants", () => {
  const order = buyOrderSchema.parse({
    years: { from: "2018", to: "2021" },
    vehicles: [
      { make: "Chevy", model: "Silverado" },
      { make: "Ford", model: "" },
      { make: "", model: "" },
    ],
    maxMileage: "60,000",
    maxPrice: "$35,000",
    states: "tx, ok",
    until: "2099-06-30",
  });

  it("reads a form's text: numbers with commas and dollars, states as typed, blank rows dropped", () => {
    expect(order).toEqual({
      years: { from: 2018, to: 2021 },
      vehicles: [{ make: "Chevy", model: "Silverado" }, { make: "Ford" }],
      maxMileage: 60000,
      maxPrice: 35000,
      states: ["TX", "OK"],
      until: "2099-06-30",
    });
  });

  it("wants each make and model under every ceiling, to the end of its last day", () => {
    const wants = buyOrderWants(order);
    expect(wants.map(describeWanted)).toEqual([
      "2018–2021 Chevrolet Silverado, under $35,000, under 60,000 mi, in TX or OK",
      "2018–2021 Ford (any model), under $35,000, under 60,000 mi, in TX or OK",
    ]);
    expect(wants[0]!.until).toBe(Date.parse("2099-06-30T23:59:59.999Z"));
    expect(isMatch(wants[0]!, silverado)).toBe(true);
    expect(isMatch(wants[0]!, { ...silverado, priceCents: 3_600_000 })).toBe(false);
    expect(isMatch(wants[0]!, { ...silverado, state: "LA" })).toBe(false);
    expect(isMatch(wants[0]!, silverado, Date.parse("2099-07-01T00:00:00Z"))).toBe(false);
  });
});
