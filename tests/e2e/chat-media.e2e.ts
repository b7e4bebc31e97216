import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, newContext, sharedBrowser } from "./support";

let browser: Browser;
beforeAll(async () => {
  // Only this journey gets Chromium's fake camera and microphone, granted without a prompt.
  browser = await sharedBrowser(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]);
});

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAFg0lEQVR4nBXUIcuDUACFYeMwGQwmWbxxmAwGkyzeKCaDYUmMbxSTwWCSxRuHyWAwifHGYVowLMniovHbd/7AA4fDMQyDk4Fl4BicDYTBxcA3CA2uBtIgNkgNbgaFAQalQW3QGtwNlMHDYDCYDBYDbfA0eBm8DT4GX4PDwDBMTiaWiWNyNhEmFxPfJDS5mkiT2CQ1uZkUJpiUJrVJa3I3USYPk8FkMllMtMnT5GXyNvmYfE0O8wfYnGwsG8fmbCNsLja+TWhztZE2sU1qc7MpbLApbWqb1uZuo2weNoPNZLPYaJunzcvmbfOx+doc9g9wOblYLo7L2UW4XFx8l9Dl6iJdYpfU5eZSuOBSutQurcvdRbk8XAaXyWVx0S5Pl5fL2+Xj8nU53B8gOAksgSM4C4TgIvAFoeAqkIJYkApugkKAoBTUglZwFyjBQzAIJsEi0IKn4CV4Cz6Cr+AQP8Dj5GF5OB5nD+Fx8fA9Qo+rh/SIPVKPm0fhgUfpUXu0HncP5fHwGDwmj8VDezw9Xh5vj4/H1+PwfkDAKcAKcALOASLgEuAHhAHXABkQB6QBt4AigIAyoA5oA+4BKuARMARMAUuADngGvALeAZ+Ab8AR/ICIU4QV4UScI0TEJcKPCCOuETIijkgjbhFFBBFlRB3RRtwjVMQjYoiYIpYIHfGMeEW8Iz4R34gj+gGSk8SSOJKzREguEl8SSq4SKYklqeQmKSRISkktaSV3iZI8JINkkiwSLXlKXpK35CP5Sg75AxJOCVaCk3BOEAmXBD8hTLgmyIQ4IU24JRQJJJQJdUKbcE9QCY+EIWFKWBJ0wjPhlfBO+CR8E47kB2ScMqwMJ+OcITIuGX5GmHHNkBlxRppxyygyyCgz6ow2456hMh4ZQ8aUsWTojGfGK+Od8cn4ZhzZD8g55Vg5Ts45R+RccvycMOeaI3PinDTnllPkkFPm1Dltzj1H5TxyhpwpZ8nROc+cV84755PzzTnyHwAnsMCB8//QuYAPIVz/OyeGFG5Q8J8SamjhDgoeMMAEC2h4wgve8IEvHL/3MipOFVaFU3GuEBWXCr8irLhWyIq4Iq24VRQVVJQVdUVbca9QFY+KoWKqWCp0xbPiVfGu+FR8K47qBzScGqwGp+HcIBouDX5D2HBtkA1xQ9pwaygaaCgb6oa24d6gGh4NQ8PUsDTohmfDq+Hd8Gn4NhzND+g4dVgdTse5Q3RcOvyOsOPaITvijrTj1lF00FF21B1tx71DdTw6ho6pY+nQHc+OV8e749Px7Ti6H6A4KSyFozgrhOKi8BWh4qqQiliRKm6KQv23XipqRau4K5TioRgUk2JRaMVT8VK8FR/FV3GoH9Bz6rF6nJ5zj+i59Pg9Yc+1R/bEPWnPrafooafsqXvannuP6nn0DD1Tz9Kje549r553z6fn23P0P2DkNGKNOCPnETFyGfFHwpHriByJR9KR20gxwkg5Uo+0I/cRNfIYGUamkWVEjzxHXiPvkc/Id+QYf8DMacaacWbOM2LmMuPPhDPXGTkTz6Qzt5lihplypp5pZ+4zauYxM8xMM8uMnnnOvGbeM5+Z78wx/wDNSWNpHM1ZIzQXja8JNVeN1MSaVHPTFPp/6qWm1rSau0ZpHppBM2kWjdY8NS/NW/PRfDWH/gErpxVrxVk5r4iVy4q/Eq5cV+RKvJKu3FaKFVbKlXqlXbmvqJXHyrAyrSwreuW58lp5r3xWvivH+gM2ThvWhrNx3hAblw1/I9y4bsiNeCPduG0UG2yUG/VGu3HfUBuPjWFj2lg29MZz47Xx3vhsfDeO7QfsnHasHWfnvCN2Ljv+Trhz3ZE78U66c9spdtgpd+qddue+o3YeO8POtLPs6J3nzmvnvfPZ+e4cO39nPzU9NX3y5gAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/**
 * A throwaway demo dealership signed in inside `context`: two of them message each other within the demo
 * network, and the journey leaves the sign-up limit per address to the journeys that test sign-up.
 */
