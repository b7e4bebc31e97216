/**
 * Bench section: a dealer's whole list in one go — a 500-row CSV imported (parsed, every row checked, every VIN
 * decoded by the offline decoder, as the bench serves without vPIC) and published as one post of 500 vehicles.
 * Each run is a fresh dealer, so the hourly limits on imports and posts never refuse one.
 *
 *   POST /api/inventory/imports               the file read into its preview
 *   POST /api/inventory/imports/{id}/publish   the 500 vehicles stored as one post
 *   end to end                                 both, as the dealer waits for them
 */
import Papa from "papaparse";
import { buildVin } from "#lib/vin";
import { percentile, signUpBenchDealer } from "./bench-dealer.mjs";

export const title = "Spreadsheet import (500 rows)";

const ROWS = 500;
const WARM_UP = 1;
const MAKES = [
  ["1FT", "EW1E5", "Ford", "F-150"],
  ["1HG", "CV1F3", "Honda", "Accord"],
  ["JTD", "KARFU", "Toyota", "Prius"],
  ["1GC", "UYDED", "Chevrolet", "Silverado 1500"],
];

/** A vAuto-style export of `ROWS` units, VINs unique to the run so no decode is cached from an earlier one. */
function sheet(run) {
  const rows = Array.from({ length: ROWS }, (_, n) => {
    const [wmi, descriptor, make, model] = MAKES[n % MAKES.length];
    const year = 2014 + (n % 10);
    return {
      "Stock #": `B${run}-${n}`,
      VIN: buildVin({ wmi, descriptor, year, plant: "B", serial: String(100000 + run * ROWS + n).slice(-6) }),
      Year: year,
      Make: make,
      Model: model,
      Series: "Base",
      Odometer: (20000 + n * 97).toLocaleString("en-US"),
      "Internet Price": `$${(9000 + n * 53).toLocaleString("en-US")}`,
      "Exterior Color": "White",
      Notes: n % 7 === 0 ? "One owner, clean history, new tires" : "",
    };
  });
  return Papa.unparse(rows, { newline: "\r\n" });
}

async function timedJson(url, init) {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${init.method} ${url} → ${res.status} ${text.slice(0, 200)}`);
  return { ms, json: JSON.parse(text) };
}

const row = (name, samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    n: samples.length,
  };
};

export async function run(ctx) {
  const runs = Math.max(3, Math.min(ctx.n, 12));
  const read = [];
  const publish = [];
  const total = [];
  for (let i = 0; i < WARM_UP + runs; i++) {
    const dealer = await signUpBenchDealer(ctx.baseUrl, {
      label: `import${i}`,
      dealershipName: `Bench Import ${i}`,
    });
    const headers = { Origin: ctx.baseUrl, Cookie: dealer.cookie };
    const form = new FormData();
    form.append("file", new File([sheet(i)], "inventory.csv", { type: "text/csv" }));
    const imported = await timedJson(`${ctx.baseUrl}/api/inventory/imports`, {
      method: "POST",
      headers,
      body: form,
    });
    if (imported.json.validCount !== ROWS) throw new Error(`only ${imported.json.validCount} rows ready`);
    const posted = await timedJson(`${ctx.baseUrl}/api/inventory/imports/${imported.json.id}/publish`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ title: `Bench list ${i}` }),
    });
    if (posted.json.vehicles.length !== ROWS)
      throw new Error(`posted ${posted.json.vehicles.length} vehicles`);
    if (i < WARM_UP) continue;
    read.push(imported.ms);
    publish.push(posted.ms);
    total.push(imported.ms + posted.ms);
  }
  ctx.log(`  ${runs} imports of ${ROWS} rows, each by a fresh dealer`);
  return [
    row(`POST /api/inventory/imports (${ROWS}-row CSV: parse, check, decode offline)`, read),
    row(`POST /api/inventory/imports/{id}/publish (${ROWS} vehicles, one post)`, publish),
    row(`${ROWS}-row import end to end (read + publish)`, total),
  ];
}
