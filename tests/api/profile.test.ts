import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { currentUserSchema } from "#lib/api-types";
import { createServices } from "../../worker/services";
import { ORIGIN, call, signUpDealer } from "./helpers";
import { SELF } from "cloudflare:test";

const PNG_1x1 = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00];

const toBase64 = (bytes: Uint8Array) => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
const dataUrl = (bytes: Uint8Array, type = "image/png") => `data:${type};base64,${toBase64(bytes)}`;

/** A JPEG-looking file of exactly `size` bytes. */
function jpegOfSize(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(JPEG_HEAD);
  return bytes;
}

describe("PATCH /api/profile", () => {
  it("updates the current user's fields and keeps the rest", async () => {
    const me = await signUpDealer();
    const res = await call("PATCH", "/api/profile", {
      cookie: me.cookie,
      body: {
        firstName: "Danielle",
        dealershipName: "Whitfield Motor Group",
        zip: "78701",
        website: "https://whitfield.example",
        vehiclesNeeded: "Late-model trucks",
        id: "ignored",
        role: "admin",
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(currentUserSchema.parse(res.json)).toMatchObject({
      name: "Danielle Whitfield",
      firstName: "Danielle",
      lastName: "Whitfield",
      dealershipName: "Whitfield Motor Group",
      zip: "78701",
      city: "Austin",
      website: "https://whitfield.example",
      vehiclesNeeded: "Late-model trucks",
      role: "dealer",
    });
    const me2 = await call("GET", "/api/auth/me", { cookie: me.cookie });
    expect(me2.json.name).toBe("Danielle Whitfield");
  });

  it("validates the fields", async () => {
    const me = await signUpDealer();
    for (const body of [
      { email: "nope" },
      { state: "Texas" },
      { website: "whitfield" },
      { dealershipName: "" },
      { dealershipType: "auction" },
    ]) {
      const res = await call("PATCH", "/api/profile", { cookie: me.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call("PATCH", "/api/profile", { body: { city: "X" } })).status).toBe(401);
  });

  it("stores a valid photo in R2 and keeps its address, never the data URL; the address serves it", async () => {
    const me = await signUpDealer();
    const res = await call("PATCH", "/api/profile", {
      cookie: me.cookie,
      // The declared type is ignored: the bytes are a PNG.
      body: {
        avatar: dataUrl(PNG_1x1, "image/jpeg"),
        dealershipPhoto: dataUrl(jpegOfSize(5000), "image/jpeg"),
      },
    });
    expect(res.status, res.text).toBe(200);
    const user = currentUserSchema.parse(res.json) as { avatar: string; dealershipPhoto: string };
    expect(user.avatar).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    expect(user.dealershipPhoto).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const row = await env.DB.prepare("select avatar from dealers where id = ?")
      .bind(me.dealerId)
      .first<{ avatar: string }>();
    expect(row?.avatar).toBe(user.avatar);
    const stored = await env.PHOTOS.get(user.avatar.replace("/objects/", ""));
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    await stored?.arrayBuffer();

    const served = await SELF.fetch(`${ORIGIN}${user.avatar}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_1x1);

    // Sending the current address again changes nothing; null removes the photo.
    const same = await call("PATCH", "/api/profile", {
      cookie: me.cookie,
      body: { avatar: user.avatar, dealershipPhoto: null },
    });
    expect(currentUserSchema.parse(same.json)).toMatchObject({ avatar: user.avatar, dealershipPhoto: null });
  });

  it("accepts a photo of exactly 2 MB and answers 413 beyond", async () => {
    const me = await signUpDealer();
    const ok = await call("PATCH", "/api/profile", {
      cookie: me.cookie,
      body: { avatar: dataUrl(jpegOfSize(2 * 1024 * 1024), "image/jpeg") },
    });
    expect(ok.status, ok.text).toBe(200);
    const big = await call("PATCH", "/api/profile", {
      cookie: me.cookie,
      body: { avatar: dataUrl(jpegOfSize(2 * 1024 * 1024 + 1), "image/jpeg") },
    });
    expect(big.status).toBe(413);
    expect(big.json.message).toBe("Profile photo is too large: maximum 2MB");
    const huge = await call("PATCH", "/api/profile", {
      cookie: me.cookie,
      body: {
        avatar: dataUrl(jpegOfSize(3 * 1024 * 1024)),
        dealershipPhoto: dataUrl(jpegOfSize(3 * 1024 * 1024)),
      },
    });
    expect(huge.status).toBe(413);
  });

  it("refuses what is not an image, whatever it claims to be", async () => {
    const me = await signUpDealer();
    const text = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>");
    for (const avatar of [
      dataUrl(text, "image/png"),
      dataUrl(new TextEncoder().encode("%PDF-1.7"), "image/jpeg"),
      "data:image/png;base64,@@@",
      "https://elsewhere.example/me.png",
      "/objects/uploads/00000000-0000-0000-0000-000000000000",
    ]) {
      const res = await call("PATCH", "/api/profile", { cookie: me.cookie, body: { avatar } });
      expect(res.status, avatar.slice(0, 40)).toBe(400);
    }
    const row = await env.DB.prepare("select avatar from dealers where id = ?")
      .bind(me.dealerId)
      .first<{ avatar: string | null }>();
    expect(row?.avatar).toBeNull();
  });
});

describe("the figures of /my-stats and the profile's Statistics tab", () => {
  const DAY = 24 * 60 * 60 * 1000;

  /** A post's views are its post_views rows: view_count follows them (post_views_count_ai). */
  async function post(dealerId: string, type: string, status: string, createdAt: number) {
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `insert into inventory_posts (id, dealer_id, title, type, status, created_at)
       values (?, ?, 'Figures', ?, ?, ?)`,
    )
      .bind(id, dealerId, type, status, createdAt)
      .run();
    return id;
  }
  const vehicles = (postId: string, statuses: string[]) =>
    env.DB.batch(
      statuses.map((status, position) =>
        env.DB.prepare(
          "insert into vehicles (id, post_id, position, make, model, status) values (?, ?, ?, 'Ford', 'F-150', ?)",
        ).bind(crypto.randomUUID(), postId, position, status),
      ),
    );
  const comment = (postId: string, dealerId: string) =>
    env.DB.prepare("insert into comments (id, post_id, dealer_id, content) values (?, ?, ?, 'Still there?')")
      .bind(crypto.randomUUID(), postId, dealerId)
      .run();
  const view = (postId: string, viewerId: string, at = Date.now()) =>
    env.DB.prepare("insert into post_views (post_id, viewer_id, created_at) values (?, ?, ?)")
      .bind(postId, viewerId, at)
      .run();

  it("counts posts by type and status, vehicles of listings, views, comments received and written", async () => {
    const [me, other] = [await signUpDealer(), await signUpDealer()];
    const now = Date.now();
    const old = now - 45 * DAY; // before this month and the last 30 days, whatever today is
    const listing = await post(me.dealerId, "single", "active", now - 60_000);
    const sold = await post(me.dealerId, "multiple", "sold", old);
    const request = await post(me.dealerId, "request", "active", now - 60_000);
    await post(me.dealerId, "request", "expired", old);
    await post(me.dealerId, "for-sale", "expired", old);
    const theirs = await post(other.dealerId, "single", "active", now);
    await vehicles(listing, ["available", "sold"]);
    await vehicles(sold, ["available", "sold", "sold", "pending"]);
    await vehicles(request, ["available"]); // a Requesting post's vehicles are wanted, not listed
    await comment(listing, other.dealerId);
    await comment(listing, other.dealerId);
    await comment(request, other.dealerId);
    await comment(listing, me.dealerId); // their own reply: written, not received
    await comment(theirs, me.dealerId);
    // Each first view adds one to the post's view_count (post_views_count_ai).
    await view(listing, other.dealerId);
    await view(listing, "a-dealer-no-longer-here");
    await view(request, other.dealerId);
    await view(sold, other.dealerId, old + DAY); // before the last 30 days
    await view(theirs, me.dealerId); // a view of someone else's post

    expect(await createServices(env).insights.dealerStats(me.dealerId)).toEqual({
      posts: 5,
      activePosts: 1,
      soldPosts: 1,
      openRequests: 1,
      vehiclesListed: 6,
      vehiclesAvailable: 2,
      vehiclesSold: 3,
      totalViews: 4,
      uniqueViewers: 2,
      commentsReceived: 3,
      commentsWritten: 2,
      connections: 0,
      chats: 0,
      messagesSent: 0,
      postsThisMonth: 2,
      viewsLast30Days: 3,
    });
  });

  it("are all zero for a dealer who has done nothing yet", async () => {
    const me = await signUpDealer();
    const stats = await createServices(env).insights.dealerStats(me.dealerId);
    expect(Object.values(stats).every((n) => n === 0)).toBe(true);
    expect(Object.keys(stats)).toHaveLength(16);
  });
});
