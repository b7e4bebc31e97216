import { describe, expect, it } from "vitest";
import { vehicles } from "./schema";
import { D1_MAX_BOUND_PARAMETERS, inChunks, parametersPerRow } from "./bound-parameters";

describe("inChunks", () => {
  it("cuts a list of any length into runs that each bind at most D1's limit", () => {
    const ids = Array.from({ length: 250 }, (_, i) => i);
    expect(inChunks(ids).map((run) => run.length)).toEqual([100, 100, 50]);
    const runs = inChunks(ids, { perItem: 17, fixed: 1 });
    expect(runs.flat()).toEqual(ids);
    expect(runs.every((run) => 1 + run.length * 17 <= D1_MAX_BOUND_PARAMETERS)).toBe(true);
    expect(inChunks([])).toEqual([]);
  });

  it("refuses a statement that cannot fit one item", () => {
    expect(() => inChunks([1], { perItem: 60, fixed: 50 })).toThrow();
  });

  it("counts every column of a row, defaults included", () => {
    expect(parametersPerRow(vehicles)).toBe(19);
  });
});
