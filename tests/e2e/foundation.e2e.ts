import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  DEMO_ACCOUNT,
  expectToast,
  hydrated,
  newContext,
  quickLogin,
  sharedBrowser,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

describe("a new dealer", () => {
  it("signs up, completes the profile, lands in the shell, keeps the theme across a reload and signs out", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = `e2e-${Date.now()}@example.com`;

    await page.goto("/login?mode=signup");
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a-good-password");
    await page.getByLabel("Confirm Password").fill("something-else");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Passwords do not match");

    await page.getByLabel("Confirm Password").fill("a-good-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${BASE_URL}/onboarding`);
    await expectToast(page, "Please complete your dealer profile");

    await page.getByLabel("First Name").fill("Casey");
    await page.getByLabel("Last Name").fill("Morgan");
    await page.getByLabel("Phone").fill("(214) 555-0199");
    await page.getByLabel("Address").fill("2200 Ross Ave");
    await page.getByLabel("City").fill("Dallas");
    await page.getByLabel("State / Province").selectOption("TX");
    await page.getByLabel("ZIP Code").fill("75201");
    await page.getByLabel("Auction Access Number").fill("100998877");
    await page.getByLabel("Dealership 5 Million Number").fill("5M-1234");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expectToast(page, "Please fill in dealership name");

    await page.getByLabel("Dealership Name").fill("Morgan Auto Exchange");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.waitForURL(`${BASE_URL}/onboarding?step=2`);
    await page.getByRole("button", { name: "Start free trial" }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await expectToast(page, "Your free trial is on");
    await expect.poll(() => page.getByTestId("current-user-name").innerText()).toBe("Casey Morgan");

    const html = page.locator("html");
    expect(await html.getAttribute("class")).toContain("dark");
    await page.getByTestId("theme-toggle").click();
    expect(await html.getAttribute("class")).not.toContain("dark");
    await page.reload();
    expect(await html.getAttribute("class")).not.toContain("dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Find Dealers" }).click();
    await page.waitForURL(`${BASE_URL}/find-dealers`);
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await page.waitForURL(`${BASE_URL}/login`);
    await page.goto("/settings");
    await page.waitForURL(/\/login\?redirectTo=%2Fsettings/);
    await context.close();
  });

  it("is told when sign-in fails, and an unknown path signed in is Page Not Found", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Please fill in all required fields");
    await page.getByLabel("Email").fill(DEMO_ACCOUNT.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Invalid email or password");

    await quickLogin(page);
    const response = await page.goto("/no/such/screen");
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Page Not Found");
    await context.close();
  });
  it("signs up and completes the profile without JavaScript: the server names the missing field", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login?mode=signup");
    await page.getByLabel("Email").fill(`noscript-${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("a-good-password");
    await page.getByLabel("Confirm Password").fill("a-good-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${BASE_URL}/onboarding`);

    await page.getByLabel("First Name").fill("Robin");
    await page.getByLabel("Last Name").fill("Ames");
    await page.getByLabel("Phone").fill("(512) 555-0123");
    await page.getByLabel("Address").fill("100 Congress Ave");
    await page.getByLabel("City").fill("Austin");
    await page.getByLabel("State / Province").selectOption("TX");
    await page.getByLabel("ZIP Code").fill("78701");
    await page.getByLabel("Auction Access Number").fill("100554433");
    await page.getByLabel("Dealership 5 Million Number").fill("5M-7788");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByText("Please fill in dealership name").count()).toBe(1);
    expect(await page.getByLabel("First Name").inputValue()).toBe("Robin");

    await page.getByLabel("Dealership Name").fill("Ames Auto Wholesale");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.waitForURL(`${BASE_URL}/onboarding?step=2`);
    await context.close();
  });
});

