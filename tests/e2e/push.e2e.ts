import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PUSH_KINDS } from "#lib/schemas/push";
import { PUSH_TEXTS } from "#lib/schemas/push-texts";
import { BASE_URL, expectToast, hydrated, newContext, newDealer, sharedFullBrowser } from "./support";

let browser: Browser;
// The headless shell has no notifications and no push service: this journey runs in the full browser.
beforeAll(async () => {
  browser = await sharedFullBrowser();
});

/** Notifications allowed for the site, as a dealer who taps "Allow" does. */
async function allowNotifications(context: BrowserContext) {
  await context.grantPermissions(["notifications"], { origin: BASE_URL });
}

/** The browser's push service, faked: subscribe answers a subscription to an https endpoint, as FCM's would. */
function fakePushService() {
  let current: { endpoint: string; unsubscribe(): Promise<boolean>; toJSON(): unknown } | null = null;
  const bytes = (n: number) =>
    btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(n))))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  PushManager.prototype.subscribe = async function () {
    const endpoint = `https://push.example.test/send/${crypto.randomUUID()}`;
    const keys = { p256dh: `B${bytes(64)}`.slice(0, 87), auth: bytes(16) };
    current = {
      endpoint,
      unsubscribe: async () => {
        current = null;
        return true;
      },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
    };
    return current as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () => current as unknown as PushSubscription;
}

/**
 * The installed app on a phone whose dealer was never asked: opened from the home screen, notifications neither
 * allowed nor blocked until the dealer answers the browser's prompt, which they allow.
 */
function installedAppNeverAsked() {
  const realMatchMedia = window.matchMedia.bind(window);
  window.matchMedia = (query: string) =>
    query === "(display-mode: standalone)"
      ? ({ matches: true, media: query } as MediaQueryList)
      : realMatchMedia(query);
  let permission: NotificationPermission = "default";
  Object.defineProperty(Notification, "permission", { get: () => permission, configurable: true });
  Notification.requestPermission = async () => (permission = "granted");
}

const devicesOf = (page: Page) =>
  page.evaluate(async () => ((await (await fetch("/api/push")).json()) as { devices: number }).devices);

async function openSettings(page: Page) {
  await page.goto("/notification-settings");
  await hydrated(page);
  const device = page.getByTestId("push-device");
  // The service worker registers on load; the card settles once it has looked.
  await page.waitForFunction(
    () => document.querySelector("[data-testid='push-device']")?.getAttribute("data-state") !== "checking",
  );
  return device;
}

describe("push to the phone, on /notification-settings", () => {
  it("shows a push switch per kind of alert, each saved across a reload", async () => {
    const context = await newContext(browser, { mobile: true, serviceWorker: true });
    const page = await context.newPage();
    await newDealer(context, "Parker");
    await openSettings(page);
    const card = page.getByRole("region", { name: "Push notifications" });
    await card.getByText(PUSH_TEXTS.reason).waitFor();
    expect(await card.getByRole("switch").count()).toBe(PUSH_KINDS.length);
    const pushDrops = page.getByRole("switch", { name: "Push: Price drops" });
    expect(await pushDrops.getAttribute("aria-checked")).toBe("true");
    await pushDrops.click();
    await expectToast(page, "Preferences Updated");
    await page.reload();
    await hydrated(page);
    expect(await page.getByRole("switch", { name: "Push: Price drops" }).getAttribute("aria-checked")).toBe(
      "false",
    );
    // The alert switch of the same kind is another switch, untouched.
    expect(
      await page.getByRole("switch", { name: "Price drops", exact: true }).getAttribute("aria-checked"),
    ).toBe("true");
    await context.close();
  });

  it("with the browser's own push service: push comes on and is stored, or the screen says why not", async () => {
    const context = await newContext(browser, { serviceWorker: true });
    await allowNotifications(context);
    const page = await context.newPage();
    await newDealer(context, "Quinn");
    const device = await openSettings(page);
    await device.getByRole("button", { name: PUSH_TEXTS.turnOn }).click();
    await page.waitForFunction(() =>
      ["on", "off", "unavailable", "blocked"].includes(
        document.querySelector("[data-testid='push-device']")?.getAttribute("data-state") ?? "",
      ),
    );
    const state = await device.getAttribute("data-state");
    if (state === "on") {
      expect(await devicesOf(page)).toBe(1);
    } else {
      // Offline, Chromium cannot register with its push service: the dealer reads why, nothing is stored.
      expect(await device.getByRole("status").innerText()).toContain(PUSH_TEXTS.failed);
      expect(await devicesOf(page)).toBe(0);
    }
    await context.close();
  });

  it("with the push service faked: turning push on stores this device, turning it off forgets it", async () => {
    const context = await newContext(browser, { mobile: true, serviceWorker: true });
    await allowNotifications(context);
    await context.addInitScript(fakePushService);
    const page = await context.newPage();
    await newDealer(context, "Riley");
    const device = await openSettings(page);
    expect(await device.getAttribute("data-state")).toBe("off");
    await device.getByRole("button", { name: PUSH_TEXTS.turnOn }).click();
    await expectToast(page, "Push is on");
    await device.getByText(PUSH_TEXTS.on).first().waitFor();
    expect(await devicesOf(page)).toBe(1);
    await device.getByRole("button", { name: PUSH_TEXTS.turnOff }).click();
    await expectToast(page, "Push is off for this device");
    expect(await devicesOf(page)).toBe(0);
    await context.close();
  });

  it("says why when notifications are blocked", async () => {
    const context = await newContext(browser, { serviceWorker: true });
    const page = await context.newPage();
    await newDealer(context, "Sawyer");
    // The browser answers as it does once the dealer has blocked notifications for the site.
    await context.addInitScript(() =>
      Object.defineProperty(Notification, "permission", { get: () => "denied", configurable: true }),
    );
    const device = await openSettings(page);
    expect(await device.getAttribute("data-state")).toBe("blocked");
    expect(await device.getByRole("status").innerText()).toBe(PUSH_TEXTS.blocked);
    await context.close();
  });

  it("the installed app asks once, after a deal alert arrives, and a tap turns push on", async () => {
    const context = await newContext(browser, { mobile: true, serviceWorker: true });
    await context.addInitScript(fakePushService);
    await context.addInitScript(installedAppNeverAsked);
    const page = await context.newPage();
    await newDealer(context, "Taylor");
    await openSettings(page);
    await page.locator("[data-inbox='live']").waitFor();
    expect(await page.getByTestId("push-ask").count()).toBe(0);
    await page.getByRole("button", { name: "Send test deal alert" }).click();
    const ask = page.getByTestId("push-ask");
    await ask.getByText(PUSH_TEXTS.reason).waitFor();
    await ask.getByRole("button", { name: PUSH_TEXTS.turnOn }).click();
    await expectToast(page, "Push is on");
    await ask.waitFor({ state: "detached" });
    expect(await devicesOf(page)).toBe(1);
    // Asked once: another alert on this device asks nothing.
    await page.reload();
    await hydrated(page);
    await page.locator("[data-inbox='live']").waitFor();
    await page.getByRole("button", { name: "Send test deal alert" }).click();
    await expectToast(page, "Deal Alert Sent");
    await page.waitForTimeout(1000);
    expect(await page.getByTestId("push-ask").count()).toBe(0);
    await context.close();
  });
});
