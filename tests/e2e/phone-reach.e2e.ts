import { readdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  countRequests,
  DEMO_ACCOUNT,
  expectToast,
  hydrated,
  networkQuiet,
  newContext,
  newDealer,
  proposeDeal,
  sharedBrowser,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

const PHONE_WIDTH = 390;
/** The narrowest phone a dealer holds (Android's common 360 px): the dealer's menu walk holds every screen to it. */
const NARROWEST_PHONE = { width: 360, height: 740 };
const ADMIN_EMAIL = "admin@dealerlane.app";

/**
 * The signed-in screens, read from app/routes: the feed at / (app/routes/_index.tsx, shown to a signed-in dealer)
 * and every `_dealer.*` page without a parameter in its path, less the layouts (a route that other routes nest
 * in, as `_dealer.admin.tsx` holds `_dealer.admin.users.tsx`).
 */
function signedInScreens(): { dealer: string[]; admin: string[] } {
  const names = readdirSync(path.resolve(import.meta.dirname, "../../app/routes"))
    .map((file) => /^_dealer\.(.+)\.tsx$/.exec(file)?.[1])
    .filter((name): name is string => Boolean(name) && !name!.includes("$"));
  const pages = names.filter((name) => !names.some((other) => other.startsWith(`${name}.`)));
  const paths = pages.map(
    (name) =>
      `/${name
        .split(".")
        .filter((part) => part !== "_index")
        .join("/")}`,
  );
  return {
    dealer: ["/", ...paths.filter((p) => !p.startsWith("/admin")).sort()],
    admin: paths.filter((p) => p.startsWith("/admin")).sort(),
  };
}

/**
 * A 390 × 844 touch screen, or `viewport`; `address` keeps each sign-up journey under the per-address sign-up
 * limit.
 */
async function phoneContext(
  address?: string,
  viewport = { width: PHONE_WIDTH, height: 844 },
): Promise<BrowserContext> {
  const context = await newContext(browser, {
    viewport,
    hasTouch: true,
    extraHTTPHeaders: address ? { "CF-Connecting-IP": address } : undefined,
  });
  countRequests(context);
  return context;
}

/** Hydrated, and what the screen asked for has arrived (its data, its code, the pictures). */
async function settled(page: Page) {
  await hydrated(page);
  await networkQuiet(page);
}

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_ACCOUNT.password);
  await page.getByRole("button", { name: "Sign In" }).tap();
  await page.waitForURL(`${BASE_URL}/`);
}

/** How far the page scrolls sideways past the screen. */
const overflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth);

/**
 * The innermost elements that reach past the screen's right edge, or whose text does (a long word that does not
 * wrap), named for a failure's message.
 */
