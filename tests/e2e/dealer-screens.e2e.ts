import type { Browser, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  expectToast,
  hydrated,
  newContext,
  newDealer,
  quickLogin,
  seriousAxeViolations,
  sharedBrowser,
  WCAG_21_AA,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator, timeout?: number): Promise<Box> {
  const box = await locator.boundingBox({ timeout });
  if (!box) throw new Error("element has no box (not visible)");
  return box;
}

/** Waits until the page's scripts have hydrated it and its first requests have settled. */
async function settled(page: Page) {
  await hydrated(page);
  await page.waitForLoadState("networkidle");
}

/**
 * The toast showing must come to rest clear of every one of `buttons` (all visible buttons of the dialog or form).
 * The toaster places it again a frame after the page changes under it (the decoded VIN fills the dialog), so a
 * look taken in between may catch the old place: wait for the state.
 */
async function expectToastClearOf(page: Page, buttons: Locator) {
  const covered = async () => {
    // A short wait per look, so the poll's own timeout decides: a toast gone mid-look fails in 5 s, not after
    // the whole test's 60 s.
    const toast = await boxOf(page.getByTestId("toast"), 1000);
    const boxes = (await buttons.evaluateAll((els) =>
      els
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight)
        .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
    )) as Box[];
    expect(boxes.length).toBeGreaterThan(0);
    return boxes.filter((box) => overlaps(toast, box)).map((box) => JSON.stringify({ toast, box }));
  };
  await expect.poll(covered, { timeout: 5000 }).toEqual([]);
}

type Rect = { x: number; y: number; width: number; height: number };
type ToastLook = { place: Rect; toast: Rect };

/**
 * Watches for the toast reading `text`, from before it is raised: where its list is the moment the toast enters
 * the page (before any paint), and where the list and the toast are once its slide-in has finished, with the
 * open dialog's box then. All of it is read inside the page, so a slow machine cannot let the toast close itself
 * (5 s) before the look.
 */
