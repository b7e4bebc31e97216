/**
 * Writes the spreadsheets the import tests read (tests/fixtures/imports/): exports shaped like the ones
 * dealers really send — vAuto's CSV, a HomeNet-style TSV, a DealerSocket-style .xlsx with a title above its
 * header row, a Google Sheet saved as CSV with commas and line breaks in its notes. Deterministic: run it
 * again and the files come out the same. `node scripts/make-import-fixtures.ts`
 */
import { writeFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import Papa from "papaparse";
import { buildVin } from "#lib/vin";

const OUT = new URL("../tests/fixtures/imports/", import.meta.url);

const MODELS = [
  { wmi: "1FT", descriptor: "EW1E5", make: "Ford", model: "F-150", trim: "XLT" },
  { wmi: "1HG", descriptor: "CV1F3", make: "Honda", model: "Accord", trim: "Sport" },
  { wmi: "JTD", descriptor: "KARFU", make: "Toyota", model: "Prius", trim: "LE" },
  { wmi: "1C4", descriptor: "RJFBG", make: "Jeep", model: "Grand Cherokee", trim: "Limited" },
  { wmi: "1GC", descriptor: "UYDED", make: "Chevrolet", model: "Silverado 1500", trim: "LT" },
  { wmi: "5N1", descriptor: "AZ2MH", make: "Nissan", model: "Murano", trim: "SV" },
] as const;
const COLORS = ["Oxford White", "Magnetic Gray", "Summit White", "Crystal Black Pearl", "Celestial Silver"];
const CITIES = [
  ["Austin", "TX"],
  ["Dallas", "TX"],
  ["Tulsa", "OK"],
  ["Phoenix", "AZ"],
];

/** The nth vehicle of the lot: the same every run. */
function unit(n: number) {
  const m = MODELS[n % MODELS.length]!;
  const year = 2015 + (n % 9);
  const vin = buildVin({
    wmi: m.wmi,
    descriptor: m.descriptor,
    year,
    plant: "K",
    serial: String(100000 + n * 37).slice(-6),
  });
  const [city, state] = CITIES[n % CITIES.length]!;
  return {
    stock: `A${String(1000 + n)}`,
    vin,
    year,
    make: m.make,
    model: m.model,
    trim: m.trim,
    miles: 12000 + ((n * 7919) % 140000),
    price: 8500 + ((n * 1237) % 42000),
    color: COLORS[n % COLORS.length]!,
    city,
    state,
  };
}

/** A VIN with its check digit (position 9) changed: what a typo in a DMS looks like. */
const wrongCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vin[8] === "1" ? "2" : "1"}${vin.slice(9)}`;

// vAuto: 200 rows, its own header names, a few bad VINs, a year out of range, a price with letters.
const vauto = Array.from({ length: 200 }, (_, n) => {
  const u = unit(n);
  let vin = u.vin;
  if ([7, 42, 99, 150].includes(n)) vin = wrongCheckDigit(vin);
  if (n === 120) vin = vin.slice(0, 16);
  if (n === 175) vin = `${vin.slice(0, 10)}O${vin.slice(11)}`;
  return {
    "Stock #": u.stock,
    VIN: vin,
    Year: n === 60 ? "1895" : String(u.year),
    Make: u.make,
    Model: u.model,
    Series: u.trim,
    Odometer: u.miles.toLocaleString("en-US"),
    "Internet Price": n === 88 ? "call for price" : `$${u.price.toLocaleString("en-US")}`,
    "Exterior Color": u.color,
    "Days In Inventory": String(n % 90),
    Certified: n % 3 === 0 ? "Y" : "N",
  };
});
writeFileSync(new URL("vauto-inventory.csv", OUT), Papa.unparse(vauto, { newline: "\r\n" }) + "\r\n");

// HomeNet-style TSV.
const homenet = Array.from({ length: 12 }, (_, n) => {
  const u = unit(300 + n);
  return {
    StockNumber: u.stock,
    VIN: u.vin,
    Year: u.year,
    Make: u.make,
    Model: u.model,
    Trim: u.trim,
    Miles: u.miles,
    SellingPrice: u.price,
    ExteriorColor: u.color,
    City: u.city,
    State: n === 5 ? "Texas" : u.state,
  };
});
writeFileSync(new URL("homenet.tsv", OUT), Papa.unparse(homenet, { delimiter: "\t", newline: "\n" }) + "\n");

// DealerSocket-style .xlsx: a title, the export date and a blank row above the header row.
const dealersocket = [
  ["Lone Star Motors — Wholesale list"],
  ["Exported 2026-11-20"],
  [],
  [
    "Stock No",
    "VIN",
    "Model Year",
    "Make",
    "Model",
    "Trim Level",
    "Mileage",
    "Wholesale Price",
    "Color",
    "Lot",
    "Keys",
    "Frame Damage",
  ],
  ...Array.from({ length: 8 }, (_, n) => {
    const u = unit(500 + n);
    return [
      u.stock,
      u.vin,
      u.year,
      u.make,
      u.model,
      u.trim,
      u.miles,
      u.price,
      u.color,
      "Back lot",
      n % 2 ? 2 : 1,
      n === 3 ? "Yes" : "No",
    ];
  }),
];
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(dealersocket), "Inventory");
const xlsx = XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
writeFileSync(new URL("dealersocket.xlsx", OUT), xlsx);

// Google Sheets "Download → CSV": quoted commas and line breaks in the notes, the VIN last.
const sheet = Array.from({ length: 6 }, (_, n) => {
  const u = unit(700 + n);
  return {
    Year: u.year,
    Make: u.make,
    Model: u.model,
    Trim: u.trim,
    Mileage: u.miles,
    Price: u.price,
    Color: u.color,
    City: u.city,
    State: u.state,
    Notes:
      n === 0
        ? 'Clean title, one owner, "no stories"'
        : n === 1
          ? "New tires, brakes\nSmall dent on rear bumper, see photos"
          : n === 2
            ? '=HYPERLINK("http://example.com")'
            : "",
    VIN: u.vin,
  };
});
writeFileSync(new URL("google-sheet.csv", OUT), Papa.unparse(sheet, { newline: "\r\n" }) + "\r\n");
console.log("Wrote the import fixtures to", OUT.pathname);
