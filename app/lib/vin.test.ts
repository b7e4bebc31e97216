import { describe, expect, it } from "vitest";
import {
  autoFilledText,
  cleanVinInput,
  computeCheckDigit,
  decodeModelYear,
  decodeVinOffline,
  deriveTrim,
  gmcSierraModel,
  hasValidCheckDigit,
  vinLengthMessage,
  WMI,
} from "#lib/vin";

/**
 * Published vectors: 1M8GDM9AXKP042788 is the worked example of 49 CFR 565 / NHTSA (check digit X, a 1989
 * Motor Coach Industries coach); 1HGCM82633A004352 is the check-digit example used across VIN references
 * (2003 Honda Accord); 11111111111111111 is the classic all-ones VIN whose check digit is 1.
 */
describe("check digit (49 CFR 565)", () => {
  it("accepts the published vectors", () => {
    expect(hasValidCheckDigit("1HGCM82633A004352")).toBe(true);
    expect(hasValidCheckDigit("11111111111111111")).toBe(true);
    expect(computeCheckDigit("1HGCM82633A004352")).toBe("3");
  });

  it("writes a remainder of 10 as X", () => {
    expect(computeCheckDigit("1M8GDM9AXKP042788")).toBe("X");
    expect(hasValidCheckDigit("1M8GDM9AXKP042788")).toBe(true);
    expect(hasValidCheckDigit("1M8GDM9A0KP042788")).toBe(false);
  });

  it("refuses a wrong check digit, and says which one was expected", () => {
    expect(hasValidCheckDigit("1HGCM82643A004352")).toBe(false);
    const decode = decodeVinOffline("1HGCM82643A004352");
    expect(decode.checkDigitValid).toBe(false);
    expect(decode.expectedCheckDigit).toBe(computeCheckDigit("1HGCM82643A004352"));
  });

  it("transliterates letters (A=1 … Z=9, no I, O, Q)", () => {
    // Changing one letter for another with the same value keeps the check digit: J and A are both 1.
    expect(computeCheckDigit("JHGCM82633A004352")).toBe(computeCheckDigit("AHGCM82633A004352"));
    expect(cleanVinInput("1hgcm82633a00435ioq")).toBe("1HGCM82633A004352".slice(0, 16));
  });
});

describe("model year (position 10, cycle from position 7)", () => {
  it("reads the 1980s when position 7 is a digit", () => {
    expect(decodeModelYear("1M8GDM9AXKP042788")).toBe(1989);
    expect(decodeVinOffline("1HGCM82633A004352").year).toBe(2003);
  });

  it("reads the 2010s when position 7 is a letter", () => {
    // Same year letter K as above, a letter at position 7: 2019, not 1989.
    const vin = "5YJ3E1EA2KF317000";
    expect(hasValidCheckDigit(vin)).toBe(true);
    expect(decodeModelYear(vin)).toBe(2019);
    expect(decodeModelYear("1FTFW1ET9DFC10312")).toBe(2013);
  });

  it("has no year for a character that is not a year code", () => {
    expect(decodeModelYear("1HGCM82630A004352")).toBeNull();
  });
});

describe("make and country from the WMI", () => {
  it.each([
    ["1HGCM82633A004352", "Honda", "United States"],
    ["2T1BURHE8JC000000", "Toyota", "Canada"],
    ["3VWFE21C04M000001", "Volkswagen", "Mexico"],
    ["WBA3B5C50DF000000", "BMW", "Germany"],
    ["JTDKN3DU0A0000000", "Toyota", "Japan"],
    ["KNDJN2A20F7000000", "Kia", "South Korea"],
    ["5YJ3E1EA2KF317000", "Tesla", "United States"],
    ["1GT49REY4LF123456", "GMC", "United States"],
  ])("%s → %s, %s", (vin, make, country) => {
    const decode = decodeVinOffline(vin);
    expect(decode.make).toBe(make);
    expect(decode.country).toBe(country);
    expect(decode.recognized).toBe(true);
  });

  it("covers the common makes of US and Canadian lots", () => {
    const makes = new Set(Object.values(WMI));
    for (const make of [
      "Ford",
      "Chevrolet",
      "GMC",
      "Cadillac",
      "Buick",
      "Chrysler",
      "Dodge",
      "Jeep",
      "Ram",
      "Toyota",
      "Lexus",
      "Honda",
      "Acura",
      "Nissan",
      "Infiniti",
      "Hyundai",
      "Kia",
      "Genesis",
      "Subaru",
      "Mazda",
      "Mitsubishi",
      "BMW",
      "MINI",
      "Mercedes-Benz",
      "Audi",
      "Volkswagen",
      "Porsche",
      "Volvo",
      "Land Rover",
      "Jaguar",
      "Tesla",
      "Lincoln",
      "Rivian",
    ]) {
      expect(makes.has(make), make).toBe(true);
    }
  });

  it("does not recognise an unknown manufacturer", () => {
    const decode = decodeVinOffline("1M8GDM9AXKP042788");
    expect(decode.make).toBeNull();
    expect(decode.recognized).toBe(false);
    expect(decode.checkDigitValid).toBe(true);
  });
});

