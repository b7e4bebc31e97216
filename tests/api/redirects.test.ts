import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT } from "#lib/constants";
import { ORIGIN, freshIp, sessionCookieOf, signUpDealer } from "./helpers";

/**
 * Every form that takes a redirect target lands on a path of this site or on its fallback, never on another
 * site and never on a 500 — whatever the target holds (tabs and backslashes browsers read as `//`, line breaks
 * a Location header cannot carry).
 */
const HOSTILE_TARGETS = [
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/\n/x",
  "/\r\n/x",
  "/%0A/x",
  "/%0D%0A/x",
  "https://evil.example",
  "https:evil.example",
  "%2F%2Fevil.example",
  "/%2F/evil.example",
  " /x",
];

async function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  const headers = new Headers({
    Origin: ORIGIN,
    Host: new URL(ORIGIN).host,
    "CF-Connecting-IP": freshIp(),
    "Content-Type": "application/x-www-form-urlencoded",
  });
  if (cookie) headers.set("Cookie", cookie);
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

let dealer: Awaited<ReturnType<typeof signUpDealer>>;
beforeAll(async () => {
  dealer = await signUpDealer();
  // The seeded demo network's quick-login account (scripts/seed.ts marks it so).
  const demo = await signUpDealer(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(demo.dealerId).run();
});

describe("redirect targets of the sign-in forms", { timeout: 60_000 }, () => {
  for (const target of HOSTILE_TARGETS) {
    it(`password sign-in with redirectTo ${JSON.stringify(target)} lands on /`, async () => {
      const res = await postForm("/login?index", {
        intent: "login",
        email: dealer.email,
        password: dealer.password,
        redirectTo: target,
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
      expect(sessionCookieOf(res.headers)).toMatch(/^dl_session=./);
    });

    it(`quick login with redirectTo ${JSON.stringify(target)} lands on /`, async () => {
      const res = await postForm("/login?index", { intent: "demo-login", redirectTo: target });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
    });
  }

  it("keeps a path on this site, with its query", async () => {
    const res = await postForm("/login?index", {
      intent: "login",
      email: dealer.email,
      password: dealer.password,
      redirectTo: "/messages?chat=abc",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/messages?chat=abc");
  });

  it("/login never puts a hostile redirectTo back into its form or links", async () => {
    const html = await (
      await SELF.fetch(`${ORIGIN}/login?redirectTo=${encodeURIComponent("/\t/evil.example")}`)
    ).text();
    expect(html).toContain('name="redirectTo" value="/"');
    expect(html).not.toMatch(/(href|value)="[^"]*evil\.example/);
  });
});

describe("the confirmation banner's Resend", { timeout: 60_000 }, () => {
  for (const target of HOSTILE_TARGETS) {
    it(`back ${JSON.stringify(target)} comes back to /`, async () => {
      const unconfirmed = await signUpDealer(undefined, undefined, { confirmed: false });
      const res = await postForm("/verify-email", { intent: "resend", back: target }, unconfirmed.cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
    });
  }

  it("comes back to the page it was sent from", async () => {
    const unconfirmed = await signUpDealer(undefined, undefined, { confirmed: false });
    const res = await postForm(
      "/verify-email",
      { intent: "resend", back: "/settings?tab=security" },
      unconfirmed.cookie,
    );
    expect(res.headers.get("Location")).toBe("/settings?tab=security");
  });
});

describe("Google sign-in's return path", () => {
  for (const target of ["/\t/evil.example", "/\\evil.example", "/%0A/x", "//evil.example"]) {
    it(`keeps / for redirectTo ${JSON.stringify(target)}`, async () => {
      const res = await SELF.fetch(`${ORIGIN}/api/auth/google?redirectTo=${encodeURIComponent(target)}`, {
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      const kept = res.headers.getSetCookie().find((c) => c.startsWith("dl_google_redirect="));
      expect(kept?.split(";")[0]).toBe(`dl_google_redirect=${encodeURIComponent("/")}`);
    });
  }
});
