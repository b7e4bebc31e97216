import { describe, expect, it } from "vitest";
import { detectDeal } from "#lib/deal-detection";

describe("detectDeal", () => {
  it("reads dealer shorthand: 'can do the 2019 F-150 XLT for 28,5'", () => {
    expect(detectDeal("can do the 2019 F-150 XLT for 28,5")).toMatchObject({
      vin: null,
      year: 2019,
      make: "Ford",
      model: "F-150",
      trim: "XLT",
      price: 28_500,
    });
  });

  it("reads a VIN and '$31k'", () => {
    expect(detectDeal("VIN 1FTEW1E50KFA12345 $31k")).toMatchObject({
      vin: "1FTEW1E50KFA12345",
      price: 31_000,
      make: "Ford",
    });
  });

  it.each([
    [
      "I'll take the 2021 Tahoe LT at $42,750 if it's clean",
      { year: 2021, make: "Chevrolet", model: "Tahoe", price: 42_750 },
    ],
    [
      "2018 Camry SE 64k miles, $14.5k firm",
      { year: 2018, make: "Toyota", model: "Camry", price: 14_500, miles: 64_000 },
    ],
    ["Would you do 2020 Silverado 1500 for 33500?", { year: 2020, make: "Chevrolet", price: 33_500 }],
    ["2017 Honda Accord, asking 12.9k", { year: 2017, make: "Honda", model: "Accord", price: 12_900 }],
    ["vin 5YJ3E1EA7KF123456 at 27,250 delivered", { vin: "5YJ3E1EA7KF123456", price: 27_250 }],
  ])("finds the deal in %j", (text, expected) => {
    expect(detectDeal(text)).toMatchObject(expected);
  });

  it.each([
    "Is the F-150 still available?",
    "What's your best price on the Tahoe?",
    "2019 F-150 XLT, 41k miles, clean Carfax",
    "Can you send photos of the interior?",
    "See you at 3 tomorrow",
    "$28,500 is too much",
    // A number glued to a unit is no price: "at 1440px" is a screen width.
    "Walk check at 1440px — is the 2019 F-150 still there?",
  ])("finds no deal in %j", (text) => {
    expect(detectDeal(text)).toBeNull();
  });
});
