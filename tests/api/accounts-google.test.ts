import { SELF, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { ORIGIN, call, freshIp, signUpDealer } from "./helpers";

/**
 * Google sign-in end to end against a local fake of Google's token endpoint: the worker's fetch to
 * oauth2.googleapis.com is answered here, with an ID token made for each test.
 */
const CLIENT_ID = "dealerlane-test.apps.googleusercontent.com";
const TOKEN_URL = "https://oauth2.googleapis.com/token";

const b64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

type Claims = Record<string, unknown>;
const idToken = (claims: Claims) =>
  `${b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${b64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;

const claimsFor = (email: string, extra: Claims = {}): Claims => ({
  iss: "https://accounts.google.com",
  aud: CLIENT_ID,
  exp: Math.floor(Date.now() / 1000) + 600,
  iat: Math.floor(Date.now() / 1000),
  sub: `google-${crypto.randomUUID()}`,
  email,
  email_verified: true,
  ...extra,
});

let nextClaims: Claims | null = null;
let tokenStatus = 200;
let exchanges: URLSearchParams[] = [];
const realFetch = globalThis.fetch;

beforeEach(() => {
  exchanges = [];
  tokenStatus = 200;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url !== TOKEN_URL) return realFetch(input, init);
    exchanges.push(new URLSearchParams(await request.text()));
    if (tokenStatus !== 200)
      return Response.json(
        { error: "invalid_grant", error_description: "Bad code" },
        { status: tokenStatus },
      );
    return Response.json({
      access_token: "fake-access-token",
      token_type: "Bearer",
      expires_in: 3600,
      scope: "openid email profile",
      id_token: idToken(nextClaims ?? {}),
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");

/** Starts the flow, as the Google button does: the redirect to Google and the flow's cookies. */
async function start(redirectTo?: string) {
  const query = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const res = await SELF.fetch(`${ORIGIN}/api/auth/google${query}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  return { google: new URL(res.headers.get("Location")!), cookie: cookiesOf(res).join("; "), res };
}

/** Google sends the browser back with a code (or an error). */
async function callback(params: Record<string, string>, cookie: string) {
  const res = await SELF.fetch(`${ORIGIN}/api/auth/google/callback?${new URLSearchParams(params)}`, {
    redirect: "manual",
    headers: { Cookie: cookie, "CF-Connecting-IP": freshIp() },
  });
  expect(res.status).toBe(302);
  return { location: res.headers.get("Location")!, cookies: cookiesOf(res), res };
}

async function signInWithGoogle(claims: Claims, redirectTo?: string) {
  nextClaims = claims;
  const { google, cookie } = await start(redirectTo);
  return callback({ code: "fake-code", state: google.searchParams.get("state")! }, cookie);
}

const sessionOf = (cookies: string[]) => cookies.find((c) => c.startsWith("dl_session=") && c.length > 12);

