import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  cancelVerifyIfOpen,
  expectToast,
  hydrated,
  newContext,
  newDealer,
  seriousAxeViolations,
  sharedBrowser,
  WCAG_21_AA,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

const headers = { Origin: BASE_URL };

/** Serious or critical axe violations inside one dialog. */
async function axeProblems(page: Page, testId: string) {
  const found = await seriousAxeViolations(page, { include: `[data-testid="${testId}"]`, tags: WCAG_21_AA });
  return found.map((violation) => `${testId}: ${violation}`);
}

describe("a deal between two dealers, from a post card to the Bill of Sale", () => {
  it("A proposes, B confirms live, both list it, A completes it, B downloads the Bill of Sale", async () => {
    const contextA = await newContext(browser);
    const contextB = await newContext(browser, { mobile: true });
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    // Everything the completing dealer's browser complains about, the page's policy refusing something included.
    const errorsA: string[] = [];
    pageA.on("console", (message) => {
      if (message.type() === "error") errorsA.push(message.text());
    });
    pageA.on("pageerror", (error) => errorsA.push(error.message));
    await newDealer(contextA, "Avery", { lastName: "Stone" });
    await newDealer(contextB, "Jordan", { lastName: "Reyes" });

    const post = await contextB.request.post("/api/inventory", {
      headers,
      data: {
        title: "2019 Ford F-150 XLT, one owner",
        type: "single",
        description: "Clean Carfax",
        vehicles: [
          {
            vin: "1FTEW1E50KFA12345",
            year: 2019,
            make: "Ford",
            model: "F-150",
            trim: "XLT",
            mileage: 41250,
            price: 28500,
            color: "White",
            city: "Tulsa",
            state: "OK",
          },
        ],
      },
    });
    expect(post.status()).toBe(201);
    const postId = ((await post.json()) as { id: string }).id;

    // B waits on the feed; the proposal must reach B without a reload.
    await pageB.goto("/");
    await hydrated(pageB);

    await pageA.goto(`/post/${postId}`);
    await hydrated(pageA);
    // A listing that takes offers keeps a deal filled in by hand in its More menu.
    await pageA.getByRole("button", { name: "More" }).click();
    await pageA.getByRole("menuitem", { name: "Make a deal" }).click();
    const propose = pageA.getByTestId("propose-deal-dialog");
    await propose.waitFor();
    expect(await propose.getByLabel("Make").inputValue()).toBe("Ford");
    expect(await propose.getByLabel("Price (USD)").inputValue()).toBe("28500");
    expect(await axeProblems(pageA, "propose-deal-dialog")).toEqual([]);
    await propose.getByRole("button", { name: "Propose Deal" }).click();
    await expectToast(pageA, "Deal Proposed");

    const pending = pageB.getByTestId("pending-deal-dialog");
    await pending.getByText("Pending Confirmation").waitFor({ timeout: 15_000 });
    await pending.getByText("1FTEW1E50KFA12345").waitFor();
    expect(await pending.getByTestId("deal-commission").innerText()).toBe("$570");
    expect(await axeProblems(pageB, "pending-deal-dialog")).toEqual([]);
    await pending.getByRole("button", { name: "Confirm Deal" }).click();
    await expectToast(pageB, "Deal Confirmed!");

    await pageB.goto("/pass-thru-sales");
    await hydrated(pageB);
    await cancelVerifyIfOpen(pageB);
    const saleB = pageB.getByTestId("pass-thru-sale").filter({ hasText: "2019 Ford F-150" });
    await saleB.waitFor();
    expect(await saleB.getByTestId("sale-status").innerText()).toBe("Pending");

    await pageA.goto("/pass-thru-sales");
    await hydrated(pageA);
    await pageA.getByTestId("pass-thru-sale").filter({ hasText: "2019 Ford F-150" }).waitFor();
    const verify = pageA.getByTestId("verify-deal-dialog");
    await verify.getByText("Verify Deal Details").waitFor();
    expect(await verify.getByTestId("vin-counter").innerText()).toBe("17/17");
    expect(await axeProblems(pageA, "verify-deal-dialog")).toEqual([]);
    await verify.getByLabel("Auction platform").selectOption("manheim");
    await verify.getByRole("button", { name: "Complete Deal" }).click();
    await expectToast(pageA, "Please fill in: auction location");
    await verify.getByLabel("Auction location (required)").selectOption({ index: 1 });
    await verify.getByRole("button", { name: "Complete Deal" }).click();
    await verify.getByText("Congratulations! Deal Successfully Completed!").waitFor();
    await verify.getByText("Confirmation email sent to your address").waitFor();
    // The confetti plays: canvas-confetti draws on a canvas of its own over the page.
    await pageA.locator("body > canvas").waitFor({ state: "attached", timeout: 5000 });
    await verify.waitFor({ state: "hidden", timeout: 10_000 });
    expect(errorsA).toEqual([]);

    // B's list turns completed live; B downloads the Bill of Sale.
    await saleB.getByTestId("sale-status").filter({ hasText: "Completed" }).waitFor({ timeout: 15_000 });
    await saleB.click();
    const detail = pageB.getByTestId("pass-thru-detail");
    await detail.getByText("Sale Complete").waitFor();
    expect(await axeProblems(pageB, "pass-thru-detail")).toEqual([]);
    const [download] = await Promise.all([
      pageB.waitForEvent("download"),
      detail.getByTestId("bill-of-sale").click(),
    ]);
    expect(download.suggestedFilename()).toBe("bill-of-sale-1FTEW1E50KFA12345.pdf");
    const path = await download.path();
    expect(path).toBeTruthy();

    await contextA.close();
    await contextB.close();
  });
});

describe("the Test Deal Popup", () => {
  it("shows the Pending Confirmation dialog with a sample and stores nothing", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await newDealer(context, "Sam", { lastName: "Pleton" });
    const dealsNow = async () =>
      (await (await context.request.get("/api/deals?limit=50")).json()) as unknown[];
    expect(await dealsNow()).toEqual([]);

    await page.goto("/messages");
    await hydrated(page);
    // At 1280 px the deal tools are in the AI Copilot panel the dealer opens.
    await page
      .getByRole("button", { name: /^AI Copilot/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Test Deal Popup" }).click();
    const sample = page.getByTestId("sample-deal-dialog");
    await sample.getByText("Pending Confirmation").waitFor();
    await sample.getByText("Sample", { exact: true }).waitFor();
    await sample.getByText("Nothing is sent or saved").waitFor();
    expect(await sample.getByTestId("deal-commission").innerText()).toBe("$570");
    expect(await axeProblems(page, "sample-deal-dialog")).toEqual([]);
    await sample.getByRole("button", { name: "Confirm Deal" }).click();
    await sample.waitFor({ state: "hidden" });
    await expectToast(page, "nothing was saved");

    // Nothing was made: no deal, nothing pending on Pass Thru Sales, no dialog on the next page.
    expect(await dealsNow()).toEqual([]);
    await page.goto("/pass-thru-sales");
    await hydrated(page);
    expect(await page.getByTestId("pass-thru-sale").count()).toBe(0);
    await page.goto("/");
    await hydrated(page);
    await page.waitForTimeout(1500);
    expect(await page.getByTestId("pending-deal-dialog").count()).toBe(0);
    await context.close();
  });
});
