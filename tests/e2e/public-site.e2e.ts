import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  DEMO_ACCOUNT,
  hydrated,
  newContext,
  queryD1,
  quickLogin,
  sharedBrowser,
  toastText,
  seriousAxeViolations,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

async function openPage(
  url: string,
  options: {
    theme?: "light" | "dark";
    mobile?: boolean;
    javaScript?: boolean;
    clock?: boolean;
    serviceWorker?: boolean;
  } = {},
) {
  const context: BrowserContext = await newContext(browser, {
    mobile: options.mobile,
    javaScriptEnabled: options.javaScript !== false,
    serviceWorker: options.serviceWorker,
  });
  if (options.theme) await context.addInitScript((t) => localStorage.setItem("theme", t), options.theme);
  // The page's timers on a clock the journey can run ahead (it still ticks by itself meanwhile): "nothing moved
  // in 5 s" is then checked without waiting 5 s.
  if (options.clock) await context.clock.install();
  const page = await context.newPage();
  await page.goto(url);
  return { page, context };
}

/**
 * Waits until public/landing.js has enhanced the page. The signed-out landing is server HTML that React
 * does not hydrate (its JavaScript budget), so there `hydrated()` never comes true.
 */
async function enhanced(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
}

/** The scripts a page's HTML makes the browser download: src, module preloads and Remix's inline imports. */
function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.add(src!);
  for (const [, href] of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) found.add(href!);
  for (const [, src] of html.matchAll(/import \* as \w+ from "([^"]+)"/g)) found.add(src!);
  for (const [, src] of html.matchAll(/import\("([^"]+)"\)/g)) found.add(src!);
  return [...found];
}

