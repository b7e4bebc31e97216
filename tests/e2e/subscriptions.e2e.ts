import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, expectToast, hydrated, newContext, sharedBrowser } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

/**
 * The app keeps running while the journey reads its files: SQLite removes a database's -shm and -wal files when
 * its last connection closes (the -wal's pages are then in the database file), so a file listed may be gone.
 */
const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Every file of the local D1 (and the rest of the server's state), to search for card data. */
function stateFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    try {
      return statSync(full).isDirectory() ? stateFiles(full) : [full];
    } catch (error) {
      if (gone(error)) return [];
      throw error;
    }
  });
}

function textOf(file: string): string {
  try {
    return readFileSync(file).toString("latin1");
  } catch (error) {
    if (gone(error)) return "";
    throw error;
  }
}

async function signUpToStep2(page: Page) {
  await page.goto("/login?mode=signup");
  await hydrated(page);
  await page.getByLabel("Email").fill(`e2e-pay-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("a-good-password");
  await page.getByLabel("Confirm Password").fill("a-good-password");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(`${BASE_URL}/onboarding`);
  await page.getByLabel("First Name").fill("Pat");
  await page.getByLabel("Last Name").fill("Lane");
  await page.getByLabel("Phone").fill("(214) 555-0142");
  await page.getByLabel("Address").fill("2200 Ross Ave");
  await page.getByLabel("City").fill("Dallas");
  await page.getByLabel("State / Province").selectOption("TX");
  await page.getByLabel("ZIP Code").fill("75201");
  await page.getByLabel("Dealership Name").fill("Lane Motors Dallas");
  await page.getByLabel("Auction Access Number").fill("100998811");
  await page.getByLabel("Dealership 5 Million Number").fill("5M-4411");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.waitForURL(`${BASE_URL}/onboarding?step=2`);
  await hydrated(page);
}

describe("a new dealer subscribes", () => {
  it("picks Premium at onboarding, pays on the purchase screen (declined, then paid), sees the plan and invoice, and cancels", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signUpToStep2(page);

    // Step 2's plan buttons lead to step 3, the purchase screen, with the plan chosen.
    await page.getByRole("link", { name: "Choose this plan: Premium Plan" }).click();
    await page.waitForURL(`${BASE_URL}/payment?plan=premium`);
    await hydrated(page);
    // A client-side navigation changes the URL before the new step renders: wait for the step itself.
    const steps = page.getByRole("navigation", { name: "Sign-up steps" });
    await steps.getByText("Step 3 of 3").waitFor();
    expect(await steps.innerText()).toContain("Step 3 of 3");
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
    await page.getByLabel("CVV").fill("123");
    await page.getByLabel("Name on card").fill("Pat Lane");
    await page.getByLabel("Address").fill("2200 Ross Ave");
    await page.getByLabel("City").fill("Dallas");
    await page.getByLabel("State").fill("TX");
    await page.getByLabel("ZIP code").fill("75201");
    await page.getByRole("button", { name: "Pay $149" }).click();
    await expectToast(page, "Payment Failed");
    await expectToast(page, "Your card was declined.");
    expect(await page.getByLabel("Card number").inputValue()).toBe("4000 0000 0000 0002");
    expect(await page.getByLabel("Name on card").inputValue()).toBe("Pat Lane");

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $149" }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await expectToast(page, "Payment Successful");
    await expectToast(page, "Welcome to DealerLane Premium!");

    await page.goto("/plan-management");
    const plan = page.getByRole("region", { name: "Your plan" });
    await expect.poll(() => plan.innerText()).toContain("Premium Plan");
    expect(await plan.innerText()).toContain("Visa ending in 4242");
    expect(await plan.innerText()).toContain("$149");
    const rows = page.locator("table tbody tr");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain("$149");

    await hydrated(page);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expectToast(page, "Your subscription has been cancelled successfully.");
    await expect.poll(() => plan.innerText()).toContain("Ends on");
    await expect.poll(() => page.getByRole("button", { name: "Resume subscription" }).count()).toBe(1);

    // No table, log or file of the local database holds the card number.
    const dir = process.env.E2E_PERSIST_TO;
    expect(dir).toBeTruthy();
    for (const file of stateFiles(dir!)) {
      const bytes = textOf(file);
      expect(bytes.includes("4242424242424242"), file).toBe(false);
      expect(bytes.includes("4242 4242 4242 4242"), file).toBe(false);
      expect(bytes.includes("4000 0000 0000 0002"), file).toBe(false);
    }
    await context.close();
  });

  it("starts the free trial without a card", async () => {
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    await signUpToStep2(page);
    await page.getByRole("button", { name: "Start free trial" }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await expectToast(page, "Your free trial is on");
    await page.goto("/plan-management");
    await expect
      .poll(() => page.getByRole("region", { name: "Your plan" }).innerText())
      .toContain("Free trial");
    await context.close();
  });
});