describe("Google sign-in", () => {
  it("starts with state and a PKCE challenge in short-lived HttpOnly cookies, asking for openid email profile", async () => {
    const { google, res } = await start("/messages");
    expect(google.origin + google.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(google.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(google.searchParams.get("scope")).toBe("openid email profile");
    expect(google.searchParams.get("code_challenge_method")).toBe("S256");
    expect(google.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/google/callback`);
    const setCookies = res.headers.getSetCookie();
    for (const name of ["dl_google_state", "dl_google_verifier", "dl_google_redirect"]) {
      const cookie = setCookies.find((c) => c.startsWith(`${name}=`));
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Max-Age=600/);
    }
  });

  it("creates an account for a new dealer (confirmed by Google) and sends it to onboarding", async () => {
    const email = `new-${crypto.randomUUID()}@gmail.example`;
    nextClaims = claimsFor(email);
    const { google, cookie } = await start();
    const back = await callback({ code: "fake-code", state: google.searchParams.get("state")! }, cookie);
    expect(back.location).toBe("/onboarding");
    // The code was exchanged with the verifier whose S256 challenge went to Google.
    const verifier = exchanges[0]!.get("code_verifier")!;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
    const challenge = b64url(String.fromCharCode(...new Uint8Array(digest)));
    expect(google.searchParams.get("code_challenge")).toBe(challenge);
    expect(exchanges[0]!.get("code")).toBe("fake-code");
    const session = sessionOf(back.cookies);
    expect(session).toBeTruthy();
    const me = await call("GET", "/api/auth/me", { cookie: session });
    expect(me.json).toMatchObject({ email, emailVerified: true, hasProfile: false });
    // The flow's cookies are cleared.
    expect(back.res.headers.getSetCookie().filter((c) => c.startsWith("dl_google_state=;"))).toHaveLength(1);
  });

  it("links an existing account with the same confirmed e-mail, and lands on redirectTo", async () => {
    const dealer = await signUpDealer();
    const claims = claimsFor(dealer.email.toUpperCase());
    const back = await signInWithGoogle(claims, "/messages?chat=x");
    expect(back.location).toBe("/messages?chat=x");
    const session = sessionOf(back.cookies);
    expect((await call("GET", "/api/auth/me", { cookie: session })).json.id).toBe(dealer.dealerId);
    const events = (await call("GET", "/api/account/security-events", { cookie: session }))
      .json as unknown as {
      type: string;
    }[];
    expect(events[0]?.type).toBe("google-linked");
    // The same Google account signs in again by its subject.
    const again = await signInWithGoogle({ ...claims, email: "renamed@gmail.example" });
    expect((await call("GET", "/api/auth/me", { cookie: sessionOf(again.cookies) })).json.id).toBe(
      dealer.dealerId,
    );
  });

  it("never links an account whose e-mail is not confirmed, nor a Google address Google has not verified", async () => {
    const unconfirmed = await signUpDealer(undefined, undefined, { confirmed: false });
    const refused = await signInWithGoogle(claimsFor(unconfirmed.email));
    expect(refused.location).toBe("/login?google=link-unverified");
    expect(sessionOf(refused.cookies)).toBeUndefined();
    const linked = await env.DB.prepare("select google_subject from accounts where email = ?")
      .bind(unconfirmed.email)
      .first<{ google_subject: string | null }>();
    expect(linked?.google_subject).toBeNull();

    const unverified = await signInWithGoogle(
      claimsFor(`new-${crypto.randomUUID()}@gmail.example`, { email_verified: false }),
    );
    expect(unverified.location).toBe("/login?google=unverified");
  });

  it("refuses a tampered or missing state, before any code is exchanged", async () => {
    nextClaims = claimsFor(`new-${crypto.randomUUID()}@gmail.example`);
    const { cookie } = await start();
    const tampered = await callback({ code: "fake-code", state: "forged-state" }, cookie);
    expect(tampered.location).toBe("/login?google=state");
    expect(sessionOf(tampered.cookies)).toBeUndefined();
    const noCookies = await callback({ code: "fake-code", state: "whatever" }, "");
    expect(noCookies.location).toBe("/login?google=expired");
    expect(exchanges).toHaveLength(0);
  });

  it("lands on /login for denied consent, an expired verifier and a token error", async () => {
    const { google, cookie } = await start();
    const state = google.searchParams.get("state")!;
    expect((await callback({ error: "access_denied", state }, cookie)).location).toBe("/login?google=denied");
    const withoutVerifier = cookie
      .split("; ")
      .filter((c) => !c.startsWith("dl_google_verifier="))
      .join("; ");
    expect((await callback({ code: "c", state }, withoutVerifier)).location).toBe("/login?google=expired");
    tokenStatus = 400;
    expect((await callback({ code: "c", state }, cookie)).location).toBe("/login?google=failed");
  });

  it("checks the ID token's issuer, audience and expiry", async () => {
    const email = `new-${crypto.randomUUID()}@gmail.example`;
    for (const bad of [
      { iss: "https://evil.example" },
      { aud: "someone-else.apps.googleusercontent.com" },
      { exp: Math.floor(Date.now() / 1000) - 10 },
    ]) {
      const back = await signInWithGoogle(claimsFor(email, bad));
      expect(back.location, JSON.stringify(bad)).toBe("/login?google=failed");
      expect(sessionOf(back.cookies)).toBeUndefined();
    }
  });

  it("keeps redirectTo on this site", async () => {
    const dealer = await signUpDealer();
    const claims = claimsFor(dealer.email);
    for (const target of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example",
      "/%09/evil.example",
      "/\r\n/x",
    ]) {
      const back = await signInWithGoogle(claims, target);
      expect(back.location, JSON.stringify(target)).toBe("/");
    }
  });

  it("lands on / when the kept return path was tampered with, never a 500", async () => {
    const dealer = await signUpDealer();
    const claims = claimsFor(dealer.email);
    for (const kept of ["%2F%09%2Fevil.example", "%2F%5Cevil.example", "%E0%A4%A"]) {
      nextClaims = claims;
      const { google, cookie } = await start("/messages");
      const tampered = cookie.replace(/dl_google_redirect=[^;]*/, `dl_google_redirect=${kept}`);
      const back = await callback({ code: "fake-code", state: google.searchParams.get("state")! }, tampered);
      expect(back.location, kept).toBe("/");
    }
  });

  it("refuses a second Google identity for an account already linked, and a Google-only dealer sets a password after a fresh sign-in", async () => {
    const email = `new-${crypto.randomUUID()}@gmail.example`;
    const first = await signInWithGoogle(claimsFor(email));
    const session = sessionOf(first.cookies)!;
    const other = await signInWithGoogle(claimsFor(email));
    expect(other.location).toBe("/login?google=link-refused");

    const set = await call("POST", "/api/account/password", {
      cookie: session,
      body: { newPassword: "my-own-password" },
    });
    expect(set.status, set.text).toBe(200);
    const signIn = await call("POST", "/api/auth/login", {
      body: { email, password: "my-own-password" },
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(signIn.status).toBe(200);
    // Now it has a password: changing it again needs the current one.
    const missing = await call("POST", "/api/account/password", {
      cookie: session,
      body: { newPassword: "another-password" },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Please enter your current password");
  });

  it("asks a Google-only dealer whose sign-in is older than 10 minutes to sign in with Google again", async () => {
    const email = `new-${crypto.randomUUID()}@gmail.example`;
    const session = sessionOf((await signInWithGoogle(claimsFor(email))).cookies)!;
    await env.DB.prepare(
      "update sessions set created_at = ? where account_id = (select id from accounts where email = ?)",
    )
      .bind(Date.now() - 11 * 60 * 1000, email)
      .run();
    const stale = await call("POST", "/api/account/password", {
      cookie: session,
      body: { newPassword: "my-own-password" },
    });
    expect(stale.status).toBe(403);
    expect(stale.json.message).toMatch(/sign in with Google again/);
  });
});

describe("a suspended account signing in with Google", () => {
  const suspend = (email: string) =>
    env.DB.prepare("update accounts set suspended_at = ? where email = ?").bind(Date.now(), email).run();

  it("lands on /login saying it is suspended, by its linked Google account or by its e-mail, and links nothing", async () => {
    const linked = `linked-${crypto.randomUUID()}@gmail.example`;
    const claims = claimsFor(linked);
    expect((await signInWithGoogle(claims)).location).toBe("/onboarding");
    await suspend(linked);
    const again = await signInWithGoogle(claims);
    expect(again.location).toBe("/login?google=suspended");
    expect(sessionOf(again.cookies)).toBeUndefined();

    const dealer = await signUpDealer();
    await suspend(dealer.email);
    const byEmail = await signInWithGoogle(claimsFor(dealer.email));
    expect(byEmail.location).toBe("/login?google=suspended");
    const row = await env.DB.prepare("select google_subject from accounts where email = ?")
      .bind(dealer.email)
      .first<{ google_subject: string | null }>();
    expect(row?.google_subject).toBeNull();

    const login = await SELF.fetch(`${ORIGIN}/login?google=suspended`);
    const html = await login.text();
    expect(html).toContain('data-testid="suspended-notice"');
    expect(html).toContain("This account is suspended.");
    expect(html).toContain('href="mailto:support@dealerlane.app"');
    expect(html).toContain('href="/contact"');
  });
});

describe("the Continue with Google button", () => {
  const loginPage = async (environment: typeof env) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}/login`), environment, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    return res.text();
  };

  it("shows only where Google sign-in is configured: never a button that answers 'not configured'", async () => {
    const configured = await loginPage(env);
    expect(configured).toContain('href="/api/auth/google"');
    expect(configured).toContain("Continue with Google");

    const without = await loginPage({ ...env, GOOGLE_CLIENT_ID: "" });
    expect(without).not.toContain("Continue with Google");
    expect(without).not.toContain("/api/auth/google");
    expect(without).not.toContain("not configured");
    expect(without).toContain('name="email"');
  });
});
