import { SELF, env } from "cloudflare:test";
import { validate } from "@readme/openapi-parser";
import createClient from "openapi-fetch";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { paths } from "../../public/sdk/dealerlane-api";
import { SUSPENDED_MESSAGE } from "#lib/admin-texts";
import { api, apiDocument, keyOperations } from "../../worker/api";
import { publicOperationsOf } from "../../worker/api/openapi";
import { sha256Hex } from "../../worker/domain/shared/ids";
import { ORIGIN, call, signUpAdmin, signUpDealer } from "./helpers";

/**
 * The public API: bearer keys, their guard on every documented operation, the per-key rate limit,
 * the OpenAPI document (valid, matching the routes, committed as public/sdk/openapi.json) and the typed
 * client generated from it (public/sdk/dealerlane-api.d.ts), which the successful calls here go through.
 */

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;
/** The parts of the OpenAPI document these tests read. */
type Doc = {
  openapi: string;
  servers: unknown;
  paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, unknown> };
};
type Scope = "read" | "messages:write" | "connections:write";

const DAY = 24 * 60 * 60 * 1000;
const KEY_SHAPE = /^dl_live_[0-9A-Za-z]{43}$/;

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** A call as an integration makes it: no Origin, no cookie, the key in Authorization. */
async function keyCall(method: string, path: string, key: string | null, body?: unknown) {
  const headers: Record<string, string> = key ? bearer(key) : {};
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await SELF.fetch(`${ORIGIN}${path}`, init);
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: text ? (JSON.parse(text) as unknown) : null,
  };
}

async function createKey(dealer: Dealer, scopes: Scope[], name = "Integration") {
  const res = await call("POST", "/api/api-keys", { cookie: dealer.cookie, body: { name, scopes } });
  expect(res.status, res.text).toBe(201);
  return res.json as unknown as { id: string; key: string; prefix: string; scopes: Scope[] };
}

const typedClient = (key: string) =>
  createClient<paths>({
    baseUrl: ORIGIN,
    headers: bearer(key),
    fetch: (request: Request) => SELF.fetch(request),
  });

let alice: Dealer;
let bob: Dealer;
let fullKey: string;
let postId: string;

/** Each public operation: how to call it with a key, and the scope it needs. */
const operations: Array<{ method: string; path: string; scope: Scope; body?: () => unknown }> = [
  { method: "GET", path: "/api/dealers", scope: "read" },
  {
    method: "POST",
    path: "/api/dealers/connect",
    scope: "connections:write",
    body: () => ({ receiverId: bob.dealerId }),
  },
  { method: "GET", path: "/api/messages", scope: "read" },
  {
    method: "POST",
    path: "/api/messages",
    scope: "messages:write",
    body: () => ({ receiverId: bob.dealerId, content: "Still have the Tahoe?" }),
  },
  { method: "GET", path: "/api/deals", scope: "read" },
  { method: "GET", path: "/api/inventory", scope: "read" },
  { method: "GET", path: "/api/inventory/{id}", scope: "read" },
];
const concrete = (path: string) => path.replace("{id}", postId);

beforeAll(async () => {
  [alice, bob] = [await signUpDealer(), await signUpDealer()];
  fullKey = (await createKey(alice, ["read", "messages:write", "connections:write"], "Full")).key;
  const post = await call("POST", "/api/inventory", {
    cookie: bob.cookie,
    body: { title: "2020 Chevrolet Tahoe LT", type: "for-sale", description: "One owner" },
  });
  postId = post.json.id as string;
});

/**
 * Each test starts with fresh per-key windows and Alice's full key as her only one (a dealer holds at most
 * 10 keys and makes at most 20 an hour; this file makes more).
 */
beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("delete from rate_limits where key like 'api%'"),
    env.DB.prepare("update api_keys set revoked_at = 1 where key_hash != ?").bind(await sha256Hex(fullKey)),
  ]);
});

