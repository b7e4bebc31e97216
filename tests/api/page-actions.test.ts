import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_ACTION } from "#lib/intents";
import { ORIGIN, call, freshIp, signUpDealer } from "./helpers";

/**
 * Every page form (Remix action) answers 415 to a body that is not a form and
 * 400 to a form it cannot read, with a clear message, never a 500.
 */
const PUBLIC_ACTIONS = [
  "/login",
  "/contact",
  "/unsubscribe?token=x",
  "/forgot-password",
  "/reset-password?token=x",
  "/verify-email?token=x",
  "/sign-in-link",
  "/sign-in-link?token=x",
];
const DEALER_ACTIONS = [
  "/onboarding",
  "/?index",
  "/settings",
  "/profile-edit",
  "/post/no-such-post",
  "/messages",
  "/dealers",
  "/find-dealers",
  "/my-dealers",
  "/discover",
  "/notifications",
  "/notification-settings",
];

const BAD_BODIES = [
  { name: "JSON", type: "application/json", body: '{"content":"hello"}', status: 415 },
  { name: "text", type: "text/plain", body: "content=hello", status: 415 },
  { name: "no content type", type: null, body: "content=hello", status: 415 },
  {
    name: "a broken multipart",
    type: "multipart/form-data; boundary=----dealerlane",
    body: '------dealerlane\r\nContent-Disposition: form-data; name="content"\r\n\r\nhello',
    status: 400,
  },
  { name: "a multipart without a boundary", type: "multipart/form-data", body: "content=hello", status: 400 },
] as const;

let cookie = "";
beforeAll(async () => {
  cookie = (await signUpDealer()).cookie;
});

