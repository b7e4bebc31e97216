import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, call, signUpDealer } from "./helpers";

/**
 * Issue 20: every answer says in `Server-Timing` how many D1 round trips it made (`d1;desc="N"`) and how many
 * of them waited in sequence (`d1-seq;desc="S"`). A dealer far from the database pays for the sequential
 * ones: these budgets fail the moment a change adds a sequential query to a main request.
 */
function tripsOf(headers: Headers) {
  const timing = headers.get("Server-Timing") ?? "";
  const total = /(?:^|, )d1;desc="(\d+)";dur=[\d.]+/.exec(timing);
  const sequential = /d1-seq;desc="(\d+)"/.exec(timing);
  if (!total || !sequential || !/total;dur=[\d.]+/.test(timing))
    throw new Error(`No D1 timing in "${timing}"`);
  return { total: Number(total[1]), sequential: Number(sequential[1]) };
}

let me: Awaited<ReturnType<typeof signUpDealer>>;
let other: Awaited<ReturnType<typeof signUpDealer>>;
let postId = "";
let chatId = "";

beforeAll(async () => {
  me = await signUpDealer();
  other = await signUpDealer();
  const post = await call("POST", "/api/inventory", {
    cookie: other.cookie,
    body: {
      title: "2019 Ford F-150 XLT",
      description: "Clean",
      type: "for-sale",
      vehicles: [],
      photoUrls: [],
    },
  });
  postId = (post.json as unknown as { id: string }).id;
  const chat = await call("POST", "/api/chats", {
    cookie: me.cookie,
    body: { participantId: other.dealerId },
  });
  chatId = (chat.json as unknown as { id: string }).id;
  await call("POST", "/api/messages", {
    cookie: me.cookie,
    body: { receiverId: other.dealerId, content: "Hi" },
  });
});

/** Reads: the session, then one wave of independent queries. */
const READS: [string, () => string][] = [
  ["the feed API", () => "/api/inventory"],
  ["a feed search", () => "/api/inventory?search=ford"],
  ["a post (API)", () => `/api/inventory/${postId}`],
  ["the chat list", () => "/api/chats"],
  ["a chat's messages", () => `/api/chats/${chatId}/messages`],
  ["the notifications", () => "/api/notifications"],
  ["the current dealer", () => "/api/auth/me"],
  ["the signed-in home page", () => "/"],
  ["another dealer's post page", () => `/post/${postId}`],
  ["/messages", () => "/messages"],
  ["the dealer directory API", () => "/api/dealers"],
  ["/find-dealers", () => "/find-dealers"],
  ["/dealers", () => "/dealers"],
  ["/dealer-profile", () => "/dealer-profile"],
  ["/my-dealers", () => "/my-dealers"],
  ["/discover", () => "/discover"],
  ["/notifications", () => "/notifications"],
  ["/settings", () => "/settings"],
];

describe("D1 round trips (Server-Timing)", () => {
  for (const [name, path] of READS) {
    it(`${name}: at most 2 sequential round trips`, async () => {
      const res = await call("GET", path(), { cookie: me.cookie, headers: { Accept: "text/html" } });
      expect(res.status).toBe(200);
      expect(tripsOf(res.headers).sequential).toBeLessThanOrEqual(2);
    });
  }

  it("pages say how long they took to render, and every answer its total", async () => {
    const page = await call("GET", "/", { cookie: me.cookie, headers: { Accept: "text/html" } });
    expect(page.headers.get("Server-Timing")).toMatch(/render;dur=[\d.]+/);
    const signedOut = await call("GET", "/api/health");
    expect(tripsOf(signedOut.headers).total).toBeGreaterThanOrEqual(0);
  });

  it("a write costs the session, its checks and its batch: settings and a comment", async () => {
    const settings = await call("PATCH", "/api/settings", { cookie: me.cookie, body: { itemsPerPage: 50 } });
    expect(settings.status).toBe(200);
    expect(tripsOf(settings.headers).sequential).toBeLessThanOrEqual(3);
    const comment = await call("POST", `/api/inventory/${postId}/comments`, {
      cookie: me.cookie,
      body: { content: "Still available?" },
    });
    expect(comment.status).toBe(201);
    expect(tripsOf(comment.headers).sequential).toBeLessThanOrEqual(3);
  });
});

describe("read replicas: the bookmark", () => {
  it("a write hands the browser an HttpOnly bookmark cookie and API clients the header", async () => {
    const res = await call("PATCH", "/api/settings", { cookie: me.cookie, body: { itemsPerPage: 20 } });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("dl_d1="));
    expect(cookie).toBeDefined();
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(res.headers.get("X-D1-Bookmark")).toBe(/^dl_d1=([^;]+)/.exec(cookie!)![1]);
  });

  it("reads see the dealer's own write when the bookmark comes back", async () => {
    const post = await call("POST", "/api/inventory", {
      cookie: me.cookie,
      body: {
        title: "2020 Ram 1500 Big Horn",
        description: "One owner",
        type: "for-sale",
        vehicles: [],
        photoUrls: [],
      },
    });
    expect(post.status).toBe(201);
    const bookmark = post.headers.get("X-D1-Bookmark")!;
    const feed = await call("GET", "/api/inventory", {
      cookie: `${me.cookie}; dl_d1=${bookmark}`,
    });
    expect((feed.json as unknown as { id: string }[]).map((p) => p.id)).toContain(
      (post.json as unknown as { id: string }).id,
    );
  });

  it("ignores a malformed or hostile bookmark instead of failing", async () => {
    for (const bad of ["not-a-bookmark!", "x".repeat(5000), "'; drop table posts; --", "0000-zz"]) {
      const res = await SELF.fetch(`${ORIGIN}/api/inventory`, {
        headers: {
          Origin: ORIGIN,
          Cookie: `${me.cookie}; dl_d1=${encodeURIComponent(bad)}`,
          "X-D1-Bookmark": bad.slice(0, 4000),
        },
      });
      expect(res.status, bad).toBe(200);
      await res.arrayBuffer();
    }
  });

  it("never sets a bookmark cookie on a read (a cached public page must not carry one)", async () => {
    const res = await call("GET", "/api/inventory", { cookie: me.cookie });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("dl_d1="))).toBe(false);
  });
});
