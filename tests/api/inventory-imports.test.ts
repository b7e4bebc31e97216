import { SELF, env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImportPreview, InventorySync, Notification, PostDetail } from "#lib/api-types";
import { currentUserSchema } from "#lib/api-types";
import vautoCsv from "../fixtures/imports/vauto-inventory.csv?raw";
import homenetTsv from "../fixtures/imports/homenet.tsv?raw";
import googleCsv from "../fixtures/imports/google-sheet.csv?raw";
import dealersocketXlsx from "../fixtures/imports/dealersocket.xlsx?inline";
import { runDailyCron, ORIGIN, call, fanoutSettled, freshIp, sessionCookieOf, signUpDealer } from "./helpers";

/** POST /api/inventory/imports with a file, as the Spreadsheet tab sends it. */
async function importFile(cookie: string, name: string, content: BlobPart) {
  const form = new FormData();
  form.append("file", new File([content], name));
  const response = await SELF.fetch(`${ORIGIN}/api/inventory/imports`, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: cookie },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as ImportPreview & { message?: string } };
}

/** The .xlsx fixture's bytes (Vite inlines binary files as a data URL). */
const xlsxBytes = () => Uint8Array.from(atob(dealersocketXlsx.split(",")[1]!), (c) => c.charCodeAt(0));

const rowOf = (preview: ImportPreview, row: number) => preview.rows.find((r) => r.row === row)!;

let seller: Awaited<ReturnType<typeof signUpDealer>>;
beforeAll(async () => {
  seller = await signUpDealer();
});