async function post(path: string, type: string | null, body: string, withCookie: boolean) {
  const headers = new Headers({
    Origin: ORIGIN,
    Host: new URL(ORIGIN).host,
    "CF-Connecting-IP": freshIp(),
    Accept: "text/html",
  });
  if (type) headers.set("Content-Type", type);
  if (withCookie) headers.set("Cookie", cookie);
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: new TextEncoder().encode(body),
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

describe("page forms answer a body they cannot read with 400/415, never 500", () => {
  const cases = [
    ...PUBLIC_ACTIONS.map((path) => ({ path, signedIn: false })),
    ...DEALER_ACTIONS.map((path) => ({ path, signedIn: true })),
  ];
  for (const { path, signedIn } of cases) {
    for (const bad of BAD_BODIES) {
      it(`POST ${path} with ${bad.name} → ${bad.status}`, async () => {
        const res = await post(path, bad.type, bad.body, signedIn);
        expect(res.status).toBe(bad.status);
        expect(res.text).toContain(
          bad.status === 415 ? "This page takes a form post" : "The form could not be read",
        );
      });
    }
  }

  it("still answers a real form post as before (a signed-out page action)", async () => {
    const res = await post("/login", "application/x-www-form-urlencoded", "intent=login", false);
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(415);
  });

  it("a post id with control characters goes back to its (encoded) address, not a 500", async () => {
    for (const form of ["intent=edit&title=x", "intent=sold", "intent=comment&content=Hello"]) {
      const res = await SELF.fetch(`${ORIGIN}/post/a%00b%0Ac`, {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: form,
        redirect: "manual",
      });
      expect(res.status, form).toBe(302);
      expect(res.headers.get("Location")).toBe("/post/a%00b%0Ac");
    }
  });

  it("checks the session before the body: signed out, a dealer page redirects to /login", async () => {
    const res = await post("/settings", "application/json", "{}", false);
    expect(res.status).toBe(302);
  });
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const URLENCODED = "application/x-www-form-urlencoded";

describe("page forms check their one schema on the server too (before JavaScript loads)", () => {
  it("Add Dealer with missing fields answers 400 with the errors on the fields, not 'Failed to create dealer'", async () => {
    const res = await post(
      "/find-dealers",
      URLENCODED,
      form({ intent: "create", email: "not-an-email", phone: "(512) 555-0100", state: "TX" }),
      true,
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain("Please fill in full name");
    expect(res.text).toContain("Please enter a valid e-mail address");
    expect(res.text).toContain("Please fill in dealership name");
    expect(res.text).not.toContain("Failed to create dealer");
  });

  it("onboarding names the missing field in words and keeps what was typed", async () => {
    const res = await post(
      "/onboarding",
      URLENCODED,
      form({ firstName: "Casey", lastName: "Morgan", email: "casey@example.com", phone: "(214) 555-0199" }),
      true,
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain("Please fill in dealership name");
    expect(res.text).toContain("Please fill in auction access number");
    expect(res.text).toContain('value="Casey"');
  });

  it("sign-in never sends a typed password back in the page", async () => {
    const res = await post(
      "/login",
      URLENCODED,
      form({ intent: "login", email: "", password: "hunter22-secret" }),
      false,
    );
    expect(res.status).toBe(400);
    expect(res.text).not.toContain("hunter22-secret");
  });

  it("notification settings refuse a test the dealer's data cannot make with 400, and send nothing", async () => {
    const dealer = await signUpDealer();
    await env.DB.prepare("update dealers set phone = '' where id = ?").bind(dealer.dealerId).run();
    const outboxBefore = await env.OUTBOX_DB.prepare("select count(*) as n from outbox").first<{
      n: number;
    }>();
    const asDealer = async (fields: Record<string, string>) => {
      const saved = cookie;
      cookie = dealer.cookie;
      try {
        return await post("/notification-settings", URLENCODED, form(fields), true);
      } finally {
        cookie = saved;
      }
    };
    expect((await asDealer({ intent: "test-sms" })).status).toBe(400);
    expect((await asDealer({ intent: "test-alert" })).status).toBe(200);
    expect((await asDealer({ intent: "preference", key: "noSuchSwitch", value: "true" })).status).toBe(400);
    expect((await asDealer({ intent: "preference", key: "emailEnabled", value: "true" })).status).toBe(200);
    const outboxAfter = await env.OUTBOX_DB.prepare("select count(*) as n from outbox").first<{
      n: number;
    }>();
    // Only the full test alert went out (by e-mail: the dealer has no phone).
    expect(outboxAfter!.n - outboxBefore!.n).toBe(1);
  });
});

describe("a page action finds its intent among its own handlers only", () => {
  // Names every object inherits: none of them is a button of any page.
  const INHERITED = ["__proto__", "valueOf", "hasOwnProperty", "toLocaleString", "constructor", "toString"];

  it("the post page and notification settings answer an intent they have no button for with 400", async () => {
    const created = await call("POST", "/api/inventory", {
      cookie,
      body: { title: "2019 Toyota Tacoma", type: "single", description: "Clean" },
    });
    expect(created.status, created.text).toBe(201);
    for (const path of [`/post/${created.json.id as string}`, "/notification-settings"]) {
      for (const intent of [...INHERITED, "no-such-button"]) {
        const res = await post(path, URLENCODED, form({ intent, content: "hi", title: "t" }), true);
        expect(res.status, `${path} intent=${intent}`).toBe(400);
        expect(res.text).toContain(UNKNOWN_ACTION);
      }
    }
    const after = await call("GET", `/api/inventory/${created.json.id as string}`, { cookie });
    expect(after.json).toMatchObject({ title: "2019 Toyota Tacoma", status: "active", commentCount: 0 });
  });

  it("the post page's comment form works before JavaScript loads", async () => {
    const created = await call("POST", "/api/inventory", {
      cookie,
      body: { title: "2020 Honda Civic", type: "single", description: "" },
    });
    const id = created.json.id as string;
    const res = await post(
      `/post/${id}`,
      URLENCODED,
      form({ intent: "comment", content: "Still here?" }),
      true,
    );
    expect(res.status).toBe(302);
    const after = await call("GET", `/api/inventory/${id}`, { cookie });
    expect((after.json.comments as unknown as { content: string }[]).map((c) => c.content)).toEqual([
      "Still here?",
    ]);
  });
});

describe("a one-shot toast after a form's redirect", () => {
  const toastCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("dl_toast="));
  const get = (path: string, cookie: string) =>
    SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

  it("is left by a data request that does not load root (a fetcher beside the navigation), and shown and cleared by root", async () => {
    const dealer = await signUpDealer();
    const toast = encodeURIComponent(JSON.stringify({ title: "Your free trial is on" }));
    const cookie = `${dealer.cookie}; dl_toast=${toast}`;

    const fetcher = await get("/find-dealers.data?_routes=routes%2F_dealer.find-dealers", cookie);
    expect(fetcher.status).toBe(200);
    expect(toastCookie(fetcher)).toBeUndefined();
    const manifest = await get("/__manifest?p=%2F&version=x", cookie);
    expect(toastCookie(manifest)).toBeUndefined();

    const navigation = await get("/_root.data", cookie);
    expect(navigation.status).toBe(200);
    expect(await navigation.text()).toContain("Your free trial is on");
    expect(toastCookie(navigation)).toMatch(/^dl_toast=;.*Max-Age=0/i);
  });
});
