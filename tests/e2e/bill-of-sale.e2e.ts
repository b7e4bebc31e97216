import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  expectToast,
  hydrated,
  newContext,
  newDealer,
  openSale,
  completedDeal,
  sharedBrowser,
  signBillOfSale,
  seriousAxeViolations,
  WCAG_21_AA,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
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

    const dealId = await completedDeal(sellerContext, buyerContext, buyer.id);

    let detail = await openSale(sellerPage);
    await detail.getByText("Add your dealer license number to your profile before signing.").waitFor();
    expect(await detail.getByRole("button", { name: "Sign Bill of Sale" }).count()).toBe(0);
    await detail.getByRole("link", { name: "Edit your profile" }).click();
    await sellerPage.waitForURL(`${BASE_URL}/profile-edit`);
    await hydrated(sellerPage);
    await sellerPage.getByLabel("License Number").fill("OK-D-44410");
    await sellerPage.getByRole("button", { name: "Save Profile" }).click();
    await expectToast(sellerPage, "Profile Updated");

    detail = await openSale(sellerPage);
    await signBillOfSale(sellerPage, detail, {
      as: "seller",
      fullName: "Morgan Hale",
      beforeSigning: async (dialog) => {
        await dialog.getByText("1FTEW1E50KFA12345").waitFor();
        expect(
          await seriousAxeViolations(sellerPage, {
            include: '[data-testid="sign-bill-of-sale"]',
            tags: WCAG_21_AA,
          }),
        ).toEqual([]);
        // Signing with nothing typed says what is missing.
        await dialog.getByRole("button", { name: "Sign Bill of Sale" }).click();
        await dialog.getByText("Type your full name to sign").waitFor();
      },
    });

    // The buyer, on a phone, finds the seller's signature and signs in turn.
    const buyerDetail = await openSale(buyerPage);
    await buyerDetail.getByTestId("signature-seller").getByText("Signed as Morgan Hale").waitFor();
    await signBillOfSale(buyerPage, buyerDetail, {
      as: "buyer",
      fullName: "Riley Park",
      toast: "Signed by both dealers",
      beforeSigning: async (dialog) => expect(await dialog.getByLabel("Payment").count()).toBe(0),
    });
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
