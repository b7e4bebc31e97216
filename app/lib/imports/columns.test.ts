import { describe, expect, it } from "vitest";
import { autoMapping, columnOfHeader, findHeaderRow, headerNames } from "./columns";

describe("reading a sheet's columns", () => {
  it.each([
    ["Stock #", "stockNumber"],
    ["STOCKNUMBER", "stockNumber"],
    ["Odometer", "mileage"],
    ["Internet Price", "price"],
    ["Wholesale Price", "price"],
    ["Trim / Series", "trim"],
    ["Ext. Color", "color"],
    ["Comments", "notes"],
    ["Frame Damage", "disclosure.frameDamage"],
    ["Days In Inventory", null],
  ])("reads %s as %s", (header, column) => {
    expect(columnOfHeader(header)).toBe(column);
  });

  it("names blank and repeated headers so each can be chosen", () => {
    expect(headerNames(["Price", "", "price", "VIN"])).toEqual(["Price", "Column B", "price (2)", "VIN"]);
  });

  it("finds the header row under a title and a blank line", () => {
    expect(
      findHeaderRow([["Lone Star Motors"], [""], ["Stock No", "VIN", "Make"], ["A1", "x", "Ford"]]),
    ).toBe(2);
    expect(
      findHeaderRow([
        ["", ""],
        ["a", "b"],
      ]),
    ).toBe(1);
  });

  it("prefers the dealer's remembered choices, keeps a column they switched off, and reads each header once", () => {
    const headers = ["Stock #", "Price", "Our number", "Notes"];
    const mapping = autoMapping(headers, { price: "Our number", notes: null });
    expect(mapping).toMatchObject({ stockNumber: "Stock #", price: "Our number", notes: null, vin: null });
    // A remembered header this sheet lacks falls back to the known names.
    expect(autoMapping(headers, { price: "Sticker" }).price).toBe("Price");
  });
});
