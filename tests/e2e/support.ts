import type { AxeResults, RunOptions } from "axe-core";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page, Request } from "playwright-core";
import { expect } from "vitest";
import { DEMO_ACCOUNT } from "#lib/constants";
import { launchChromium, launchHeadlessShell } from "../../scripts/chromium.mjs";

export const E2E_PORT = Number(process.env.E2E_PORT || 8799);
export const BASE_URL = `http://localhost:${E2E_PORT}`;

const browsers = new Map<string, Promise<Browser>>();

function shared(kind: string, extraArgs: string[], launch: (args: string[]) => Promise<Browser>) {
  const key = [kind, ...extraArgs].join(" ");
  let browser = browsers.get(key);
  if (!browser) {
    browser = launch(extraArgs).then((launched) => {
      launched.once("disconnected", () => browsers.delete(key));
      return launched;
    });
    browser.catch(() => browsers.delete(key));
    browsers.set(key, browser);
  }
  return browser;
}

/**
 * Debian's Chromium headless shell with the flags this sandbox needs (see README "Tests"), plus a journey's own
 * `extraArgs`; `sharedFullBrowser` for a journey that needs what only the full browser has (notifications, push).
 *
 * One browser of each kind serves every journey file: the files take turns in one worker that keeps this module
 * (vitest.e2e.config.ts), and a launch per file cost about half a second of CPU and of the run. Each journey still
 * opens contexts of its own and closes them; a file never closes the browser, which ends with the worker.
 */
export const sharedBrowser = (extraArgs: string[] = []) => shared("shell", extraArgs, launchHeadlessShell);
export const sharedFullBrowser = (extraArgs: string[] = []) => shared("full", extraArgs, launchChromium);

/**
 * A fresh context at 1280 × 900, at 390 × 844 when `mobile`, or `width` px wide and 900 high; `options` are
 * Playwright's for a context (a viewport of its own, no JavaScript, a time zone, …).
 *
 * Without the service worker unless `serviceWorker`: each context is a dealer's first visit, when the worker
 * installs and copies every script the page loads into its cache. A dealer pays that once; a context per journey
 * paid it each time, about a fifth of Chromium's CPU per context (docs/decisions/0095). The journeys about the
 * installable app, offline and push open theirs with it.
 */
