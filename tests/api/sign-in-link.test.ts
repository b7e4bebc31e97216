import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SIGN_IN_LINK_MINUTES } from "#lib/constants";
import { LIMITS } from "../../worker/domain/rate-limits";
import { ORIGIN, call, freshIp, linkFromOutbox, sessionCookieOf, signUpDealer } from "./helpers";

/**
 * "E-mail me a sign-in link": the owner's way in that wrong passwords cannot block. Wrong passwords from many
 * addresses make a new browser wait (docs/decisions/0008-sign-in-throttling.md); the link from the owner's
 * mailbox still signs that browser in.
 */

const ip = () => ({ "CF-Connecting-IP": freshIp() });

const signIn = (email: string, password: string) =>
  call("POST", "/api/auth/login", { body: { email, password }, headers: ip() });

const askForLink = (email: string, headers: Record<string, string> = ip()) =>
  call("POST", "/api/auth/email-sign-in-link", { body: { email }, headers });

const useLink = (token: string, headers: Record<string, string> = ip()) =>
  call("POST", "/api/auth/sign-in-with-link", { body: { token }, headers });

/** Wrong passwords for `email`, each from a different address, until a new browser must wait. */
async function throttlePassword(email: string, password: string) {
  for (let i = 0; i < LIMITS.signInPerAccount.max; i++)
    expect((await signIn(email, `wrong-guess-${i}`)).status).toBe(401);
  expect((await signIn(email, password)).status).toBe(429);
}

const outboxCount = async (email: string) =>
  (
    await env.OUTBOX_DB.prepare(
      "select count(*) as n from outbox where recipient = ? and template = 'sign-in-link'",
    )
      .bind(email)
      .first<{ n: number }>()
  )?.n ?? 0;

