import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { currentUserSchema } from "#lib/api-types";
import { VALID_PROFILE, call, freshIp, sessionCookieOf, signUpDealer } from "./helpers";

const ip = () => ({ "CF-Connecting-IP": freshIp() });
const uniqueEmail = () => `dealer-${crypto.randomUUID()}@example.com`;

describe("POST /api/auth/signup", () => {
  it("creates an account, signs it in and lower-cases the e-mail", async () => {
    const email = uniqueEmail();
    const res = await call("POST", "/api/auth/signup", {
      body: { email: `  ${email.toUpperCase()} `, password: "long-enough-1" },
      headers: ip(),
    });
    expect(res.status).toBe(201);
    expect(currentUserSchema.parse(res.json)).toMatchObject({ email, id: null, hasProfile: false });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("dl_session="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/); // plain-http localhost
    const me = await call("GET", "/api/auth/me", { cookie: sessionCookieOf(res.headers) });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(email);
    expect(me.json.id).toBeNull();
    expect(me.json.hasProfile).toBe(false);
  });

  it("stores only a PBKDF2 hash with its scheme and iteration count (this suite's PASSWORD_HASH_ITERATIONS)", async () => {
    const email = uniqueEmail();
    await call("POST", "/api/auth/signup", { body: { email, password: "long-enough-1" }, headers: ip() });
    const row = await env.DB.prepare("select password_hash from accounts where email = ?")
      .bind(email)
      .first<{ password_hash: string }>();
    const iterations = (env as { PASSWORD_HASH_ITERATIONS?: string }).PASSWORD_HASH_ITERATIONS;
    expect(iterations).toBe("1000");
    expect(row?.password_hash).toMatch(
      new RegExp(`^pbkdf2-sha256\\$${iterations}\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`),
    );
    expect(row?.password_hash).not.toContain("long-enough-1");
  });

  it.each([
    ["missing fields", {}],
    ["a bad e-mail", { email: "not-an-email", password: "long-enough-1" }],
    ["a short password", { email: "short@example.com", password: "1234567" }],
    ["wrong types", { email: 42, password: ["x"] }],
  ])("refuses %s with 400 and the issues", async (_label, body) => {
    const res = await call("POST", "/api/auth/signup", { body, headers: ip() });
    expect(res.status).toBe(400);
    expect(typeof res.json.message).toBe("string");
    expect(Array.isArray(res.json.issues)).toBe(true);
  });

  it("answers 409 for an e-mail that already has an account, whatever its case", async () => {
    const email = uniqueEmail();
    await call("POST", "/api/auth/signup", { body: { email, password: "long-enough-1" }, headers: ip() });
    const again = await call("POST", "/api/auth/signup", {
      body: { email: email.toUpperCase(), password: "another-pass-2" },
      headers: ip(),
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/already exists/);
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await call("POST", "/api/auth/signup", { rawBody: "{not json", headers: ip() });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Malformed JSON in request body");
  });

  it("rate-limits sign-ups per e-mail with 429 and Retry-After", async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call("POST", "/api/auth/signup", {
        body: { email, password: "long-enough-1" },
        headers: ip(),
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect(res.json.message).toMatch(/Too many attempts/);
      }
    }
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, 5)).toEqual([409, 409, 409, 409]);
    expect(statuses[5]).toBe(429);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password and rotates the session", async () => {
    const { email, password, cookie: firstCookie } = await signUpDealer();
    const res = await call("POST", "/api/auth/login", {
      body: { email, password },
      cookie: firstCookie,
      headers: ip(),
    });
    expect(res.status).toBe(200);
    expect(currentUserSchema.parse(res.json)).toMatchObject({ email, name: "Dana Whitfield" });
    const second = sessionCookieOf(res.headers);
    expect(second).not.toBe(firstCookie);
    expect((await call("GET", "/api/auth/me", { cookie: firstCookie })).status).toBe(401);
    expect((await call("GET", "/api/auth/me", { cookie: second })).json.name).toBe("Dana Whitfield");
  });

  it("answers one 401 message for a wrong password and for an unknown e-mail", async () => {
    const { email } = await signUpDealer();
    const wrong = await call("POST", "/api/auth/login", {
      body: { email, password: "wrong-password" },
      headers: ip(),
    });
    const unknown = await call("POST", "/api/auth/login", {
      body: { email: uniqueEmail(), password: "wrong-password" },
      headers: ip(),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.message).toBe("Invalid email or password");
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it("refuses missing fields with 400", async () => {
    const res = await call("POST", "/api/auth/login", { body: { email: "" }, headers: ip() });
    expect(res.status).toBe(400);
  });

  it("counts only failed sign-ins: a shared account stays open, a guessed one locks for a while", async () => {
    const { email, password } = await signUpDealer();
    for (let i = 0; i < 15; i++) {
      expect(
        (await call("POST", "/api/auth/login", { body: { email, password }, headers: ip() })).status,
      ).toBe(200);
    }
    for (let i = 0; i < 10; i++) {
      expect(
        (await call("POST", "/api/auth/login", { body: { email, password: "wrong-guess" }, headers: ip() }))
          .status,
      ).toBe(401);
    }
    const locked = await call("POST", "/api/auth/login", { body: { email, password }, headers: ip() });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("rate-limits failed sign-in attempts per IP", async () => {
    const sameIp = { "CF-Connecting-IP": "198.51.100.77" };
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await call("POST", "/api/auth/login", {
          body: { email: uniqueEmail(), password: "x" },
          headers: sameIp,
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe("sessions", () => {
  it("treats a tampered cookie as no session", async () => {
    const { cookie } = await signUpDealer();
    const tampered = cookie.slice(0, -2) + (cookie.endsWith("AA") ? "BB" : "AA");
    expect((await call("GET", "/api/auth/me", { cookie: tampered })).status).toBe(401);
    expect((await call("GET", "/api/auth/status", { cookie: tampered })).json).toEqual({
      authenticated: false,
    });
  });

  it("treats an expired session as no session", async () => {
    const { cookie } = await signUpDealer();
    await env.DB.prepare("update sessions set expires_at = 0").run();
    expect((await call("GET", "/api/auth/me", { cookie })).status).toBe(401);
  });

  it("slides the expiry of a session that is more than a day old", async () => {
    const { cookie } = await signUpDealer();
    const aWeekLeft = Date.now() + 7 * 24 * 60 * 60 * 1000;
    await env.DB.prepare("update sessions set expires_at = ?").bind(aWeekLeft).run();
    const res = await call("GET", "/api/auth/me", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("dl_session="))).toBe(true);
    const row = await env.DB.prepare("select max(expires_at) as e from sessions").first<{ e: number }>();
    expect(row!.e).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it("ends the session at logout; replaying the cookie is signed out", async () => {
    const { cookie } = await signUpDealer();
    const out = await call("POST", "/api/auth/logout", { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^dl_session=; .*Max-Age=0/);
    expect((await call("GET", "/api/auth/me", { cookie })).status).toBe(401);
    expect((await call("GET", "/api/auth/status", { cookie })).json).toEqual({ authenticated: false });
  });

  it("refuses a cookie-authenticated mutation from another origin with 403", async () => {
    const { cookie } = await signUpDealer();
    const res = await call("POST", "/api/auth/logout", {
      cookie,
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await call("GET", "/api/auth/me", { cookie })).status).toBe(200);
    const fetchMeta = await call("POST", "/api/auth/logout", {
      cookie,
      headers: { Origin: "", "Sec-Fetch-Site": "cross-site" },
    });
    expect(fetchMeta.status).toBe(403);
  });
});

describe("GET /api/auth/status and /me", () => {
  it("answers signed out", async () => {
    expect((await call("GET", "/api/auth/status")).json).toEqual({ authenticated: false });
    const me = await call("GET", "/api/auth/me");
    expect(me.status).toBe(401);
    expect(me.json.message).toBeTruthy();
  });

  it("answers the current user with the dealer id, the account id and the role", async () => {
    const { cookie, dealerId, email } = await signUpDealer();
    const me = await call("GET", "/api/auth/me", { cookie });
    expect(me.json).toMatchObject({
      id: dealerId,
      role: "dealer",
      name: "Dana Whitfield",
      dealershipName: "Whitfield Motors",
      email,
      city: "Austin",
      state: "TX",
      zip: "78756",
      dealershipType: "independent",
    });
    expect(me.json.userId).not.toBe(dealerId);
  });
});

describe("POST /api/auth/complete-profile", () => {
  it("needs a session", async () => {
    expect((await call("POST", "/api/auth/complete-profile", { body: VALID_PROFILE })).status).toBe(401);
  });

  it("names the first missing field in words", async () => {
    const signup = await call("POST", "/api/auth/signup", {
      body: { email: uniqueEmail(), password: "long-enough-1" },
      headers: ip(),
    });
    const cookie = sessionCookieOf(signup.headers);
    const { dealershipName: _omit, ...withoutDealership } = VALID_PROFILE;
    const res = await call("POST", "/api/auth/complete-profile", { cookie, body: withoutDealership });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Please fill in dealership name");
    const blank = await call("POST", "/api/auth/complete-profile", {
      cookie,
      body: { ...VALID_PROFILE, firstName: "  " },
    });
    expect(blank.json.message).toBe("Please fill in first name");
    const badState = await call("POST", "/api/auth/complete-profile", {
      cookie,
      body: { ...VALID_PROFILE, state: "DC" },
    });
    expect(badState.status).toBe(400);
    expect((await call("GET", "/api/auth/me", { cookie })).json.hasProfile).toBe(false);
  });

  it("saves the profile once; a second save updates the same dealer", async () => {
    const { cookie, dealerId } = await signUpDealer();
    const res = await call("POST", "/api/auth/complete-profile", {
      cookie,
      body: { ...VALID_PROFILE, city: "Round Rock" },
    });
    expect(res.status).toBe(200);
    expect(currentUserSchema.parse(res.json)).toMatchObject({ id: dealerId, city: "Round Rock" });
    const count = await env.DB.prepare(
      "select count(*) as n from dealers where name = 'Dana Whitfield' and city = 'Round Rock'",
    ).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });
});

describe("POST /api/auth/create-dummy", () => {
  it("creates a demo dealer with a complete profile and posts, signed in", async () => {
    const res = await call("POST", "/api/auth/create-dummy", { headers: ip() });
    expect(res.status).toBe(201);
    expect(currentUserSchema.parse(res.json).hasProfile).toBe(true);
    const me = await call("GET", "/api/auth/me", { cookie: sessionCookieOf(res.headers) });
    expect(me.json.hasProfile).toBe(true);
    expect(me.json.name).toBeTruthy();
    expect(me.json.dealershipName).toBeTruthy();
    const posts = await env.DB.prepare("select count(*) as n from inventory_posts where dealer_id = ?")
      .bind(me.json.id)
      .first<{ n: number }>();
    expect(posts?.n).toBeGreaterThanOrEqual(3);
  });
});

describe("the API error contract", () => {
  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await call("GET", "/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/No API endpoint/);
  });

  it("puts the security headers on every response", async () => {
    const res = await call("GET", "/api/auth/status");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers.get("Strict-Transport-Security")).toBeNull();
  });
});
