import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../worker/domain/rate-limits";
import { ORIGIN, call, freshIp, signUpDealer } from "./helpers";

const ip = () => ({ "CF-Connecting-IP": freshIp() });

/** The `dl_device=…` part of a response's device cookie. */
function deviceCookieOf(headers: Headers): string {
  const setCookie = headers.getSetCookie().find((c) => c.startsWith("dl_device="));
  if (!setCookie) throw new Error("No device cookie set");
  return setCookie.split(";")[0] ?? "";
}

const signIn = (email: string, password: string, headers: Record<string, string> = ip(), cookie?: string) =>
  call("POST", "/api/auth/login", { body: { email, password }, headers, cookie });

/** An owner who has signed in once on their own browser: the device cookie it was given. */
async function ownerWithDevice() {
  const owner = await signUpDealer();
  const first = await signIn(owner.email, owner.password);
  expect(first.status).toBe(200);
  return { ...owner, device: deviceCookieOf(first.headers) };
}

/** Wrong passwords for `email`, each from a different address, as many as the account limit allows. */
async function attackFromManyAddresses(email: string) {
  for (let i = 0; i < LIMITS.signInPerAccount.max; i++) {
    expect((await signIn(email, `wrong-guess-${i}`)).status).toBe(401);
  }
}

describe("sign-in throttling (docs/decisions/0008-sign-in-throttling.md)", { timeout: 30_000 }, () => {
  it("gives a browser a signed device cookie for the account it signed in to", async () => {
    const owner = await signUpDealer();
    const res = await signIn(owner.email, owner.password);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("dl_device="));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=15552000/);
    expect(setCookie).not.toContain(owner.email);
    const failed = await signIn(owner.email, "wrong-password");
    expect(failed.headers.getSetCookie().some((c) => c.startsWith("dl_device="))).toBe(false);
  });

  it("lets the owner's browser in while the account is attacked from many addresses", async () => {
    const owner = await ownerWithDevice();
    await attackFromManyAddresses(owner.email);
    const fromOwnBrowser = await signIn(owner.email, owner.password, ip(), owner.device);
    expect(fromOwnBrowser.status).toBe(200);
    expect(fromOwnBrowser.json.email).toBe(owner.email);
  });

  it("makes an unknown browser wait while the account is attacked, even with the right password", async () => {
    const owner = await ownerWithDevice();
    await attackFromManyAddresses(owner.email);
    const unknown = await signIn(owner.email, owner.password);
    expect(unknown.status).toBe(429);
    expect(Number(unknown.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });

  it("answers a throttled attempt the same whether the password was right or wrong", async () => {
    const owner = await ownerWithDevice();
    await attackFromManyAddresses(owner.email);
    const right = await signIn(owner.email, owner.password);
    const wrong = await signIn(owner.email, "wrong-password");
    expect(right.status).toBe(429);
    expect(wrong.status).toBe(429);
    expect(right.json).toEqual(wrong.json);
    expect(
      Math.abs(Number(right.headers.get("Retry-After")) - Number(wrong.headers.get("Retry-After"))),
    ).toBeLessThanOrEqual(1);
    expect(right.headers.getSetCookie()).toEqual(wrong.headers.getSetCookie());
  });

  it("does not trust a device cookie for another account, nor a tampered one", async () => {
    const owner = await ownerWithDevice();
    const neighbour = await ownerWithDevice();
    await attackFromManyAddresses(owner.email);
    expect((await signIn(owner.email, owner.password, ip(), neighbour.device)).status).toBe(429);
    const [name, value] = owner.device.split("=") as [string, string];
    const tampered = `${name}=${value.slice(0, -3)}${value.endsWith("000") ? "111" : "000"}`;
    expect((await signIn(owner.email, owner.password, ip(), tampered)).status).toBe(429);
  });

  it("keeps the device cookies of several accounts on one browser", async () => {
    const first = await ownerWithDevice();
    const second = await signUpDealer();
    const res = await signIn(second.email, second.password, ip(), first.device);
    const both = deviceCookieOf(res.headers);
    await attackFromManyAddresses(first.email);
    await attackFromManyAddresses(second.email);
    expect((await signIn(first.email, first.password, ip(), both)).status).toBe(200);
    expect((await signIn(second.email, second.password, ip(), both)).status).toBe(200);
  });

  it("stops trusting a device cookie that keeps guessing wrong", async () => {
    const owner = await ownerWithDevice();
    for (let i = 0; i < LIMITS.signInPerDevice.max; i++) {
      expect((await signIn(owner.email, `typo-${i}`, ip(), owner.device)).status).toBe(401);
    }
    await attackFromManyAddresses(owner.email);
    expect((await signIn(owner.email, owner.password, ip(), owner.device)).status).toBe(429);
  });

  it("slows one address guessing one account before the account itself is throttled", async () => {
    const owner = await signUpDealer();
    const sameIp = ip();
    for (let i = 0; i < LIMITS.signInPerIpAccount.max; i++) {
      expect((await signIn(owner.email, `guess-${i}`, sameIp)).status).toBe(401);
    }
    expect((await signIn(owner.email, owner.password, sameIp)).status).toBe(429);
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it("lets the owner in through the /login page with the device cookie too", async () => {
    const owner = await ownerWithDevice();
    await attackFromManyAddresses(owner.email);
    const page = (cookie?: string) =>
      SELF.fetch(`${ORIGIN}/login?index`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          "Content-Type": "application/x-www-form-urlencoded",
          ...ip(),
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams({ intent: "login", email: owner.email, password: owner.password }),
      });
    const known = await page(owner.device);
    expect(known.status).toBe(302);
    expect(known.headers.getSetCookie().some((c) => c.startsWith("dl_session="))).toBe(true);
    const unknown = await page();
    expect(unknown.status).toBe(429);
    expect(await unknown.text()).toContain("Too many attempts");
  });
});
