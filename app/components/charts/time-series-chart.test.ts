import { describe, expect, it } from "vitest";
import { roundUp } from "./time-series-chart";

describe("roundUp (the top of a chart's count axis)", () => {
  it("is the next 1, 2 or 5 × 10ⁿ at or above the largest count", () => {
    expect([1, 3, 8, 10, 48, 60, 101, 635].map(roundUp)).toEqual([1, 5, 10, 10, 50, 100, 200, 1000]);
  });

  it("is 1 for a series of zeros", () => {
    expect(roundUp(0)).toBe(1);
  });
});
