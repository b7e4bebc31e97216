import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN, call, freshIp, linkFromOutbox, sessionCookieOf, signUpDealer } from "./helpers";

/** The account pages as plain HTML forms, before any JavaScript: what each post does and answers. */
async function form(path: string, fields: Record<string, string>, cookie?: string) {
  const headers = new Headers({
    Origin: ORIGIN,
    Host: new URL(ORIGIN).host,
    "CF-Connecting-IP": freshIp(),
    "Content-Type": "application/x-www-form-urlencoded",
  });
  if (cookie) headers.set("Cookie", cookie);
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const page = async (path: string, cookie?: string) =>
  (await SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).text();

describe("account pages before JavaScript", () => {
  it("/login links to Forgot password, and /forgot-password answers the same for any address", async () => {
    expect(await page("/login")).toContain('href="/forgot-password"');
    const dealer = await signUpDealer();
    const known = await form("/forgot-password", { email: dealer.email });
    const unknown = await form("/forgot-password", { email: `nobody-${crypto.randomUUID()}@example.com` });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    for (const answer of [known, unknown]) expect(answer.text).toContain("Check your e-mail");
    expect((await form("/forgot-password", { email: "nope" })).status).toBe(400);
  });

  it("/login tells a suspended dealer so, with support's address and the contact page, and signs nobody in", async () => {
    const dealer = await signUpDealer();
    await env.DB.prepare("update accounts set suspended_at = ? where email = ?")
      .bind(Date.now(), dealer.email)
      .run();
    const answer = await form("/login", { intent: "login", email: dealer.email, password: dealer.password });
    expect(answer.status).toBe(403);
    expect(answer.headers.getSetCookie().some((c) => /^dl_session=[^;]/.test(c))).toBe(false);
    expect(answer.text).toContain('data-testid="suspended-notice"');
    expect(answer.text).toContain("This account is suspended.");
    expect(answer.text).toContain('href="mailto:support@dealerlane.app"');
    expect(answer.text).toContain('href="/contact"');
  });

  it("/reset-password sets the password from the e-mailed link and signs in; a used link says so", async () => {
    const dealer = await signUpDealer();
    await form("/forgot-password", { email: dealer.email });
    const token = await linkFromOutbox(dealer.email, "password-reset");
    expect(await page(`/reset-password?token=${token}`)).toContain("Choose a new password");
    const mismatch = await form("/reset-password", {
      token,
      password: "new-password-1",
      confirmPassword: "new-password-2",
    });
    expect(mismatch.status).toBe(400);
    const done = await form("/reset-password", {
      token,
      password: "new-password-1",
      confirmPassword: "new-password-1",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    expect((await call("GET", "/api/auth/me", { cookie: sessionCookieOf(done.headers) })).status).toBe(200);
    const again = await form("/reset-password", {
      token,
      password: "new-password-1",
      confirmPassword: "new-password-1",
    });
    expect(again.status).toBe(410);
    expect(again.text).toContain("This reset link has expired or was already used");
  });

  it("/verify-email confirms with its button (opening the link changes nothing) and the banner goes", async () => {
    const dealer = await signUpDealer(undefined, undefined, { confirmed: false });
    expect(await page("/", dealer.cookie)).toContain("Please confirm your e-mail");
    const token = await linkFromOutbox(dealer.email, "verify-email");
    expect(await page(`/verify-email?token=${token}`)).toContain("Confirm my e-mail");
    expect((await call("GET", "/api/auth/me", { cookie: dealer.cookie })).json.emailVerified).toBe(false);
    const done = await form("/verify-email", { intent: "confirm", token });
    expect(done.status).toBe(200);
    expect(done.text).toContain("Your e-mail is confirmed");
    expect(await page("/", dealer.cookie)).not.toContain("Please confirm your e-mail");
  });

  it("the banner's Resend sends a new link and comes back to the page", async () => {
    const dealer = await signUpDealer(undefined, undefined, { confirmed: false });
    const first = await linkFromOutbox(dealer.email, "verify-email");
    const resent = await form("/verify-email", { intent: "resend", back: "/settings" }, dealer.cookie);
    expect(resent.status).toBe(302);
    expect(resent.headers.get("Location")).toBe("/settings");
    expect(await linkFromOutbox(dealer.email, "verify-email")).not.toBe(first);
  });

  it("/settings changes the password, signs a session out, and deletes the account with DELETE typed", async () => {
    const dealer = await signUpDealer();
    const other = sessionCookieOf(
      (
        await call("POST", "/api/auth/login", {
          body: { email: dealer.email, password: dealer.password },
          headers: { "CF-Connecting-IP": freshIp() },
        })
      ).headers,
    );
    const settings = await page("/settings", dealer.cookie);
    expect(settings).toContain("Where you&#x27;re signed in");
    expect(settings).toContain("Security activity");

    const wrong = await form(
      "/settings",
      {
        intent: "change-password",
        currentPassword: "nope",
        newPassword: "changed-1",
        confirmPassword: "changed-1",
      },
      dealer.cookie,
    );
    expect(wrong.status).toBe(400);
    const changed = await form(
      "/settings",
      {
        intent: "change-password",
        currentPassword: dealer.password,
        newPassword: "changed-pass-1",
        confirmPassword: "changed-pass-1",
      },
      dealer.cookie,
    );
    expect(changed.status).toBe(200);
    expect((await call("GET", "/api/auth/me", { cookie: other })).status).toBe(401);

    const untyped = await form(
      "/settings",
      { intent: "delete-account", password: "changed-pass-1", confirmation: "yes" },
      dealer.cookie,
    );
    expect(untyped.status).toBe(400);
    const deleted = await form(
      "/settings",
      { intent: "delete-account", password: "changed-pass-1", confirmation: "DELETE" },
      dealer.cookie,
    );
    expect(deleted.status).toBe(302);
    expect((await call("GET", "/api/auth/me", { cookie: dealer.cookie })).status).toBe(401);
  });
});
