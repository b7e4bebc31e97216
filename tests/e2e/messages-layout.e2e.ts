import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  hydrated,
  newContext,
  quickLogin,
  seriousAxeViolations,
  sharedBrowser,
  WCAG_21_AA,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

// A 32×24 PNG: the chat shows a photo at its display size whatever the file's own size.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAAKklEQVR42mM4ISdHU8QwasGoBaMWjFpAhAVRUSk0RaMWjFowasGoBUQgAJD4Ki6rlTj8AAAAAElFTkSuQmCC",
  "base64",
);
const OFFER = "Here's the front — clean title, 41k miles. Can you do $28,500 picked up Friday?";
/** A dealer pasting a listing's address: one word wider than a phone. */
const LONG_LINK = `https://dealerlane.app/post/${"0123456789abcdef".repeat(4)}?from=messages`;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("element has no box (not visible)");
  return box;
}

/** A throwaway demo dealership signed in inside `context` (two of them can message each other). */
async function demoDealer(context: BrowserContext): Promise<{ id: string; name: string }> {
  const res = await context.request.post("/api/auth/create-dummy", { headers: { Origin: BASE_URL } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

async function openChat(page: Page, peerId: string) {
  await page.goto(`/messages?chat=${peerId}`);
  await hydrated(page);
  await page.getByTestId("chat-live").filter({ hasText: "Live" }).waitFor();
  await page.getByTestId("message-list").getByText(OFFER).waitFor();
}

const conversationPane = (page: Page) => page.getByTestId("conversation-pane");

/** The composer at this width: its placeholder shows on one line, whole; Send keeps its word on one line. */
async function expectComposerWhole(page: Page) {
  const draft = page.locator("#message-draft");
  const fit = await draft.evaluate((field: HTMLTextAreaElement) => {
    const style = getComputedStyle(field);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(field.placeholder).width, room };
  });
  expect(fit.text, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room);
  const send = page.getByRole("button", { name: "Send", exact: true });
  const lines = await send.evaluate((button) => {
    const range = document.createRange();
    range.selectNodeContents(button);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
}

/** The sent photo shows as a photo, not a strip; the offer's bubble holds whole phrases, not three words. */
async function expectMessagesReadable(page: Page) {
  const photo = await boxOf(page.getByRole("button", { name: "Open photo fender.jpg" }));
  expect(photo.width, JSON.stringify(photo)).toBeGreaterThanOrEqual(200);
  expect(photo.height, JSON.stringify(photo)).toBeGreaterThanOrEqual(120);
  const lines = await page
    .getByTestId("message-list")
    .getByText(OFFER)
    .evaluate((bubble) => {
      const style = getComputedStyle(bubble);
      const text = bubble.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return Math.round(text / parseFloat(style.lineHeight));
    });
  // Two lines on a phone, one or two wider: the squeezed column this replaces took nine.
  expect(lines).toBeLessThanOrEqual(2);
}

describe("/messages on a laptop and a desktop", () => {
  it("gives the conversation the most room at 1024–1920 px, keeps the right column off and folds the Copilot into a panel", async () => {
    const contextA = await newContext(browser);
    const contextB = await newContext(browser);
    const dealerB = await demoDealer(contextB);
    await demoDealer(contextA);
    const page = await contextA.newPage();

    // A sends B a photo and an offer.
    await page.goto(`/messages?chat=${dealerB.id}`);
    await page.getByTestId("chat-live").filter({ hasText: "Live" }).waitFor();
    await page
      .getByTestId("attach-photos")
      .setInputFiles({ name: "fender.png", mimeType: "image/png", buffer: PNG });
    const send = page.getByRole("button", { name: "Send", exact: true });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    await page.getByTestId("attachment-tray").waitFor({ state: "detached" });
    await page.getByLabel(/^Message /).fill(OFFER);
    await page.keyboard.press("Enter");
    await page.getByTestId("receipt").waitFor();

    for (const width of [1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await openChat(page, dealerB.id);
      const conversation = await boxOf(conversationPane(page));
      const columns: Record<string, Box> = {
        menu: await boxOf(
          page.locator("aside").filter({ has: page.getByRole("navigation", { name: "Main" }) }),
        ),
        "chat list": await boxOf(page.getByRole("navigation", { name: "Conversations" })),
      };
      const tools = page.getByTestId("chat-tools-column");
      if (await tools.isVisible()) columns["AI Copilot"] = await boxOf(tools);
      const report = JSON.stringify({ width, conversation, columns });
      expect(conversation.width, report).toBeGreaterThanOrEqual(560);
      for (const column of Object.values(columns))
        expect(conversation.width, report).toBeGreaterThan(column.width);
      // The shell's right column (its Messages panel) is not on this screen.
      expect(await page.getByTestId("messages-panel").count()).toBe(0);
      await expectMessagesReadable(page);
      await expectComposerWhole(page);

      // Where it docks (1600 px and up) the Copilot is open beside the conversation to begin with.
      expect(await tools.isVisible(), report).toBe(width >= 1600);
    }

    // 1920 px: closing the column gives the conversation its room, and the choice holds on the next visit.
    const toggle = page.getByRole("button", { name: "AI Copilot and deal tools" });
    const docked = (await boxOf(conversationPane(page))).width;
    await page.getByTestId("chat-tools-column").getByRole("button", { name: "Close AI Copilot" }).click();
    await page.getByTestId("chat-tools-column").waitFor({ state: "detached" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await openChat(page, dealerB.id);
    await page.waitForTimeout(300);
    expect(await page.getByTestId("chat-tools-column").isVisible()).toBe(false);
    expect((await boxOf(conversationPane(page))).width).toBeGreaterThan(docked + 300);
    await toggle.click();
    await page.getByTestId("chat-tools-column").getByRole("button", { name: "Propose deal" }).waitFor();

    // 1280 px: the panel opens over the conversation and leaves its width alone.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openChat(page, dealerB.id);
    const before = await boxOf(conversationPane(page));
    await toggle.click();
    const sheet = page.getByRole("dialog", { name: "AI Copilot" });
    await sheet.getByRole("button", { name: "Propose deal" }).waitFor();
    expect((await boxOf(conversationPane(page))).width).toBe(before.width);
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    // Radix hands focus back once the closing sheet has unmounted, a frame after it leaves the page.
    await expect.poll(() => toggle.evaluate((button) => button === document.activeElement)).toBe(true);

    await contextA.close();
    await contextB.close();
  });
});

/**
 * The demo account's first chat on a 390 px phone. No service worker, as in every journey's context: it would
 * fetch code out of the page's sight, where a test cuts or slows it.
 */
async function demoChatOnPhone() {
  const context = await newContext(browser, { mobile: true });
  const page = await context.newPage();
  await quickLogin(page, "/messages");
  await hydrated(page);
  await page.getByTestId("chat-list").getByRole("link").first().click();
  await page.getByTestId("chat-live").filter({ hasText: "Live" }).waitFor();
  return { context, page };
}

describe("/messages on a 390 px phone", () => {
  it("reaches the Copilot and Propose deal from the open chat in two taps, with nothing wider than the screen", async () => {
    const contextA = await newContext(browser, { mobile: true });
    const contextB = await newContext(browser);
    const dealerB = await demoDealer(contextB);
    await demoDealer(contextA);
    const page = await contextA.newPage();
    await page.goto(`/messages?chat=${dealerB.id}`);
    await page.getByTestId("chat-live").filter({ hasText: "Live" }).waitFor();
    await page
      .getByTestId("attach-photos")
      .setInputFiles({ name: "fender.png", mimeType: "image/png", buffer: PNG });
    const send = page.getByRole("button", { name: "Send", exact: true });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    await page.getByTestId("attachment-tray").waitFor({ state: "detached" });
    await page.getByLabel(/^Message /).fill(OFFER);
    await page.keyboard.press("Enter");
    await page.getByTestId("receipt").waitFor();
    // A pasted link is one long word: it wraps inside its bubble, which starts and ends on the screen (a sent
    // bubble sits at the right, so a link kept whole ran off the left edge, where no scrolling reaches).
    await page.getByLabel(/^Message /).fill(LONG_LINK);
    await page.keyboard.press("Enter");
    const linkBubble = page.getByTestId("message-list").getByText(LONG_LINK);
    await linkBubble.waitFor();
    await openChat(page, dealerB.id);

    const scrollWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    const link = await boxOf(linkBubble);
    expect(link.x, JSON.stringify(link)).toBeGreaterThanOrEqual(0);
    expect(link.x + link.width, JSON.stringify(link)).toBeLessThanOrEqual(390);

    // The header: the name, the live state and the buttons each keep their own room.
    const header = page.getByRole("region", { name: /^Conversation with / }).locator("header");
    const name = await boxOf(header.getByRole("heading"));
    const live = await boxOf(header.getByTestId("chat-live"));
    expect(overlaps(name, live), JSON.stringify({ name, live })).toBe(false);
    for (const button of await header.getByRole("button").all()) {
      const box = await boxOf(button);
      expect(overlaps(name, box) || overlaps(live, box), JSON.stringify({ name, live, box })).toBe(false);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(name.width).toBeGreaterThanOrEqual(100);
    await expectMessagesReadable(page);
    await expectComposerWhole(page);

    // Tap 1: the header's button opens the sheet with the Copilot and the deal tools.
    await header.getByRole("button", { name: "AI Copilot and deal tools" }).click();
    const sheet = page.getByRole("dialog", { name: "AI Copilot" });
    await sheet.waitFor();
    await sheet
      .getByTestId("copilot-hint")
      .or(sheet.getByText("The AI Copilot comes with the Premium Plan.", { exact: false }))
      .waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    expect(
      await seriousAxeViolations(page, { include: '[data-testid="chat-tools-sheet"]', tags: WCAG_21_AA }),
    ).toEqual([]);
    // Tap 2: Propose deal.
    await sheet.getByRole("button", { name: "Propose deal" }).click();
    await page.getByTestId("propose-deal-dialog").waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    await contextA.close();
    await contextB.close();
  });

  it("says when the deal tools cannot load (no connection) and loads them on Try again", async () => {
    const { context, page } = await demoChatOnPhone();
    const toolsCode = /\/assets\/chat-deal-tools-[^/]*\.js$/;
    await page.route(toolsCode, (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "AI Copilot and deal tools" }).click();
    const sheet = page.getByRole("dialog", { name: "AI Copilot" });
    await sheet
      .getByText("The deal tools could not be loaded", { exact: false })
      .waitFor({ timeout: 10_000 });
    expect(await sheet.getByText("Loading deal tools…").count()).toBe(0);

    await page.unroute(toolsCode);
    await sheet.getByRole("button", { name: "Try again" }).click();
    await sheet.getByRole("button", { name: "Propose deal" }).waitFor({ timeout: 10_000 });
    await context.close();
  });

  it("cancels Propose deal with Escape while its code arrives: no dialog afterwards, the sheet stays", async () => {
    const { context, page } = await demoChatOnPhone();
    await page.getByRole("button", { name: "AI Copilot and deal tools" }).click();
    const sheet = page.getByRole("dialog", { name: "AI Copilot" });
    let arrived!: () => void;
    const dialogCode = new Promise<void>((resolve) => (arrived = resolve));
    await page.route(/\/assets\/propose-deal-dialog-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
      arrived();
    });
    await sheet.getByRole("button", { name: "Propose deal" }).click();
    await page.getByTestId("dialog-loading").waitFor();
    await page.keyboard.press("Escape");
    await dialogCode;
    await page.waitForTimeout(500);
    expect(await page.getByTestId("propose-deal-dialog").count()).toBe(0);
    expect(await page.getByTestId("dialog-loading").count()).toBe(0);
    expect(await sheet.count()).toBe(1);
    await context.close();
  });

  it("shows a Premium dealer the Copilot's hint in the same sheet", async () => {
    const { context, page } = await demoChatOnPhone();
    await page.getByRole("button", { name: "AI Copilot and deal tools" }).click();
    const sheet = page.getByRole("dialog", { name: "AI Copilot" });
    await sheet.getByTestId("copilot-hint").waitFor();
    await sheet.getByRole("button", { name: "Propose deal" }).waitFor();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
