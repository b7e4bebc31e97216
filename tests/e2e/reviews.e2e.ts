import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { REVIEW_SCORES } from "#lib/reputation/constants";
import {
  BASE_URL,
  completeInVerifyDialog,
  expectToast,
  hydrated,
  newContext,
  newDealer,
  openSale,
  proposeDeal,
  sharedBrowser,
  signBillOfSale,
  seriousAxeViolations,
  WCAG_21_AA,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

/** Opens the completed deal on Pass Thru Sales and reviews the other dealer with `scores` (one per score, in order). */
async function review(page: Page, scores: number[], comment: string) {
  const detail = await openSale(page, { status: "Completed" });
  await detail.getByRole("button", { name: "Review this dealer" }).click();
  const dialog = page.getByTestId("review-dialog");
  for (const [i, [, label]] of REVIEW_SCORES.entries())
    await dialog.getByRole("group", { name: label }).getByText(String(scores[i]), { exact: true }).click();
  await dialog.getByLabel("Comment").fill(comment);
  expect(
    await seriousAxeViolations(page, { include: '[data-testid="review-dialog"]', tags: WCAG_21_AA }),
  ).toEqual([]);
  await dialog.getByRole("button", { name: "Send review" }).click();
  await expectToast(page, "Review sent");
  return detail;
}

/** The other dealer's card in Find Dealers, searched by name. */
async function cardOf(context: BrowserContext, name: string) {
  const page = await context.newPage();
  await page.goto(`/find-dealers?name=${encodeURIComponent(name)}`);
  await hydrated(page);
  return page.getByTestId("dealer-card").filter({ hasText: name });
}

describe("reputation, earned", () => {
  it(
    "two dealers complete a deal, both sign, both review, and the ratings appear on each other's cards",
    { timeout: 180_000 },
    async () => {
      const sellerContext = await newContext(browser);
      const buyerContext = await newContext(browser, { mobile: true });
      const seller = await newDealer(sellerContext, "Rhea", { lastName: `Seller${Date.now() % 100000}` });
      const buyer = await newDealer(buyerContext, "Otto", { lastName: `Buyer${Date.now() % 100000}` });
      // A Bill of Sale is signed once both profiles hold an address (newDealer's) and a dealer license number.
      for (const [context, licenseNumber] of [
        [sellerContext, "OK-D-61001"],
        [buyerContext, "OK-D-61002"],
      ] as const) {
        const licensed = await context.request.patch("/api/profile", {
          headers: { Origin: BASE_URL },
          data: { licenseNumber },
        });
        expect(licensed.status(), await licensed.text()).toBe(200);
      }

      const id = await proposeDeal(sellerContext, buyer.id, { location: "Dallas, TX" });
      const confirmed = await buyerContext.request.post(`/api/deals/${id}/confirm`, {
        headers: { Origin: BASE_URL },
      });
      expect(confirmed.status()).toBe(200);

      // Before: no reviews, and the card says so instead of a number.
      expect(await (await cardOf(sellerContext, buyer.name)).getByTestId("rating").innerText()).toBe(
        "New on DealerLane",
      );

      const sellerPage = await sellerContext.newPage();
      const verify = await completeInVerifyDialog(sellerPage);
      await verify.waitFor({ state: "hidden", timeout: 10_000 });

      // Both sign the Bill of Sale, the seller first; the buyer on a phone.
      await signBillOfSale(sellerPage, await openSale(sellerPage, { status: "Completed" }), {
        as: "seller",
        fullName: seller.name,
      });
      const buyerPage = await buyerContext.newPage();
      const signed = await openSale(buyerPage, { status: "Completed" });
      await signBillOfSale(buyerPage, signed, {
        as: "buyer",
        fullName: buyer.name,
        toast: "Signed by both dealers",
      });
      await signed.getByText("signed by both dealers").waitFor();

      // The seller reviews first: theirs stays hidden, the buyer's card shows no rating yet.
      const sellerDetail = await review(sellerPage, [5, 5, 4, 5], "Paid fast and picked up the same week.");
      await sellerDetail.getByTestId("review-waiting").getByText("Waiting for their review").waitFor();
      expect(await (await cardOf(sellerContext, buyer.name)).getByTestId("rating").innerText()).toBe(
        "New on DealerLane",
      );

      const buyerDetail = await review(buyerPage, [4, 4, 4, 4], "Truck as described, title came on time.");
      // Both written: both reviews show on the deal.
      await buyerDetail.getByText("Paid fast and picked up the same week.").waitFor();

      expect(await (await cardOf(sellerContext, buyer.name)).getByTestId("rating").innerText()).toBe(
        "4.8 · 1 review",
      );
      expect(await (await cardOf(buyerContext, seller.name)).getByTestId("rating").innerText()).toBe(
        "4.0 · 1 review",
      );

      // The buyer's profile lists the seller's review and lets them reply once.
      await buyerPage.goto("/dealer-profile");
      await hydrated(buyerPage);
      await buyerPage.getByRole("tab", { name: "Reviews" }).click();
      const reviewCard = buyerPage.getByTestId("review").filter({ hasText: "Paid fast" });
      await reviewCard.getByLabel("Your public reply").fill("Thanks, pleasure doing business.");
      await reviewCard.getByRole("button", { name: "Post reply" }).click();
      await expectToast(buyerPage, "Reply posted");
      await buyerPage.getByRole("tab", { name: "Reviews" }).click();
      await reviewCard.getByText("Thanks, pleasure doing business.").waitFor();
      expect(await reviewCard.getByLabel("Your public reply").count()).toBe(0);

      await sellerContext.close();
      await buyerContext.close();
    },
  );
});