function toastAtRest(page: Page, text: string) {
  return page.evaluate(
    (text) =>
      new Promise<{ first: ToastLook; rest: ToastLook; dialog: Rect }>((resolve) => {
        const rect = (el: Element): Rect => {
          const { x, y, width, height } = el.getBoundingClientRect();
          return { x, y, width, height };
        };
        const look = (toast: HTMLElement): ToastLook => ({
          place: rect(toast.parentElement!),
          toast: rect(toast),
        });
        const watch = new MutationObserver(() => {
          const toast = [...document.querySelectorAll<HTMLElement>('[data-testid="toast"]')].find((el) =>
            el.innerText.includes(text),
          );
          if (!toast) return;
          watch.disconnect();
          const first = look(toast);
          void Promise.all(toast.getAnimations().map((animation) => animation.finished)).then(() =>
            resolve({ first, rest: look(toast), dialog: rect(document.querySelector('[role="dialog"]')!) }),
          );
        });
        watch.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    text,
  );
}

describe("/messages on a 390 px phone", () => {
  it("fits the screen, opens a chat full screen, goes back (phone Back and the header's), and Add Chat opens a chat", async () => {
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    await quickLogin(page, "/messages");
    await settled(page);

    const list = page.getByRole("navigation", { name: "Conversations" });
    const chats = page.getByTestId("chat-list").getByRole("link");
    expect(await chats.count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const part of [list, page.getByTestId("add-chat"), chats.first(), page.getByTestId("chat-list")]) {
      const box = await boxOf(part);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }

    // Open a chat: it takes the whole screen; the list steps aside.
    await chats.first().click();
    const conversation = page.getByRole("region", { name: /^Conversation with / });
    await conversation.waitFor();
    await list.waitFor({ state: "hidden" });
    const pane = await boxOf(page.getByTestId("conversation-pane"));
    expect(pane).toMatchObject({ x: 0, y: 0, width: 390 });
    expect(pane.height).toBeGreaterThanOrEqual(800);
    await page.getByLabel(/^Message /).waitFor();

    // The phone's Back returns to the list, still on /messages.
    await page.goBack();
    await list.waitFor();
    await conversation.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/messages");

    // So does the header's back arrow.
    await chats.nth(1).click();
    await conversation.waitFor();
    await page.getByRole("button", { name: "Back to conversations" }).click();
    await list.waitFor();

    // Add Chat is in reach and opens the chosen connection's conversation.
    await page.getByTestId("add-chat").click();
    const dialog = page.getByRole("dialog", { name: "Start a chat" });
    await dialog.waitFor();
    const pick = dialog.getByRole("listitem").getByRole("button").first();
    await pick.waitFor();
    const name = (await pick.locator("span.block").first().innerText()).trim();
    await pick.click();
    await page.getByRole("region", { name: `Conversation with ${name}` }).waitFor();
    await context.close();
  });
});

describe("hydration", () => {
  it("loads / and /dealer-profile again and again without a console error, even with the phone's clock hours off", async () => {
    const context = await newContext(browser, { timezoneId: "America/Los_Angeles" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await quickLogin(page);
    // A browser whose clock disagrees with the server's: any time computed from it during hydration
    // ("5m" against "3h") would not match the server's HTML.
    await page.clock.setFixedTime(new Date(Date.now() + 3 * 60 * 60 * 1000 + 17 * 60 * 1000));
    for (let round = 0; round < 5; round++) {
      for (const path of ["/", "/dealer-profile"]) {
        await page.goto(path);
        await settled(page);
        await page.waitForTimeout(200);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the right column's Messages panel", () => {
  it("shows a received message's preview and unread badge live, as the chat list does", async () => {
    // Both are real dealers: the demo dealer behind quick login never messages one (worker/db/network-wall.ts).
    const contextA = await newContext(browser);
    const contextB = await newContext(browser);
    const pageB = await contextB.newPage();
    const dealerB = await newDealer(contextB, "Quinn");
    await newDealer(contextA, "Parker");

    await pageB.goto("/");
    await settled(pageB);
    const panel = pageB.getByTestId("messages-panel");
    await panel.getByText("No conversations yet.", { exact: false }).waitFor();

    const send = async (content: string) => {
      const response = await contextA.request.post("/api/messages", {
        headers: { Origin: BASE_URL },
        data: { receiverId: dealerB.id, content },
      });
      expect(response.status()).toBe(201);
    };

    await send("Do you still have the silver Tahoe?");
    await panel
      .getByTestId("panel-preview")
      .filter({ hasText: "Do you still have the silver Tahoe?" })
      .waitFor();
    await panel.getByTestId("panel-unread").filter({ hasText: "1" }).waitFor();
    await pageB.getByRole("link", { name: "Messages, 1 unread" }).waitFor();

    await send("I can pick it up Friday.");
    await panel.getByTestId("panel-preview").filter({ hasText: "I can pick it up Friday." }).waitFor();
    await panel.getByTestId("panel-unread").filter({ hasText: "2" }).waitFor();
    expect(await panel.getByTestId("panel-chat").count()).toBe(1);
    await contextA.close();
    await contextB.close();
  });
});

describe("toasts", () => {
  for (const width of [390, 1280, 1440]) {
    it(`cover none of the post dialog ('VIN Decoded!' over 'Post Inventory') at ${width} px, placed before they show`, async () => {
      const context = await newContext(browser, width === 390 ? { mobile: true } : { width });
      const page = await context.newPage();
      await quickLogin(page);
      await settled(page);
      await page.getByRole("button", { name: "Post Inventory" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Post Inventory" });
      await dialog.waitFor();
      const shown = toastAtRest(page, "VIN Decoded!");
      await dialog.locator("input[id$='-vin']").first().fill("1HGCM82633A004352");
      const { first, rest, dialog: box } = await shown;
      // Its place is set before its first paint: it never moves once shown.
      expect(rest.place).toEqual(first.place);
      expect(overlaps(rest.toast, box), JSON.stringify({ toast: rest.toast, dialog: box })).toBe(false);
      await context.close();
    });
  }

  it("never cover 'Save Profile' after a validation error, on a phone", async () => {
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    await newDealer(context, "Reese");
    await page.goto("/profile-edit");
    await settled(page);
    await page.getByLabel("First name").fill("");
    const save = page.getByRole("button", { name: "Save Profile" });
    await save.click();
    await expectToast(page, "Update Failed");
    // The form takes the dealer up to the field in error; back down at 'Save Profile', the toast keeps clear.
    await save.scrollIntoViewIfNeeded();
    await page.waitForTimeout(100);
    await expectToastClearOf(page, page.locator("form").getByRole("button"));
    await context.close();
  });

  it("are read out, and close by Close or a swipe while the dialog under them stays open", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await quickLogin(page);
    await settled(page);
    await page.getByRole("button", { name: "Post Inventory" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Post Inventory" });
    const vin = dialog.locator("input[id$='-vin']").first();
    const toast = page.getByTestId("toast");

    await vin.fill("1HGCM82633A004352");
    await expectToast(page, "VIN Decoded!");
    // Read out by screen readers: a status in a polite live region that the open dialog does not hide.
    expect(await toast.getAttribute("role")).toBe("status");
    const region = page.getByRole("list", { name: "Notifications (F8)" });
    expect(await region.getAttribute("aria-live")).toBe("polite");
    expect(await region.evaluate((el) => el.closest('[aria-hidden="true"]') === null)).toBe(true);
    await toast.getByRole("button", { name: "Close" }).click();
    await toast.waitFor({ state: "hidden" });
    expect(await dialog.isVisible()).toBe(true);

    await vin.fill("1FTFW1ET5DFC10312");
    await expectToast(page, "VIN Decoded!");
    // The swipe starts where the toast rests, not where its slide-in has got to.
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const box = await boxOf(toast);
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await toast.waitFor({ state: "hidden" });
    expect(await dialog.isVisible()).toBe(true);
    await context.close();
  });

  it("wait while pointed at, take the keyboard on F8 and close on Escape, on a phone", async () => {
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    await newDealer(context, "Rowan");
    await page.goto("/profile-edit");
    await settled(page);
    await page.clock.install();
    await page.getByLabel("First name").fill("");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expectToast(page, "Update Failed");
    const toast = page.getByTestId("toast");
    await toast.hover();
    await page.clock.runFor(8000);
    expect(await toast.isVisible()).toBe(true);

    await page.mouse.move(5, 5);
    await page.keyboard.press("F8");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Notifications (F8)",
    );
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("toast");
    await page.keyboard.press("Escape");
    await toast.waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("suggested dealers", () => {
  it("Connect makes the connection, says so, then opens the message popup to introduce yourself", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await newDealer(context, "Sawyer");
    await page.goto("/");
    await settled(page);
    const card = page.getByTestId("suggested-dealer").first();
    await card.waitFor();
    const connect = card.getByRole("button", { name: /^Connect with / });
    const name = ((await connect.getAttribute("aria-label")) ?? "").replace(/^Connect with /, "");
    await connect.click();
    await expectToast(page, "Connected!");
    await expectToast(page, `Added ${name} to your network`);
    const popup = page.getByRole("dialog", { name: `Message ${name}` });
    await popup.waitFor();
    await popup.getByLabel("Your message").waitFor();
    await expectToastClearOf(page, popup.getByRole("button"));
    await card.getByText("Connected", { exact: true }).waitFor();
    await context.close();
  });
});

describe("small things a dealer notices", () => {
  it("changing the theme in /settings changes the header's theme button at once", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await quickLogin(page, "/settings");
    await settled(page);
    const [header, settings] = [
      page.getByTestId("theme-toggle").first(),
      page.getByTestId("theme-toggle").nth(1),
    ];
    expect(await header.getAttribute("aria-label")).toBe("Switch to light theme");
    await settings.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expect(await header.getAttribute("aria-label")).toBe("Switch to dark theme");
    // The page's own symbol when its server HTML drew a moon too, else the sprite file's (icon-symbols.tsx).
    expect(await header.locator("svg.icon:visible use").getAttribute("href")).toMatch(/#(i-)?moon$/);
    await context.close();
  });

  it("the Add Vehicle dialog shows the VIN error only once the field has been left short", async () => {
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    await quickLogin(page);
    await settled(page);
    await page.getByRole("button", { name: "Add Vehicle" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Vehicle" });
    await dialog.waitFor();
    expect(await dialog.getByText(/VIN must be exactly 17 characters/).count()).toBe(0);
    await dialog.getByLabel("VIN").focus();
    await dialog.getByLabel("Year").focus();
    await dialog.getByText("VIN must be exactly 17 characters (17 more needed)").waitFor();
    expect(await dialog.getByLabel("VIN").getAttribute("aria-invalid")).toBe("true");
    await context.close();
  });
});

/**
 * The signed-in screens a dealer opens, each scanned by axe in both themes (phone-reach.e2e.ts holds every one to a
 * 360 px phone).
 */
const SCREENS = [
  "/",
  "/messages",
  "/dealer-profile",
  "/profile-edit",
  "/find-dealers",
  "/dealers",
  "/my-dealers",
  "/discover",
  "/notifications",
  "/settings",
  "/notification-settings",
  "/my-stats",
  "/pass-thru-sales",
  "/wholesale-news",
  "/plan-management",
  "/subscribe",
];

/**
 * Switches the open page to `theme` as the theme toggle does (the `dark` class on <html>), then waits until the
 * colour transitions it set off have ended, so axe reads the final colours.
 */
async function switchTheme(page: Page, theme: "dark" | "light") {
  await page.evaluate((t) => {
    document.documentElement.classList.toggle("dark", t === "dark");
    document.documentElement.style.colorScheme = t;
  }, theme);
  // Only the transitions: a spinner or a pulsing dot is an animation that never finishes.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState === "finished" || a.playState === "idle"),
  );
}

/** The WCAG 2.1 A/AA rules that read colours: the only ones whose answer a theme can change. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Scans the open screen in the dark theme (the default) with every WCAG 2.1 A/AA rule, then switches it in place
 * to the light theme and scans it with the colour rules: the theme swaps colours only (the `dark:` classes), so
 * one visit per screen serves both themes.
 */
async function scanBothThemes(page: Page, where: string) {
  const dark = await seriousAxeViolations(page, { tags: WCAG_21_AA });
  await switchTheme(page, "light");
  const light = await seriousAxeViolations(page, { rules: COLOUR_RULES });
  await switchTheme(page, "dark");
  return [...dark.map((v) => `${where}, dark: ${v}`), ...light.map((v) => `${where}, light: ${v}`)];
}

describe("accessibility (axe)", () => {
  it(
    "finds no serious or critical violation on the signed-in screens, dark and light theme",
    { timeout: 240_000 },
    async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await quickLogin(page);
      const found: string[] = [];
      for (const path of SCREENS) {
        await page.goto(path);
        await settled(page);
        found.push(...(await scanBothThemes(page, path)));
      }
      // An open conversation too.
      await page.goto("/messages");
      await settled(page);
      await page.getByTestId("chat-list").getByRole("link").first().click();
      await page.getByRole("region", { name: /^Conversation with / }).waitFor();
      found.push(...(await scanBothThemes(page, "/messages (open chat)")));
      expect(found).toEqual([]);
      await context.close();
    },
  );
});
