import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  DEMO_ACCOUNT,
  expectToast,
  hydrated,
  newContext,
  newDealer,
  proposeDeal,
  quickLogin,
  sharedBrowser,
  signIn,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

const headers = { Origin: BASE_URL };
const ADMIN_EMAIL = "admin@dealerlane.app";

/** How many posts come before the promotion titled `title` in the home feed (-1: not shown). */
async function postsBefore(page: Page, title: string) {
  return page.evaluate((wanted) => {
    const items = [...document.querySelectorAll('[data-testid="feed"] > li')];
    const at = items.findIndex((li) =>
      [...li.querySelectorAll('[data-testid="promotion"]')].some((p) => p.textContent?.includes(wanted)),
    );
    if (at < 0) return -1;
    return items.slice(0, at).filter((li) => li.querySelector('[data-testid="post-card"]')).length;
  }, title);
}

describe("the admin console", () => {
  it("a Premium-only promotion reaches a Premium dealer's feed after the 4th post, and not a Basic dealer's", async () => {
    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN_EMAIL, DEMO_ACCOUNT.password);
    await admin.goto("/admin/promo");
    await hydrated(admin);
    const title = `Premium auction week ${Date.now()}`;
    await admin.getByText("Create Promotion").click();
    await admin.getByLabel("Title", { exact: true }).fill(title);
    await admin.getByLabel("Message", { exact: true }).fill("Zero buyer fees on Premium all week.");
    await admin.getByLabel("Type").selectOption("promotion");
    await admin.getByLabel("Audience").selectOption("premium");
    await admin.getByRole("button", { name: "Create", exact: true }).click();
    await expectToast(admin, "Promotion created");
    await admin.getByTestId("admin-promotion").filter({ hasText: title }).waitFor();

    // The demo account is on Premium (the seeded network); it sees the demo network's posts.
    const premiumContext = await newContext(browser);
    const premium = await premiumContext.newPage();
    await quickLogin(premium);
    await premium.getByTestId("promotion").filter({ hasText: title }).first().waitFor();
    expect(await postsBefore(premium, title)).toBe(4);

    // A real dealer on Basic sees the real network: their own five listings.
    const basicContext = await newContext(browser);
    const basic = await basicContext.newPage();
    await newDealer(basicContext, "Bart", { plan: "basic" });
    for (let i = 0; i < 5; i++) {
      const posted = await basicContext.request.post("/api/inventory", {
        headers,
        data: { title: `2017 Honda Civic EX #${i + 1}`, type: "for-sale", description: "Clean title" },
      });
      expect(posted.status()).toBe(201);
    }
    await basic.goto("/");
    await basic.getByTestId("post-card").nth(4).waitFor();
    expect(await postsBefore(basic, title)).toBe(-1);
    expect(await basic.getByTestId("promo-block").count()).toBeGreaterThan(0);

    // Deleted again, so the demo account's feed shows the usual promo block to the journeys after this one.
    await admin
      .getByTestId("admin-promotion")
      .filter({ hasText: title })
      .getByRole("button", { name: "Delete" })
      .click();
    await expectToast(admin, "Promotion deleted");

    await Promise.all([adminContext.close(), premiumContext.close(), basicContext.close()]);
  });

  it("an admin rejects a deal with a note, and the dealer sees it in Pass Thru Sales", async () => {
    // Both parties from the demo network (the e2e files share the sign-up limit of 20 an hour per address).
    const sellerContext = await newContext(browser);
    const seller = await sellerContext.newPage();
    await quickLogin(seller);
    const buyerContext = await newContext(browser);
    const dummy = await buyerContext.request.post("/api/auth/create-dummy", { headers });
    expect(dummy.status()).toBe(201);
    const buyer = (await dummy.json()) as { id: string };
    const dealId = await proposeDeal(sellerContext, buyer.id, {
      vehicle: { year: 2018, make: "Toyota", model: "Tacoma", trim: "TRD Pro", miles: 52000, color: "Gray" },
      price: 27400,
    });
    expect((await buyerContext.request.post(`/api/deals/${dealId}/confirm`, { headers })).status()).toBe(200);

    const adminContext = await newContext(browser, { mobile: true });
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN_EMAIL, DEMO_ACCOUNT.password);
    await admin.goto("/admin/deals?status=confirmed");
    await hydrated(admin);
    await admin
      .getByTestId("admin-deal-row")
      .filter({ hasText: "2018 Toyota Tacoma TRD Pro" })
      .getByRole("link", { name: "Process" })
      .click();
    const dialog = admin.getByRole("dialog", { name: "Process deal" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Notes").getAttribute("rows")).toBe("4");
    await dialog.getByLabel("Notes").fill("The odometer photo does not match the miles.");
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expectToast(admin, "Deal rejected");
    await admin.getByTestId("admin-deal-row").filter({ hasText: "odometer photo" }).waitFor();

    await seller.goto("/pass-thru-sales");
    const review = seller
      .getByTestId("pass-thru-sale")
      .filter({ hasText: "Tacoma" })
      .getByTestId("deal-review");
    await review.waitFor();
    expect(await review.innerText()).toBe(
      "Rejected by DealerLane: The odometer photo does not match the miles.",
    );
    await seller.goto("/notifications");
    await seller.getByText("Deal rejected: 2018 Toyota Tacoma TRD Pro").first().waitFor();

    await Promise.all([adminContext.close(), sellerContext.close(), buyerContext.close()]);
  });

  it("a dealer opening /admin sees Page Not Found, and no Admin link", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await quickLogin(page);
    expect(await page.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    expect(await page.title()).toBe("Page Not Found · DealerLane");
    await context.close();

    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN_EMAIL, DEMO_ACCOUNT.password);
    await admin.getByRole("link", { name: "Admin", exact: true }).click();
    await admin.getByRole("heading", { name: "Admin", exact: true }).waitFor();
    await admin.getByTestId("revenue-estimate").getByText("Estimate (not revenue)").waitFor();
    await adminContext.close();
  });
});
