import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { DEMO_ACCOUNT } from "#lib/constants";

export const E2E_PORT = Number(process.env.E2E_PORT || 8799);
export const BASE_URL = `http://localhost:${E2E_PORT}`;

/** Debian's Chromium with the flags this sandbox needs (see README "Tests"), plus a journey's own `extraArgs`. */
export { launchChromium as launchBrowser } from "../../scripts/chromium.mjs";

export async function newContext(
  browser: Browser,
  options: { mobile?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
  });
  await context.addInitScript(recordToasts);
  return context;
}

/** Runs in each page: keeps the text of every toast shown, so a failure can say what came and went. */
function recordToasts() {
  const seen: string[] = [];
  Object.assign(window, { __toastsSeen: seen });
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll<HTMLElement>('[data-testid="toast"]')) {
      const text = toast.innerText.replace(/\s+/g, " ").trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? []).catch(() => []);

/** The text of the toast showing now (title and description). */
export async function toastText(page: Page): Promise<string> {
  const toast = page.getByTestId("toast");
  await toast.waitFor({ state: "visible" });
  return (await toast.innerText()).replace(/\s+/g, " ");
}

/** Waits until the toast showing reads `text` (a newer toast replaces an older one). */
export async function expectToast(page: Page, text: string) {
  await page
    .getByTestId("toast")
    .filter({ hasText: text })
    .waitFor({ state: "visible", timeout: 10_000 })
    .catch(async () => {
      throw new Error(
        `Expected a toast with "${text}", saw: ${await page.getByTestId("toast").allInnerTexts()}; this page showed: ${JSON.stringify(await toastsSeen(page))}`,
      );
    });
}

export async function quickLogin(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Quick login (demo)" }).click();
  await page.waitForURL(`${BASE_URL}/`);
}

export { DEMO_ACCOUNT };

/** Waits until Remix has hydrated the page, so clicks reach React handlers. */
export async function hydrated(page: Page) {
  // Set by the root's first effect (app/root.tsx), after React has hydrated the page: the router alone exists
  // before the page's handlers do, and a click in between follows the plain link.
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

let signUps = 0;
/**
 * A brand-new dealer signed in inside `context`, made through the API as the login page would. Each signs up
 * from an address of its own (local workerd keeps a CF-Connecting-IP it is given), so the journeys together
 * stay under the sign-up limit per address that the sign-up journeys themselves exercise.
 */
export async function newDealer(context: BrowserContext, firstName: string) {
  signUps += 1;
  const headers = { Origin: BASE_URL, "CF-Connecting-IP": `198.51.100.${signUps}` };
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const signup = await context.request.post("/api/auth/signup", {
    data: { email, password: "a-good-password" },
    headers,
  });
  expect(signup.status()).toBe(201);
  const profile = await context.request.post("/api/auth/complete-profile", {
    headers,
    data: {
      firstName,
      lastName: "Buyer",
      email,
      phone: "(405) 555-0110",
      address: "1 Auto Row",
      city: "Tulsa",
      state: "OK",
      zipCode: "74103",
      dealershipName: `${firstName} Wholesale`,
      dealershipType: "wholesaler",
      auctionAccessNumber: "100111222",
      dealership5MilNumber: "5M-9000",
    },
  });
  expect(profile.status()).toBe(201);
  return (await profile.json()) as { id: string; name: string };
}
