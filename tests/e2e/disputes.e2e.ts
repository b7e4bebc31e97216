import type { Browser, BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  DEMO_ACCOUNT,
  cancelVerifyIfOpen,
  expectToast,
  hydrated,
  newContext,
  newDealer,
  completedDeal,
  sharedBrowser,
  signIn,
  seriousAxeViolations,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

const headers = { Origin: BASE_URL };
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A photo the dealer signed in inside `from` sends `toId` in their chat, as the chat's attach button does. */
async function sendPhoto(from: BrowserContext, toId: string, name: string) {
  const ticket = await from.request.post("/api/objects/chat-upload", { headers });
  const uploadURL = ((await ticket.json()) as { uploadURL: string }).uploadURL;
  const put = await from.request.put(uploadURL, {
    headers: { ...headers, "Content-Type": "image/png" },
    data: PNG,
  });
  expect(put.status()).toBe(201);
  const sent = await from.request.post("/api/messages", {
    headers,
    data: {
      receiverId: toId,
      content: "",
      clientId: crypto.randomUUID(),
      attachments: [
        { url: new URL(uploadURL).pathname, name, contentType: "image/png", size: PNG.byteLength },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

describe("a dispute on a completed deal", () => {
  it("the buyer opens it on a phone with a chat photo, the seller answers, an admin decides for the buyer", async () => {
    const sellerContext = await newContext(browser);
    const buyerContext = await newContext(browser, { mobile: true });
    const seller = await newDealer(sellerContext, "Sloane", { lastName: "Seller" });
    const buyer = await newDealer(buyerContext, "Blake", { lastName: "Buyer" });
    const dealId = await completedDeal(sellerContext, buyerContext, buyer.id);
    await sendPhoto(buyerContext, seller.id, "odometer-at-delivery.png");

    // The buyer, on a phone: Pass Thru Sales → the deal → Open a dispute.
    const buyerPage = await buyerContext.newPage();
    await buyerPage.goto(`/pass-thru-sales?deal=${dealId}`);
    await hydrated(buyerPage);
    await cancelVerifyIfOpen(buyerPage);
    const detail = buyerPage.getByTestId("pass-thru-detail");
    await detail.getByRole("button", { name: "Open a dispute" }).click();
    await detail.getByLabel("Reason").selectOption("odometer");
    await detail.getByLabel("What is wrong").fill("The odometer read 61,250 at delivery, not 41,250.");
    await detail.getByRole("checkbox", { name: "odometer-at-delivery.png" }).check();
    await detail.getByRole("button", { name: "Open the dispute" }).click();
    await expectToast(buyerPage, "Dispute opened");
    await detail.getByText("Open · waiting for the seller's answer").waitFor();
    expect(
      await seriousAxeViolations(buyerPage, {
        include: '[data-testid="deal-disputes"]',
        tags: ["wcag2a", "wcag2aa"],
      }),
    ).toEqual([]);

    // The seller, on a desktop: answers once.
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto(`/pass-thru-sales?deal=${dealId}`);
    await hydrated(sellerPage);
    const sellerDetail = sellerPage.getByTestId("pass-thru-detail");
    await sellerDetail.getByRole("button", { name: "Answer" }).click();
    await sellerDetail
      .getByLabel("Your answer (once)")
      .fill("The cluster was replaced in 2023; the receipt is in the chat.");
    await sellerDetail.getByRole("button", { name: "Send the answer" }).click();
    await expectToast(sellerPage, "Answer sent");
    await sellerDetail.getByText("Answered · DealerLane decides next").waitFor();

    // The admin decides in /admin/deals, with the buyer's photo in view.
    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signIn(admin, "admin@dealerlane.app", DEMO_ACCOUNT.password);
    await admin.goto("/admin/deals");
    await hydrated(admin);
    const row = admin.getByTestId("admin-dispute-row").filter({ hasText: "Blake Buyer" });
    await row.getByRole("link", { name: "Review" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByRole("img", { name: "odometer-at-delivery.png" }).waitFor();
    await dialog
      .getByLabel("Notes (both dealers read them)")
      .fill("The delivery photo shows the discrepancy.");
    await dialog.getByRole("button", { name: "Decide for buyer" }).click();
    await expectToast(admin, "Decided for the buyer");

    await buyerPage.reload();
    await hydrated(buyerPage);
    await buyerPage.goto(`/pass-thru-sales?deal=${dealId}`);
    await buyerPage
      .getByTestId("dispute-decision")
      .filter({ hasText: "Decided for the buyer: The delivery photo shows the discrepancy." })
      .waitFor();
    await Promise.all([sellerContext.close(), buyerContext.close(), adminContext.close()]);
  });
});