/** A page form as a browser posts it before JavaScript loads. */
async function form(path: string, fields: Record<string, string>, headers: Record<string, string> = ip()) {
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("sign-in link (API)", { timeout: 60_000 }, () => {
  it("signs the owner in from a new browser while wrong passwords hold the password back", async () => {
    const owner = await signUpDealer();
    await throttlePassword(owner.email, owner.password);

    const asked = await askForLink(owner.email);
    expect(asked.status).toBe(204);
    const token = await linkFromOutbox(owner.email, "sign-in-link");
    const mail = await env.OUTBOX_DB.prepare(
      "select body_text, category from outbox where recipient = ? and template = 'sign-in-link'",
    )
      .bind(owner.email)
      .first<{ body_text: string; category: string }>();
    expect(mail?.body_text).toContain(`${ORIGIN}/sign-in-link?token=${token}`);
    expect(mail?.body_text).toContain(`${SIGN_IN_LINK_MINUTES} minutes`);
    expect(mail?.category).toBe("transactional");

    const used = await useLink(token);
    expect(used.status, used.text).toBe(200);
    expect(used.json.email).toBe(owner.email);
    const session = sessionCookieOf(used.headers);
    expect((await call("GET", "/api/auth/me", { cookie: session })).json.id).toBe(owner.dealerId);
    const device = used.headers.getSetCookie().find((c) => c.startsWith("dl_device="));
    expect(device).toBeTruthy();

    const events = (await call("GET", "/api/account/security-events", { cookie: session }))
      .json as unknown as { type: string }[];
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["sign-in-link-requested", "signed-in-with-link"]),
    );
    // The browser the link signed in is a known one now: its password works there despite the attack.
    const again = await call("POST", "/api/auth/login", {
      body: { email: owner.email, password: owner.password },
      headers: ip(),
      cookie: device!.split(";")[0],
    });
    expect(again.status).toBe(200);
  });

  it("works once; a used, expired or forged link gets a clear message, not a 500", async () => {
    const owner = await signUpDealer();
    await askForLink(owner.email);
    const token = await linkFromOutbox(owner.email, "sign-in-link");
    expect((await useLink(token)).status).toBe(200);
    const spent = await useLink(token);
    expect(spent.status).toBe(410);
    expect(spent.json.message).toBe("This sign-in link has expired or was already used. Ask for a new one.");
    expect(spent.headers.getSetCookie().some((c) => c.startsWith("dl_session="))).toBe(false);

    await askForLink(owner.email);
    const late = await linkFromOutbox(owner.email, "sign-in-link");
    await env.DB.prepare(
      "update account_tokens set expires_at = ? where purpose = 'sign-in' and used_at is null",
    )
      .bind(Date.now() - 1000)
      .run();
    expect((await useLink(late)).status).toBe(410);

    const forged = await useLink("f".repeat(43));
    expect(forged.status).toBe(400);
    expect(forged.json.message).toBe("This sign-in link is not valid. Ask for a new one.");
    expect((await useLink("")).status).toBe(400);
    // A reset link is not a sign-in link.
    await call("POST", "/api/auth/forgot-password", { body: { email: owner.email }, headers: ip() });
    expect((await useLink(await linkFromOutbox(owner.email, "password-reset"))).status).toBe(400);
  });

  it("answers the same for an unknown e-mail and sends it nothing", async () => {
    const owner = await signUpDealer();
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    const [known, stranger] = [await askForLink(owner.email), await askForLink(unknown)];
    expect(known.status).toBe(204);
    expect(stranger.status).toBe(204);
    expect(known.text).toBe(stranger.text);
    await linkFromOutbox(owner.email, "sign-in-link");
    expect(await outboxCount(unknown)).toBe(0);
    expect((await askForLink("not-an-email")).status).toBe(400);
  });

  it("is limited exactly like password resets, one budget for both", async () => {
    const email = `nobody-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < LIMITS.accountLinkEmailsPerEmail.max; i++) {
      const res =
        i % 2 === 0
          ? await askForLink(email)
          : await call("POST", "/api/auth/forgot-password", { body: { email }, headers: ip() });
      expect(res.status).toBe(204);
    }
    const limited = await askForLink(email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const reset = await call("POST", "/api/auth/forgot-password", { body: { email }, headers: ip() });
    expect(reset.status).toBe(429);

    const address = ip();
    for (let i = 0; i < LIMITS.accountLinkEmailsPerIp.max; i++)
      expect((await askForLink(`x${i}-${crypto.randomUUID()}@example.com`, address)).status).toBe(204);
    expect((await askForLink(`late-${crypto.randomUUID()}@example.com`, address)).status).toBe(429);
  });

  it("sends nothing to the demo network, and refuses a suspended account with 403", async () => {
    const demo = await signUpDealer();
    await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(demo.dealerId).run();
    expect((await askForLink(demo.email)).status).toBe(204);

    const suspended = await signUpDealer();
    await askForLink(suspended.email);
    const token = await linkFromOutbox(suspended.email, "sign-in-link");
    await env.DB.prepare("update accounts set suspended_at = ? where email = ?")
      .bind(Date.now(), suspended.email)
      .run();
    const refused = await useLink(token);
    expect(refused.status).toBe(403);
    expect(refused.headers.getSetCookie().some((c) => c.startsWith("dl_session="))).toBe(false);
    expect(await outboxCount(demo.email)).toBe(0);
  });
});

describe("sign-in link (pages, before JavaScript)", { timeout: 60_000 }, () => {
  it("/login offers it, and /sign-in-link answers the same for any address", async () => {
    expect(await (await SELF.fetch(`${ORIGIN}/login`)).text()).toContain('href="/sign-in-link"');
    const page = await (await SELF.fetch(`${ORIGIN}/sign-in-link`)).text();
    expect(page).toContain("E-mail me a sign-in link");
    const owner = await signUpDealer();
    const known = await form("/sign-in-link", { intent: "email-link", email: owner.email });
    const unknown = await form("/sign-in-link", {
      intent: "email-link",
      email: `nobody-${crypto.randomUUID()}@example.com`,
    });
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain("Check your e-mail");
    }
    const bad = await form("/sign-in-link", { intent: "email-link", email: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Please enter a valid e-mail address");
  });

  it("signs a throttled owner in from a new browser with the e-mailed link, once", async () => {
    const owner = await signUpDealer();
    await throttlePassword(owner.email, owner.password);
    const refused = await form("/login?index", {
      intent: "login",
      email: owner.email,
      password: owner.password,
    });
    expect(refused.status).toBe(429);

    expect((await form("/sign-in-link", { intent: "email-link", email: owner.email })).status).toBe(200);
    const token = await linkFromOutbox(owner.email, "sign-in-link");
    // Opening the link (a mail scanner does) spends nothing: the button does.
    expect(await (await SELF.fetch(`${ORIGIN}/sign-in-link?token=${token}`)).text()).toContain("Sign me in");

    const done = await form(`/sign-in-link?token=${token}`, { intent: "sign-in", token });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    const session = sessionCookieOf(done.headers);
    expect((await call("GET", "/api/auth/me", { cookie: session })).json.id).toBe(owner.dealerId);

    const again = await form(`/sign-in-link?token=${token}`, { intent: "sign-in", token });
    expect(again.status).toBe(410);
    expect(again.text).toContain("This sign-in link has expired or was already used");
    expect(again.text).toContain("E-mail me a new sign-in link");
    const forged = await form("/sign-in-link?token=x", { intent: "sign-in", token: "x" });
    expect(forged.status).toBe(400);
    expect(forged.text).toContain("This sign-in link is not valid");
    const empty = await form("/sign-in-link?token=x", { intent: "sign-in", token: "" });
    expect(empty.status).toBe(400);
  });

  it("is limited like the reset page", async () => {
    const email = `nobody-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < LIMITS.accountLinkEmailsPerEmail.max; i++)
      expect((await form("/sign-in-link", { intent: "email-link", email })).status).toBe(200);
    const limited = await form("/sign-in-link", { intent: "email-link", email });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.text).toContain("Too many attempts");
  });
});