const HEADLINES: Array<[string, RegExp]> = [
  ["/", /The wholesale network built for/],
  ["/about", /Our mission/],
  ["/features", /Everything a dealer needs to trade wholesale/],
  ["/security", /Your dealership's data, protected/],
  ["/privacy", /Privacy Policy/],
  ["/mobile", /DealerLane in your pocket/],
  ["/pricing", /Simple, transparent pricing/],
  ["/contact", /Contact Us/],
  ["/help", /How can we help\?/],
  ["/help/plans-and-pricing", /Plans and pricing/],
  ["/blog", /The DealerLane Blog/],
  ["/blog/buying-canadian-vehicles", /Buying Canadian vehicles/],
  ["/careers", /Build the network dealers trade on/],
  ["/status", /DealerLane System Status/],
  ["/api-docs", /API Documentation/],
];

describe("the public site, signed out", () => {
  it("shows every public page's headline, title and Open Graph tags, with the twelve footer links", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const [url, headline] of HEADLINES) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect.poll(() => page.locator("h1").innerText(), { message: url }).toMatch(headline);
      expect(await page.locator("h1").count(), url).toBe(1);
      expect(await page.title(), url).toMatch(/DealerLane/);
      expect(await page.locator('meta[name="description"]').getAttribute("content"), url).toBeTruthy();
      expect(await page.locator('meta[property="og:image"]').getAttribute("content"), url).toMatch(
        /\/og-image\.png$/,
      );
      expect(await page.locator('meta[name="twitter:card"]').getAttribute("content"), url).toBe(
        "summary_large_image",
      );
      const footer = await page
        .locator("footer a")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      for (const to of [
        "/features",
        "/pricing",
        "/security",
        "/mobile",
        "/help",
        "/contact",
        "/api-docs",
        "/status",
        "/about",
        "/blog",
        "/careers",
        "/privacy",
      ]) {
        expect(footer, `${url} footer`).toContain(to);
      }
      const imagesWithoutAlt = await page.locator("img:not([alt])").count();
      expect(imagesWithoutAlt, `${url} images without alt`).toBe(0);
    }
    await context.close();
  });

  it("holds its layout on a 360 px phone: nothing wider than the screen", async () => {
    const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const [url] of HEADLINES) {
      await page.goto(url);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it("shows the landing page for an unknown path", async () => {
    const { page, context } = await openPage("/some/unknown/path");
    await expect.poll(() => page.locator("h1").innerText()).toMatch(/The wholesale network built for/);
    await expect
      .poll(() =>
        page
          .getByRole("link", { name: /Start Free Trial/ })
          .first()
          .getAttribute("href"),
      )
      .toBe("/login");
    await context.close();
  });

  it("lets static pages be cached at the edge, but never the live or personal ones", async () => {
    const about = await fetch(`${BASE_URL}/about`);
    expect(about.headers.get("cache-control")).toMatch(/public, max-age=\d+, s-maxage=\d+/);
    const health = await fetch(`${BASE_URL}/api/health`);
    expect(health.headers.get("cache-control")).toBe("no-store");
    // The landing is kept at the edge a minute for signed-out visitors (its dealer counter moves), never in browsers.
    const landing = await fetch(`${BASE_URL}/`);
    expect(landing.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");

    // Signed in, the same page carries the dealer's name in its HTML: private.
    const login = await fetch(`${BASE_URL}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE_URL },
      body: JSON.stringify(DEMO_ACCOUNT),
    });
    expect(login.status).toBe(200);
    const cookie =
      (login.headers.getSetCookie().find((c) => c.startsWith("dl_session=")) ?? "").split(";")[0] ?? "";
    const signedIn = await fetch(`${BASE_URL}/about`, { headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toMatch(/^private/);
    expect(await signedIn.text()).toContain("Open App");
    const home = await fetch(`${BASE_URL}/`, { headers: { Cookie: cookie } });
    expect(home.headers.get("cache-control") ?? "").not.toMatch(/public/);
    expect(await home.text()).toContain("Jordan Reyes");
  });

  it("pauses the feature carousel while the pointer is over it", async () => {
    const { page, context } = await openPage("/", { clock: true });
    await enhanced(page);
    const carousel = page.getByRole("region", { name: "Features" });
    await carousel.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    const current = () =>
      page.locator('a[href^="#feature-"][aria-current="true"]').getAttribute("aria-label");
    expect(await current()).toMatch(/^Slide 1:/);
    // Every 4 s it moves on by itself.
    await expect.poll(current, { timeout: 6000 }).toMatch(/^Slide 2:/);
    await carousel.hover();
    const held = await current();
    await page.clock.runFor(5000);
    expect(await current()).toBe(held);
    await page.mouse.move(0, 0);
    await page.clock.runFor(4000);
    await expect.poll(current, { timeout: 6000 }).not.toBe(held);
    await context.close();
  });

  it("links the pricing buttons: Get Started to /login, Contact Sales to /contact", async () => {
    const { page, context } = await openPage("/pricing");
    const started = await page
      .getByRole("link", { name: /Get Started/ })
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(started).toEqual(["/login", "/login"]);
    expect(await page.getByRole("link", { name: /Contact Sales/ }).getAttribute("href")).toBe("/contact");
    await expect.poll(() => page.getByText("$99").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText("$149").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("opens the Watch Demo walkthrough of the real screens", async () => {
    const { page, context } = await openPage("/");
    await enhanced(page);
    // The link to the walkthrough on /features (for browsers without JavaScript) became the dialog's button.
    expect(await page.getByRole("link", { name: "Watch Demo" }).count()).toBe(0);
    await page.getByRole("button", { name: "Watch Demo" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expect.poll(() => dialog.locator("figcaption").innerText()).toMatch(/^1 of 5\./);
    const image = dialog.locator("img");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(800);
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => dialog.locator("figcaption").innerText())
      .toMatch(/^2 of 5\. Create your account/);
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => dialog.locator("figcaption").innerText()).toMatch(/^3 of 5\./);
    await page.keyboard.press("Escape");
    // A native <dialog>: closed, it stays in the page, hidden and out of the accessibility tree.
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Watch Demo");
    // It opens again where it was left, and its close button closes it too.
    await page.getByRole("button", { name: "Watch Demo" }).click();
    await expect.poll(() => dialog.locator("figcaption").innerText()).toMatch(/^3 of 5\./);
    await dialog.getByRole("button", { name: "Screen 5" }).click();
    await expect.poll(() => dialog.locator("figcaption").innerText()).toMatch(/^5 of 5\. On your phone/);
    expect(await dialog.locator("img").getAttribute("src")).toBe("/demo/05-mobile.webp");
    await dialog.getByRole("button", { name: "Close demo" }).click();
    await dialog.waitFor({ state: "hidden" });
    await context.close();
  });

  it("keeps the carousels still for visitors who prefer reduced motion", async () => {
    const context = await newContext(browser, { reducedMotion: "reduce" });
    await context.clock.install();
    const page = await context.newPage();
    await page.goto("/");
    await enhanced(page);
    const current = () =>
      page.locator('[aria-label^="Slide"][aria-current="true"]').first().getAttribute("aria-label");
    expect(await current()).toMatch(/^Slide 1:/);
    // Nothing moves by itself, so there is nothing to pause.
    expect(await page.getByRole("button", { name: /slide show$/ }).count()).toBe(0);
    await page.clock.runFor(4500);
    expect(await current()).toMatch(/^Slide 1:/);
    expect(await page.locator("[data-typed-text]").innerText()).toBe("independent dealers");
    expect(await page.locator("[data-typed-caret]").isHidden()).toBe(true);
    // The figures are final at once: no count-up from zero.
    expect(await page.getByText("150,000+", { exact: true }).count()).toBe(1);
    expect(await page.getByText("$2.5B+", { exact: true }).count()).toBe(1);
    await context.close();
  });

  it("searches the help articles' text, case-insensitively, and opens one", async () => {
    const { page, context } = await openPage("/help");
    await hydrated(page);
    const titles = () =>
      page.getByTestId("help-articles").getByRole("link").locator("span.font-medium").allInnerTexts();
    expect((await titles()).length).toBe(10);
    // No title says "password"; the articles that explain it are found by their text.
    await page.getByRole("searchbox", { name: "Search help articles" }).fill("Password");
    await expect
      .poll(titles)
      .toEqual(["Creating your DealerLane account", "Updating your profile and settings"]);
    await page.getByText("2 of 10 articles match “Password”").waitFor();
    await page.getByRole("searchbox", { name: "Search help articles" }).fill("CANCEL");
    await expect.poll(titles).toEqual(["Changing or cancelling your plan"]);
    await page.getByRole("searchbox", { name: "Search help articles" }).fill("no such article");
    await expect.poll(titles).toEqual([]);
    await expect
      .poll(() => page.getByText("No articles in this category match your search.").count())
      .toBe(3);
    await page.getByRole("searchbox", { name: "Search help articles" }).fill("");
    await page.getByRole("link", { name: /Plans and pricing/ }).click();
    await page.waitForURL(`${BASE_URL}/help/plans-and-pricing`);
    await expect
      .poll(() => page.locator("article, main").first().innerText())
      .toMatch(/Basic costs \$99 per month/);
    expect(await page.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe("/contact");
    await page.goto("/help");
    expect(await page.getByRole("link", { name: "Call Us" }).getAttribute("href")).toMatch(/^tel:\+1/);
    await context.close();
  });

  it("filters help articles without JavaScript too", async () => {
    const { page, context } = await openPage("/help?q=password", { javaScript: false });
    const titles = await page
      .getByTestId("help-articles")
      .getByRole("link")
      .locator("span.font-medium")
      .allInnerTexts();
    expect(titles).toEqual(["Creating your DealerLane account", "Updating your profile and settings"]);
    await context.close();
  });

  it("shows the five services with live checks and the two past incidents on /status", async () => {
    const { page, context } = await openPage("/status");
    const services = page.getByTestId("status-service");
    expect(await services.locator("h3").allInnerTexts()).toEqual([
      "Dealer Platform",
      "Messaging System",
      "AI Services",
      "Authentication",
      "Database",
    ]);
    expect(
      await services.locator("[data-status]").evaluateAll((b) => b.map((e) => e.getAttribute("data-status"))),
    ).toEqual(Array(5).fill("operational"));
    expect(await page.getByTestId("status-summary").innerText()).toBe("All Systems Operational");
    expect(await page.getByText(/Database answered in \d+ ms/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText("Resolved", { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText("Completed", { exact: true }).count()).toBeGreaterThan(0);
    await hydrated(page);
    const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/health") && r.status() === 200);
    await page.getByRole("button", { name: "Check now" }).click();
    await refreshed;
    await context.close();
  });
});

describe("the landing page without React", () => {
  it("ships one small script and no framework code, while the pages React runs never load that script", async () => {
    for (const url of ["/", "/landing", "/some/unknown/path"]) {
      const html = await (await fetch(`${BASE_URL}${url}`)).text();
      const scripts = scriptsOf(html);
      expect(scripts, url).toEqual(["/landing.js"]);
      expect(html, url).not.toContain("__remixContext");
      let gzipped = 0;
      for (const src of scripts) {
        const body = Buffer.from(await (await fetch(`${BASE_URL}${src}`)).arrayBuffer());
        gzipped += gzipSync(body, { level: 9 }).length;
      }
      // The target is ≤ 90 kB gz for the landing; the script alone is a few kB.
      expect(gzipped / 1024, url).toBeLessThan(20);
    }
    expect((await fetch(`${BASE_URL}/landing.js`)).headers.get("cache-control")).toBe("public, max-age=300");
    for (const url of ["/about", "/features", "/login"]) {
      const scripts = scriptsOf(await (await fetch(`${BASE_URL}${url}`)).text());
      expect(scripts, url).not.toContain("/landing.js");
      expect(
        scripts.some((s) => s.startsWith("/assets/")),
        url,
      ).toBe(true);
    }
  });

  it("types the headline, counts the figures, pauses a carousel and switches the theme with that script", async () => {
    const { page, context } = await openPage("/", { clock: true, serviceWorker: true });
    await enhanced(page);
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);

    // The headline erases its first audience and types the next ones.
    await expect
      .poll(() => page.locator("[data-typed-text]").innerText(), { timeout: 5000 })
      .not.toBe("independent dealers");
    expect(await page.locator("[data-typed-caret]").isVisible()).toBe(true);
    // Once round, then it rests on the first audience with no caret: nothing keeps a phone's processor busy.
    await page.clock.runFor(30_000);
    expect(await page.locator("[data-typed-text]").innerText()).toBe("independent dealers");
    expect(await page.locator("[data-typed-caret]").isHidden()).toBe(true);
    await page.clock.runFor(10_000);
    expect(await page.locator("[data-typed-text]").innerText()).toBe("independent dealers");

    // The figures count up to their final values, then the dealer counter grows (from max(3000, dealers)).
    await page.locator("[data-stats]").scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('[data-stat="deals"]').innerText()).toBe("150,000+");
    expect(await page.locator('[data-stat="volume"]').innerText()).toBe("$2.5B+");
    const dealers = async () =>
      Number((await page.locator('[data-stat="dealers"]').innerText()).replace(/\D/g, ""));
    await expect.poll(dealers, { timeout: 8000 }).toBeGreaterThanOrEqual(3010);

    // Pause holds the testimonials (every 6 s) even with the pointer and focus elsewhere; Play resumes.
    const carousel = page.getByRole("region", { name: "Testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    const current = () =>
      page.locator('a[href^="#testimonial-"][aria-current="true"]').getAttribute("aria-label");
    await page.getByRole("button", { name: "Pause testimonials slide show" }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const held = await current();
    await page.clock.runFor(6500);
    expect(await current()).toBe(held);
    await page.getByRole("button", { name: "Play testimonials slide show" }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(6000);
    await expect.poll(current, { timeout: 8000 }).not.toBe(held);

    // The theme toggle, as in the app: the class, the color scheme, remembered across a reload.
    const html = page.locator("html");
    expect(await html.getAttribute("class")).toContain("dark");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await html.getAttribute("class")).not.toContain("dark");
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe("light");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await page.reload();
    await enhanced(page);
    expect(await html.getAttribute("class")).not.toContain("dark");
    expect(await page.getByTestId("theme-toggle").getAttribute("aria-label")).toBe("Switch to dark theme");

    // The installable web app's service worker is registered from the landing too.
    expect(
      await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL ?? "")),
    ).toBe(`${BASE_URL}/sw.js`);
    await context.close();
  });

  it("leaves the signed-in home, the dealer app, to React", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await quickLogin(page);
    await hydrated(page);
    expect(await page.locator('script[src="/landing.js"]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.enhanced)).toBeUndefined();
    await context.close();
  });

  it("still works when React renders the landing after an in-app navigation", async () => {
    const { page, context } = await openPage("/about", { clock: true });
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "DealerLane" }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await expect.poll(() => page.locator("h1").innerText()).toMatch(/The wholesale network built for/);
    // The headline types once round and rests on its first audience, as the landing's own script does.
    await page.clock.runFor(3_000);
    expect(await page.locator("[data-typed-text]").innerText()).not.toBe("independent dealers");
    await page.clock.runFor(30_000);
    expect(await page.locator("[data-typed-text]").innerText()).toBe("independent dealers");
    expect(await page.locator("[data-typed-caret]").isHidden()).toBe(true);
    expect(await page.locator('script[src="/landing.js"]').count()).toBe(0);
    await page.getByRole("button", { name: "Watch Demo" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => dialog.locator("figcaption").innerText()).toMatch(/^2 of 5\./);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.getByRole("button", { name: "Pause features slide show" }).count()).toBe(1);
    await context.close();
  });
});

describe("the installable web app", () => {
  it("has a manifest with real icons, and a service worker that shows the offline page without a network", async () => {
    const manifest = (await (await fetch(`${BASE_URL}/manifest.webmanifest`)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ name: "DealerLane", start_url: "/", display: "standalone" });
    for (const size of ["192x192", "512x512"])
      expect(manifest.icons.some((i) => i.sizes === size)).toBe(true);
    expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
    for (const icon of manifest.icons) {
      const res = await fetch(`${BASE_URL}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
    }
    expect((await fetch(`${BASE_URL}/sw.js`)).headers.get("cache-control")).toBe("no-cache");

    const context = await newContext(browser, { serviceWorker: true });
    const page = await context.newPage();
    await page.goto("/mobile");
    await hydrated(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await page.goto("/pricing");
    await expect.poll(() => page.locator("h1").innerText()).toBe("You are offline");
    await context.setOffline(false);
    await page.goto("/pricing");
    await expect.poll(() => page.locator("h1").innerText()).toBe("Simple, transparent pricing");
    await context.close();
  });

  it("never hands a signed-in dealer the landing kept for signed-out visitors, not even on Back", async () => {
    // The landing in the edge cache, as after any signed-out visit.
    await fetch(`${BASE_URL}/`);
    const cached = await fetch(`${BASE_URL}/`);
    expect(cached.headers.get("cf-cache-status")).toBe("HIT");
    // Browsers must keep it apart from the signed-in home, which has the same address.
    expect(cached.headers.get("vary")).toMatch(/cookie/i);

    const context = await newContext(browser, { mobile: true, serviceWorker: true });
    const page = await context.newPage();
    await page.goto("/login");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.getByRole("button", { name: "Quick login (demo)" }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await page.getByTestId("post-card").first().waitFor();
    await page.goto("/messages");
    await page.goBack();
    await page.waitForURL(`${BASE_URL}/`);
    await expect.poll(() => page.getByTestId("post-card").count()).toBeGreaterThan(0);
    expect(await page.getByRole("link", { name: "Login" }).count()).toBe(0);
    await context.close();
  });
});

describe("the contact form", () => {
  it("checks the fields, sends, toasts 'Message Sent', clears the form, and stores the message", async () => {
    const { page, context } = await openPage("/contact");
    await hydrated(page);
    const form = page.getByTestId("contact-form");

    await form.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => form.getByText("Please enter your full name").count()).toBe(1);
    expect(await form.getByText("Please enter your e-mail address").count()).toBe(1);
    expect(await form.getByText("Please enter a message").count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("fullName");

    const email = `e2e-${Date.now()}@contact.example`;
    await form.getByLabel("Full Name").fill("Casey Morgan");
    await form.getByLabel("Email").fill("casey-at-example");
    await form.getByLabel("Message").fill("Do you support dealer groups with five rooftops?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => form.getByText("Please enter a valid e-mail address").count()).toBe(1);
    expect(await form.getByText("Please enter your full name").count()).toBe(0);

    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Dealership Name").fill("Morgan Motor Group");
    await form.getByLabel("Dealership Type").selectOption("franchise");
    await form.getByRole("button", { name: "Send Message" }).click();
    expect(await toastText(page)).toContain("Message Sent");
    expect(await toastText(page)).toContain(
      "Thank you for contacting us. We'll get back to you within 24 hours.",
    );
    for (const label of ["Full Name", "Email", "Dealership Name", "Message"]) {
      await expect
        .poll(() => page.getByTestId("contact-form").getByLabel(label).inputValue(), { message: label })
        .toBe("");
    }
    expect(await page.getByTestId("contact-form").getByLabel("Dealership Type").inputValue()).toBe("");

    const rows = queryD1(
      `select full_name, dealership_name, dealership_type, message from contact_messages where email = '${email}'`,
    );
    expect(rows).toEqual([
      {
        full_name: "Casey Morgan",
        dealership_name: "Morgan Motor Group",
        dealership_type: "franchise",
        message: "Do you support dealer groups with five rooftops?",
      },
    ]);
    await context.close();
  });

  it("works without JavaScript: field errors from the server, then the success message", async () => {
    const { page, context } = await openPage("/contact", { javaScript: false });
    await page.getByLabel("Full Name").fill("No Script");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByText("Please enter a valid e-mail address").count()).toBe(1);
    expect(await page.getByText("Please enter a message").count()).toBe(1);
    expect(await page.getByLabel("Full Name").inputValue()).toBe("No Script");

    const email = `noscript-${Date.now()}@contact.example`;
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Message", { exact: true }).fill("Sent from a browser without JavaScript.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByRole("status").innerText()).toContain(
      "Thank you for contacting us. We'll get back to you within 24 hours.",
    );
    expect(await page.getByLabel("Full Name").inputValue()).toBe("");
    expect(queryD1(`select count(*) as n from contact_messages where email = '${email}'`)).toEqual([
      { n: 1 },
    ]);
    await context.close();
  });

  it("prefills the message when another page links here with a topic", async () => {
    const { page, context } = await openPage("/careers");
    await page.getByRole("link", { name: "Apply for Product Designer" }).click();
    await page.waitForURL(/\/contact\?topic=careers/);
    await expect
      .poll(() => page.getByLabel("Message", { exact: true }).inputValue())
      .toMatch(/apply for the Product Designer position/);
    await page.goto("/careers");
    expect(await page.getByRole("link", { name: "Send General Application" }).getAttribute("href")).toBe(
      "/contact",
    );
    await context.close();
  });
});

describe("accessibility", () => {
  const serious = (page: Page) => seriousAxeViolations(page);

  for (const theme of ["dark", "light"] as const) {
    for (const url of ["/", "/pricing", "/contact"]) {
      it(`${url} in the ${theme} theme has no serious or critical axe violations`, async () => {
        const context = await newContext(browser, { reducedMotion: "reduce" });
        await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
        const page = await context.newPage();
        await page.goto(url);
        await (url === "/" ? enhanced(page) : hydrated(page));
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
          theme === "dark",
        );
        expect(await serious(page)).toEqual([]);
        await context.close();
      });
    }
  }

  it("the landing's Watch Demo dialog has no serious or critical axe violations", async () => {
    const { page, context } = await openPage("/");
    await enhanced(page);
    await page.getByRole("button", { name: "Watch Demo" }).click();
    await page.getByRole("dialog").waitFor();
    expect(await serious(page)).toEqual([]);
    await context.close();
  });

  it("the contact form with its error messages has no serious or critical axe violations", async () => {
    const { page, context } = await openPage("/contact");
    await hydrated(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please enter a message").waitFor();
    expect(await serious(page)).toEqual([]);
    await context.close();
  });
});
