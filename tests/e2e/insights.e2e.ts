import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  completeInVerifyDialog,
  hydrated,
  newContext,
  newDealer,
  proposeDeal,
  sharedBrowser,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

const headers = { Origin: BASE_URL };

describe("insights", () => {
  it("a completed deal shows on My Stats and in My Vehicle Activity", { timeout: 120_000 }, async () => {
    const sellerContext = await newContext(browser);
    const buyerContext = await newContext(browser);
    await newDealer(sellerContext, "Sloane");
    const buyer = await newDealer(buyerContext, "Bram");
    const page = await sellerContext.newPage();

    // Before any deal the panel says how deals are made.
    await page.goto("/dealers");
    await page.getByTestId("vehicle-activity").getByText("No completed deals yet").waitFor();

    const id = await proposeDeal(sellerContext, buyer.id, { location: "Dallas, TX" });
    expect((await buyerContext.request.post(`/api/deals/${id}/confirm`, { headers })).status()).toBe(200);

    // The seller completes it in the Verify Deal Details dialog, as on Pass Thru Sales.
    await completeInVerifyDialog(page);

    await page.goto("/my-stats?period=7");
    await hydrated(page);
    const completed = page.getByTestId("figure-dealsCompleted");
    expect(await completed.locator("dd > span").first().innerText()).toBe("1");
    expect(await page.getByTestId("figure-volumeCents").locator("dd > span").first().innerText()).toBe(
      "$28,500",
    );
    expect(await page.getByTestId("figure-commissionCents").locator("dd > span").first().innerText()).toBe(
      "$570",
    );
    // Premium (the trial) sees the charts: uPlot draws once it has loaded.
    await page.getByTestId("figure-volumeCents").locator(".uplot").waitFor();

    await page.goto("/dealers");
    const panel = page.getByTestId("vehicle-activity");
    await panel.getByText("Ford F-150").waitFor();
    expect(await panel.getByTestId("activity-sold").innerText()).toBe("1");
    expect(await panel.getByTestId("activity-volume").innerText()).toBe("$28,500");

    await sellerContext.close();
    await buyerContext.close();
  });

  it(
    "Wholesale News shows the Market Report, opens an article and loads more",
    { timeout: 60_000 },
    async () => {
      const context = await newContext(browser, { mobile: true });
      await newDealer(context, "Nora");
      const page = await context.newPage();
      await page.goto("/wholesale-news");
      await hydrated(page);
      const report = page.getByTestId("market-report");
      await report.getByText("DealerLane Market Report").waitFor();
      await report.getByRole("heading", { name: "Most listed", exact: true }).waitFor();
      expect(await report.innerText()).toMatch(/records\./);

      const articles = page.getByTestId("news-article");
      expect(await articles.count()).toBe(3);
      await page.getByRole("link", { name: "Load More" }).click();
      await articles.nth(4).waitFor();
      expect(await articles.count()).toBe(5);
      await page.getByText("You have read every article.").waitFor();

      await articles
        .first()
        .getByRole("link", { name: /Read Full Article/ })
        .click();
      await page.waitForURL(/\/wholesale-news\/[a-z0-9-]+$/);
      await page.getByTestId("article-body").locator("h2").first().waitFor();
      await context.close();
    },
  );
});
