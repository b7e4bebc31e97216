import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN, call, signUpAdmin, signUpDealer } from "./helpers";

const ADMIN_PAGES = ["/admin", "/admin/users", "/admin/deals", "/admin/promo", "/admin/pricing"];

const page = (path: string, cookie?: string) =>
  SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

describe("the admin pages", () => {
  it.each(ADMIN_PAGES)(
    "show a dealer 'Page Not Found' with 404 at %s, as an unknown path would",
    async (path) => {
      const { cookie } = await signUpDealer();
      const res = await page(path, cookie);
      const html = await res.text();
      expect(res.status).toBe(404);
      expect(html).toContain("Page Not Found");
      expect(html).toContain("<title>Page Not Found · DealerLane</title>");
      expect(html).not.toMatch(/<h1[^>]*>Admin/);
    },
  );

  it("refuse a dealer's loader-data request too, so no admin data leaves through it", async () => {
    const { cookie } = await signUpDealer();
    const res = await page("/admin/users.data?_routes=routes%2F_dealer.admin.users", cookie);
    expect(res.status).toBe(404);
  });

  it.each(ADMIN_PAGES)("open for an admin at %s", async (path) => {
    const { cookie } = await signUpAdmin();
    const res = await page(path, cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<h1[^>]*>Admin/);
  });

  it("send a signed-out visitor to sign in, like every other dealer screen", async () => {
    const res = await page("/admin/users");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fusers");
  });
});

describe("/api/admin", () => {
  it("answers 401 signed out, 403 to a dealer, before any 404", async () => {
    const { cookie } = await signUpDealer();
    for (const [method, path] of [
      ["GET", "/api/admin"],
      ["GET", "/api/admin/users"],
      ["POST", "/api/admin/clear-data"],
      ["DELETE", "/api/admin/no/such/thing"],
    ] as const) {
      const signedOut = await call(method, path, { body: method === "GET" ? undefined : {} });
      expect(signedOut.status, `${method} ${path}`).toBe(401);
      expect(signedOut.json.message).toBe("Please sign in to continue");
      const dealer = await call(method, path, { cookie, body: method === "GET" ? undefined : {} });
      expect(dealer.status, `${method} ${path}`).toBe(403);
      expect(dealer.json).toEqual({ message: "Admins only" });
    }
  });

  it("lets an admin through to the endpoints (an unknown one is a JSON 404)", async () => {
    const { cookie } = await signUpAdmin();
    const res = await call("GET", "/api/admin/no-such-endpoint", { cookie });
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/No API endpoint/);
  });
});
