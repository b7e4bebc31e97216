import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, expectToast, hydrated, newContext, newDealer, sharedBrowser } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

/** What an integration does: a plain HTTP call with the key, no browser, no cookie. */
const listDealers = (key: string) =>
  fetch(`${BASE_URL}/api/dealers?limit=5`, { headers: { Authorization: `Bearer ${key}` } });

describe("public API keys", () => {
  it("a Premium dealer creates a key in Settings, sees it once, copies it, uses it, revokes it", async () => {
    const context = await newContext(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    await newDealer(context, "Keira");
    const paid = await context.request.post("/api/auth/complete-subscription", {
      headers: { Origin: BASE_URL },
      data: {
        plan: "premium",
        paymentInfo: {
          cardNumber: "4242424242424242",
          expiryDate: "12/34",
          cvv: "123",
          cardholderName: "Keira Buyer",
        },
      },
    });
    expect(paid.status()).toBeLessThan(300);

    const page = await context.newPage();
    await page.goto("/settings#api-keys");
    await hydrated(page);
    const section = page.locator("#api-keys");
    await section.getByText("No API keys yet.").waitFor();
    await section.getByLabel("Key name").fill("DMS sync");
    await section.getByRole("button", { name: "Create API key" }).click();
    await expectToast(page, "API key created");

    const shown = section.getByTestId("new-api-key");
    const key = (await shown.innerText()).trim();
    expect(key).toMatch(/^dl_live_[0-9A-Za-z]{43}$/);
    await section.getByRole("button", { name: "Copy key" }).click();
    await section.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await section.getByText(`dl_live_${key.slice(8, 16)}…`).waitFor();

    // Shown once: a fresh visit lists the key by its prefix, never the key itself.
    await page.reload();
    await section.getByText("DMS sync").waitFor();
    expect(await page.content()).not.toContain(key);

    const listed = await listDealers(key);
    expect(listed.status).toBe(200);
    expect(Array.isArray(await listed.json())).toBe(true);
    expect(listed.headers.get("RateLimit-Limit")).toBe("60");

    await hydrated(page);
    await section.getByRole("button", { name: "Revoke DMS sync" }).click();
    await expectToast(page, "API key revoked");
    await section.getByText("No API keys yet.").waitFor();

    const refused = await listDealers(key);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toMatch(/^Bearer /);
    await context.close();
  });

  it("/api-docs documents the keyed API from its OpenAPI document, readable at 360 px", async () => {
    const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto("/api-docs");
    await page.getByRole("heading", { name: "GET /api/dealers" }).waitFor();
    await page.getByText('-H "Authorization: Bearer $DEALERLANE_API_KEY"').first().waitFor();
    await page.getByText('await api.POST("/api/messages"').waitFor();
    expect(await page.getByRole("link", { name: "Request API Access" }).getAttribute("href")).toBe(
      "/contact",
    );
    // Long code lines scroll inside their boxes; the page itself never scrolls sideways.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    const download = await context.request.get("/sdk/dealerlane-api.d.ts");
    expect(download.status()).toBe(200);
    expect(await download.text()).toContain('"/api/dealers"');
    await context.close();
  });
});
