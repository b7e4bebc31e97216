import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { connectionSchema, dealerQuickViewSchema } from "#lib/api-types";
import { HARD_SEARCHES, WILDCARD_DECOY, call, signUpAdmin, signUpDealer } from "./helpers";

const me = (cookie: string) =>
  call("GET", "/api/auth/me", { cookie }).then((r) => r.json as unknown as { userId: string; id: string });
const rows = async (a: string, b: string) =>
  (
    await env.DB.prepare(
      "select count(*) as n from connections where (requester_id = ?1 and receiver_id = ?2) or (requester_id = ?2 and receiver_id = ?1)",
    )
      .bind(a, b)
      .first<{ n: number }>()
  )?.n;

describe("POST /api/connections/add-dealer", () => {
  it("creates an accepted connection with the session's dealer as requester, whatever the body says", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const c = await signUpDealer();
    const res = await call("POST", "/api/connections/add-dealer", {
      cookie: a.cookie,
      body: { requesterId: c.dealerId, receiverId: b.dealerId },
    });
    expect(res.status).toBe(201);
    expect(connectionSchema.parse(res.json)).toMatchObject({
      requesterId: a.dealerId,
      receiverId: b.dealerId,
      status: "accepted",
      dealer: { id: b.dealerId, isConnected: true },
    });
    expect(await rows(c.dealerId, b.dealerId)).toBe(0);
  });

  it("is idempotent in either direction: 200 with the existing connection, nothing created", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const first = await call("POST", "/api/connections/add-dealer", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId },
    });
    expect(first.status).toBe(201);
    const again = await call("POST", "/api/connections/add-dealer", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId },
    });
    expect(again.status).toBe(200);
    expect(connectionSchema.parse(again.json).id).toBe(connectionSchema.parse(first.json).id);
    const reverse = await call("POST", "/api/connections/add-dealer", {
      cookie: b.cookie,
      body: { receiverId: a.dealerId },
    });
    expect(reverse.status).toBe(200);
    expect(await rows(a.dealerId, b.dealerId)).toBe(1);
  });

  it("stores one row when both sides connect at the same moment", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const answers = await Promise.all([
      call("POST", "/api/connections/add-dealer", { cookie: a.cookie, body: { receiverId: b.dealerId } }),
      call("POST", "/api/connections/add-dealer", { cookie: b.cookie, body: { receiverId: a.dealerId } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await rows(a.dealerId, b.dealerId)).toBe(1);
  });

  it("refuses oneself (400), an unknown dealer (404), a missing receiver (400) and no session (401)", async () => {
    const a = await signUpDealer();
    const self = await call("POST", "/api/connections/add-dealer", {
      cookie: a.cookie,
      body: { receiverId: a.dealerId },
    });
    expect(self.status).toBe(400);
    expect(self.json.message).toBe("You cannot connect with yourself");
    const unknown = await call("POST", "/api/connections/add-dealer", {
      cookie: a.cookie,
      body: { receiverId: crypto.randomUUID() },
    });
    expect(unknown.status).toBe(404);
    expect((await call("POST", "/api/connections/add-dealer", { cookie: a.cookie, body: {} })).status).toBe(
      400,
    );
    expect(
      (await call("POST", "/api/connections/add-dealer", { body: { receiverId: a.dealerId } })).status,
    ).toBe(401);
  });

  it("has the documented alias POST /api/dealers/connect", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const res = await call("POST", "/api/dealers/connect", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId },
    });
    expect(res.status).toBe(201);
    expect(connectionSchema.parse(res.json).receiverId).toBe(b.dealerId);
    expect(
      (await call("POST", "/api/dealers/connect", { cookie: b.cookie, body: { receiverId: a.dealerId } }))
        .status,
    ).toBe(200);
  });

  it("refuses a cross-site request", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const res = await call("POST", "/api/connections/add-dealer", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await rows(a.dealerId, b.dealerId)).toBe(0);
  });
});

describe("POST /api/connections/remove", () => {
  it("removes the connection whichever side made it: 204, again 204, unknown dealer 404", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    await call("POST", "/api/connections/add-dealer", { cookie: a.cookie, body: { receiverId: b.dealerId } });
    // connection_count is kept by triggers: it follows every add and remove.
    const countOf = async (id: string) =>
      dealerQuickViewSchema.parse((await call("GET", `/api/dealers/${id}`, { cookie: a.cookie })).json).dealer
        .connectionCount;
    expect([await countOf(a.dealerId), await countOf(b.dealerId)]).toEqual([1, 1]);
    const res = await call("POST", "/api/connections/remove", {
      cookie: b.cookie,
      body: { dealerId: a.dealerId },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await rows(a.dealerId, b.dealerId)).toBe(0);
    expect([await countOf(a.dealerId), await countOf(b.dealerId)]).toEqual([0, 0]);
    const again = await call("POST", "/api/connections/remove", {
      cookie: b.cookie,
      body: { dealerId: a.dealerId },
    });
    expect(again.status).toBe(204);
    expect(
      (
        await call("POST", "/api/connections/remove", {
          cookie: b.cookie,
          body: { dealerId: crypto.randomUUID() },
        })
      ).status,
    ).toBe(404);
  });
});