describe("API keys (session only)", () => {
  it("creates a key shown once, lists it without the key, and revokes it", async () => {
    const created = await createKey(alice, ["read"], "DMS sync");
    expect(created.key).toMatch(KEY_SHAPE);
    expect(created.prefix).toBe(created.key.slice(8, 16));
    expect(created).toMatchObject({ name: "DMS sync", scopes: ["read"], lastUsedAt: null });
    const stored = await env.DB.prepare("select key_hash from api_keys where id = ?")
      .bind(created.id)
      .first<{ key_hash: string }>();
    expect(stored?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const list = await call("GET", "/api/api-keys", { cookie: alice.cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get("X-Next-Cursor")).toBeNull();
    expect(list.text).not.toContain(created.key);
    expect((list.json as unknown as { id: string }[]).map((k) => k.id)).toContain(created.id);

    expect((await call("DELETE", `/api/api-keys/${created.id}`, { cookie: alice.cookie })).status).toBe(204);
    expect((await call("DELETE", `/api/api-keys/${created.id}`, { cookie: alice.cookie })).status).toBe(404);
    const after = await call("GET", "/api/api-keys", { cookie: alice.cookie });
    expect((after.json as unknown as { id: string }[]).map((k) => k.id)).not.toContain(created.id);
  });

  it("answers 401 signed out (before the body), 400 for a bad body, 404 for another dealer's key", async () => {
    expect((await call("POST", "/api/api-keys", { rawBody: "{" })).status).toBe(401);
    const bad = await call("POST", "/api/api-keys", { cookie: alice.cookie, body: { name: "", scopes: [] } });
    expect(bad.status).toBe(400);
    expect(bad.json.issues).toBeDefined();
    const unknownScope = await call("POST", "/api/api-keys", {
      cookie: alice.cookie,
      body: { name: "x", scopes: ["admin"] },
    });
    expect(unknownScope.status).toBe(400);
    const hers = await createKey(alice, ["read"]);
    expect((await call("DELETE", `/api/api-keys/${hers.id}`, { cookie: bob.cookie })).status).toBe(404);
  });

  it("refuses a Basic dealer's new key with 402, and takes no key on these endpoints", async () => {
    const basic = await signUpDealer();
    await env.DB.prepare("update accounts set created_at = created_at - ? where email = ?")
      .bind(15 * DAY, basic.email)
      .run();
    const paid = await call("POST", "/api/auth/complete-subscription", {
      cookie: basic.cookie,
      body: {
        plan: "basic",
        paymentInfo: { cardNumber: "4242424242424242", expiryDate: "12/34", cvv: "123", cardholderName: "B" },
      },
    });
    expect(paid.status, paid.text).toBeLessThan(300);
    const refused = await call("POST", "/api/api-keys", {
      cookie: basic.cookie,
      body: { name: "x", scopes: ["read"] },
    });
    expect(refused.status).toBe(402);
    expect(refused.json.message).toBe("This is a Premium feature. Upgrade to Premium to use it.");
    expect((await call("GET", "/api/api-keys", { cookie: basic.cookie })).status).toBe(200);

    for (const method of ["GET", "POST"]) {
      const res = await keyCall(
        method,
        "/api/api-keys",
        fullKey,
        method === "POST" ? { name: "x", scopes: ["read"] } : undefined,
      );
      expect(res.status, `${method} /api/api-keys with a key`).toBe(403);
    }
  });
});

describe.each(operations)("$method $path with an API key", (op) => {
  const send = (key: string | null, extra: Record<string, string> = {}) =>
    SELF.fetch(`${ORIGIN}${concrete(op.path)}`, {
      method: op.method,
      headers: {
        ...(key ? bearer(key) : {}),
        ...(op.body ? { "Content-Type": "application/json" } : {}),
        ...extra,
      },
      body: op.body ? JSON.stringify(op.body()) : undefined,
    });

  it("answers 401 with WWW-Authenticate: Bearer without a key, with a wrong one and with a revoked one", async () => {
    const none = await send(null);
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toMatch(/^Bearer /);
    const wrong = await send(`dl_live_${"x".repeat(43)}`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    const malformed = await send(null, { Authorization: "Basic YWxpY2U6c2VjcmV0" });
    expect(malformed.status).toBe(401);
    const revoked = await createKey(alice, [op.scope]);
    expect((await send(revoked.key)).status).toBeLessThan(300);
    await call("DELETE", `/api/api-keys/${revoked.id}`, { cookie: alice.cookie });
    const after = await send(revoked.key);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: "This API key is wrong or has been revoked" });
  });

  it("answers 403 to a key without the operation's scope", async () => {
    const others = (["read", "messages:write", "connections:write"] as const).filter((s) => s !== op.scope);
    const { key } = await createKey(alice, [...others]);
    const res = await send(key);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: `This API key lacks the ${op.scope} scope` });
  });

  it("answers 400 to a key sent with a session cookie", async () => {
    const res = await send(fullKey, { Cookie: alice.cookie, Origin: ORIGIN });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Send either an API key or the session cookie, not both" });
  });

  it("answers 429 with Retry-After and RateLimit-* once the key's burst is spent", async () => {
    const { id, key } = await createKey(alice, [op.scope]);
    // The key's burst window, spent: as if 20 requests had just been made.
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 20)")
      .bind(`api:key-burst:${id}`, Date.now())
      .run();
    const res = await send(key);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(10);
    expect(res.headers.get("RateLimit-Limit")).toBe("60");
    expect(res.headers.get("RateLimit-Remaining")).toBe("0");
    expect((await res.json()) as { message: string }).toMatchObject({
      message: expect.stringMatching(/^Slow down: at most 20 API requests per 10 seconds/) as unknown,
    });
  });
});