export async function newContext(
  browser: Browser,
  {
    mobile,
    width,
    serviceWorker = false,
    ...options
  }: { mobile?: boolean; width?: number; serviceWorker?: boolean } & BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: mobile ? { width: 390, height: 844 } : { width: width ?? 1280, height: 900 },
    serviceWorkers: serviceWorker ? "allow" : "block",
    ...options,
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

/**
 * Signs the page's context in as the demo dealer and opens `screen` (the feed unless told): the login page's own
 * Quick login action, posted as its button posts it, without drawing the login page first. The journeys that press
 * the button themselves (foundation, feed, phone reach, public site) cover the page; drawing it for every other
 * sign-in cost a page load each, as opening the feed does for a journey that starts elsewhere.
 */
export async function quickLogin(page: Page, screen = "/") {
  const signedIn = await page.request.post("/login", {
    form: { intent: "demo-login" },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(signedIn.status(), await signedIn.text()).toBe(302);
  await page.goto(screen);
}

export { DEMO_ACCOUNT };

/** Waits until Remix has hydrated the page, so clicks reach React handlers. */
export async function hydrated(page: Page) {
  // Set by the root's first effect (app/root.tsx), after React has hydrated the page: the router alone exists
  // before the page's handlers do, and a click in between follows the plain link.
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/** The requests each page of a counted context has in flight (`countRequests`). */
const inFlight = new WeakMap<Page, Set<Request>>();

/** How long no request may be in flight before the network counts as quiet (Playwright's "networkidle" too). */
const QUIET_MS = 500;

/** Counts the requests of every page `context` opens from now on, for `networkQuiet`. */
export function countRequests(context: BrowserContext) {
  context.on("page", (page) => {
    const pending = new Set<Request>();
    inFlight.set(page, pending);
    page.on("request", (request) => pending.add(request));
    page.on("requestfinished", (request) => pending.delete(request));
    page.on("requestfailed", (request) => pending.delete(request));
  });
}

/**
 * Waits until `page` has had no request in flight for QUIET_MS; a socket is no request. Playwright's
 * `waitForLoadState("networkidle")` also waits for every iframe to report idle, and after an in-app navigation
 * that shows iframes (the admin Outbox's e-mails) it stays "busy" until the page's next request, which may never
 * come: this counts the requests themselves, and on failure names those still loading.
 */
export async function networkQuiet(page: Page, timeout = 30_000) {
  const pending = inFlight.get(page);
  if (!pending) throw new Error("networkQuiet: make the page's context count its requests (countRequests)");
  await new Promise<void>((resolve, reject) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(quiet);
      clearTimeout(deadline);
      page.off("request", rearm).off("requestfinished", rearm).off("requestfailed", rearm);
    };
    function rearm() {
      clearTimeout(quiet);
      if (pending!.size === 0)
        quiet = setTimeout(() => {
          stop();
          resolve();
        }, QUIET_MS);
    }
    const deadline = setTimeout(() => {
      stop();
      const loading = [...pending].map((request) => request.url());
      reject(
        new Error(`The network did not go quiet in ${timeout} ms; still loading: ${loading.join(", ")}`),
      );
    }, timeout);
    page.on("request", rearm).on("requestfinished", rearm).on("requestfailed", rearm);
    rearm();
  });
}

/** The password every dealer that `newDealer` makes signs in with. */
export const DEALER_PASSWORD = "a-good-password";

let signUps = 0;
/**
 * A brand-new real dealer signed in inside `context`, made through the API as the login page would (the
 * seeded demo dealers never deal with real ones), on `plan` when one is given (paid with a test card). Each
 * signs up from an address of its own (local workerd keeps a CF-Connecting-IP it is given), so the journeys
 * together stay under the sign-up limit per address that the sign-up journeys themselves exercise.
 */
export async function newDealer(
  context: BrowserContext,
  firstName: string,
  { lastName = "Buyer", plan }: { lastName?: string; plan?: "basic" | "premium" } = {},
) {
  signUps += 1;
  const headers = { Origin: BASE_URL, "CF-Connecting-IP": `198.51.100.${signUps}` };
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const signup = await context.request.post("/api/auth/signup", {
    data: { email, password: DEALER_PASSWORD },
    headers,
  });
  expect(signup.status()).toBe(201);
  const profile = await context.request.post("/api/auth/complete-profile", {
    headers,
    data: {
      firstName,
      lastName,
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
  if (plan) {
    const paid = await context.request.post("/api/auth/complete-subscription", {
      headers,
      data: {
        plan,
        paymentInfo: {
          cardNumber: "4242424242424242",
          expiryDate: "12/34",
          cvv: "123",
          cardholderName: firstName,
        },
      },
    });
    expect(paid.status(), await paid.text()).toBeLessThan(300);
  }
  return { ...((await profile.json()) as { id: string; name: string }), email };
}

const F150 = {
  vin: "1FTEW1E50KFA12345",
  year: 2019,
  make: "Ford",
  model: "F-150",
  trim: "XLT",
  miles: 41250,
  color: "White",
};

/** A deal the dealer signed in inside `seller` proposes to `buyerId` through the API, as Propose Deal does; answers its id. */
export async function proposeDeal(
  seller: BrowserContext,
  buyerId: string,
  { vehicle = F150 as Record<string, unknown>, price = 28500, location = "Tulsa, OK" } = {},
) {
  const proposed = await seller.request.post("/api/deals", {
    headers: { Origin: BASE_URL },
    data: { counterpartyId: buyerId, role: "seller", vehicle, price, location },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  return ((await proposed.json()) as { id: string }).id;
}

/** A deal `seller` proposes to `buyerId`, the buyer confirms and the seller completes (the F-150, $28,500); its id. */
export async function completedDeal(seller: BrowserContext, buyer: BrowserContext, buyerId: string) {
  const headers = { Origin: BASE_URL };
  const dealId = await proposeDeal(seller, buyerId);
  expect((await buyer.request.post(`/api/deals/${dealId}/confirm`, { headers })).status()).toBe(200);
  const { color: _color, ...vehicle } = F150;
  const completed = await seller.request.post("/api/deals/complete", {
    headers,
    data: { dealId, ...vehicle, location: "Tulsa, OK", price: 28500 },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return dealId;
}

/** Signs in on the login page as a person would. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${BASE_URL}/`);
}

const root = path.resolve(import.meta.dirname, "../..");

/** Rows of the app's local D1 database (tests/e2e/global-setup.ts), with wrangler like any other local query. */
export function queryD1(sql: string): Array<Record<string, unknown>> {
  const persistTo = process.env.E2E_PERSIST_TO || path.join(root, ".wrangler/e2e-state");
  const bin = path.join(root, "node_modules", ".bin");
  const result = spawnSync(
    path.join(bin, "wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql],
    {
      cwd: root,
      encoding: "utf8",
      // wrangler prints --json's rows at its default log level: never at the quieter one that a script sharing
      // this worker (scripts/local-bindings.ts) sets for its own process.
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        CI: "1",
        WRANGLER_SEND_METRICS: "false",
        WRANGLER_LOG: "log",
      },
    },
  );
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr || result.stdout}`);
  const parsed = JSON.parse(result.stdout) as Array<{ results: Array<Record<string, unknown>> }>;
  return parsed[0]?.results ?? [];
}

/** The Verify dialog opens on its own once for the first confirmed deal: close it where the journey does not want it. */
export async function cancelVerifyIfOpen(page: Page) {
  const dialog = page.getByTestId("verify-deal-dialog");
  await dialog.waitFor({ state: "visible", timeout: 3000 }).catch(() => undefined);
  if (await dialog.isVisible()) {
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  }
}

/** The seller completes the confirmed deal in the Verify Deal Details dialog that Pass Thru Sales opens for it. */
export async function completeInVerifyDialog(page: Page) {
  await page.goto("/pass-thru-sales");
  await hydrated(page);
  const verify = page.getByTestId("verify-deal-dialog");
  await verify.getByText("Verify Deal Details").waitFor();
  await verify.getByLabel("Auction platform").selectOption("manheim");
  await verify.getByLabel("Auction location (required)").selectOption({ index: 1 });
  await verify.getByRole("button", { name: "Complete Deal" }).click();
  await verify.getByText("Congratulations! Deal Successfully Completed!").waitFor();
  return verify;
}

/**
 * Pass Thru Sales with the sale of `vehicle` opened (the Verify dialog closed if it opened on its own), once its
 * row shows `status` when one is asked for: answers the deal's panel.
 */
export async function openSale(
  page: Page,
  { vehicle = "2019 Ford F-150", status }: { vehicle?: string; status?: string } = {},
) {
  await page.goto("/pass-thru-sales");
  await hydrated(page);
  await cancelVerifyIfOpen(page);
  const sale = page.getByTestId("pass-thru-sale").filter({ hasText: vehicle });
  if (status) await sale.getByTestId("sale-status").filter({ hasText: status }).waitFor({ timeout: 15_000 });
  await sale.click();
  return page.getByTestId("pass-thru-detail");
}

/**
 * Signs the Bill of Sale of the sale open in `detail` as a dealer does: typed full name, the seller's odometer
 * certification (actual mileage), the consent to sign electronically. `beforeSigning` runs on the open dialog
 * first, for a journey's own checks. Waits for the toast (`toast`, the first signer's by default) and for the
 * signature shown on the deal.
 */
export async function signBillOfSale(
  page: Page,
  detail: Locator,
  {
    as,
    fullName,
    toast = "Bill of Sale signed",
    beforeSigning,
  }: {
    as: "seller" | "buyer";
    fullName: string;
    toast?: string;
    beforeSigning?: (dialog: Locator) => Promise<void>;
  },
) {
  await detail.getByRole("button", { name: "Sign Bill of Sale" }).click();
  const dialog = page.getByTestId("sign-bill-of-sale");
  await dialog.waitFor();
  await beforeSigning?.(dialog);
  await dialog.getByLabel("Your full name").fill(fullName);
  if (as === "seller") await dialog.getByLabel(/The reading of [\d,]+ miles/).selectOption("actual");
  await dialog.getByLabel(/I agree to sign this Bill of Sale electronically/).check();
  await dialog.getByRole("button", { name: "Sign Bill of Sale" }).click();
  await expectToast(page, toast);
  await detail.getByTestId(`signature-${as}`).getByText(`Signed as ${fullName}`).waitFor();
}

/** The WCAG 2.1 A and AA rules: what the journeys hold the dealer's screens to. */
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** axe-core's own build, as a script for the page: run in the page itself, once per document. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * The serious and critical violations axe finds on `page` as it is now, each as "rule (elements)": inside the
 * `include` selector when given, of the `tags` (every rule when none) or only the `rules` named. axe is put in
 * each frame of the document once and kept there, so a second scan of the same screen (the other theme) runs at
 * once, and only the violations come back: @axe-core/playwright evaluated its 650 kB script twice per scan and
 * sent back every rule's passing elements too, about 5× the scan itself here. The rules are the same; only a
 * cross-origin iframe would go unscanned, and no scanned screen has one.
 */
export async function seriousAxeViolations(
  page: Page,
  { include, tags, rules }: { include?: string; tags?: string[]; rules?: string[] } = {},
): Promise<string[]> {
  for (const frame of page.frames())
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    resultTypes: ["violations"],
    ...(tags
      ? { runOnly: { type: "tag", values: tags } }
      : rules
        ? { runOnly: { type: "rule", values: rules } }
        : {}),
  };
  const violations = await page.evaluate(
    async ({ include, options }) => {
      const { axe } = window as unknown as {
        axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
      };
      const results = await axe.run(include ? { include: [[include]] } : document, options);
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(" ")),
      }));
    },
    { include, options },
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.targets.join(", ")})`);
}

/**
 * Presses the feed's Load More and waits until it reads Load More again. Not Playwright's click: that scrolls the
 * button into view, which past 80 % loads a page by itself, then chases the button as each page moves it.
 */
export async function loadMoreFeed(page: Page) {
  const button = page.getByTestId("load-more");
  await button.dispatchEvent("click");
  await button.filter({ hasText: "Loading…" }).waitFor();
  await button.filter({ hasText: "Load More" }).waitFor();
}
