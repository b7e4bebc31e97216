import { describe, expect, it } from "vitest";
import { MID_TIER_PHONE_INDEX, phoneCpuRate } from "./phone.mjs";

describe("the phone section's CPU slowdown", () => {
  it("is 4× unless asked, the number asked, or what brings this host down to a mid-tier phone", () => {
    expect(phoneCpuRate(undefined, 2_770)).toBe(4);
    expect(phoneCpuRate("2.5", 2_770)).toBe(2.5);
    expect(phoneCpuRate("mid-tier", 2_770)).toBe(2.8);
    expect(phoneCpuRate("mid-tier", 4_000)).toBe(4);
    expect(phoneCpuRate("mid-tier", 2.5 * MID_TIER_PHONE_INDEX)).toBe(2.5);
    // A host slower than a mid-tier phone is not sped up.
    expect(phoneCpuRate("mid-tier", 640)).toBe(1);
  });

  it("refuses a slowdown it cannot emulate", () => {
    for (const setting of ["0", "0.5", "21", "fast", "", "Infinity", "NaN"])
      expect(() => phoneCpuRate(setting, 2_770), setting).toThrow(/--phone-cpu/);
  });
});
