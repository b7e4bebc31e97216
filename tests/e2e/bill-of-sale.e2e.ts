import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  cancelVerifyIfOpen,
  expectToast,
  hydrated,
  launchBrowser,
  newContext,
  newDealer,
  proposeDeal,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const headers = { Origin: BASE_URL };

describe("the Bill of Sale both dealers sign", () => {
  it("the seller adds the missing license number, both sign in Pass Thru Sales, and the PDF answers", async () => {
    const sellerContext = await newContext(browser);
    const buyerContext = await newContext(browser, { mobile: true });
    const sellerPage = await sellerContext.newPage();
    const buyerPage = await buyerContext.newPage();
    await newDealer(sellerContext, "Morgan", { lastName: "Hale" });
    const buyer = await newDealer(buyerContext, "Riley", { lastName: "Park" });
    // The buyer's profile is complete; the seller's lacks its license number, which the screen asks for.
    const licensed = await buyerContext.request.patch("/api/profile", {
      headers,
      data: { licenseNumber: "OK-D-55501" },
    });
    expect(licensed.status(), await licensed.text()).toBe(200);

    const dealId = await proposeDeal(sellerContext, buyer.id);
    expect((await buyerContext.request.post(`/api/deals/${dealId}/confirm`, { headers })).status()).toBe(200);
    const completed = await sellerContext.request.post("/api/deals/complete", {
      headers,
      data: {
        dealId,
        vin: "1FTEW1E50KFA12345",
        year: 2019,
        make: "Ford",
        model: "F-150",
        trim: "XLT",
        miles: 41250,
        location: "Tulsa, OK",
        price: 28500,
      },
    });
    expect(completed.status(), await completed.text()).toBe(200);

    await sellerPage.goto("/pass-thru-sales");
    await hydrated(sellerPage);
    await cancelVerifyIfOpen(sellerPage);
    await sellerPage.getByTestId("pass-thru-sale").filter({ hasText: "2019 Ford F-150" }).click();
    let detail = sellerPage.getByTestId("pass-thru-detail");
    await detail.getByText("Add your dealer license number to your profile before signing.").waitFor();
    expect(await detail.getByRole("button", { name: "Sign Bill of Sale" }).count()).toBe(0);
    await detail.getByRole("link", { name: "Edit your profile" }).click();
    await sellerPage.waitForURL(`${BASE_URL}/profile-edit`);
    await hydrated(sellerPage);
    await sellerPage.getByLabel("License Number").fill("OK-D-44410");
    await sellerPage.getByRole("button", { name: "Save Profile" }).click();
    await expectToast(sellerPage, "Profile Updated");

    await sellerPage.goto("/pass-thru-sales");
    await hydrated(sellerPage);
    await cancelVerifyIfOpen(sellerPage);
    await sellerPage.getByTestId("pass-thru-sale").filter({ hasText: "2019 Ford F-150" }).click();
    detail = sellerPage.getByTestId("pass-thru-detail");
    await detail.getByRole("button", { name: "Sign Bill of Sale" }).click();
    const sellerDialog = sellerPage.getByTestId("sign-bill-of-sale");
    await sellerDialog.getByText("1FTEW1E50KFA12345").waitFor();
    const { violations } = await new AxeBuilder({ page: sellerPage })
      .include('[data-testid="sign-bill-of-sale"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    ).toEqual([]);
    await sellerDialog.getByRole("button", { name: "Sign Bill of Sale" }).click();
    await sellerDialog.getByText("Type your full name to sign").waitFor();
    await sellerDialog.getByLabel("Your full name").fill("Morgan Hale");
    await sellerDialog.getByLabel("The reading of 41,250 miles").selectOption("actual");
    await sellerDialog.getByLabel(/I agree to sign this Bill of Sale electronically/).check();
    await sellerDialog.getByRole("button", { name: "Sign Bill of Sale" }).click();
    await expectToast(sellerPage, "Bill of Sale signed");
    await detail.getByTestId("signature-seller").getByText("Signed as Morgan Hale").waitFor();

    // The buyer, on a phone, finds the seller's signature and signs in turn.
    await buyerPage.goto("/pass-thru-sales");
    await hydrated(buyerPage);
    await cancelVerifyIfOpen(buyerPage);
    await buyerPage.getByTestId("pass-thru-sale").filter({ hasText: "2019 Ford F-150" }).click();
    const buyerDetail = buyerPage.getByTestId("pass-thru-detail");
    await buyerDetail.getByTestId("signature-seller").getByText("Signed as Morgan Hale").waitFor();
    await buyerDetail.getByRole("button", { name: "Sign Bill of Sale" }).click();
    const buyerDialog = buyerPage.getByTestId("sign-bill-of-sale");
    expect(await buyerDialog.getByLabel("Payment").count()).toBe(0);
    await buyerDialog.getByLabel("Your full name").fill("Riley Park");
    await buyerDialog.getByLabel(/I agree to sign this Bill of Sale electronically/).check();
    await buyerDialog.getByRole("button", { name: "Sign Bill of Sale" }).click();
    await expectToast(buyerPage, "Signed by both dealers");
    await buyerDetail.getByText("signed by both dealers").waitFor();

    const pdf = await buyerContext.request.get(`/api/deals/${dealId}/bill-of-sale`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.body()).subarray(0, 5))).toBe("%PDF-");
    const [download] = await Promise.all([
      buyerPage.waitForEvent("download"),
      buyerDetail.getByTestId("bill-of-sale").click(),
    ]);
    expect(download.suggestedFilename()).toBe("bill-of-sale-1FTEW1E50KFA12345.pdf");

    await sellerContext.close();
    await buyerContext.close();
  });
});
