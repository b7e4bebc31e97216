import { describe, expect, it } from "vitest";
import { STATE_CODES } from "#lib/constants";
import { NEIGHBOURING_STATES, nearbyStates } from "./neighbouring-states";

describe("NEIGHBOURING_STATES", () => {
  it("covers the 60 codes", () => {
    expect(Object.keys(NEIGHBOURING_STATES).sort()).toEqual([...STATE_CODES].sort());
  });

  it("is symmetric and never lists a state as its own neighbour", () => {
    for (const [state, neighbours] of Object.entries(NEIGHBOURING_STATES)) {
      for (const n of neighbours) {
        expect(n).not.toBe(state);
        expect(NEIGHBOURING_STATES[n], `${n} should list ${state}`).toContain(state);
      }
    }
  });

  it("answers the state first, then its neighbours", () => {
    expect(nearbyStates("tx")).toEqual(["TX", "AR", "LA", "NM", "OK"]);
    expect(nearbyStates("")).toEqual([]);
    expect(nearbyStates("ZZ")).toEqual([]);
  });
});
