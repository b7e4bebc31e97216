import { describe, expect, it } from "vitest";
import { locationHintOf } from "./location";

describe("a Durable Object's location hint from the request's place", () => {
  it.each([
    [{ continent: "NA", country: "CA", longitude: "-123.12" }, "wnam"], // Vancouver
    [{ continent: "NA", country: "US", longitude: "-80.19" }, "enam"], // Miami
    [{ continent: "NA", country: "US", longitude: "-96.80" }, "enam"], // Dallas
    [{ continent: "NA", country: "US" }, "enam"],
    [{ continent: "SA", country: "BR", longitude: "-46.6" }, "sam"],
    [{ continent: "EU", country: "GB", longitude: "-0.12" }, "weur"],
    [{ continent: "EU", country: "PL", longitude: "21.0" }, "eeur"],
    [{ continent: "AS", country: "JP", longitude: "139.7" }, "apac-ne"],
    [{ continent: "AS", country: "SG", longitude: "103.8" }, "apac-se"],
    [{ continent: "AS", country: "AE", longitude: "55.3" }, "me"],
    [{ continent: "AS", country: "IN", longitude: "72.8" }, "apac"],
    [{ continent: "OC", country: "AU", longitude: "151.2" }, "oc"],
    [{ continent: "AF", country: "ZA", longitude: "18.4" }, "afr"],
  ])("%o → %s", (place, hint) => {
    expect(locationHintOf(place)).toBe(hint);
  });

  it("gives no hint when the platform does not say where (local development, tests)", () => {
    expect(locationHintOf(undefined)).toBeUndefined();
    expect(locationHintOf({})).toBeUndefined();
    expect(locationHintOf({ continent: "AN" })).toBeUndefined();
    expect(locationHintOf({ continent: 42, longitude: "x" })).toBeUndefined();
  });
});