describe("successful calls through the typed client", () => {
  it("reads the directory, the feed, a post, messages and deals", async () => {
    const client = typedClient(fullKey);
    const dealers = await client.GET("/api/dealers", { params: { query: { limit: 5 } } });
    expect(dealers.response.status).toBe(200);
    expect(Array.isArray(dealers.data)).toBe(true);
    expect(dealers.response.headers.get("RateLimit-Limit")).toBe("60");

    const feed = await client.GET("/api/inventory", { params: { query: { limit: 5 } } });
    expect(feed.response.status).toBe(200);
    expect(feed.data?.map((p) => p.id)).toContain(postId);

    const post = await client.GET("/api/inventory/{id}", { params: { path: { id: postId } } });
    expect(post.data?.title).toBe("2020 Chevrolet Tahoe LT");
    const missing = await client.GET("/api/inventory/{id}", { params: { path: { id: "nope" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.message).toBeDefined();

    expect((await client.GET("/api/messages")).response.status).toBe(200);
    const deals = await client.GET("/api/deals");
    expect(deals.response.status).toBe(200);
    expect(deals.data).toEqual([]);
  });

  it("connects and messages as the key's dealer, whatever the body claims", async () => {
    const carol = await signUpDealer();
    const client = typedClient(fullKey);
    const connected = await client.POST("/api/dealers/connect", { body: { receiverId: carol.dealerId } });
    expect(connected.response.status).toBe(201);
    expect(connected.data?.dealer.id).toBe(carol.dealerId);
    const sent = await client.POST("/api/messages", {
      body: { receiverId: carol.dealerId, content: "Hello from our DMS", clientId: "dms-0001-abcd" },
    });
    expect(sent.response.status).toBe(201);
    expect(sent.data?.senderId).toBe(alice.dealerId);
    const again = await client.POST("/api/messages", {
      body: { receiverId: carol.dealerId, content: "Hello from our DMS", clientId: "dms-0001-abcd" },
    });
    expect(again.response.status).toBe(200);
    const bad = await client.POST("/api/messages", { body: { receiverId: "", content: "x" } });
    expect(bad.response.status).toBe(400);
    expect(bad.error && "issues" in bad.error ? bad.error.issues?.length : 0).toBeGreaterThan(0);
  });

  it("counts down RateLimit-Remaining and refuses the 21st request within 10 seconds", async () => {
    const { key } = await createKey(alice, ["read"]);
    const client = typedClient(key);
    const remaining: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await client.GET("/api/deals");
      expect(res.response.status).toBe(200);
      remaining.push(Number(res.response.headers.get("RateLimit-Remaining")));
    }
    expect(remaining[0]).toBe(19);
    expect(remaining[19]).toBe(0);
    const refused = await client.GET("/api/deals");
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("Retry-After")).not.toBeNull();
  });

  it("keeps the key's last use to the minute", async () => {
    const { id, key } = await createKey(alice, ["read"]);
    await typedClient(key).GET("/api/deals");
    const list = await call("GET", "/api/api-keys", { cookie: alice.cookie });
    const listed = (list.json as unknown as { id: string; lastUsedAt: string | null }[]).find(
      (k) => k.id === id,
    );
    expect(listed?.lastUsedAt).not.toBeNull();
  });
});

describe("a key stops at once", () => {
  it("when the dealer's trial or plan lapses (402)", async () => {
    const dana = await signUpDealer();
    const { key } = await createKey(dana, ["read"]);
    expect((await keyCall("GET", "/api/deals", key)).status).toBe(200);
    await env.DB.prepare("update accounts set created_at = created_at - ? where email = ?")
      .bind(15 * DAY, dana.email)
      .run();
    const lapsed = await keyCall("GET", "/api/deals", key);
    expect(lapsed.status).toBe(402);
  });
});

describe("the OpenAPI document", () => {
  const documentOf = async () => (await keyCall("GET", "/api/openapi.json", null)).json as Doc;

  it("lists exactly the operations the key guard reads from the routers' declarations", () => {
    expect(keyOperations()).toEqual(publicOperationsOf(apiDocument("")));
  });

  it("is served without a key, validates as OpenAPI 3.1 and is the committed public/sdk/openapi.json", async () => {
    const document = await documentOf();
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: ORIGIN }]);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
    // The committed copy the typed client is generated from: `npm run api:client` refreshes both.
    const { servers: _servers, ...committed } = document;
    await expect(`${JSON.stringify(committed, null, 2)}\n`).toMatchFileSnapshot(
      "../../public/sdk/openapi.json",
    );
  });

  it("documents exactly the public operations, each with the bearer scheme and its scope", async () => {
    const document = await documentOf();
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, o]) => ({ key: `${method.toUpperCase()} ${path}`, o })),
    );
    expect(documented.map((d) => d.key).sort()).toEqual(
      operations.map((o) => `${o.method} ${o.path}`).sort(),
    );
    for (const { key, o } of documented) {
      const op = operations.find((x) => `${x.method} ${x.path}` === key);
      expect(o.security, key).toEqual([{ apiKey: [op?.scope] }]);
      expect(Object.keys(o.responses), key).toEqual(expect.arrayContaining(["401", "403", "429"]));
    }
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("every documented operation is served, and a key reaches no route the document leaves out", async () => {
    for (const op of operations) {
      const res = await keyCall(op.method, concrete(op.path), fullKey, op.body?.());
      expect(res.status, `${op.method} ${op.path}: ${res.text}`).toBeLessThan(300);
    }
    const served = new Set(
      api.routes
        .filter((r) => r.method !== "ALL" && !r.path.endsWith("*"))
        .map((r) => `${r.method} /api${r.path.replace(/:([A-Za-z]+)/g, "{$1}")}`.replace(/\/$/, "")),
    );
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    for (const op of documented) expect(served, op).toContain(op);
    const undocumented = [...served].filter((r) => !documented.has(r) && r !== "GET /api/openapi.json");
    expect(undocumented.length).toBeGreaterThan(50);
    for (const route of undocumented) {
      await env.DB.prepare("delete from rate_limits where key like 'api:%'").run();
      const [method, path] = route.split(" ") as [string, string];
      const res = await keyCall(method, path.replace(/\{[^}]+\}/g, "x"), fullKey);
      expect(res.status, `${route} with a key: ${res.text}`).toBe(403);
    }
  });
});