describe("importing a spreadsheet file", () => {
  it("reads a vAuto export of 200 rows: maps its headers, lists each bad row with its number and what is wrong", async () => {
    const res = await importFile(seller.cookie, "vauto-inventory.csv", vautoCsv);
    expect(res.status, res.text).toBe(201);
    const preview = res.json;
    expect(preview.rows).toHaveLength(200);
    expect(preview.mapping).toMatchObject({
      stockNumber: "Stock #",
      vin: "VIN",
      year: "Year",
      trim: "Series",
      mileage: "Odometer",
      price: "Internet Price",
      color: "Exterior Color",
      notes: null,
    });
    // Rows 9, 44, 101, 152: a wrong check digit; 122: 16 characters; 177: an O; 62: year 1895; 90: a price in words.
    expect(preview.errorCount).toBe(8);
    expect(preview.validCount).toBe(192);
    expect(rowOf(preview, 9).errors[0]).toMatch(/^VIN check digit is wrong: position 9 should be /);
    expect(rowOf(preview, 122).errors).toContain("VIN must be exactly 17 characters");
    expect(rowOf(preview, 177).errors).toEqual(["VIN may hold only letters and digits, never I, O or Q"]);
    expect(rowOf(preview, 62).errors).toEqual(["Year must be from 1900 to 2030"]);
    expect(rowOf(preview, 90).errors).toEqual(["Price must be a number"]);
    expect(rowOf(preview, 2)).toMatchObject({
      errors: [],
      vehicle: {
        stockNumber: "A1000",
        year: 2015,
        make: "Ford",
        model: "F-150",
        trim: "XLT",
        mileage: 12000,
        price: 8500,
      },
    });
  });

  it("reads a TSV and names a state that is not a state code", async () => {
    const res = await importFile(seller.cookie, "homenet.tsv", homenetTsv);
    expect(res.status, res.text).toBe(201);
    expect(res.json.mapping).toMatchObject({
      stockNumber: "StockNumber",
      price: "SellingPrice",
      color: "ExteriorColor",
    });
    expect(res.json.validCount).toBe(11);
    expect(rowOf(res.json, 7).errors).toEqual(["State must be one of the 50 US state codes"]);
  });

  it("finds an .xlsx header row below a title, and reads its disclosure columns", async () => {
    const res = await importFile(seller.cookie, "dealersocket.xlsx", xlsxBytes());
    expect(res.status, res.text).toBe(201);
    expect(res.json.headers[0]).toBe("Stock No");
    expect(res.json.rows.map((r) => r.row)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(res.json.mapping).toMatchObject({ year: "Model Year", price: "Wholesale Price", location: "Lot" });
    expect(res.json.errorCount).toBe(0);
    expect(rowOf(res.json, 8).vehicle?.disclosures).toMatchObject({ frameDamage: "yes", keys: 2 });
    expect(rowOf(res.json, 5).vehicle?.disclosures).toMatchObject({
      frameDamage: "no",
      keys: 1,
      airbags: "unknown",
    });
  });

  it("keeps the quoted commas and line breaks of a Google Sheet's notes, one sheet row each", async () => {
    const res = await importFile(seller.cookie, "google-sheet.csv", googleCsv);
    expect(res.status, res.text).toBe(201);
    expect(res.json.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(rowOf(res.json, 2).vehicle?.notes).toBe('Clean title, one owner, "no stories"');
    expect(rowOf(res.json, 3).vehicle?.notes).toBe(
      "New tires, brakes\nSmall dent on rear bumper, see photos",
    );
  });

  it("refuses what is not a sheet, too large, too long, or not sent right, with 4xx and a message", async () => {
    const noType = await call("POST", "/api/inventory/imports", {
      cookie: seller.cookie,
      headers: { "Content-Type": "text/plain" },
    });
    expect(noType.status).toBe(415);
    const plain = await SELF.fetch(`${ORIGIN}/api/inventory/imports`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: seller.cookie, "Content-Type": "text/csv" },
      body: vautoCsv,
    });
    expect(plain.status).toBe(415);
    const noFile = new FormData();
    noFile.append("other", "x");
    const missing = await SELF.fetch(`${ORIGIN}/api/inventory/imports`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: seller.cookie },
      body: noFile,
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toMatch(
      /Choose a CSV, TSV or .xlsx file/,
    );
    for (const body of [{}, { url: 5 }, { url: "http://sheets.example.com/x.csv" }, { url: "not a url" }]) {
      const res = await call("POST", "/api/inventory/imports", { cookie: seller.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBeTruthy();
    }
    const broken = await call("POST", "/api/inventory/imports", { cookie: seller.cookie, rawBody: "{nope" });
    expect(broken.status).toBe(400);
    const huge = await importFile(
      seller.cookie,
      "huge.csv",
      "VIN,Make,Model\n" + "x".repeat(5 * 1024 * 1024),
    );
    expect(huge.status).toBe(413);
    const long = await importFile(
      seller.cookie,
      "long.csv",
      "Make,Model\n" + Array.from({ length: 501 }, () => "Ford,F-150").join("\n"),
    );
    expect(long.status).toBe(413);
    expect(long.json.message).toMatch(/at most 500/);
    // Under the 5 MB and 500-row caps, yet more text than one stored sheet holds: refused, not a 500.
    const wordy = await importFile(
      seller.cookie,
      "wordy.csv",
      "Make,Model," +
        Array.from({ length: 10 }, (_, i) => `Notes ${i}`).join(",") +
        "\n" +
        Array.from({ length: 400 }, () => "Ford,F-150," + Array(10).fill("n".repeat(900)).join(",")).join(
          "\n",
        ),
    );
    expect(wordy.status).toBe(413);
    expect(wordy.json.message).toMatch(/too much text/);
    const empty = await importFile(seller.cookie, "empty.csv", "");
    expect(empty.status).toBe(400);
    const legacy = await importFile(seller.cookie, "old.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]));
    expect(legacy.status).toBe(400);
    const signedOut = await importFile("", "a.csv", "Make,Model\nFord,F-150");
    expect(signedOut.status).toBe(401);
  });
});

describe("publishing an import", () => {
  let preview: ImportPreview;
  let post: PostDetail;

  it("posts the good rows as one post under a corrected mapping, searchable by VIN", async () => {
    preview = (await importFile(seller.cookie, "vauto-inventory.csv", vautoCsv)).json;
    const mapping = { ...preview.mapping, notes: "Certified" };
    const remapped = await call("PATCH", `/api/inventory/imports/${preview.id}`, {
      cookie: seller.cookie,
      body: { mapping },
    });
    expect(remapped.status, remapped.text).toBe(200);
    expect((remapped.json as unknown as ImportPreview).rows[0]!.vehicle?.notes).toBe("Y");

    const res = await call("POST", `/api/inventory/imports/${preview.id}/publish`, {
      cookie: seller.cookie,
      body: { title: "Lone Star wholesale list", description: "All units on the back lot" },
    });
    expect(res.status, res.text).toBe(201);
    post = res.json as unknown as PostDetail;
    expect(post.vehicles).toHaveLength(192);
    expect(post.type).toBe("multiple");
    expect(post.vehicles[0]).toMatchObject({ make: "Ford", model: "F-150", priceCents: 850000, notes: "Y" });

    const vin = post.vehicles[100]!.vin!;
    const feed = await call("GET", `/api/inventory?search=${vin}`, { cookie: seller.cookie });
    expect((feed.json as unknown as { id: string }[]).map((p) => p.id)).toContain(post.id);

    const again = await call("POST", `/api/inventory/imports/${preview.id}/publish`, {
      cookie: seller.cookie,
      body: { title: "Twice" },
    });
    expect(again.status).toBe(409);
  });

  it("remembers the dealer's mapping for the next import", async () => {
    const next = await importFile(seller.cookie, "vauto-inventory.csv", vautoCsv);
    expect(next.json.mapping.notes).toBe("Certified");
  });

  it("refuses a bad publish body and a mapping naming a column the sheet lacks", async () => {
    const fresh = (await importFile(seller.cookie, "homenet.tsv", homenetTsv)).json;
    const noTitle = await call("POST", `/api/inventory/imports/${fresh.id}/publish`, {
      cookie: seller.cookie,
      body: {},
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.message).toBe("Please enter a title for your post");
    const badMapping = await call("PATCH", `/api/inventory/imports/${fresh.id}`, {
      cookie: seller.cookie,
      body: { mapping: { price: "Sticker" } },
    });
    expect(badMapping.status).toBe(400);
    expect(badMapping.json.message).toBe('The sheet has no column "Sticker" to read price from');
    const notJson = await call("POST", `/api/inventory/imports/${fresh.id}/publish`, {
      cookie: seller.cookie,
      headers: { "Content-Type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
    const unknown = await call("POST", `/api/inventory/imports/nope/publish`, {
      cookie: seller.cookie,
      body: { title: "x" },
    });
    expect(unknown.status).toBe(404);
  });

  it("answers 404 to another dealer's import, and Sync now on a post not from a link is 400", async () => {
    const other = await signUpDealer();
    const fresh = (await importFile(seller.cookie, "homenet.tsv", homenetTsv)).json;
    const publish = await call("POST", `/api/inventory/imports/${fresh.id}/publish`, {
      cookie: other.cookie,
      body: { title: "Mine now" },
    });
    expect(publish.status).toBe(404);
    expect(publish.json.message).toBe("Import not found");
    const remap = await call("PATCH", `/api/inventory/imports/${fresh.id}`, {
      cookie: other.cookie,
      body: { mapping: {} },
    });
    expect(remap.status).toBe(404);
    const sync = await call("POST", `/api/inventory/${post.id}/sync`, { cookie: seller.cookie });
    expect(sync.status).toBe(400);
    const othersSync = await call("POST", `/api/inventory/${post.id}/sync`, { cookie: other.cookie });
    expect(othersSync.status).toBe(400);
  });

  it("exports the dealer's listed vehicles in the import's columns, formulas defused", async () => {
    const sheet = (await importFile(seller.cookie, "google-sheet.csv", googleCsv)).json;
    await call("POST", `/api/inventory/imports/${sheet.id}/publish`, {
      cookie: seller.cookie,
      body: { title: "Sheet" },
    });
    const res = await call("GET", "/api/inventory/export", { cookie: seller.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...lines] = res.text.trim().split("\r\n");
    expect(
      header!.startsWith(
        "Stock #,VIN,Year,Make,Model,Trim,Mileage,Price,Exterior Color,City,State,Location,Notes",
      ),
    ).toBe(true);
    expect(res.text).toContain(`"'=HYPERLINK(""http://example.com"")"`);
    expect(lines).toHaveLength(192 + 6);
    // The export imports again, mapped without help.
    const back = await importFile(
      seller.cookie,
      "export.csv",
      res.text.split("\r\n").slice(0, 50).join("\r\n"),
    );
    expect(back.status, back.text).toBe(201);
    expect(back.json.errorCount).toBe(0);
  });
});

/** A local fake of a published Google Sheet (and of DNS over HTTPS), in front of the worker's fetch. */
function fakeSheetServer() {
  const sheets = new Map<string, string>();
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname === "cloudflare-dns.com") {
      const name = url.searchParams.get("name");
      const type = url.searchParams.get("type");
      const data = name === "intranet-sheet.example.com" ? "10.1.2.3" : "93.184.215.14";
      return Response.json({ Answer: type === "A" ? [{ type: 1, data }] : [] });
    }
    if (url.hostname === "docs.sheets.example.com") {
      if (url.pathname === "/moved")
        return new Response(null, { status: 302, headers: { Location: "https://127.0.0.1/x.csv" } });
      const sheet = sheets.get(url.pathname);
      return sheet === undefined
        ? new Response("no", { status: 404 })
        : new Response(sheet, { headers: { "Content-Type": "text/csv" } });
    }
    return realFetch(input, init);
  });
  return sheets;
}

/** Deal alerts and price drops are delivered after the answer, through the fan-out: wait for them. */
async function notificationsOf(cookie: string, type: Notification["type"], timeoutMs = 6000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await call("GET", "/api/notifications", { cookie })).json as unknown as Notification[];
    const found = list.filter((n) => n.type === type);
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a post published from a link", () => {
  it("refuses private and loopback addresses, http, and redirects into them", async () => {
    fakeSheetServer();
    for (const url of [
      "https://127.0.0.1/sheet.csv",
      "https://10.0.0.8/sheet.csv",
      "https://[::1]/sheet.csv",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/sheet.csv",
      "https://printer.local/sheet.csv",
      "https://intranet-sheet.example.com/sheet.csv",
      "https://docs.sheets.example.com/moved",
    ]) {
      const res = await call("POST", "/api/inventory/imports", { cookie: seller.cookie, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.json.message, url).toBe("That address is not a public web address");
    }
  });

  it("Sync now adds new rows, updates price and miles, marks rows gone as sold, and tells matching buyers of a price drop", async () => {
    const sheets = fakeSheetServer();
    const lines = googleCsv.trim().split("\r\n");
    // The Google Sheet's rows, without the notes' line break so lines can be edited one by one.
    const rows = [lines[0]!, lines[1]!, lines[4]!, lines[5]!, lines[6]!];
    sheets.set("/pub.csv", rows.join("\r\n"));
    const buyer = await signUpDealer();
    const first = rows[1]!.split(",");
    const [year, make, model] = first;
    const wanted = await call("POST", "/api/inventory", {
      cookie: buyer.cookie,
      body: {
        title: `Looking for a ${year} ${make} ${model}`,
        description: "",
        type: "request",
        vehicles: [],
        photoUrls: [],
      },
    });
    // The request's own matching is done first: else it could find the listing and alert that pair itself.
    await fanoutSettled((wanted.json as unknown as { id: string }).id);

    const started = await call("POST", "/api/inventory/imports", {
      cookie: seller.cookie,
      body: { url: "https://docs.sheets.example.com/pub.csv" },
    });
    expect(started.status, started.text).toBe(201);
    const preview = started.json as unknown as ImportPreview;
    expect(preview).toMatchObject({ source: "link", validCount: 4, errorCount: 0 });
    const published = await call("POST", `/api/inventory/imports/${preview.id}/publish`, {
      cookie: seller.cookie,
      body: { title: "Synced sheet" },
    });
    expect(published.status, published.text).toBe(201);
    const post = published.json as unknown as PostDetail;
    expect(post).toMatchObject({
      type: "spreadsheet",
      spreadsheetUrl: "https://docs.sheets.example.com/pub.csv",
    });
    // The buyer hears of the new listing first (a deal alert), before the dealer edits the sheet.
    expect((await notificationsOf(buyer.cookie, "deal-alert"))[0]?.link).toBe(`/post/${post.id}`);

    // The dealer edits the sheet: a lower price on row 1, more miles on row 2, row 3 sold, one new unit.
    const edited = rows.map((line) => line.split(","));
    edited[1]![5] = String(Number(edited[1]![5]) - 1500);
    edited[2]![4] = String(Number(edited[2]![4]) + 800);
    const gone = edited[3]![10];
    edited.splice(3, 1);
    edited.push(["2021", "Honda", "Civic", "EX", "30100", "18900", "Blue", "Austin", "TX", "", ""]);
    sheets.set("/pub.csv", edited.map((l) => l.join(",")).join("\r\n"));

    const sync = await call("POST", `/api/inventory/${post.id}/sync`, { cookie: seller.cookie });
    expect(sync.status, sync.text).toBe(200);
    expect(sync.json as unknown as InventorySync).toEqual({ added: 1, updated: 2, removed: 1 });
    const after = (await call("GET", `/api/inventory/${post.id}`, { cookie: seller.cookie }))
      .json as unknown as PostDetail;
    expect(after.vehicles).toHaveLength(5);
    expect(after.vehicles.find((v) => v.vin === gone)?.status).toBe("sold");
    expect(after.vehicles.at(-1)).toMatchObject({ make: "Honda", model: "Civic", status: "available" });

    const again = await call("POST", `/api/inventory/${post.id}/sync`, { cookie: seller.cookie });
    expect(again.json).toEqual({ added: 0, updated: 0, removed: 0 });

    const drops = await notificationsOf(buyer.cookie, "price-drop");
    expect(drops[0]?.link).toBe(`/post/${post.id}`);
    expect(drops[0]?.title).toMatch(/^Price drop/);

    // The daily cron reads the sheet too: the Civic is sold off the sheet overnight.
    sheets.set(
      "/pub.csv",
      edited
        .slice(0, -1)
        .map((l) => l.join(","))
        .join("\r\n"),
    );
    await runDailyCron("0 4 * * *");
    const overnight = (await call("GET", `/api/inventory/${post.id}`, { cookie: seller.cookie }))
      .json as unknown as PostDetail;
    expect(overnight.vehicles.find((v) => v.model === "Civic")?.status).toBe("sold");
  });
});

describe("the demo network", () => {
  it("keeps a demo account's import and post away from real dealers, and real imports away from it", async () => {
    const res = await call("POST", "/api/auth/create-dummy", { headers: { "CF-Connecting-IP": freshIp() } });
    expect(res.status).toBe(201);
    const demo = { cookie: sessionCookieOf(res.headers), id: currentUserSchema.parse(res.json).id };
    const mine = (await importFile(demo.cookie, "homenet.tsv", homenetTsv)).json;
    const published = await call("POST", `/api/inventory/imports/${mine.id}/publish`, {
      cookie: demo.cookie,
      body: { title: "Demo sheet" },
    });
    expect(published.status, published.text).toBe(201);
    const vin = (published.json as unknown as PostDetail).vehicles[0]!.vin!;
    const realSearch = (await call("GET", `/api/inventory?search=${vin}`, { cookie: seller.cookie }))
      .json as unknown as { dealerId: string }[];
    expect(realSearch.map((p) => p.dealerId)).not.toContain(demo.id);

    const real = (await importFile(seller.cookie, "homenet.tsv", homenetTsv)).json;
    const touch = await call("POST", `/api/inventory/imports/${real.id}/publish`, {
      cookie: demo.cookie,
      body: { title: "x" },
    });
    expect(touch.status).toBe(404);
    const rows = await env.DB.prepare("select count(*) as n from inventory_imports where dealer_id = ?")
      .bind(demo.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });
});
