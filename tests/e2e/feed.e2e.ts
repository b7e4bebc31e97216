import { deflateSync, crc32 } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  expectToast,
  hydrated,
  loadMoreFeed,
  newContext,
  quickLogin,
  sharedBrowser,
} from "./support";

/** A real PNG of the given size and colour, so the browser can decode and compress it. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

/** The contexts a journey signed in with, closed after it: a signed-in page left open keeps its socket to the end. */
const opened: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function signedIn(): Promise<Page> {
  const context = await newContext(browser);
  opened.push(context);
  const page = await context.newPage();
  await quickLogin(page);
  await hydrated(page);
  return page;
}

describe("the feed", () => {
  it("posts a single vehicle with two photos and a decoded VIN, shows it first, takes a comment and opens it full screen", async () => {
    const page = await signedIn();
    const title = `E2E Accord ${Date.now()}`;

    await page.getByRole("button", { name: "Post Inventory" }).click();
    const dialog = page.getByTestId("create-post-dialog");
    await dialog.waitFor();
    await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await dialog.getByLabel(/^Description/).fill("One owner, clean Carfax.");

    // A VIN under 17 characters says how many are missing; at 17 it decodes in the browser.
    const vin = dialog.locator("input[id$='-vin']");
    await vin.fill("1hgcm82633a0");
    await dialog.getByText("VIN must be exactly 17 characters (5 more needed)").waitFor();
    expect(await vin.inputValue()).toBe("1HGCM82633A0");
    await vin.fill("1HGCM82633A004352");
    await expectToast(page, "VIN Decoded!");
    await expectToast(page, "Auto-filled: 2003 Honda");
    expect(await dialog.locator("input[id$='-year']").inputValue()).toBe("2003");
    expect(await dialog.locator("input[id$='-make']").inputValue()).toBe("Honda");
    await dialog.getByTestId("vehicle-completeness").getByText("Incomplete").waitFor();
    await dialog.locator("input[id$='-model']").fill("Accord");
    await dialog.getByTestId("vehicle-completeness").getByText("Complete").waitFor();
    await dialog.locator("input[id$='-mileage']").fill("98,500 miles");
    expect(await dialog.locator("input[id$='-mileage']").inputValue()).toBe("98500");
    await dialog.locator("input[id$='-price']").fill("6250.50");
    await dialog.locator("select[id$='-state']").selectOption("TX");

    // The disclosures wait folded under their heading; one announcement, the rest said or left unknown.
    const disclosures = dialog.getByTestId("disclosure-fields");
    await disclosures.getByText("Not answered").waitFor();
    await disclosures.getByText("Disclosures", { exact: true }).click();
    await disclosures
      .getByRole("radiogroup", { name: "Prior paint or body work" })
      .getByText("Yes", { exact: true })
      .click();
    await disclosures
      .getByRole("radiogroup", { name: "Frame or structural damage" })
      .getByText("No", { exact: true })
      .click();
    await disclosures.getByLabel("Keys").fill("2");
    await disclosures.getByText("1 announcement").waitFor();

    // Two photos: compressed in the browser to fit 800×600, uploaded one after another.
    await dialog.getByTestId("photo-input").setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: png(1600, 1200, [200, 40, 40]) },
      { name: "side.png", mimeType: "image/png", buffer: png(900, 1200, [40, 40, 200]) },
    ]);
    await dialog.locator("[data-testid=photo-upload][data-status=done]").nth(1).waitFor({ timeout: 20_000 });

    await dialog.getByTestId("submit-post").click();
    await expectToast(page, "Inventory posted successfully!");
    await dialog.waitFor({ state: "hidden" });

    // First under Recent, with its photos (fitted into 800×600) and counts.
    const first = page.getByTestId("post-card").first();
    await first.getByRole("heading", { name: title }).waitFor();
    await first.getByTestId("gallery-counter").getByText("1 of 2").waitFor();
    const size = await first
      .locator("[data-gallery] img")
      .first()
      .evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return { w: img.naturalWidth, h: img.naturalHeight };
      });
    expect(size.w).toBeLessThanOrEqual(800);
    expect(size.h).toBeLessThanOrEqual(600);
    expect(size).toEqual({ w: 800, h: 600 });
    await first.getByText("1 vehicle", { exact: true }).waitFor();
    await first.getByText("1 vehicle: 2003 Honda Accord").waitFor();

    // The card says at a glance that the seller announced something, and opens what.
    await first.getByTestId("disclosures-badge").getByText("1 announcement").click();
    const announced = page.getByRole("dialog", { name: "Disclosures" });
    expect(await announced.getByText("Prior paint or body work").locator("xpath=..").innerText()).toContain(
      "Yes",
    );
    expect(await announced.getByText("Keys").locator("xpath=..").innerText()).toContain("2");
    await announced.getByRole("button", { name: "Close" }).click();
    await announced.waitFor({ state: "hidden" });

    await page.reload();
    await hydrated(page);
    const reloaded = page.getByTestId("post-card").first();
    await reloaded.getByRole("heading", { name: title }).waitFor();

    // A comment shows at once and stays.
    await reloaded.getByRole("button", { name: "Comment" }).click();
    await reloaded.getByText("No comments yet. Be the first to comment!").waitFor();
    const post = reloaded.getByRole("button", { name: "POST COMMENT" });
    expect(await post.isDisabled()).toBe(true);
    await reloaded.getByLabel("Write a comment").fill("   ");
    expect(await post.isDisabled()).toBe(true);
    await reloaded.getByLabel("Write a comment").fill("Is the title in hand?");
    await post.click();
    await expectToast(page, "Comment added successfully");
    await reloaded.getByTestId("comment").getByText("Is the title in hand?").waitFor();
    await reloaded.getByText("1 comment", { exact: true }).waitFor();

    // Clicking the body opens /post/{id}.
    const postId = await reloaded.getAttribute("data-post-id");
    await reloaded.getByText("One owner, clean Carfax.").click();
    await page.waitForURL(`${BASE_URL}/post/${postId}`);
    await page.getByTestId("back-to-feed").waitFor();
    await page.getByText("Is the title in hand?").waitFor();
    await page.getByText("1HGCM82633A004352").waitFor();

    // Gallery keys: left and right wrap around, Escape closes.
    await page.locator("[data-gallery] button").first().click();
    const viewer = page.getByTestId("photo-viewer");
    await viewer.waitFor();
    const counter = viewer.getByTestId("viewer-counter");
    expect(await counter.innerText()).toBe("1 of 2");
    // Opaque and dark, like any photo app: nothing of the page shows through behind the title and counter.
    expect(await viewer.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(0, 0, 0)");
    await page.keyboard.press("ArrowRight");
    expect(await counter.innerText()).toBe("2 of 2");
    await page.keyboard.press("ArrowRight");
    expect(await counter.innerText()).toBe("1 of 2");
    await page.keyboard.press("ArrowLeft");
    expect(await counter.innerText()).toBe("2 of 2");
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "hidden" });

    await page.getByTestId("back-to-feed").click();
    await page.waitForURL(`${BASE_URL}/`);
  });

  it("shows a quick Requesting post under Requests", async () => {
    const page = await signedIn();
    const text = `Looking for two clean Odysseys, 2019 or newer, cash buyer ${Date.now()}`;

    await page.getByTestId("quick-post-submit").click();
    await expectToast(page, "Post content required");

    await page.getByLabel("What do you have or need?").fill(text);
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("quick-post-dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("radio", { name: /For Sale/ }).getAttribute("aria-checked")).toBe("true");
    await dialog.getByRole("radio", { name: /Requesting/ }).click();
    await dialog.getByTestId("quick-post-confirm").click();
    await expectToast(page, "Post created successfully!");

    const expectedTitle = `${text.slice(0, 47)}…`;
    await page.getByRole("link", { name: "Requests" }).click();
    await page.waitForURL(`${BASE_URL}/?sort=requests`);
    const first = page.getByTestId("post-card").first();
    await first.getByRole("heading", { name: expectedTitle }).waitFor();
    await first.getByText("Requesting", { exact: true }).waitFor();

    await page.getByRole("link", { name: "For Sale", exact: true }).click();
    await page.waitForURL(`${BASE_URL}/?sort=for-sale`);
    await page.getByTestId("post-card").first().waitFor();
    // The tab's posts replace the previous ones once its data has rendered.
    await expect.poll(() => page.getByRole("heading", { name: expectedTitle }).count()).toBe(0);
  });

  it("opens a live auction's sample popup whose figures agree with the lot, and one Escape after a bid closes it", async () => {
    const page = await signedIn();
    const title = `Live auction: 2020 Ford F-150 Lariat ${Date.now()}`;
    const created = await page.request.post("/api/inventory", {
      headers: { Origin: BASE_URL },
      data: {
        title,
        description: "Runs and drives",
        type: "single",
        auctionFacilitator: "Manheim",
        vehicles: [{ year: 2020, make: "Ford", model: "F-150", trim: "Lariat", price: 42700 }],
        photoUrls: [],
      },
    });
    expect(created.status()).toBe(201);
    await page.goto("/");
    await hydrated(page);
    const card = page.getByTestId("post-card").filter({ hasText: title });
    await card.getByRole("button", { name: "Join Auction" }).click();
    const popup = page.getByTestId("auction-popup");
    await popup.getByText("2020 Ford F-150 Lariat").waitFor();
    // The reserve is the lot's asking price, and the sample high bid sits under it.
    expect(await popup.getByTestId("auction-reserve").innerText()).toBe("$42,700");
    expect(await popup.getByTestId("auction-high-bid").innerText()).toBe("$36,700");

    await popup.getByLabel("Your bid (USD)").fill("37000");
    await popup.getByRole("button", { name: "Place Bid" }).click();
    await popup.getByRole("status").filter({ hasText: "Sample bid of $37,000 placed" }).waitFor();
    expect(await popup.getByTestId("auction-high-bid").innerText()).toBe("$37,000");
    await page.keyboard.press("Escape");
    await popup.waitFor({ state: "hidden", timeout: 2000 });
  });

  it("shows the Canadian badge in a neutral colour, not a warning's red", async () => {
    const page = await signedIn();
    await page.goto("/dealers?buysCanadian=true");
    const badge = page.getByTestId("canadian-badge").first();
    await badge.waitFor();
    // Tailwind's colours are oklch(lightness chroma hue): a grey has next to no chroma (red-700 has 0.21).
    const color = await badge.evaluate((el) => getComputedStyle(el).color);
    const chroma = Number(/^oklch\(\S+ (\S+)/.exec(color)?.[1]);
    expect(chroma, color).toBeLessThan(0.08);
  });

  it("loads 7 posts, then 7 more with Load More, with a promo block after the 4th of each page", async () => {
    const page = await signedIn();
    const cards = page.getByTestId("post-card");
    await cards.nth(6).waitFor();
    expect(await cards.count()).toBe(7);
    expect(await page.getByTestId("promo-block").count()).toBe(1);
    await loadMoreFeed(page);
    await cards.nth(13).waitFor();
    expect(await cards.count()).toBe(14);
    const promos = page.getByTestId("promo-block");
    expect(await promos.count()).toBe(2);
    // A different one on each page (textContent: the first page's block, scrolled past, skips its layout).
    const [first, second] = await promos.evaluateAll((els) => els.map((e) => e.textContent));
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
    const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-post-id")));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("pages with Load More before JavaScript loads (a plain link to the next page)", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Quick login (demo)" }).click();
    await page.waitForURL(`${BASE_URL}/`);
    const cards = page.getByTestId("post-card");
    expect(await cards.count()).toBe(7);
    const first = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-post-id")));
    await page.getByTestId("load-more").click();
    await page.waitForURL(/\?cursor=/);
    expect(await cards.count()).toBe(7);
    const next = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-post-id")));
    expect(next.some((id) => first.includes(id))).toBe(false);
    await page.getByRole("link", { name: "← Back to the newest posts" }).waitFor();
    await context.close();
  });

  it("searches from the top bar and says when nothing matches", async () => {
    const page = await signedIn();
    await page.getByLabel("Search posts, dealers, makes, models or VINs").fill("qqqzzzwww");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${BASE_URL}/?search=qqqzzzwww`);
    await page.getByText("No matching dealers found").waitFor();
  });
});