describe("keys from sales: an admin in /admin/users", () => {
  it("creates a key for a dealer, shown once and audited without the key; suspending the dealer stops it", async () => {
    const admin = await signUpAdmin();
    const erin = await signUpDealer();
    const accountId = (
      await env.DB.prepare("select id from accounts where email = ?").bind(erin.email).first<{ id: string }>()
    )?.id as string;
    const form = new URLSearchParams({ intent: "api-key", accountId, name: "From sales" });
    form.append("scopes", "read");
    const page = await SELF.fetch(`${ORIGIN}/admin/users?user=${accountId}`, {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        Cookie: admin.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form.toString(),
    });
    expect(page.status).toBe(200);
    const key = /dl_live_[0-9A-Za-z]{43}/.exec(await page.text())?.[0];
    expect(key).toBeDefined();

    const dealers = await keyCall("GET", "/api/dealers?limit=1", key as string);
    expect(dealers.status, dealers.text).toBe(200);
    const keys = await call("GET", "/api/api-keys", { cookie: erin.cookie });
    expect(keys.json as unknown as { name: string }[]).toEqual([
      expect.objectContaining({ name: "From sales", scopes: ["read"] }),
    ]);
    expect(
      (await keyCall("POST", "/api/messages", key as string, { receiverId: bob.dealerId, content: "x" }))
        .status,
    ).toBe(403);

    const audit = await call("GET", "/api/admin/audit?action=api-key.issue", { cookie: admin.cookie });
    expect(audit.status, audit.text).toBe(200);
    expect(audit.text).toContain("From sales");
    expect(audit.text).not.toContain(key as string);

    const suspended = await call("POST", `/api/admin/users/${accountId}/suspend`, {
      cookie: admin.cookie,
      body: { reason: "Chargebacks" },
    });
    expect(suspended.status, suspended.text).toBe(200);
    const refused = await keyCall("GET", "/api/dealers", key as string);
    expect(refused.status).toBe(403);
    expect((refused.json as { message: string }).message).toBe(SUSPENDED_MESSAGE);
  });
});