describe("GET /api/connections/{userId}", () => {
  it("lists that account's accepted connections with the other dealer embedded", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const c = await signUpDealer();
    await call("POST", "/api/connections/add-dealer", { cookie: a.cookie, body: { receiverId: b.dealerId } });
    await call("POST", "/api/connections/add-dealer", { cookie: c.cookie, body: { receiverId: a.dealerId } });
    const { userId } = await me(a.cookie);
    const res = await call("GET", `/api/connections/${userId}`, { cookie: a.cookie });
    expect(res.status).toBe(200);
    const connections = z.array(connectionSchema).parse(res.json);
    expect(connections).toHaveLength(2);
    expect(connections.map((x) => x.dealer.id).sort()).toEqual([b.dealerId, c.dealerId].sort());
    expect(connections.every((x) => x.status === "accepted" && x.dealer.isConnected)).toBe(true);
    const searched = await call("GET", `/api/connections?search=whitfield&limit=1`, { cookie: a.cookie });
    expect(z.array(connectionSchema).parse(searched.json)).toHaveLength(1);
    expect(searched.headers.get("X-Next-Cursor")).toBeTruthy();
    const rest = await call(
      "GET",
      `/api/connections?search=whitfield&limit=1&cursor=${searched.headers.get("X-Next-Cursor")}`,
      { cookie: a.cookie },
    );
    expect(z.array(connectionSchema).parse(rest.json)).toHaveLength(1);
    expect(rest.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("is private: 403 for another dealer, allowed for an admin, 401 signed out", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const admin = await signUpAdmin();
    await call("POST", "/api/connections/add-dealer", { cookie: a.cookie, body: { receiverId: b.dealerId } });
    const { userId } = await me(a.cookie);
    const denied = await call("GET", `/api/connections/${userId}`, { cookie: b.cookie });
    expect(denied.status).toBe(403);
    expect(Array.isArray(denied.json)).toBe(false);
    const byAdmin = await call("GET", `/api/connections/${userId}`, { cookie: admin.cookie });
    expect(byAdmin.status).toBe(200);
    expect(z.array(connectionSchema).parse(byAdmin.json)).toHaveLength(1);
    expect(
      (await call("GET", `/api/connections/${crypto.randomUUID()}`, { cookie: admin.cookie })).status,
    ).toBe(404);
    expect((await call("GET", `/api/connections/${userId}`)).status).toBe(401);
    // A dealer id is not an account id: the dealer's own dealer id names no account.
    expect((await call("GET", `/api/connections/${a.dealerId}`, { cookie: a.cookie })).status).toBe(404);
  });
});

describe("GET /api/connections?search=", () => {
  it("finds the connection for any search the schema accepts: 100 characters, emoji, % _ \\ as text", async () => {
    const viewer = await signUpDealer();
    const ids = new Map<string, string>();
    for (const name of [...HARD_SEARCHES.map((c) => c.name), WILDCARD_DECOY]) {
      const id = crypto.randomUUID();
      await env.DB.batch([
        env.DB.prepare(
          `insert into dealers (id, name, email, phone, dealership_name, dealership_type, city, state)
           values (?, ?, ?, '(555) 555-0100', 'Lot', 'independent', 'Town', 'TX')`,
        ).bind(id, name, `${id}@example.com`),
        env.DB.prepare(
          "insert into connections (id, requester_id, receiver_id, status) values (?, ?, ?, 'accepted')",
        ).bind(crypto.randomUUID(), viewer.dealerId, id),
      ]);
      ids.set(name, id);
    }
    for (const { label, search, name } of HARD_SEARCHES) {
      const res = await call("GET", `/api/connections?search=${encodeURIComponent(search)}&limit=50`, {
        cookie: viewer.cookie,
      });
      expect(res.status, `${label}: ${res.text}`).toBe(200);
      const found = z
        .array(connectionSchema)
        .parse(res.json)
        .map((c) => c.dealer.id);
      expect(found, label).toContain(ids.get(name));
      expect(found, label).not.toContain(ids.get(WILDCARD_DECOY));
    }
  });
});