async function demoDealer(context: BrowserContext): Promise<{ id: string; name: string }> {
  const res = await context.request.post("/api/auth/create-dummy", { headers: { Origin: BASE_URL } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** A <video> that is playing frames: what "both sides show a playing remote video" means. */
async function playing(page: Page, label: string) {
  await page.waitForFunction(
    (name) => {
      const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`);
      return (
        !!video && !video.paused && video.readyState >= 2 && video.currentTime > 0 && video.videoWidth > 0
      );
    },
    label,
    { timeout: 20_000 },
  );
}

describe("photos, files and a video walk-around in a chat", () => {
  it("A sends a photo and a PDF, B sees them live and opens them; a video call connects both ways and leaves its duration", async () => {
    // A at a desk, B on a phone.
    const contextA = await newContext(browser, { width: 1440 });
    const contextB = await newContext(browser, { mobile: true });
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    const dealerB = await demoDealer(contextB);
    const dealerA = await demoDealer(contextA);

    await pageB.goto(`/messages?chat=${dealerA.id}`);
    await pageA.goto(`/messages?chat=${dealerB.id}`);
    await pageA.getByTestId("chat-live").filter({ hasText: "Live" }).waitFor();
    await pageB.getByTestId("chat-live").filter({ hasText: "Live" }).waitFor();

    // A: a photo from the library and a condition report, each with its progress bar, then Send.
    await pageA
      .getByTestId("attach-photos")
      .setInputFiles({ name: "fender.png", mimeType: "image/png", buffer: PNG });
    await pageA
      .getByTestId("attach-files")
      .setInputFiles({ name: "Condition report.pdf", mimeType: "application/pdf", buffer: PDF });
    const tray = pageA.getByTestId("attachment-tray");
    await tray.getByText("fender.jpg").waitFor();
    await tray.getByText("Condition report.pdf").waitFor();
    const send = pageA.getByRole("button", { name: "Send", exact: true });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    await pageA.getByTestId("attachment-tray").waitFor({ state: "detached" });

    // B: live, a thumbnail and a file card; the photo opens in the viewer, the PDF downloads.
    const list = pageB.getByTestId("message-list");
    await list.getByRole("button", { name: "Open photo fender.jpg" }).waitFor({ timeout: 10_000 });
    const card = list.getByTestId("file-card");
    await card.getByText("Condition report.pdf").waitFor();
    await card.getByText(/PDF · \d+ KB/).waitFor();
    await list.getByRole("button", { name: "Open photo fender.jpg" }).click();
    await pageB.getByTestId("photo-viewer").waitFor();
    const shown = pageB.getByTestId("photo-viewer").locator("img").first();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await pageB.keyboard.press("Escape");
    const download = await card
      .getByRole("link", { name: "Download Condition report.pdf" })
      .getAttribute("href");
    const file = await contextB.request.get(`${BASE_URL}${download}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect((await file.body()).toString("latin1")).toBe(PDF.toString("latin1"));
    // A stranger (a signed-out request) does not get it.
    const stranger = await browser.newContext();
    expect((await stranger.request.get(`${BASE_URL}${download?.split("?")[0]}`)).status()).toBe(404);
    await stranger.close();

    // A calls; B's page rings, B accepts and joins; both see the other's camera.
    await pageA.getByRole("button", { name: "Video call" }).click();
    await pageA
      .getByTestId("call-status")
      .filter({ hasText: `Calling ${dealerB.name}` })
      .waitFor();
    const ring = pageB.getByTestId("incoming-call");
    await ring.getByText(dealerA.name, { exact: true }).waitFor({ timeout: 10_000 });
    await ring.getByRole("button", { name: "Accept" }).click();
    await pageB.getByTestId("call-screen").waitFor({ timeout: 15_000 });
    await playing(pageA, `${dealerB.name}'s video`);
    await playing(pageB, `${dealerA.name}'s video`);
    await pageA
      .getByTestId("call-status")
      .filter({ hasText: /^\d+:\d\d$/ })
      .waitFor();

    await pageA.waitForTimeout(1500);
    await pageA.getByRole("button", { name: "Hang up" }).click();
    for (const page of [pageA, pageB]) {
      await page.getByTestId("call-screen").waitFor({ state: "detached", timeout: 10_000 });
      await page
        .getByTestId("message-list")
        .getByTestId("call-line")
        .filter({ hasText: /Video call · 0:0[1-9]$/ })
        .waitFor({ timeout: 10_000 });
    }
    await contextA.close();
    await contextB.close();
  });
});
