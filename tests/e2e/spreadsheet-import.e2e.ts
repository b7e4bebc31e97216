import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, expectToast, hydrated, newContext, quickLogin, sharedBrowser } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

/** The HomeNet-style TSV of the API tests, its price column renamed so the dealer has to map it by hand. */
function sheetWithOddPriceHeader(): Buffer {
  const tsv = readFileSync(new URL("../fixtures/imports/homenet.tsv", import.meta.url), "utf8");
  return Buffer.from(tsv.replace("SellingPrice", "Our number"));
}

describe("importing inventory from a spreadsheet", () => {
  it("drops a file, fixes one column, publishes, and finds a vehicle by VIN in the feed search", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await quickLogin(page);
    await hydrated(page);

    await page.getByRole("button", { name: "Post Inventory" }).click();
    const dialog = page.getByTestId("create-post-dialog");
    await dialog.waitFor();
    await dialog.getByRole("tab", { name: "Spreadsheet" }).click();

    // Drop the file on the drop zone, as a dealer drags it from their desktop.
    const bytes = sheetWithOddPriceHeader().toString("base64");
    const transfer = await page.evaluateHandle((b64) => {
      const data = new DataTransfer();
      const raw = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      data.items.add(new File([raw], "homenet.tsv", { type: "text/tab-separated-values" }));
      return data;
    }, bytes);
    await dialog.getByTestId("spreadsheet-drop").dispatchEvent("drop", { dataTransfer: transfer });
    await expectToast(page, "Spreadsheet read");
    const preview = dialog.getByTestId("import-preview");
    await preview.getByText("Row 7:").waitFor();
    await preview.getByText("State must be one of the 50 US state codes").waitFor();

    // Price was not recognised: the dealer points it at "Our number".
    const price = preview.locator("select[data-column='price']");
    if (!(await price.isVisible())) await preview.getByText("Columns").click();
    expect(await price.inputValue()).toBe("");
    await price.selectOption("Our number");
    await expectToast(page, "Columns updated");
    const firstVin = readFileSync(new URL("../fixtures/imports/homenet.tsv", import.meta.url), "utf8")
      .split("\n")[1]!
      .split("\t")[1]!;
    await preview.getByText(firstVin).waitFor();
    expect(await preview.getByText(/^\$\d/).count()).toBeGreaterThan(0);

    const title = `E2E sheet ${Date.now()}`;
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByTestId("submit-post").click();
    await expectToast(page, "Inventory posted successfully!");

    await page.getByLabel("Search posts, dealers, makes, models or VINs").fill(firstVin);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${BASE_URL}/?search=${firstVin}`);
    await page.getByText(title).first().waitFor();
    await context.close();
  });
});
