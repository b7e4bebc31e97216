import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  cancelVerifyIfOpen,
  expectToast,
  hydrated,
  newContext,
  newDealer,
  queryD1,
  sharedBrowser,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

const headers = { Origin: BASE_URL };

/** What the seller announced (written straight to D1: the listing forms that ask it are another change). */
const DISCLOSURES = {
  frameDamage: "no",
  floodOrFire: "no",
  titleBrand: "no",
  odometerNotActual: "no",
  airbags: "no",
  engineOrTransmission: "no",
  warningLights: "yes",
  priorPaintOrBody: "yes",
  keys: 1,
  notes: "Check engine light on; tailgate repainted",
};

/** The disclosures a section shows, as a dealer reads them: question and answer per line. */
const disclosuresText = (page: Page, scope: string) =>
  page
    .locator(scope)
    .getByTestId("disclosures")
    .first()
    .innerText()
    .then((t) =>
      t
        .replace(/\s+/g, " ")
        .replace(/^(Seller's disclosures|Disclosures agreed on) /, "")
        .trim(),
    );

describe("an offer between two dealers, from the feed to Pass Thru Sales", () => {
  it("B offers on A's truck from the feed, A counters from the chat, B accepts on a phone, both see the deal", async () => {
    const contextA = await newContext(browser);
    const contextB = await newContext(browser, { mobile: true });
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    const sellerA = await newDealer(contextA, "Avery", { lastName: "Stone" });
    const buyerB = await newDealer(contextB, "Jordan", { lastName: "Reyes" });

    const title = `2020 Ford F-150 XLT, offers welcome ${Date.now()}`;
    const post = await contextA.request.post("/api/inventory", {
      headers,
      data: {
        title,
        type: "single",
        description: "One owner",
        vehicles: [
          {
            year: 2020,
            make: "Ford",
            model: "F-150",
            trim: "XLT",
            mileage: 38000,
            price: 32000,
            city: "Tulsa",
            state: "OK",
            disclosures: DISCLOSURES,
          },
        ],
      },
    });
    expect(post.status()).toBe(201);
    const postId = ((await post.json()) as { id: string }).id;

    // B, on a phone, finds the truck in the feed and offers.
    await pageB.goto(`/?search=${encodeURIComponent(title)}`);
    await hydrated(pageB);
    const card = pageB.getByTestId("post-card").filter({ hasText: "2020 Ford F-150" }).first();
    await card.getByRole("button", { name: "Make offer" }).click();
    const dialog = pageB.getByTestId("make-offer-dialog");
    await dialog.waitFor();
    const seenWhenOffering = await disclosuresText(pageB, '[data-testid="make-offer-dialog"]');
    await dialog.getByLabel("Your price (USD)").fill("29000");
    await dialog.getByLabel("Message (optional)").fill("Can pick it up Friday");
    await dialog.getByRole("button", { name: "Send offer" }).click();
    await expectToast(pageB, "Offer sent");

    // A, at the desk, counters from the chat the offer opened.
    await pageA.goto(`/messages?chat=${buyerB.id}`);
    await hydrated(pageA);
    const chatCard = pageA.getByTestId("offer-chat-card").filter({ hasText: "offered $29,000" }).last();
    await chatCard.waitFor();
    await chatCard.getByRole("button", { name: "Counter" }).click();
    await chatCard.getByLabel("Your price (USD)").fill("30500");
    await chatCard.getByRole("button", { name: "Send counter" }).click();
    await expectToast(pageA, "Counter-offer sent");
    await pageA.getByTestId("offer-chat-card").filter({ hasText: "You countered at $30,500" }).waitFor();

    // B accepts on the phone, from the Offers screen.
    await pageB.goto("/offers");
    await hydrated(pageB);
    const offer = pageB.getByTestId("offer-card").filter({ hasText: "2020 Ford F-150" }).first();
    await offer.getByText("Your turn to answer").waitFor();
    expect(await offer.getByTestId("offer-price").innerText()).toBe("$30,500");
    await offer.getByTestId("countdown").waitFor();
    await offer.getByText("Disclosures this offer was made on").click();
    const seenWhenAccepting = await disclosuresText(pageB, '[data-testid="offer-card"]');
    expect(seenWhenAccepting).toMatch(/^Warning lights on YES Prior paint or body work YES Frame/);
    expect(seenWhenAccepting).toContain("Check engine light on; tailgate repainted");
    // What B read in the form is what the offer keeps.
    expect(seenWhenOffering).not.toMatch(/No disclosures/);
    expect(seenWhenOffering).toBe(seenWhenAccepting);
    await offer.getByRole("button", { name: "Accept" }).click();
    await pageB.getByTestId("accept-offer-dialog").getByRole("button", { name: "Accept offer" }).click();
    await expectToast(pageB, "Offer accepted");
    await offer.getByText("Accepted: the deal is confirmed").waitFor();

    // A later edit of the listing's disclosures changes nothing agreed.
    queryD1(`update vehicles set disclosures = null where post_id = '${postId}'`);

    // Both see the deal in Pass Thru Sales, and it carries the disclosures B saw.
    for (const page of [pageB, pageA]) {
      await page.goto("/pass-thru-sales");
      await hydrated(page);
      await cancelVerifyIfOpen(page);
      const sale = page.getByTestId("pass-thru-sale").filter({ hasText: "2020 Ford F-150" });
      await sale.waitFor();
      await sale.click();
      const detail = page.getByTestId("pass-thru-detail");
      await detail.getByText("$30,500").first().waitFor();
      expect(await disclosuresText(page, '[data-testid="pass-thru-detail"]')).toBe(seenWhenAccepting);
      await detail.getByRole("button", { name: "Close" }).first().click();
    }
    expect(sellerA.id).toBeTruthy();
    await contextA.close();
    await contextB.close();
  });
});
