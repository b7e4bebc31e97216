import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIMITS, type Limit } from "../../worker/domain/rate-limits";
import { ORIGIN, VALID_PROFILE, call, freshIp, messagesOfDealer, signUpDealer } from "./helpers";

const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** Uses up all but `left` of a limit for a subject, as that many earlier writes in this window would have. */
async function spendAllBut(limit: Limit, subject: string, left = 0) {
  await env.DB.prepare(
    "insert into rate_limits (key, window_start, count) values (?, ?, ?) on conflict(key) do update set window_start = excluded.window_start, count = excluded.count",
  )
    .bind(`${limit.name}:${subject}`, Date.now(), limit.max - left)
    .run();
}

function expectTooMany(
  res: { status: number; headers: Headers; json: Record<string, unknown> },
  limit: Limit,
) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(limit.windowSeconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(limit.windowSeconds);
  expect(res.json.message).toMatch(/try again in \d+ minutes?/);
}

const count = async (sql: string, ...params: string[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n;

const post = (cookie: string, title = "Two Silverados, clean titles") =>
  call("POST", "/api/inventory", {
    cookie,
    body: { type: "for-sale", title, description: "", vehicles: [], photoUrls: [] },
  });

describe("per-dealer write limits", () => {
  it("are generous for a busy dealer and tight for a script", () => {
    expect(LIMITS.postsPerDealer).toMatchObject({ max: 30, windowSeconds: 3600 });
    expect(LIMITS.commentsPerDealer).toMatchObject({ max: 120, windowSeconds: 3600 });
    expect(LIMITS.messagesPerDealer).toMatchObject({ max: 600, windowSeconds: 3600 });
  });

  it("posts: the last one of the hour goes through, the next answers 429 with Retry-After", async () => {
    const dealer = await signUpDealer();
    await spendAllBut(LIMITS.postsPerDealer, dealer.dealerId, 1);
    expect((await post(dealer.cookie)).status).toBe(201);
    const refused = await post(dealer.cookie, "One post too many");
    expectTooMany(refused, LIMITS.postsPerDealer);
    expect(refused.json.message).toBe("Slow down: at most 30 posts an hour. Please try again in 60 minutes.");
    expect(
      await count("select count(*) as n from inventory_posts where title = ?", "One post too many"),
    ).toBe(0);
    const other = await signUpDealer();
    expect((await post(other.cookie)).status).toBe(201);
  });

  it("posts: a photo that is not ours answers 400 before the spent limit's 429, every time", async () => {
    const dealer = await signUpDealer();
    await spendAllBut(LIMITS.postsPerDealer, dealer.dealerId);
    for (let i = 0; i < 3; i++) {
      const refused = await call("POST", "/api/inventory", {
        cookie: dealer.cookie,
        body: {
          title: "Photo from elsewhere",
          description: "x",
          type: "for-sale",
          vehicles: [],
          photoUrls: ["https://elsewhere.example/a.jpg"],
        },
      });
      expect(refused.status).toBe(400);
    }
    expectTooMany(await post(dealer.cookie, "Over the limit"), LIMITS.postsPerDealer);
  });

  it("comments", async () => {
    const dealer = await signUpDealer();
    const created = await post(dealer.cookie);
    await spendAllBut(LIMITS.commentsPerDealer, dealer.dealerId);
    const refused = await call("POST", `/api/inventory/${created.json.id}/comments`, {
      cookie: dealer.cookie,
      body: { content: "Still available?" },
    });
    expectTooMany(refused, LIMITS.commentsPerDealer);
    expect(
      await count("select count(*) as n from comments where post_id = ?", created.json.id as string),
    ).toBe(0);
  });

  it("messages over REST", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    await spendAllBut(LIMITS.messagesPerDealer, a.dealerId);
    const refused = await call("POST", "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.dealerId, content: "Hello" },
    });
    expectTooMany(refused, LIMITS.messagesPerDealer);
    expect((await messagesOfDealer(a.dealerId)).filter((m) => m.senderId === a.dealerId)).toHaveLength(0);
    const reply = await call("POST", "/api/messages", {
      cookie: b.cookie,
      body: { receiverId: a.dealerId, content: "Hi" },
    });
    expect(reply.status).toBe(201);
  });

  it("upload addresses", async () => {
    const dealer = await signUpDealer();
    await spendAllBut(LIMITS.uploadsPerDealer, dealer.dealerId, 1);
    expect((await call("POST", "/api/objects/upload", { cookie: dealer.cookie })).status).toBe(201);
    expectTooMany(
      await call("POST", "/api/objects/upload", { cookie: dealer.cookie }),
      LIMITS.uploadsPerDealer,
    );
  });

  it("profile photos count as uploads; a profile change without a photo does not", async () => {
    const dealer = await signUpDealer();
    await spendAllBut(LIMITS.uploadsPerDealer, dealer.dealerId);
    const photo = await call("PATCH", "/api/profile", {
      cookie: dealer.cookie,
      body: { avatar: PNG_DATA_URL },
    });
    expectTooMany(photo, LIMITS.uploadsPerDealer);
    const text = await call("PATCH", "/api/profile", { cookie: dealer.cookie, body: { city: "Round Rock" } });
    expect(text.status).toBe(200);
  });

  it("dealers added to the directory", async () => {
    const dealer = await signUpDealer();
    await spendAllBut(LIMITS.dealersAddedPerDealer, dealer.dealerId);
    const refused = await call("POST", "/api/dealers", {
      cookie: dealer.cookie,
      body: { ...VALID_PROFILE, name: "Casey Lot", email: "casey@lot.example" },
    });
    expectTooMany(refused, LIMITS.dealersAddedPerDealer);
    expect(
      await count("select count(*) as n from dealers where added_by_dealer_id = ?", dealer.dealerId),
    ).toBe(0);
  });

  it("connections: adding through either address, and removing", async () => {
    const dealer = await signUpDealer();
    const other = await signUpDealer();
    await spendAllBut(LIMITS.connectionsPerDealer, dealer.dealerId, 2);
    const added = await call("POST", "/api/connections/add-dealer", {
      cookie: dealer.cookie,
      body: { receiverId: other.dealerId },
    });
    expect(added.status).toBe(201);
    const removed = await call("POST", "/api/connections/remove", {
      cookie: dealer.cookie,
      body: { dealerId: other.dealerId },
    });
    expect(removed.status).toBe(204);
    for (const path of ["/api/connections/add-dealer", "/api/dealers/connect"]) {
      const refused = await call("POST", path, {
        cookie: dealer.cookie,
        body: { receiverId: other.dealerId },
      });
      expectTooMany(refused, LIMITS.connectionsPerDealer);
    }
    expectTooMany(
      await call("POST", "/api/connections/remove", {
        cookie: dealer.cookie,
        body: { dealerId: other.dealerId },
      }),
      LIMITS.connectionsPerDealer,
    );
  });

  it("the contact form, per signed-in account from any address", async () => {
    const dealer = await signUpDealer();
    const accountId = (await call("GET", "/api/auth/me", { cookie: dealer.cookie })).json.userId as string;
    await spendAllBut(LIMITS.contactPerAccount, accountId);
    const refused = await call("POST", "/api/contact", {
      cookie: dealer.cookie,
      headers: { "CF-Connecting-IP": freshIp() },
      body: {
        fullName: "Dana Whitfield",
        email: dealer.email,
        message: "Can I get an invoice for last month?",
      },
    });
    expectTooMany(refused, LIMITS.contactPerAccount);
  });

  it("page forms too: a quick post without JavaScript is refused with the limit's message", async () => {
    const dealer = await signUpDealer();
    await spendAllBut(LIMITS.postsPerDealer, dealer.dealerId);
    const res = await SELF.fetch(`${ORIGIN}/?index`, {
      method: "POST",
      headers: {
        Cookie: dealer.cookie,
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ content: "Looking for two clean Tacomas", type: "request" }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const toast = decodeURIComponent(res.headers.getSetCookie().find((c) => c.startsWith("dl_toast=")) ?? "");
    expect(toast).toContain("Slow down: at most 30 posts an hour.");
  });
});
