import { describe, expect, it } from "vitest";
import { formatPhone, toE164 } from "#lib/phone";

describe("toE164", () => {
  it.each([
    ["(512) 555-0142", "+15125550142"],
    ["512-555-0142", "+15125550142"],
    ["512.555.0142", "+15125550142"],
    ["5125550142", "+15125550142"],
    ["1 512 555 0142", "+15125550142"],
    ["+1 (512) 555-0142", "+15125550142"],
    ["+15125550142", "+15125550142"],
    ["  (416) 555-0199 ", "+14165550199"], // Toronto
    ["604 555 0100", "+16045550100"], // Vancouver
    ["(787) 555-0100", "+17875550100"], // Puerto Rico is US
  ])("%s → %s", (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each([
    ["", "empty"],
    ["555-0142", "no area code"],
    ["(012) 555-0142", "area code starting with 0"],
    ["(512) 155-0142", "exchange starting with 1"],
    ["(911) 555-0142", "N11 service code"],
    ["(876) 555-0142", "Jamaica"],
    ["(809) 555-0142", "Dominican Republic"],
    ["+44 20 7946 0958", "United Kingdom"],
    ["+52 55 1234 5678", "Mexico"],
    ["51255501420", "eleven digits not starting with 1"],
    ["512-555-0142 ext 3", "an extension"],
    ["call me", "words"],
  ])("refuses %s (%s)", (input) => {
    expect(toE164(input)).toBeNull();
  });

  it("formats back for people", () => {
    expect(formatPhone("+15125550142")).toBe("(512) 555-0142");
  });
});
