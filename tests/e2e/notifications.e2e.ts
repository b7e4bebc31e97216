import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, expectToast, hydrated, newContext, newDealer, sharedBrowser } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

async function quickPost(
  page: import("playwright-core").Page,
  text: string,
  type: "For Sale" | "Requesting",
) {
  await page.goto("/");
  await hydrated(page);
  // The signed-in home hydrates lazily; the live inbox connects once its shell is React's.
  await page.locator("[data-inbox='live']").waitFor();
  await page.getByLabel("What do you have or need?").fill(text);
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("quick-post-dialog");
  await dialog.waitFor();
  await dialog.getByRole("radio", { name: new RegExp(type) }).click();
  await dialog.getByTestId("quick-post-confirm").click();
  await expectToast(page, "Post created successfully!");
}

describe("deal alerts, live", () => {
  it("A asks for a vehicle; B lists one; A gets the toast and the bell without reloading, and the notification leads to B's post", async () => {
    const contextA = await newContext(browser);
    const contextB = await newContext(browser);
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    await newDealer(contextA, "Avery");
    await newDealer(contextB, "Blake", { lastName: "Dealer" });

    await quickPost(pageA, "Looking for a 2018-2020 Toyota Tundra SR5 under $38k, cash buyer", "Requesting");
    // A moves on elsewhere in the app, with the live inbox connected.
    await pageA.goto("/find-dealers");
    await hydrated(pageA);
    await pageA.locator("[data-inbox='live']").waitFor();
    const bell = (name: string) => pageA.getByRole("banner").getByRole("link", { name, exact: true });
    await bell("Notifications").waitFor();

    const listing = "2019 Toyota Tundra SR5 CrewMax, 48k miles, $35,900";
    await quickPost(pageB, listing, "For Sale");

    await expectToast(pageA, "Deal alert: 2019 Toyota Tundra");
    await bell("Notifications, 1 unread").waitFor();
    expect(pageA.url()).toBe(`${BASE_URL}/find-dealers`);

    await bell("Notifications, 1 unread").click();
    await pageA.waitForURL(`${BASE_URL}/notifications`);
    const item = pageA.getByTestId("notification").first();
    expect(await item.getAttribute("data-unread")).toBe("true");
    await item.getByText("Deal alert: 2019 Toyota Tundra").click();
    await pageA.waitForURL(/\/post\/[0-9a-f-]{36}$/);
    await pageA
      .getByRole("heading", { name: listing.length > 50 ? `${listing.slice(0, 47)}…` : listing })
      .first()
      .waitFor();
    await pageA.getByText("Blake Dealer").first().waitFor();
    // Opening it read it: the bell is empty again.
    await bell("Notifications").waitFor();

    await contextA.close();
    await contextB.close();
  });

  it("keeps the notification switches across a reload", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await newDealer(context, "Casey");
    await page.goto("/notification-settings");
    await hydrated(page);
    const priceDrops = page.getByRole("switch", { name: "Price drops", exact: true });
    const sms = page.getByRole("switch", { name: "Text messages (SMS)" });
    expect(await priceDrops.getAttribute("aria-checked")).toBe("true");
    expect(await sms.getAttribute("aria-checked")).toBe("false");

    // Each switch saves at once; the reload below must come after both saves have been answered.
    const saved = () =>
      page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().includes("/notification-settings"),
      );
    await Promise.all([saved(), priceDrops.click()]);
    await expectToast(page, "Preferences Updated");
    await Promise.all([saved(), sms.click()]);
    expect(await priceDrops.getAttribute("aria-checked")).toBe("false");

    await page.reload();
    await hydrated(page);
    expect(
      await page.getByRole("switch", { name: "Price drops", exact: true }).getAttribute("aria-checked"),
    ).toBe("false");
    expect(await page.getByRole("switch", { name: "Text messages (SMS)" }).getAttribute("aria-checked")).toBe(
      "true",
    );

    await page.getByRole("button", { name: "Send test e-mail" }).click();
    await expectToast(page, "Test Email Sent");
    await page.getByRole("button", { name: "Send test deal alert" }).click();
    await expectToast(page, "Deal Alert Sent");
    await context.close();
  });
});
