import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, expectToast, newContext, newDealer, quickLogin, sharedBrowser } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

// Both sides are real dealers: the seeded demo dealer behind quick login never messages one
// (worker/db/network-wall.ts).
describe("live messaging between two dealers", () => {
  it("A sends, B sees it without reload, B replies, unread badges update on both sides", async () => {
    const contextA = await newContext(browser);
    const contextB = await newContext(browser);
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();

    const dealerB = await newDealer(contextB, "Riley");
    await newDealer(contextA, "Casey");

    await pageB.goto("/messages");
    await pageB.getByText("No conversations yet.", { exact: true }).waitFor();

    await pageA.goto(`/messages?chat=${dealerB.id}`);
    await pageA.waitForURL(`${BASE_URL}/messages`);
    await pageA.getByTestId("chat-live").filter({ hasText: "Live" }).waitFor();
    await pageA.getByLabel("Message Riley Buyer").fill("Hello Riley — still need a couple of F-150s?");
    await pageA.keyboard.press("Enter");
    await pageA
      .getByTestId("message-list")
      .getByText("Hello Riley — still need a couple of F-150s?")
      .waitFor();

    // B: the conversation appears in the list with an unread badge, and the top bar counts it — no reload.
    await pageB.getByRole("navigation", { name: "Conversations" }).getByText("Casey Buyer").waitFor();
    await pageB.getByTestId("chat-unread").filter({ hasText: "1" }).waitFor();
    await pageB.getByRole("link", { name: "Messages, 1 unread" }).waitFor();

    await pageB.getByRole("navigation", { name: "Conversations" }).getByText("Casey Buyer").click();
    await pageB
      .getByTestId("message-list")
      .getByText("Hello Riley — still need a couple of F-150s?")
      .waitFor();
    await pageB.getByRole("link", { name: "Messages", exact: true }).first().waitFor();
    expect(await pageB.getByTestId("chat-unread").count()).toBe(0);

    // A reads receipts and typing live.
    await pageA.getByTestId("receipt").filter({ hasText: "Seen" }).waitFor();
    await pageB.getByLabel("Message Casey Buyer").pressSequentially("Yes", { delay: 20 });
    await pageA.getByTestId("typing").waitFor();

    // A leaves for the feed; B's reply raises A's badge live.
    await pageA.goto("/");
    await pageB.getByLabel("Message Casey Buyer").fill("Yes — two 2021 XLTs, what's your price?");
    await pageB.getByRole("button", { name: "Send", exact: true }).click();
    await pageA
      .getByRole("link", { name: /^Messages, \d+ unread$/ })
      .first()
      .waitFor();

    await pageA.goto("/messages");
    await pageA.getByRole("navigation", { name: "Conversations" }).getByText("Riley Buyer").click();
    await pageA.getByTestId("message-list").getByText("Yes — two 2021 XLTs, what's your price?").waitFor();
    // At 1280 px the Copilot folds into a panel the dealer opens from the conversation's header.
    await pageA.getByRole("button", { name: "AI Copilot and deal tools" }).click();
    expect(await pageA.getByTestId("copilot-hint").getAttribute("data-kind")).toBe("price");

    await contextA.close();
    await contextB.close();
  });

  it("marks a message it cannot send as failed, with a retry that sends it once", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const peerContext = await newContext(browser);
    const peer = await newDealer(peerContext, "Morgan");
    await newDealer(context, "Quinn");
    await page.goto(`/messages?chat=${peer.id}`);
    await page.getByTestId("chat-live").filter({ hasText: "Live" }).waitFor();

    await context.setOffline(true);
    await page.getByLabel("Message Morgan Buyer").fill("This one cannot leave yet");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByRole("button", { name: /Not sent — Retry/ }).waitFor({ timeout: 15_000 });
    await expectToast(page, "Failed to send message");

    // Back online: the dealer retries — unless the reconnected socket already delivered the queued frame,
    // in which case the message has turned sent by itself. Either way it is stored exactly once.
    await context.setOffline(false);
    await page
      .getByRole("button", { name: /Not sent — Retry/ })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await page.getByTestId("receipt").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("message-list").getByText("This one cannot leave yet").count()).toBe(1);
    await context.close();
    await peerContext.close();
  });

  it("sends from a post card's message popup with the post's title as context, then opens the chat", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await quickLogin(page);
    const card = page
      .locator('[data-testid="post-card"]')
      .filter({ has: page.getByRole("button", { name: "Message", exact: true }) })
      .first();
    await card.waitFor();
    const title = (await card.locator("h3").innerText()).trim();
    await card.getByRole("button", { name: "Message", exact: true }).click();
    const dialog = page.getByRole("dialog");
    const send = dialog.getByRole("button", { name: "Send Message" });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel("Your message").fill("   ");
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel("Your message").fill("Is this still available for pickup Friday?");
    await send.click();
    await expectToast(page, "Your message has been sent to");
    await page.waitForURL(`${BASE_URL}/messages`);
    await page.getByTestId("message-list").getByText("Is this still available for pickup Friday?").waitFor();
    await page.getByTestId("message-list").getByText(`Re: ${title}`).first().waitFor();
    await context.close();
  });
});
