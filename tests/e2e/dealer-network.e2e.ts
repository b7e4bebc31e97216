import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, expectToast, hydrated, newContext, sharedBrowser } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

/** A fresh demo dealership for each journey, so the seeded demo dealer other journeys use stays as it was. */
async function freshDealer(page: Page) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("button", { name: "Create demo account" }).click();
  await page.waitForURL(`${BASE_URL}/`);
}

/** A 64x48 PNG drawn by the browser itself: a real image for the photo journey. */
async function pngFile(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    ctx.fillStyle = "#1d64db";
    ctx.fillRect(0, 0, 64, 48);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(16, 12, 32, 24);
    return canvas.toDataURL("image/png").split(",")[1] as string;
  });
  return Buffer.from(base64, "base64");
}

describe("the dealer network", () => {
  it("finds a dealer, connects, and sees them under /dealers", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await freshDealer(page);

    await page.goto("/find-dealers?sort=rating");
    await hydrated(page);
    const first = page.getByTestId("dealer-card").first();
    const name = (await first.getByRole("heading", { level: 3 }).innerText()).trim();

    // Search by name from the top bar: Enter goes to /find-dealers?name=….
    await page.locator("#dealer-search").fill(name);
    await page.locator("#dealer-search").press("Enter");
    await page.waitForURL((url) => url.pathname === "/find-dealers" && url.searchParams.get("name") === name);
    const card = page.getByTestId("dealer-card").filter({ hasText: name }).first();
    await card.waitFor();

    await card.getByRole("button", { name: `Connect with ${name}` }).click();
    await expectToast(page, "Connected!");
    await expectToast(page, `Added ${name} to your network`);
    // Find Dealers leaves out dealers already connected: the card goes.
    // The list reloads after the answer: on a loaded machine that can take longer than a poll's default second.
    await expect
      .poll(() => page.getByTestId("dealer-card").filter({ hasText: name }).count(), { timeout: 10_000 })
      .toBe(0);

    await page.goto("/dealers");
    await hydrated(page);
    const mine = page.getByTestId("dealer-card").filter({ hasText: name }).first();
    await mine.waitFor();
    expect(await mine.getByText("1st").count()).toBe(1);

    // The toggle is real both ways.
    await mine.getByRole("button", { name: `Connected with ${name}. Disconnect` }).click();
    await expectToast(page, `Removed ${name} from your network`);
    await page.reload();
    await expect.poll(() => page.getByTestId("dealer-card").filter({ hasText: name }).count()).toBe(0);
    await context.close();
  });

  it("adds a dealer: field problems show on the fields, then 'Dealer Created'", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await freshDealer(page);

    await page.goto("/find-dealers");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Dealer" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Full Name").fill("Jamie Ortiz");
    await dialog.getByLabel("Email").fill("jamie-at-example");
    await dialog.getByRole("button", { name: "Create Dealer" }).click();
    await expect.poll(() => dialog.getByText("Please enter a valid e-mail address").count()).toBe(1);
    expect(await dialog.getByText("Please fill in dealership name").count()).toBe(1);
    expect(await page.getByTestId("toast").filter({ hasText: "Failed to create dealer" }).count()).toBe(0);

    const name = `Ortiz Motors ${Date.now()}`;
    await dialog.getByLabel("Email").fill(`jamie-${Date.now()}@ortiz.example`);
    await dialog.getByLabel("Phone").fill("(305) 555-0147");
    await dialog.getByLabel("Dealership Name").fill(name);
    await dialog.getByLabel("Address").fill("800 Brickell Ave");
    await dialog.getByLabel("City").fill("Miami");
    await dialog.getByLabel("State / Province").selectOption("FL");
    await dialog.getByLabel("ZIP Code").fill("33131");
    await dialog.getByRole("button", { name: "Create Dealer" }).click();
    await expectToast(page, "Dealer Created");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });

  it("edits the profile with a new photo and sees it in the top bar", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await freshDealer(page);

    await page.goto("/profile-edit");
    await hydrated(page);
    await page.getByLabel("Dealership Name").fill("Photo Test Motors");
    await page
      .getByLabel("Choose photo")
      .first()
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await pngFile(page) });
    await expectToast(page, "Images added");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.waitForURL(`${BASE_URL}/dealer-profile`);
    await expectToast(page, "Profile Updated");

    const topBarPhoto = page.locator('header a[href="/dealer-profile"] img');
    await topBarPhoto.waitFor();
    const src = await topBarPhoto.getAttribute("src");
    expect(src).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => topBarPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await page.getByText("Photo Test Motors").count()).toBeGreaterThan(0);

    const served = await page.request.get(src as string);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^image\//);
    await context.close();
  });

  it("keeps settings across a reload and sizes the lists and the feed with them", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await freshDealer(page);

    await page.goto("/settings");
    await hydrated(page);
    await page.getByLabel("Items per page").selectOption("10");
    await page.getByLabel("List").check();
    await page.getByRole("switch", { name: /Show my phone number/ }).uncheck({ force: true });
    await page.getByRole("button", { name: "SAVE SETTINGS" }).click();
    await expectToast(page, "Settings Saved");

    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel("Items per page").inputValue()).toBe("10");
    expect(await page.getByLabel("List").isChecked()).toBe(true);
    expect(await page.getByRole("switch", { name: /Show my phone number/ }).isChecked()).toBe(false);

    // Items per page sizes the dealer lists…
    await page.goto("/find-dealers");
    await hydrated(page);
    await expect.poll(() => page.getByTestId("dealer-card").count()).toBe(10);
    await page.getByRole("link", { name: "Load More" }).click();
    await expect.poll(() => page.getByTestId("dealer-card").count()).toBeGreaterThan(10);

    // …and the feed's page.
    await page.goto("/");
    await hydrated(page);
    await expect.poll(() => page.getByTestId("post-card").count()).toBe(10);
    // …and the Inventory view (List) changes the feed's layout: no galleries, a thumbnail at most.
    expect(await page.locator('[data-testid="post-card"][data-view="list"]').count()).toBe(10);
    await context.close();
  });
});