describe("the demo dealer", () => {
  it("quick-logs in and sees the shell with the demo profile, its chats and connections", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await quickLogin(page);
    expect(await page.getByTestId("current-user-name").innerText()).toBe("Jordan Reyes");
    const sidebar = page.getByRole("navigation", { name: "Main" });
    for (const entry of [
      "Home",
      "Find Dealers",
      "Connections",
      "Messages",
      "My Profile",
      "My Stats",
      "Pass Thru Sales",
      "Wholesale News",
      "Notifications",
      "Settings",
    ]) {
      await expect.poll(() => sidebar.getByRole("link", { name: entry, exact: false }).count()).toBe(1);
    }
    expect(
      await page
        .getByRole("complementary", { name: "Activity" })
        .getByRole("link", { name: /Open Messages/ })
        .count(),
    ).toBe(1);
    await context.close();
  });

  it("moves between screens through the shell's links without reloading the page", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await quickLogin(page);
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const sidebar = page.getByRole("navigation", { name: "Main" });
    const findDealers = sidebar.getByRole("link", { name: "Find Dealers" });

    // Resting on a menu entry loads that screen ahead (as Remix's prefetch="intent").
    await findDealers.hover();
    await expect.poll(() => page.locator('link[rel="prefetch"]').count()).toBeGreaterThan(0);

    // A click stays in the page; the entry then marks the screen shown; clicking it again adds no history.
    await findDealers.click();
    await page.waitForURL(`${BASE_URL}/find-dealers`);
    await expect.poll(() => findDealers.getAttribute("aria-current")).toBe("page");
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    const steps = await page.evaluate(() => history.length);
    await findDealers.click();
    expect(await page.evaluate(() => history.length)).toBe(steps);

    // A Ctrl-click is the browser's: a new tab, and this page stays where it is.
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      sidebar.getByRole("link", { name: "My Stats" }).click({ modifiers: ["Control"] }),
    ]);
    // A new tab opens on about:blank before it navigates.
    await tab.waitForURL(`${BASE_URL}/my-stats`);
    expect(page.url()).toBe(`${BASE_URL}/find-dealers`);

    await page.goBack();
    await page.waitForURL(`${BASE_URL}/`);
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    await context.close();
  });

  it("works without JavaScript: quick login is a plain form post", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Quick login (demo)" }).click();
    await page.waitForURL(`${BASE_URL}/`);
    expect(await page.getByTestId("current-user-name").innerText()).toBe("Jordan Reyes");
    await context.close();
  });

  it("on a phone gets the bottom navigation and the slide-in menu", async () => {
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    await quickLogin(page);
    const bottom = page.getByRole("navigation", { name: "Bottom" });
    for (const entry of ["Home", "Dealers", "Discover", "Alerts", "Settings"]) {
      await bottom.getByRole("link", { name: entry, exact: true }).waitFor({ state: "visible" });
    }
    const openMenu = page.getByRole("button", { name: "Open menu" });
    await openMenu.click();
    const menu = page.getByRole("dialog");
    for (const entry of ["Dashboard", "My Dealers", "Messages", "Settings"]) {
      await menu.getByRole("link", { name: new RegExp(`^${entry}`) }).waitFor({ state: "visible" });
    }
    // Escape closes it and hands focus back to the button.
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => openMenu.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await openMenu.getAttribute("aria-expanded")).toBe("false");
    await openMenu.click();
    await menu.getByRole("link", { name: /My Dealers/ }).click();
    await page.waitForURL(`${BASE_URL}/my-dealers`);
    await context.close();
  });

  it("on a phone closes the slide-in menu on an Escape pressed the moment it first shows", async () => {
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    await quickLogin(page);
    await hydrated(page);
    const heard = escapeTheMomentADialogShows(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await heard).toEqual({ focusInside: true, heard: true });
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await context.close();
  });

  it("closes only a dialog whose code loads on first open, over another, on an Escape pressed the moment it shows", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await quickLogin(page);
    await hydrated(page);
    // Another dealer's profile, from the top bar's search (the feed's newest posts may be the demo dealer's own).
    await page.getByRole("combobox", { name: "Search dealers" }).fill("Garrett");
    await page.getByRole("option").first().click();
    const profile = page.getByTestId("dealer-quick-view");
    const makeDeal = profile.getByRole("button", { name: "Make a deal" });
    await makeDeal.waitFor();
    // The proposal's code loads on this first open, and it shows over the profile.
    const heard = escapeTheMomentADialogShows(page, 2);
    await makeDeal.click();
    expect(await heard).toEqual({ focusInside: true, heard: true });
    const proposal = page.getByRole("dialog", { name: /^Propose a deal to / });
    await proposal.waitFor({ state: "detached" });
    expect(await makeDeal.isVisible()).toBe(true);
    // Once Radix counts it as the top layer, the same holds: one Escape, one layer.
    await makeDeal.click();
    await proposal.waitFor();
    await page.keyboard.press("Escape");
    await proposal.waitFor({ state: "detached" });
    expect(await makeDeal.isVisible()).toBe(true);
    // Focus back on the button that opened it: an Escape pressed before that lands on the page, while Radix may
    // still count the closed proposal as the top layer, and goes unheard.
    await expect.poll(() => makeDeal.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await context.close();
  });
});

/**
 * Sends Escape to what has focus as soon as the `nth` dialog (1 unless over others) is in the page, before
 * anything else can run: the first open of a dialog is when its code arrives, and Radix counts it as the top
 * layer only a render or two later. Answers whether focus was already inside that dialog and whether the key
 * was heard (marked handled).
 */
function escapeTheMomentADialogShows(page: Page, nth = 1) {
  return page.evaluate(
    (nth) =>
      new Promise<{ focusInside: boolean; heard: boolean }>((resolve) => {
        const watch = new MutationObserver(() => {
          const dialog = document.querySelectorAll('[role="dialog"]')[nth - 1];
          if (!dialog) return;
          watch.disconnect();
          const escape = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
          (document.activeElement ?? document.body).dispatchEvent(escape);
          resolve({ focusInside: dialog.contains(document.activeElement), heard: escape.defaultPrevented });
        });
        watch.observe(document.body, { childList: true, subtree: true });
      }),
    nth,
  );
}
