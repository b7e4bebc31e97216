import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  DEALER_PASSWORD,
  DEMO_ACCOUNT,
  expectToast,
  hydrated,
  newContext,
  newDealer,
  sharedBrowser,
  signIn,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});

/** The newest link of an e-mail to `email`, read off the admin outbox page as the admin sees it. */
async function linkFromAdminOutbox(email: string, path: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, "admin@dealerlane.app", DEMO_ACCOUNT.password);
  try {
    for (let i = 0; i < 20; i++) {
      await page.goto("/admin/outbox");
      const entry = page.getByTestId("outbox-entry").filter({ hasText: email }).first();
      if (await entry.count()) {
        await entry.getByText("Show the e-mail").click();
        const text = await entry.locator("pre").innerText();
        const match = new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(text);
        if (match) return match[0];
      }
      await page.waitForTimeout(250);
    }
    throw new Error(`No ${path} e-mail to ${email} in the admin outbox`);
  } finally {
    await context.close();
  }
}

describe("accounts a dealer can trust", () => {
  it("forgot password → the e-mailed link → a new password → signed in, the old session ended", async () => {
    const old = await newContext(browser);
    const { email } = await newDealer(old, "Reese");
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${BASE_URL}/forgot-password`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Check your e-mail").waitFor();

    const link = await linkFromAdminOutbox(email, "/reset-password");
    await page.goto(new URL(link).pathname + new URL(link).search);
    await hydrated(page);
    await page.getByLabel("New password", { exact: true }).fill("my-new-password-1");
    await page.getByLabel("Confirm new password").fill("my-new-password-1");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await expectToast(page, "Password changed");
    expect((await old.request.get("/api/auth/me")).status()).toBe(401);

    // The link works once.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await hydrated(page);
    await page.getByLabel("New password", { exact: true }).fill("another-password-2");
    await page.getByLabel("Confirm new password").fill("another-password-2");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText("This reset link has expired or was already used").waitFor();
    await Promise.all([old.close(), context.close()]);
  });

  it("signs a new dealer up with Google (the local stand-in) and sends them to onboarding; a cancel lands on /login", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/login?redirectTo=/messages");
    await hydrated(page);
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await page.getByRole("heading", { name: "Choose an account" }).waitFor();
    await page.getByText("Local stand-in for Google.").waitFor();
    await page.getByLabel("Name").fill("Gwen Google");
    await page.getByLabel("Email").fill(`google-${Date.now()}@gmail.example`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${BASE_URL}/onboarding`);
    await context.clearCookies();

    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${BASE_URL}/login?google=denied`);
    await expectToast(page, "Google sign-in was cancelled");
    await context.close();
  });

  it("keeps what a dealer types right after pressing Create an account", async () => {
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    await page.goto("/login");
    await hydrated(page);
    // The switch loads like any navigation; a slow network leaves the dealer typing while it does.
    await page.route(/\/login\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole("link", { name: "Create an account" }).click();
    const email = page.getByLabel("Email");
    await email.pressSequentially("fresh.dealer@example.com");
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await page.getByLabel("Confirm Password").waitFor();
    expect(await email.inputValue()).toBe("fresh.dealer@example.com");
    await page.keyboard.type(".us");
    expect(await email.inputValue()).toBe("fresh.dealer@example.com.us");
    // The form checks with the sign-up rules now.
    await page.getByLabel("Password", { exact: true }).fill(DEALER_PASSWORD);
    await page.getByLabel("Confirm Password").fill(`${DEALER_PASSWORD}-typo`);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Passwords do not match");
    expect(page.url()).toBe(`${BASE_URL}/login?mode=signup`);
    await context.close();
  });

  it("lists the dealer's sessions in settings and signs another one out", async () => {
    const office = await newContext(browser);
    const { email } = await newDealer(office, "Sasha");
    const phoneContext = await newContext(browser, { mobile: true });
    const phone = await phoneContext.newPage();
    await signIn(phone, email, DEALER_PASSWORD);

    const page = await office.newPage();
    await page.goto("/");
    // Not confirmed yet: the gentle banner, and Resend.
    await hydrated(page);
    await page.getByTestId("confirm-email-banner").getByRole("button", { name: "Resend" }).click();
    await expectToast(page, "Confirmation sent");

    await page.goto("/settings");
    await hydrated(page);
    const sessions = page.getByTestId("active-session");
    await expect.poll(() => sessions.count()).toBe(2);
    await sessions
      .filter({ hasNotText: "This browser" })
      .getByRole("button", { name: /^Sign out/ })
      .click();
    await expectToast(page, "Signed out");
    await expect.poll(() => sessions.count()).toBe(1);
    await page.getByTestId("security-events").getByText("A session was signed out").waitFor();

    await phone.goto("/settings");
    await phone.waitForURL(/\/login/);
    await Promise.all([office.close(), phoneContext.close()]);
  });
});
