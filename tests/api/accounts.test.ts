import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../worker/domain/rate-limits";
import {
  ORIGIN,
  call,
  confirmEmail,
  freshIp,
  linkFromOutbox,
  sessionCookieOf,
  signUpDealer,
} from "./helpers";

const ip = () => ({ "CF-Connecting-IP": freshIp() });
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

const signIn = (email: string, password: string, userAgent = CHROME_MAC) =>
  call("POST", "/api/auth/login", {
    body: { email, password },
    headers: { ...ip(), "User-Agent": userAgent },
  });

const forgot = (email: string, headers: Record<string, string> = ip()) =>
  call("POST", "/api/auth/forgot-password", { body: { email }, headers });

const outboxCount = async (email: string, template: string) =>
  (
    await env.OUTBOX_DB.prepare("select count(*) as n from outbox where recipient = ? and template = ?")
      .bind(email, template)
      .first<{ n: number }>()
  )?.n ?? 0;

const eventsOf = async (cookie: string) =>
  (await call("GET", "/api/account/security-events", { cookie })).json as unknown as {
    type: string;
    device: string;
  }[];

describe("forgot password", () => {
  it("answers the same for a known and an unknown e-mail, and e-mails only the account", async () => {
    const dealer = await signUpDealer();
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    const [known, stranger] = [await forgot(dealer.email), await forgot(unknown)];
    expect(known.status).toBe(204);
    expect(stranger.status).toBe(204);
    expect(known.text).toBe(stranger.text);
    expect([...known.headers.keys()].sort()).toEqual([...stranger.headers.keys()].sort());
    const token = await linkFromOutbox(dealer.email, "password-reset");
    expect(token.length).toBeGreaterThan(30);
    expect(await outboxCount(unknown, "password-reset")).toBe(0);
    // Only the SHA-256 of the token is stored.
    const stored = await env.DB.prepare(
      "select token_hash from account_tokens where purpose = 'password-reset'",
    ).all<{ token_hash: string }>();
    expect(stored.results.map((r) => r.token_hash)).not.toContain(token);
    const mail = await env.OUTBOX_DB.prepare(
      "select body_text, subject, category from outbox where recipient = ? and template = 'password-reset'",
    )
      .bind(dealer.email)
      .first<{ body_text: string; subject: string; category: string }>();
    expect(mail?.body_text).toContain(`/reset-password?token=${token}`);
    expect(mail?.body_text).toContain("30 minutes");
    expect(mail?.category).toBe("transactional");
  });

  it("is rate-limited per e-mail and per address, alike for unknown e-mails", async () => {
    const email = `nobody-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < LIMITS.accountLinkEmailsPerEmail.max; i++)
      expect((await forgot(email)).status).toBe(204);
    const limited = await forgot(email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const address = ip();
    for (let i = 0; i < LIMITS.accountLinkEmailsPerIp.max; i++)
      expect((await forgot(`x${i}-${crypto.randomUUID()}@example.com`, address)).status).toBe(204);
    expect((await forgot(`late-${crypto.randomUUID()}@example.com`, address)).status).toBe(429);
  });

  it("links to the configured address, whatever Host the request names", async () => {
    const dealer = await signUpDealer();
    const hostile = "http://evil.example";
    const headers = { ...ip(), Host: "evil.example", Origin: hostile, "Content-Type": "application/json" };
    const api = await SELF.fetch(`${hostile}/api/auth/forgot-password`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: dealer.email }),
    });
    expect(api.status).toBe(204);
    const page = await SELF.fetch(`${hostile}/forgot-password`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: dealer.email }),
    });
    expect(page.status).toBe(200);
    await linkFromOutbox(dealer.email, "password-reset");
    for (let i = 0; i < 100 && (await outboxCount(dealer.email, "password-reset")) < 2; i++)
      await new Promise((r) => setTimeout(r, 20));
    const mails = await env.OUTBOX_DB.prepare(
      "select body_text, body_html from outbox where recipient = ? and template = 'password-reset'",
    )
      .bind(dealer.email)
      .all<{ body_text: string; body_html: string }>();
    expect(mails.results).toHaveLength(2);
    for (const mail of mails.results) {
      expect(mail.body_text).toMatch(new RegExp(`${ORIGIN}/reset-password\\?token=[A-Za-z0-9_-]+`));
      expect(mail.body_text + mail.body_html).not.toContain("evil.example");
    }
  });

  it("checks the e-mail like sign-up does", async () => {
    const bad = await forgot("not-an-email");
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("Please enter a valid e-mail address");
  });
});

describe("reset password", () => {
  const reset = (token: string, password: string) =>
    call("POST", "/api/auth/reset-password", { body: { token, password }, headers: ip() });

  it("sets the new password, signs in, ends every other session, and the link works once", async () => {
    const dealer = await signUpDealer();
    const other = sessionCookieOf((await signIn(dealer.email, dealer.password, SAFARI_IPHONE)).headers);
    await forgot(dealer.email);
    const token = await linkFromOutbox(dealer.email, "password-reset");

    const done = await reset(token, "a-brand-new-password");
    expect(done.status, done.text).toBe(200);
    expect(done.json.email).toBe(dealer.email);
    const fresh = sessionCookieOf(done.headers);
    expect((await call("GET", "/api/auth/me", { cookie: fresh })).status).toBe(200);
    for (const old of [dealer.cookie, other])
      expect((await call("GET", "/api/auth/me", { cookie: old })).status).toBe(401);

    expect((await signIn(dealer.email, dealer.password)).status).toBe(401);
    expect((await signIn(dealer.email, "a-brand-new-password")).status).toBe(200);

    const again = await reset(token, "yet-another-password");
    expect(again.status).toBe(410);
    expect(again.json.message).toBe("This reset link has expired or was already used. Ask for a new one.");
    expect((await eventsOf(fresh)).map((e) => e.type)).toEqual(
      expect.arrayContaining(["password-reset-requested", "password-reset"]),
    );
  });

  it("refuses an expired link (410), a forged one (400) and a short password (400)", async () => {
    const dealer = await signUpDealer();
    await forgot(dealer.email);
    const token = await linkFromOutbox(dealer.email, "password-reset");
    const short = await reset(token, "short");
    expect(short.status).toBe(400);
    expect(short.json.message).toBe("Password must be at least 8 characters");

    const forged = await reset("f".repeat(43), "long-enough-password");
    expect(forged.status).toBe(400);
    expect(forged.json.message).toBe("This reset link is not valid. Ask for a new one.");

    await env.DB.prepare("update account_tokens set expires_at = ? where purpose = 'password-reset'")
      .bind(Date.now() - 1)
      .run();
    const expired = await reset(token, "long-enough-password");
    expect(expired.status).toBe(410);
    expect((await signIn(dealer.email, dealer.password)).status).toBe(200);
  });

  it("makes an earlier link stop working when a new one is asked for", async () => {
    const dealer = await signUpDealer();
    await forgot(dealer.email);
    const first = await linkFromOutbox(dealer.email, "password-reset");
    await new Promise((r) => setTimeout(r, 5));
    await forgot(dealer.email);
    let second = first;
    for (let i = 0; i < 100 && second === first; i++) {
      second = await linkFromOutbox(dealer.email, "password-reset");
      if (second === first) await new Promise((r) => setTimeout(r, 20));
    }
    expect(second).not.toBe(first);
    expect((await reset(first, "long-enough-password")).status).toBe(410);
    expect((await reset(second, "long-enough-password")).status).toBe(200);
  });
});

describe("e-mail confirmation", () => {
  it("sends a link at sign-up; until it is opened, alerts and test sends wait in the outbox", async () => {
    const dealer = await signUpDealer(undefined, undefined, { confirmed: false });
    const me = await call("GET", "/api/auth/me", { cookie: dealer.cookie });
    expect(me.json.emailVerified).toBe(false);

    const test = await call("POST", "/api/notifications/test-email", {
      cookie: dealer.cookie,
      body: { email: dealer.email, subject: "Hello", message: "Testing" },
    });
    expect(test.status).toBe(202);
    expect(test.json.status).toBe("held");

    await confirmEmail(dealer.email);
    expect((await call("GET", "/api/auth/me", { cookie: dealer.cookie })).json.emailVerified).toBe(true);
    const row = await env.OUTBOX_DB.prepare("select status from outbox where id = ?")
      .bind(test.json.id as string)
      .first<{ status: string }>();
    expect(row?.status).not.toBe("held");
    expect((await eventsOf(dealer.cookie)).map((e) => e.type)).toContain("email-verified");
  });

  it("resends a new link (the old one stops working), refuses once confirmed, and spent links answer 410", async () => {
    const dealer = await signUpDealer(undefined, undefined, { confirmed: false });
    const first = await linkFromOutbox(dealer.email, "verify-email");
    const resent = await call("POST", "/api/auth/resend-verification", { cookie: dealer.cookie });
    expect(resent.status).toBe(204);
    const second = await linkFromOutbox(dealer.email, "verify-email");
    expect(second).not.toBe(first);
    const verify = (token: string) =>
      call("POST", "/api/auth/verify-email", { body: { token }, headers: ip() });
    expect((await verify(first)).status).toBe(410);
    const ok = await verify(second);
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ email: dealer.email, emailVerified: true });
    expect((await verify(second)).status).toBe(410);
    expect((await verify("made-up-token")).status).toBe(400);
    const already = await call("POST", "/api/auth/resend-verification", { cookie: dealer.cookie });
    expect(already.status).toBe(409);
  });

  it("limits resends per account", async () => {
    const dealer = await signUpDealer(undefined, undefined, { confirmed: false });
    for (let i = 0; i < LIMITS.resendVerificationPerAccount.max; i++)
      expect((await call("POST", "/api/auth/resend-verification", { cookie: dealer.cookie })).status).toBe(
        204,
      );
    const limited = await call("POST", "/api/auth/resend-verification", { cookie: dealer.cookie });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/confirmation e-mails/);
  });

  it("holds an unconfirmed dealer's alert e-mails and sends them once confirmed", async () => {
    const buyer = await signUpDealer(undefined, undefined, { confirmed: false });
    const trigger = await call("POST", "/api/notifications/trigger-deal-alert", {
      cookie: buyer.cookie,
      body: { userEmail: buyer.email, vehicleData: { vehicleInfo: "2021 Ford F-150", price: "35000" } },
    });
    expect(trigger.status, trigger.text).toBeLessThan(300);
    const outbox = trigger.json.outbox as unknown as { channel: string; status: string }[];
    expect(outbox.find((o) => o.channel === "email")?.status).toBe("held");
    const held = async () =>
      (
        await env.OUTBOX_DB.prepare(
          "select count(*) as n from outbox where recipient = ? and status = 'held'",
        )
          .bind(buyer.email)
          .first<{ n: number }>()
      )?.n ?? 0;
    expect(await held()).toBe(1);
    await confirmEmail(buyer.email);
    expect(await held()).toBe(0);
  });
});

describe("sessions and password in settings", () => {
  it("lists the account's sessions with device and place, this one marked", async () => {
    const dealer = await signUpDealer();
    const phone = await call("POST", "/api/auth/login", {
      body: { email: dealer.email, password: dealer.password },
      headers: { ...ip(), "User-Agent": SAFARI_IPHONE },
    });
    const phoneCookie = sessionCookieOf(phone.headers);
    const list = await call("GET", "/api/account/sessions", { cookie: phoneCookie });
    expect(list.status).toBe(200);
    const sessions = list.json as unknown as { id: string; device: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)?.device).toBe("Safari on iPhone");
    expect(JSON.stringify(sessions)).not.toMatch(/dl_session|token/i);
  });

  it("signs out one session, and everywhere else", async () => {
    const dealer = await signUpDealer();
    const second = sessionCookieOf((await signIn(dealer.email, dealer.password)).headers);
    const third = sessionCookieOf((await signIn(dealer.email, dealer.password, SAFARI_IPHONE)).headers);
    const sessions = (await call("GET", "/api/account/sessions", { cookie: dealer.cookie }))
      .json as unknown as { id: string; device: string; current: boolean }[];
    const phone = sessions.find((s) => s.device === "Safari on iPhone");
    expect(phone).toBeDefined();

    const ended = await call("DELETE", `/api/account/sessions/${phone!.id}`, { cookie: dealer.cookie });
    expect(ended.status).toBe(204);
    expect((await call("GET", "/api/auth/me", { cookie: third })).status).toBe(401);
    expect(
      (await call("DELETE", `/api/account/sessions/${phone!.id}`, { cookie: dealer.cookie })).status,
    ).toBe(404);

    // Another account cannot end this one's sessions.
    const stranger = await signUpDealer();
    const mine = (await call("GET", "/api/account/sessions", { cookie: dealer.cookie })).json as unknown as {
      id: string;
      current: boolean;
    }[];
    const target = mine.find((s) => !s.current)!;
    expect(
      (await call("DELETE", `/api/account/sessions/${target.id}`, { cookie: stranger.cookie })).status,
    ).toBe(404);

    const others = await call("POST", "/api/account/sessions/end-others", { cookie: dealer.cookie });
    expect(others.status).toBe(200);
    expect(others.json).toEqual({ signedOutSessions: 1 });
    expect((await call("GET", "/api/auth/me", { cookie: second })).status).toBe(401);
    expect((await call("GET", "/api/auth/me", { cookie: dealer.cookie })).status).toBe(200);
    expect((await eventsOf(dealer.cookie)).map((e) => e.type)).toEqual(
      expect.arrayContaining(["session-ended", "other-sessions-ended"]),
    );
  });

  it("changes the password with the current one; other sessions end, this one stays", async () => {
    const dealer = await signUpDealer();
    const other = sessionCookieOf((await signIn(dealer.email, dealer.password)).headers);
    const change = (currentPassword: string, newPassword: string) =>
      call("POST", "/api/account/password", {
        cookie: dealer.cookie,
        body: { currentPassword, newPassword },
      });

    const wrong = await change("not-my-password", "another-long-one");
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe("Your current password is not correct");
    expect(wrong.json.issues).toEqual([
      { path: "currentPassword", message: "Your current password is not correct" },
    ]);
    expect((await change(dealer.password, "short")).status).toBe(400);

    const ok = await change(dealer.password, "another-long-one");
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ signedOutSessions: 1 });
    expect((await call("GET", "/api/auth/me", { cookie: other })).status).toBe(401);
    expect((await call("GET", "/api/auth/me", { cookie: dealer.cookie })).status).toBe(200);
    expect((await signIn(dealer.email, "another-long-one")).status).toBe(200);
  });

  it("stops guessing the current password from a stolen session", async () => {
    const dealer = await signUpDealer();
    for (let i = 0; i < LIMITS.passwordChecksPerAccount.max; i++) {
      const res = await call("POST", "/api/account/password", {
        cookie: dealer.cookie,
        body: { currentPassword: `guess-${i}`, newPassword: "another-long-one" },
      });
      expect(res.status).toBe(400);
    }
    const limited = await call("POST", "/api/account/password", {
      cookie: dealer.cookie,
      body: { currentPassword: dealer.password, newPassword: "another-long-one" },
    });
    expect(limited.status).toBe(429);
  });
});

describe("the audit trail", () => {
  it("records sign-ups, sign-ins, failed sign-ins and password changes, newest first, with the device", async () => {
    const dealer = await signUpDealer();
    expect((await signIn(dealer.email, "wrong-password")).status).toBe(401);
    await signIn(dealer.email, dealer.password, SAFARI_IPHONE);
    await call("POST", "/api/account/password", {
      cookie: dealer.cookie,
      body: { currentPassword: dealer.password, newPassword: "another-long-one" },
    });
    let events = await eventsOf(dealer.cookie);
    for (let i = 0; i < 50 && !events.some((e) => e.type === "sign-in-failed"); i++) {
      await new Promise((r) => setTimeout(r, 20));
      events = await eventsOf(dealer.cookie);
    }
    const types = events.map((e) => e.type);
    expect(types[0]).toBe("password-changed");
    expect(types).toEqual(
      expect.arrayContaining(["signed-up", "email-verified", "sign-in-failed", "signed-in"]),
    );
    expect(events.find((e) => e.type === "signed-in")?.device).toBe("Safari on iPhone");
    // Only the account's own events.
    const stranger = await signUpDealer();
    expect((await eventsOf(stranger.cookie)).map((e) => e.type)).not.toContain("password-changed");
  });

  it("pages with X-Next-Cursor and refuses a crafted cursor", async () => {
    const dealer = await signUpDealer();
    await signIn(dealer.email, dealer.password);
    const first = await call("GET", "/api/account/security-events?limit=2", { cookie: dealer.cookie });
    expect(first.json).toHaveLength(2);
    const cursor = first.headers.get("X-Next-Cursor");
    expect(cursor).toBeTruthy();
    const next = await call("GET", `/api/account/security-events?limit=2&cursor=${cursor}`, {
      cookie: dealer.cookie,
    });
    expect(next.status).toBe(200);
    expect((next.json as unknown as unknown[]).length).toBeGreaterThan(0);
    expect(
      (await call("GET", "/api/account/security-events?cursor=nope", { cookie: dealer.cookie })).status,
    ).toBe(400);
  });
});
