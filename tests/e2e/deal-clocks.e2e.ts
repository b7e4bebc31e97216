import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  cancelVerifyIfOpen,
  expectToast,
  hydrated,
  newContext,
  newDealer,
  proposeDeal,
  queryD1,
  sharedBrowser,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

const DAY = 24 * 60 * 60 * 1000;
/** Screenshots for a reviewer when SCREENSHOTS names a folder; nothing otherwise. */
const shoot = (name: string) =>
  process.env.SCREENSHOTS ? { path: `${process.env.SCREENSHOTS}/${name}.png` } : {};

describe("title and payment on a clock", () => {
  it("both dealers see what is late; the buyer marks the payment sent, the seller confirms it", async () => {
    const seller = await newContext(browser);
    const buyer = await newContext(browser, { mobile: true });
    await newDealer(seller, "Casey", { lastName: "Seller" });
    const buyerDealer = await newDealer(buyer, "Morgan", { lastName: "Buyer" });
    const dealId = await proposeDeal(seller, buyerDealer.id);
    const confirmed = await buyer.request.post(`/api/deals/${dealId}/confirm`, {
      headers: { Origin: BASE_URL },
    });
    expect(confirmed.status()).toBe(200);
    // Sold 25 days ago: the title (21 days) and the payment (2 business days) are both late.
    queryD1(`update deals set confirmed_at = ${Date.now() - 25 * DAY} where id = '${dealId}'`);

    const buyerPage = await buyer.newPage();
    await buyerPage.goto("/pass-thru-sales");
    await hydrated(buyerPage);
    await cancelVerifyIfOpen(buyerPage);
    const row = buyerPage.locator(`[data-deal-id="${dealId}"]`);
    await expect.poll(() => row.getByTestId("clock-chips").innerText()).toMatch(/Title late by 4 days/);
    expect(await row.getByTestId("clock-chips").innerText()).toMatch(/Payment late by \d+ days/);
    // Centred: the phone's bottom bar would cover a row only scrolled into view.
    await row.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await buyerPage.screenshot(shoot("deal-clocks-list-390"));

    await row.click();
    const detail = buyerPage.getByTestId("pass-thru-detail");
    await detail.getByRole("button", { name: "Mark payment sent" }).click();
    await expectToast(buyerPage, "Payment marked sent");
    await expect.poll(() => detail.getByTestId("clock-payment").innerText()).not.toMatch(/Mark payment sent/);
    await detail.screenshot(shoot("deal-clocks-detail-390"));

    const sellerPage = await seller.newPage();
    await sellerPage.goto(`/pass-thru-sales?deal=${dealId}`);
    await hydrated(sellerPage);
    await cancelVerifyIfOpen(sellerPage);
    // The link a late alert carries opens the deal's detail.
    const sellerDetail = sellerPage.getByTestId("pass-thru-detail");
    await sellerDetail.getByRole("button", { name: "Confirm payment received" }).click();
    await expectToast(sellerPage, "Payment confirmed");
    await expect
      .poll(() => sellerDetail.getByTestId("clock-payment").innerText())
      .toMatch(/Payment received/);
    await sellerPage.screenshot(shoot("deal-clocks-detail-1280"));
    await sellerDetail.getByRole("button", { name: "Close" }).click();
    await sellerPage.screenshot(shoot("deal-clocks-list-1280"));

    await seller.close();
    await buyer.close();
  });
});
