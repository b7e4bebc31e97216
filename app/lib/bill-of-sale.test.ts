import { describe, expect, it } from "vitest";
import { odometerExemption, signBillOfSaleSchema } from "./bill-of-sale";

describe("odometerExemption (49 CFR 580.17)", () => {
  it("exempts model year 2010 and older, whatever the year of transfer", () => {
    expect(odometerExemption(2010, 2026, false)).toBe("model-year");
    expect(odometerExemption(1995, 2011, false)).toBe("model-year");
  });

  it("exempts a model year 2011 or newer vehicle from the 20th calendar year after its model year", () => {
    expect(odometerExemption(2011, 2030, false)).toBeNull();
    expect(odometerExemption(2011, 2031, false)).toBe("age");
    expect(odometerExemption(2019, 2026, false)).toBeNull();
  });

  it("exempts a vehicle over 16,000 lb GVWR when the seller marks it", () => {
    expect(odometerExemption(2022, 2026, true)).toBe("gvwr");
  });
});

describe("signBillOfSaleSchema", () => {
  it("takes a typed name with its spaces tidied and consent given literally", () => {
    expect(signBillOfSaleSchema.parse({ fullName: "  Sam   Seller ", consent: true })).toMatchObject({
      fullName: "Sam Seller",
      odometer: "actual",
      heavyVehicle: false,
    });
    expect(signBillOfSaleSchema.safeParse({ fullName: "Sam Seller", consent: "true" }).success).toBe(false);
    expect(signBillOfSaleSchema.safeParse({ fullName: "12", consent: true }).success).toBe(false);
  });
});