const pastTheEdge = (page: Page) =>
  page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    const past = [...document.body.querySelectorAll("*")].filter((el) => {
      const box = el.getBoundingClientRect();
      const text = getComputedStyle(el).overflowX === "visible" ? box.left + el.scrollWidth : 0;
      return Math.max(box.right, text) > edge + 1;
    });
    return past
      .filter((el) => !past.some((other) => other !== el && el.contains(other)))
      .slice(0, 3)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${el.textContent?.slice(0, 60)}`)
      .join("; ");
  });

/** `where` and how far it runs past the screen, naming what sticks out; nothing when it fits. */
async function tooWide(page: Page, where: string): Promise<string[]> {
  const extra = await overflow(page);
  return extra > 0 ? [`${where}: ${extra} px too wide (${await pastTheEdge(page)})`] : [];
}

/** A deal or call popping up on its own sits over the page: set it aside ('Review Later') to reach the menu. */
async function setAsideDialogs(page: Page) {
  for (let i = 0; i < 3 && (await page.getByRole("dialog").count()) > 0; i++) {
    await page.keyboard.press("Escape");
  }
}

/** Two taps: the menu button, then the menu's entry for `to`. */
async function openFromMenu(page: Page, to: string) {
  await setAsideDialogs(page);
  await page.getByRole("button", { name: "Open menu" }).tap();
  const menu = page.getByRole("dialog", { name: "DealerLane" });
  // The sheet's code arrives on the menu's first open.
  await menu.waitFor();
  const entry = menu.getByRole("navigation", { name: "Menu" }).locator(`a[href="${to}"]`);
  expect(await entry.count(), `${to} in the phone menu`).toBe(1);
  await entry.tap();
  await page.waitForURL(`${BASE_URL}${to}`);
  await menu.waitFor({ state: "detached" });
}

/**
 * Walks `screens` one after the other, each opened from the previous one's menu (so every screen is also a
 * starting point), and answers the screens wider than the phone.
 */
async function walkMenu(page: Page, screens: string[]) {
  const wide: string[] = [];
  for (const to of screens) {
    await openFromMenu(page, to);
    await settled(page);
    wide.push(...(await tooWide(page, to)));
  }
  return wide;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The toast showing now covers none of `controls` (those visible on the screen) nor the focused field. A page's
 * control that has scrolled under the sticky top bar counts only for the part that shows below it.
 */
async function expectToastClearOf(page: Page, controls: Locator) {
  const toast = await page.getByTestId("toast").boundingBox();
  if (!toast) throw new Error("no toast showing");
  const boxes = (await controls.evaluateAll((els) => {
    const bar = document.querySelector("[data-top-bar]");
    const barBottom = bar ? bar.getBoundingClientRect().bottom : 0;
    return [...els, document.activeElement]
      .filter((el): el is Element => el instanceof Element && el !== document.body)
      .filter((el) => !el.closest('[data-testid="toast"]'))
      .map((el) => {
        const r = el.getBoundingClientRect();
        const top = el.closest('[role="dialog"]') ? r.top : Math.max(r.top, barBottom);
        return {
          name: el.getAttribute("name") ?? el.textContent?.trim().slice(0, 30),
          x: r.x,
          y: top,
          width: r.width,
          height: r.bottom - top,
        };
      })
      .filter((r) => r.width > 0 && r.height > 0 && r.y + r.height > 0 && r.y < window.innerHeight);
  })) as (Box & { name: string })[];
  expect(boxes.length).toBeGreaterThan(1);
  const covered = boxes.filter((box) => overlaps(toast, box)).map((box) => box.name);
  expect(covered, JSON.stringify(toast)).toEqual([]);
}

const FORM_CONTROLS = "input:not([type=hidden]), select, textarea, button";

describe("every screen within reach on a phone", () => {
  const screens = signedInScreens();

  it("lists the screens from app/routes", () => {
    expect(screens.dealer).toContain("/my-stats");
    expect(screens.dealer).toContain("/pass-thru-sales");
    expect(screens.dealer).toContain("/notification-settings");
    expect(screens.admin).toEqual(expect.arrayContaining(["/admin", "/admin/users", "/admin/deals"]));
  });

  it(
    "a dealer opens every dealer screen from the menu in two taps, and none is wider than a 360 px phone",
    { timeout: 240_000 },
    async () => {
      const context = await phoneContext(undefined, NARROWEST_PHONE);
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByRole("button", { name: "Quick login (demo)" }).tap();
      await page.waitForURL(`${BASE_URL}/`);
      await settled(page);
      // Start away from the first screen, so that it too is reached through the menu.
      const order = [...screens.dealer.filter((s) => s !== "/"), "/"];
      const wide = await walkMenu(page, order);

      // The pages behind a link: a post and a news article.
      await page.locator('[data-testid="post-card"] a[href^="/post/"]').first().tap();
      await page.waitForURL(/\/post\//);
      await settled(page);
      wide.push(...(await tooWide(page, page.url())));
      await openFromMenu(page, "/wholesale-news");
      await page.locator('main a[href^="/wholesale-news/"]').first().tap();
      await page.waitForURL(/\/wholesale-news\/.+/);
      await settled(page);
      wide.push(...(await tooWide(page, page.url())));

      // A dealer's menu has no admin pages.
      await page.getByRole("button", { name: "Open menu" }).tap();
      expect(await page.getByRole("dialog").locator('a[href^="/admin"]').count()).toBe(0);

      // The API's documentation, signed in.
      await page.goto("/api-docs");
      await settled(page);
      wide.push(...(await tooWide(page, "/api-docs")));
      expect(wide).toEqual([]);
      await context.close();
    },
  );

  it(
    "an admin opens every admin page from the menu in two taps, and none is wider than a 360 px phone",
    { timeout: 180_000 },
    async () => {
      // A dealer's sign-up leaves its e-mail in the Outbox, whose page shows each e-mail in an iframe (as after
      // the other journeys): settling there must not wait on the iframes. Her test text carries a link, one long
      // word that the Outbox's card must wrap on the narrowest phone.
      const signUp = await newContext(browser);
      await newDealer(signUp, "Olive");
      const text = await signUp.request.post("/api/notifications/test-sms", {
        headers: { Origin: BASE_URL },
        data: {
          phoneNumber: "(405) 555-0110",
          message: `Your truck: ${BASE_URL}/post/${"0123456789abcdef".repeat(4)}?from=text-message`,
        },
      });
      expect(text.status(), await text.text()).toBe(202);
      await signUp.close();
      const context = await phoneContext(undefined, NARROWEST_PHONE);
      const page = await context.newPage();
      await signIn(page, ADMIN_EMAIL);
      await settled(page);
      const wide = await walkMenu(page, screens.admin);
      expect(wide).toEqual([]);

      // The Outbox builds an e-mail's document only when the admin unfolds it, and keeps it folded again.
      await page.goto("/admin/outbox");
      await settled(page);
      const email = page
        .getByTestId("outbox-entry")
        .filter({ has: page.getByText("Show the e-mail") })
        .first();
      expect(await page.locator("iframe").count()).toBe(0);
      await email.getByText("Show the e-mail").tap();
      await email.locator("iframe").waitFor();
      await email.getByText("Show the e-mail").tap();
      await email.locator("iframe").waitFor({ state: "hidden" });
      expect(await page.locator("iframe").count()).toBe(1);

      // On a phone the users' and deals' tables are cards: every row's button on the screen.
      for (const [to, row, button] of [
        ["/admin/users", "admin-user-row", "Edit"],
        ["/admin/deals", "admin-deal-row", "Process"],
      ] as const) {
        await page.goto(to);
        await settled(page);
        const first = page.getByTestId(row).first();
        const box = (await first.getByRole("link", { name: button }).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE_WIDTH);
      }
      await context.close();
    },
  );
});

describe("finished, on a phone too", () => {
  it("the top bar's search reads 'Search dealers...' in full", async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Quick login (demo)" }).tap();
    await page.waitForURL(`${BASE_URL}/`);
    const search = page.getByRole("combobox", { name: "Search dealers" });
    expect(await search.getAttribute("placeholder")).toBe("Search dealers...");
    // The placeholder's text fits the box (its width less the padding).
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const canvas = document.createElement("canvas").getContext("2d")!;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return canvas.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
    await context.close();
  });

  it("the dealer popup shows the whole avatar, below its banner", async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Quick login (demo)" }).tap();
    await page.waitForURL(`${BASE_URL}/`);
    await settled(page);
    await setAsideDialogs(page);
    await page.getByRole("combobox", { name: "Search dealers" }).fill("Garrett");
    await page.getByRole("option").first().tap();
    const popup = page.getByTestId("dealer-quick-view");
    await popup.getByRole("heading", { name: /Garrett/ }).waitFor();
    const [dialog, avatar] = await Promise.all([
      popup.boundingBox(),
      popup.locator("span.rounded-full.border-4").boundingBox(),
    ]);
    expect(avatar!.y).toBeGreaterThanOrEqual(dialog!.y);
    await context.close();
  });
});

describe("toasts on a phone never cover what the dealer is using", () => {
  it("'Account Created' leaves the onboarding form clear, the ZIP field too; the three steps follow", async () => {
    const context = await phoneContext("198.51.100.240");
    const page = await context.newPage();
    await page.goto("/login?mode=signup");
    await hydrated(page);
    await page.getByLabel("Email").fill(`phone-${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("a-good-password");
    await page.getByLabel("Confirm Password").fill("a-good-password");
    await page.getByRole("button", { name: "Create Account" }).tap();
    await page.waitForURL(`${BASE_URL}/onboarding`);
    await hydrated(page);
    await expectToast(page, "Account Created");
    const form = page.locator("form", { has: page.getByLabel("ZIP Code") });
    await page.getByLabel("ZIP Code").tap();
    await page.waitForTimeout(150);
    await expectToastClearOf(page, form.locator(FORM_CONTROLS));

    // Step 1 of 3: the profile, with the product's header and steps.
    const steps = page.getByRole("navigation", { name: "Sign-up steps" });
    await expect.poll(() => steps.innerText()).toContain("Step 1 of 3");
    expect(await steps.locator('[aria-current="step"]').innerText()).toContain("Dealer profile");
    expect(await page.getByRole("banner").getByRole("link", { name: "DealerLane" }).count()).toBe(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByLabel("First Name").fill("Sam");
    await page.getByLabel("Last Name").fill("Ortiz");
    await page.getByLabel("Phone").fill("(214) 555-0177");
    await page.getByLabel("Address").fill("2200 Ross Ave");
    await page.getByLabel("City").fill("Dallas");
    await page.getByLabel("State / Province").selectOption("TX");
    await page.getByLabel("ZIP Code").fill("75201");
    await page.getByLabel("Dealership Name").fill("Ortiz Motors");
    await page.getByLabel("Auction Access Number").fill("100998866");
    await page.getByLabel("Dealership 5 Million Number").fill("5M-5566");
    await page.getByRole("button", { name: "Save and continue" }).tap();

    // Step 2 of 3: the plans, each with a real button.
    await page.waitForURL(`${BASE_URL}/onboarding?step=2`);
    await expect.poll(() => steps.innerText()).toContain("Step 2 of 3");
    expect(await steps.locator('[aria-current="step"]').innerText()).toContain("Choose a plan");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const choose = page.getByRole("link", { name: "Choose this plan: Premium Plan" });
    expect(await choose.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    await choose.tap();

    // Step 3 of 3: the purchase screen, paid with a test card, then the feed.
    await page.waitForURL(`${BASE_URL}/payment?plan=premium`);
    await hydrated(page);
    await expect.poll(() => steps.innerText()).toContain("Step 3 of 3");
    expect(await steps.locator('[aria-current="step"]').innerText()).toContain("Payment");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
    await page.getByLabel("CVV").fill("123");
    await page.getByLabel("Name on card").fill("Sam Ortiz");
    await page.getByLabel("Address").fill("2200 Ross Ave");
    await page.getByLabel("City").fill("Dallas");
    await page.getByLabel("State").fill("TX");
    await page.getByLabel("ZIP code").fill("75201");
    await page.getByRole("button", { name: "Pay $149" }).tap();
    await page.waitForURL(`${BASE_URL}/`);
    await expectToast(page, "Welcome to DealerLane Premium!");
    await context.close();
  });

  it("'VIN Decoded!' leaves the Post Inventory dialog's fields and buttons clear, Model too", async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Quick login (demo)" }).tap();
    await page.waitForURL(`${BASE_URL}/`);
    await settled(page);
    await setAsideDialogs(page);
    await page.getByRole("button", { name: "Post Inventory" }).first().tap();
    const dialog = page.getByRole("dialog", { name: "Post Inventory" });
    await dialog.waitFor();
    await dialog.locator("input[id$='-vin']").first().fill("1HGCM82633A004352");
    await expectToast(page, "VIN Decoded!");
    await page.waitForTimeout(150);
    expect(await dialog.getByLabel("Model").first().isVisible()).toBe(true);
    await expectToastClearOf(page, dialog.locator(FORM_CONTROLS).or(dialog));
    await context.close();
  });

  it("'Deal Confirmed!' leaves the Verify Deal Details form clear, Complete Deal too", async () => {
    const seller = await newContext(browser);
    const context = await phoneContext();
    const page = await context.newPage();
    const sam = await newDealer(seller, "Sam");
    const buyer = await newDealer(context, "Riley");
    await page.goto("/pass-thru-sales");
    await settled(page);

    await proposeDeal(seller, buyer.id);

    const pending = page.getByTestId("pending-deal-dialog");
    await pending.getByText(sam.name).first().waitFor({ timeout: 15_000 });
    // The deal popup shows its facts whole: none is cut off with an ellipsis.
    const cut = await pending
      .locator("dd")
      .evaluateAll((dds) => dds.filter((dd) => dd.scrollWidth > dd.clientWidth).map((dd) => dd.textContent));
    expect(cut).toEqual([]);
    await pending.getByRole("button", { name: "Confirm Deal" }).tap();
    await expectToast(page, "Deal Confirmed!");
    const verify = page.getByTestId("verify-deal-dialog");
    await verify.getByText("Verify Deal Details").waitFor();
    // The dealer goes down to Complete Deal: the toast is over none of the dialog, its summary and button least.
    await verify.getByRole("button", { name: "Complete Deal" }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(150);
    await expectToast(page, "Deal Confirmed!");
    await expectToastClearOf(
      page,
      verify.locator(`${FORM_CONTROLS}, [aria-label="Deal summary"]`).or(verify),
    );
    await context.close();
    await seller.close();
  });
});