describe("VIN form helpers", () => {
  it("counts the characters still needed", () => {
    expect(vinLengthMessage("1HGCM")).toBe("VIN must be exactly 17 characters (12 more needed)");
    expect(vinLengthMessage("1HGCM82633A00435")).toBe("VIN must be exactly 17 characters (1 more needed)");
    expect(vinLengthMessage("1HGCM82633A004352")).toBeNull();
  });

  it("reports an incomplete VIN as not decoded", () => {
    const decode = decodeVinOffline("1HGCM8263");
    expect(decode.complete).toBe(false);
    expect(decode.year).toBeNull();
    expect(decode.make).toBeNull();
  });

  it("writes the Auto-filled text", () => {
    expect(autoFilledText({ year: 2003, make: "Honda", model: "Accord", trim: null })).toBe(
      "Auto-filled: 2003 Honda Accord",
    );
  });
});

describe("GMC Sierra series codes and trim rules", () => {
  it.each([
    ["1GT49REY4LF123456", "Sierra 2500HD"],
    ["1GT42UUU0LF123456", "Sierra 1500"],
    ["1GT43UUU0LF123456", "Sierra 1500"],
    ["1GT44UUU0LF123456", "Sierra 3500HD"],
    ["1GT45UUU0LF123456", "Sierra 3500HD"],
    ["1GT4AUUU0LF123456", "Sierra"],
  ])("%s → %s", (vin, model) => {
    expect(gmcSierraModel(vin)).toBe(model);
  });

  it("leaves other GMC and non-GMC VINs alone", () => {
    expect(gmcSierraModel("1GTU9EED0LZ000000")).toBeNull();
    expect(gmcSierraModel("1GKS2CKJ0LR000000")).toBeNull();
  });

  it("takes Series when vPIC leaves Trim empty, without repeating the model", () => {
    expect(
      deriveTrim("WBA5R1C50KF000000", { make: "BMW", model: "3-Series", trim: null, series: "330i" }).trim,
    ).toBe("330i");
    expect(
      deriveTrim("1FTFW1E50KF000000", { make: "FORD", model: "F-150", trim: "", series: "F-150 XLT" }).trim,
    ).toBe("XLT");
    expect(
      deriveTrim("5YJ3E1EA2KF317000", { make: "TESLA", model: "Model 3", trim: "Long Range", series: "" })
        .trim,
    ).toBe("Long Range");
    expect(
      deriveTrim("WAUB8GFF0K1000000", { make: "AUDI", model: "A3", trim: "Premium", series: "" }).trim,
    ).toBe("Premium");
    expect(
      deriveTrim("2T2BZMCA0KC000000", { make: "LEXUS", model: "RX", trim: "F Sport", series: "RX 350" }),
    ).toEqual({
      model: "RX 350",
      trim: "F Sport",
    });
  });

  it("prefers Series for Mercedes-Benz, where it carries the badge", () => {
    expect(
      deriveTrim("W1KWF8DB0LR000000", {
        make: "MERCEDES-BENZ",
        model: "C-Class",
        trim: "Sport",
        series: "C300 4MATIC",
      }).trim,
    ).toBe("C300 4MATIC");
  });

  it("names the Sierra from the series code when vPIC says only Sierra", () => {
    expect(
      deriveTrim("1GT49REY4LF123456", { make: "GMC", model: "Sierra", trim: "Denali", series: "" }),
    ).toEqual({
      model: "Sierra 2500HD",
      trim: "Denali",
    });
  });

  it("uses vPIC's Trim alone for other makes", () => {
    expect(
      deriveTrim("1HGCV1F30KA000000", { make: "HONDA", model: "Accord", trim: "EX-L", series: "Something" })
        .trim,
    ).toBe("EX-L");
  });
});
