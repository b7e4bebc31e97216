import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { networkWall } from "../../worker/db/network-wall";
import { feedStatement } from "../../worker/domain/inventory/feed";
import { settingsService } from "../../worker/domain/settings";
import { sql } from "drizzle-orm";
import { ORIGIN, call, signUpDealer } from "./helpers";

/** A 1×1 PNG: enough for the magic-byte check. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

async function uploadPhoto(cookie: string): Promise<string> {
  const signed = await call("POST", "/api/objects/upload", { cookie });
  const uploadURL = signed.json.uploadURL as string;
  const put = await SELF.fetch(uploadURL, {
    method: "PUT",
    body: PNG,
    headers: { "Content-Type": "image/png", Origin: ORIGIN },
  });
  if (put.status !== 201) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  return new URL(uploadURL).pathname;
}

type Post = {
  id: string;
  dealerId: string;
  title: string;
  type: string;
  status: string;
  createdAt: string;
  photoUrls: string[];
  aiSummary: string | null;
  vehicleCount: number;
  availableCount: number;
  commentCount: number;
  viewCount: number;
  auctionFacilitator: string | null;
  dealer: { id: string; name: string; dealershipName: string; city: string; state: string };
  vehicles?: {
    vin: string | null;
    make: string;
    model: string;
    price: number | null;
    priceCents: number | null;
    status: string;
  }[];
  comments?: { content: string; dealer: { name: string; avatar: string | null } }[];
};

const F150 = {
  vin: "1FTFW1ET9DFC10312",
  year: 2013,
  make: "Ford",
  model: "F-150",
  trim: "XLT",
  mileage: 128400,
  price: 14250.5,
  city: "Dallas",
  state: "TX",
  color: "White",
};

const createPost = (cookie: string, body: Record<string, unknown>) =>
  call("POST", "/api/inventory", { cookie, body });

async function allPages(cookie: string, query: string, limit: number) {
  const seen: Post[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const url = `/api/inventory?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await call("GET", url, { cookie });
    expect(res.status, res.text).toBe(200);
    const posts = res.json as unknown as Post[];
    expect(posts.length).toBeLessThanOrEqual(limit);
    seen.push(...posts);
    cursor = res.headers.get("X-Next-Cursor");
    if (!cursor) return seen;
  }
  throw new Error("pagination did not end");
}

let alice: Awaited<ReturnType<typeof signUpDealer>>;
let bob: Awaited<ReturnType<typeof signUpDealer>>;

beforeAll(async () => {
  alice = await signUpDealer();
  bob = await signUpDealer();
});

describe("signed out", () => {
  it.each([
    ["GET", "/api/inventory"],
    ["GET", "/api/inventory/some-id"],
    ["POST", "/api/inventory"],
    ["POST", "/api/inventory/some-id/comments"],
    ["POST", "/api/objects/upload"],
    ["GET", "/api/vin/1HGCM82633A004352"],
  ])("%s %s → 401", async (method, path) => {
    const res = await call(
      method,
      path,
      method === "POST" ? { body: { title: "x", type: "for-sale", content: "x" } } : {},
    );
    expect(res.status).toBe(401);
    expect(typeof res.json.message).toBe("string");
  });
});

describe("POST /api/inventory", () => {
  it("creates a single-vehicle post with photos, from the session's dealer, in one go", async () => {
    const photos = [await uploadPhoto(alice.cookie), await uploadPhoto(alice.cookie)];
    const res = await createPost(alice.cookie, {
      dealerId: bob.dealerId,
      title: "  2013 F-150 XLT, clean  ",
      description: "One owner.",
      type: "single",
      auctionFacilitator: "Manheim",
      photoUrls: [`${ORIGIN}${photos[0]}`, photos[1]],
      vehicles: [F150, { make: "Chevrolet", model: "" }],
    });
    expect(res.status, res.text).toBe(201);
    const post = res.json as unknown as Post;
    expect(post.dealerId).toBe(alice.dealerId);
    expect(post.dealer.id).toBe(alice.dealerId);
    expect(post.title).toBe("2013 F-150 XLT, clean");
    expect(post.status).toBe("active");
    expect(post.auctionFacilitator).toBe("Manheim");
    expect(post.photoUrls).toEqual(photos);
    // Only the complete vehicle is kept; money is stored in whole cents.
    expect(post.vehicleCount).toBe(1);
    expect(post.availableCount).toBe(1);
    expect(post.vehicles).toHaveLength(1);
    expect(post.vehicles?.[0]).toMatchObject({
      vin: F150.vin,
      make: "Ford",
      model: "F-150",
      price: 14250.5,
      priceCents: 1425050,
    });
    const summary = JSON.parse(post.aiSummary ?? "null") as { text: string }[];
    expect(summary[0]).toEqual({ text: "1 vehicle: 2013 Ford F-150" });
    expect(summary.map((s) => s.text)).toContain("Located in Dallas, TX");

    const first = await call("GET", "/api/inventory?limit=1", { cookie: bob.cookie });
    expect((first.json as unknown as Post[])[0]?.id).toBe(post.id);
  });

  it("creates multiple-vehicle, spreadsheet, for-sale and request posts", async () => {
    const multiple = await createPost(alice.cookie, {
      title: "Three trades",
      type: "multiple",
      vehicles: [
        F150,
        { ...F150, vin: undefined, make: "Toyota", model: "Camry", status: "sold" },
        { make: "Honda", model: "Civic" },
      ],
    });
    expect(multiple.status, multiple.text).toBe(201);
    expect(multiple.json).toMatchObject({ vehicleCount: 3, availableCount: 2 });

    const sheet = await createPost(alice.cookie, {
      title: "Run list",
      type: "spreadsheet",
      spreadsheetUrl: "https://docs.google.com/spreadsheets/d/abc/edit",
    });
    expect(sheet.status, sheet.text).toBe(201);
    expect(sheet.json.aiSummary).toBe("[]");

    const quick = await createPost(alice.cookie, {
      title: "Need clean Tacomas",
      type: "request",
      status: "active",
    });
    expect(quick.status).toBe(201);
    expect(quick.json).toMatchObject({ type: "request", status: "active", vehicleCount: 0 });
  });

  it.each([
    ["no title", { type: "single" }, "Please enter a title for your post"],
    ["a blank title", { title: "   ", type: "single" }, "Please enter a title for your post"],
    ["a title over 200 characters", { title: "x".repeat(201), type: "single" }, "Title must be at most 200"],
    ["an unknown type", { title: "t", type: "auction" }, "Post type"],
    ["a status other than active", { title: "t", type: "for-sale", status: "sold" }, "always active"],
    [
      "a spreadsheet post without its URL",
      { title: "t", type: "spreadsheet" },
      "Please enter a spreadsheet URL",
    ],
    [
      "a spreadsheet URL that is not http(s)",
      { title: "t", type: "spreadsheet", spreadsheetUrl: "ftp://x.example/a" },
      "http",
    ],
    [
      "a spreadsheet URL that is not a URL",
      { title: "t", type: "spreadsheet", spreadsheetUrl: "sheet one" },
      "http",
    ],
    [
      "a short VIN",
      { title: "t", type: "single", vehicles: [{ ...F150, vin: "1FTFW1ET9DFC1031" }] },
      "17 characters",
    ],
    [
      "a VIN with O",
      { title: "t", type: "single", vehicles: [{ ...F150, vin: "1FTFW1ET9DFC1031O" }] },
      "never I, O or Q",
    ],
    ["a year of 1899", { title: "t", type: "single", vehicles: [{ ...F150, year: 1899 }] }, "1900 to 2030"],
    ["a year of 2031", { title: "t", type: "single", vehicles: [{ ...F150, year: 2031 }] }, "1900 to 2030"],
    [
      "a fractional year",
      { title: "t", type: "single", vehicles: [{ ...F150, year: 2013.5 }] },
      "whole number",
    ],
    ["negative mileage", { title: "t", type: "single", vehicles: [{ ...F150, mileage: -1 }] }, "negative"],
    [
      "fractional mileage",
      { title: "t", type: "single", vehicles: [{ ...F150, mileage: 10.5 }] },
      "digits only",
    ],
    [
      "mileage that is not a number",
      { title: "t", type: "single", vehicles: [{ ...F150, mileage: "lots" }] },
      "digits only",
    ],
    ["a negative price", { title: "t", type: "single", vehicles: [{ ...F150, price: -1 }] }, "negative"],
    [
      "a price below a cent",
      { title: "t", type: "single", vehicles: [{ ...F150, price: 10.005 }] },
      "whole cents",
    ],
    [
      "a Canadian province as state",
      { title: "t", type: "single", vehicles: [{ ...F150, state: "ON" }] },
      "50 US state",
    ],
    ["an unknown state", { title: "t", type: "single", vehicles: [{ ...F150, state: "XX" }] }, "50 US state"],
    [
      "an unknown vehicle status",
      { title: "t", type: "single", vehicles: [{ ...F150, status: "stolen" }] },
      "available, pending or sold",
    ],
    ["two vehicles on a single post", { title: "t", type: "single", vehicles: [F150, F150] }, "one vehicle"],
    [
      "51 vehicles",
      { title: "t", type: "multiple", vehicles: Array.from({ length: 51 }, () => F150) },
      "At most 50",
    ],
    [
      "a facilitator off the list",
      { title: "t", type: "for-sale", auctionFacilitator: "eBay Motors" },
      "auction facilitator",
    ],
    [
      "a photo from another site",
      { title: "t", type: "for-sale", photoUrls: ["https://evil.example/a.jpg"] },
      "uploaded to DealerLane",
    ],
    [
      "a photo address with a query",
      {
        title: "t",
        type: "for-sale",
        photoUrls: [`${ORIGIN}/objects/uploads/00000000-0000-4000-8000-000000000000?x=1`],
      },
      "uploaded to DealerLane",
    ],
    ["photos that are not a list", { title: "t", type: "for-sale", photoUrls: "a.jpg" }, "list"],
  ])("refuses %s with 400", async (_label, body, message) => {
    const res = await createPost(alice.cookie, body);
    expect(res.status, res.text).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
    expect(Array.isArray(res.json.issues)).toBe(true);
  });

  it("refuses 51 photos", async () => {
    const photo = await uploadPhoto(alice.cookie);
    const res = await createPost(alice.cookie, {
      title: "t",
      type: "for-sale",
      photoUrls: Array.from({ length: 51 }, () => photo),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Maximum 50 photos allowed");
  });

  it("refuses a photo address of ours that holds nothing", async () => {
    const res = await createPost(alice.cookie, {
      title: "t",
      type: "for-sale",
      photoUrls: ["/objects/uploads/00000000-0000-4000-8000-000000000000"],
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/Photo not found/);
  });

  it("writes post and vehicles all or nothing", async () => {
    // The database refuses the second vehicle: the post and the first vehicle must not be stored either.
    await env.DB.prepare(
      "create trigger refuse_boom before insert on vehicles when new.model = 'Boom' begin select raise(abort, 'refused'); end",
    ).run();
    try {
      const res = await createPost(alice.cookie, {
        title: "Half a post",
        type: "multiple",
        vehicles: [F150, { make: "Acme", model: "Boom" }],
      });
      expect(res.status).toBe(500);
      expect(res.json.message).not.toContain("refused");
      const posts = await env.DB.prepare(
        "select count(*) as n from inventory_posts where title = 'Half a post'",
      ).first<{ n: number }>();
      expect(posts?.n).toBe(0);
      const orphans = await env.DB.prepare(
        "select count(*) as n from vehicles where post_id not in (select id from inventory_posts)",
      ).first<{ n: number }>();
      expect(orphans?.n).toBe(0);
    } finally {
      await env.DB.prepare("drop trigger refuse_boom").run();
    }
  });
});

describe("GET /api/inventory", () => {
  it("answers 7 posts by default with their dealer and counts, newest first", async () => {
    for (let i = 0; i < 9; i++) await createPost(bob.cookie, { title: `Bob's post ${i}`, type: "for-sale" });
    const res = await call("GET", "/api/inventory", { cookie: alice.cookie });
    expect(res.status).toBe(200);
    const posts = res.json as unknown as Post[];
    expect(posts).toHaveLength(7);
    expect(res.headers.get("X-Next-Cursor")).toBeTruthy();
    for (const p of posts) {
      expect(p.dealer.name).toBeTruthy();
      expect(p.dealer.dealershipName).toBeTruthy();
      expect(typeof p.vehicleCount).toBe("number");
      expect(typeof p.availableCount).toBe("number");
      expect(typeof p.commentCount).toBe("number");
      expect(typeof p.viewCount).toBe("number");
    }
    const times = posts.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("pages through every post once, ties on createdAt included, with no cursor after the last page", async () => {
    // Five posts written in the same millisecond: the id breaks the tie.
    const stamp = Date.now() - 60_000;
    for (let i = 0; i < 5; i++) {
      await env.DB.prepare(
        "insert into inventory_posts (id, dealer_id, title, type, created_at) values (?, ?, ?, 'for-sale', ?)",
      )
        .bind(`tie-${i}-${crypto.randomUUID()}`, bob.dealerId, `Tie ${i}`, stamp)
        .run();
    }
    const total = await env.DB.prepare("select count(*) as n from inventory_posts").first<{ n: number }>();
    for (const limit of [1, 3, 7, 50]) {
      const posts = await allPages(alice.cookie, "sort=recent", limit);
      const ids = posts.map((p) => p.id);
      expect(new Set(ids).size, `limit ${limit}`).toBe(ids.length);
      expect(ids.length, `limit ${limit}`).toBe(total?.n);
    }
  });

  it("filters by the sort tabs", async () => {
    await createPost(bob.cookie, { title: "Weekly sale", type: "for-sale", auctionFacilitator: "ADESA" });
    await createPost(bob.cookie, { title: "LIVE AUCTION tonight", type: "multiple", vehicles: [F150] });
    await createPost(bob.cookie, {
      title: "Plain listing",
      type: "for-sale",
      description: "Runs an auction-free lot",
    });
    await createPost(bob.cookie, { title: "Looking for vans", type: "request" });

    const requests = await allPages(alice.cookie, "sort=requests", 50);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((p) => p.type === "request")).toBe(true);

    const forSale = await allPages(alice.cookie, "sort=for-sale", 50);
    expect(forSale.length).toBeGreaterThan(0);
    expect(forSale.every((p) => p.type !== "request")).toBe(true);

    const promos = await allPages(alice.cookie, "sort=auction-promo", 50);
    const titles = promos.map((p) => p.title);
    expect(titles).toContain("Weekly sale");
    expect(titles).toContain("LIVE AUCTION tonight");
    expect(titles).toContain("Plain listing"); // its description mentions an auction
    expect(titles).not.toContain("Looking for vans");
    for (const p of promos) {
      const hasWord = `${p.title} ${(p as unknown as { description: string }).description}`
        .toLowerCase()
        .includes("auction");
      expect(p.auctionFacilitator !== null || hasWord).toBe(true);
    }
  });

  it.each([
    ["limit=0", "Limit must be at least 1"],
    ["limit=51", "Limit must be at most 50"],
    ["limit=abc", "Limit must be a number"],
    ["sort=oldest", "Sort must be"],
    ["cursor=not-a-cursor", "Invalid cursor"],
  ])("refuses %s with 400", async (query, message) => {
    const res = await call("GET", `/api/inventory?${query}`, { cookie: alice.cookie });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(message);
  });

  it("answers at most 50", async () => {
    const res = await call("GET", "/api/inventory?limit=50", { cookie: alice.cookie });
    expect((res.json as unknown as Post[]).length).toBeLessThanOrEqual(50);
  });
});

describe("search", () => {
  let carol: Awaited<ReturnType<typeof signUpDealer>>;
  beforeAll(async () => {
    carol = await signUpDealer();
    await env.DB.prepare(
      "update dealers set name = 'Quincy Zabriskie', dealership_name = 'Zabriskie Quality Motors' where id = ?",
    )
      .bind(carol.dealerId)
      .run();
    await createPost(carol.cookie, {
      title: "Clean Silverado trade",
      description: "Fleet maintained, Montréal title",
      type: "single",
      vehicles: [{ vin: "1GCVKREC5EZ123456", make: "Chevrolet", model: "Silverado 1500", year: 2014 }],
    });
    await createPost(carol.cookie, {
      title: "Wanted: Odyssey",
      type: "request",
      vehicles: [{ make: "Honda", model: "Odyssey" }],
    });
  });

  const search = async (text: string, extra = "") => {
    const res = await call("GET", `/api/inventory?search=${encodeURIComponent(text)}${extra}&limit=50`, {
      cookie: alice.cookie,
    });
    expect(res.status, res.text).toBe(200);
    return (res.json as unknown as Post[]).map((p) => p.title);
  };

  it.each([
    ["a title word", "silverado"],
    ["a description word, accents folded", "montreal"],
    ["the dealer's name", "Zabriskie"],
    ["the dealership name", "Quality Motors"],
    ["a make", "chevrolet"],
    ["a model", "Silverado 1500"],
    ["the whole VIN", "1GCVKREC5EZ123456"],
    ["the start of the VIN", "1GCVKREC"],
    ["the last six of the VIN", "123456"],
    ["a prefix while typing", "Zabri"],
  ])("finds a post by %s", async (_label, text) => {
    expect(await search(text)).toContain("Clean Silverado trade");
  });

  it("needs every word", async () => {
    expect(await search("silverado odyssey")).toEqual([]);
  });

  it("combines with the sort tabs", async () => {
    expect(await search("Zabriskie", "&sort=requests")).toEqual(["Wanted: Odyssey"]);
    expect(await search("Zabriskie", "&sort=for-sale")).toEqual(["Clean Silverado trade"]);
  });

  it("follows a dealer's new name", async () => {
    await env.DB.prepare("update dealers set dealership_name = 'Xylophone Auto Brokers' where id = ?")
      .bind(carol.dealerId)
      .run();
    expect(await search("Xylophone")).toContain("Clean Silverado trade");
    expect(await search("Quality")).not.toContain("Clean Silverado trade");
  });

  it("follows vehicles added and removed", async () => {
    await env.DB.prepare(
      "insert into vehicles (id, post_id, make, model) select ?, id, 'Lamborghini', 'Urus' from inventory_posts where title = 'Wanted: Odyssey'",
    )
      .bind(crypto.randomUUID())
      .run();
    expect(await search("urus")).toEqual(["Wanted: Odyssey"]);
    await env.DB.prepare("delete from vehicles where model = 'Urus'").run();
    expect(await search("urus")).toEqual([]);
  });

  it("treats FTS syntax as plain words", async () => {
    for (const text of ['"', "AND", "OR NOT", "*", "title:x", "NEAR(a b)", "a-b", "(", "^"]) {
      const res = await call("GET", `/api/inventory?search=${encodeURIComponent(text)}`, {
        cookie: alice.cookie,
      });
      expect(res.status, text).toBe(200);
    }
  });

  it("reads control characters as spaces: a NUL never cuts the search short", async () => {
    expect(await search("Clean\u0000Silverado")).toContain("Clean Silverado trade");
    expect(await search("a\u0000b \u0007\u001b\r\n")).toEqual([]);
  });

  it("pages through search results once each", async () => {
    for (let i = 0; i < 5; i++)
      await createPost(carol.cookie, { title: `Pagination probe ${i}`, type: "for-sale" });
    const posts = await allPages(alice.cookie, "search=probe", 2);
    expect(posts.map((p) => p.title)).toEqual([4, 3, 2, 1, 0].map((i) => `Pagination probe ${i}`));
  });

  it("refuses a feed cursor in a search", async () => {
    const page = await call("GET", "/api/inventory?limit=1", { cookie: alice.cookie });
    const cursor = page.headers.get("X-Next-Cursor") ?? "";
    const res = await call("GET", `/api/inventory?search=probe&cursor=${encodeURIComponent(cursor)}`, {
      cookie: alice.cookie,
    });
    expect(res.status).toBe(400);
  });
});

describe("GET /api/inventory/{id}", () => {
  it("answers 404 'Post not found' for a missing post", async () => {
    const res = await call("GET", "/api/inventory/does-not-exist", { cookie: alice.cookie });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: "Post not found" });
  });

  it("answers vehicles and comments oldest first, and counts a view once per viewer", async () => {
    const created = await createPost(alice.cookie, {
      title: "Views probe",
      type: "multiple",
      vehicles: [F150, { make: "Kia", model: "Soul" }],
    });
    const id = created.json.id as string;
    await call("POST", `/api/inventory/${id}/comments`, { cookie: bob.cookie, body: { content: "First!" } });
    await call("POST", `/api/inventory/${id}/comments`, {
      cookie: alice.cookie,
      body: { content: "Second" },
    });

    const own = await call("GET", `/api/inventory/${id}`, { cookie: alice.cookie });
    expect(own.json.viewCount).toBe(0); // the dealer's own views are not counted
    const first = await call("GET", `/api/inventory/${id}`, { cookie: bob.cookie });
    expect(first.status).toBe(200);
    const post = first.json as unknown as Post;
    expect(post.viewCount).toBe(1);
    expect(post.vehicles?.map((v) => v.model)).toEqual(["F-150", "Soul"]);
    expect(post.comments?.map((c) => c.content)).toEqual(["First!", "Second"]);
    expect(post.commentCount).toBe(2);

    const again = await call("GET", `/api/inventory/${id}`, { cookie: bob.cookie });
    expect(again.json.viewCount).toBe(1);
    const carol = await signUpDealer();
    const third = await call("GET", `/api/inventory/${id}`, { cookie: carol.cookie });
    expect(third.json.viewCount).toBe(2);

    const feed = await allPages(alice.cookie, "search=Views%20probe", 7);
    expect(feed[0]).toMatchObject({ viewCount: 2, commentCount: 2, vehicleCount: 2 });
  });
});

describe("POST /api/inventory/{id}/comments", () => {
  let postId: string;
  beforeAll(async () => {
    postId = (await createPost(alice.cookie, { title: "Comment probe", type: "for-sale" })).json.id as string;
  });

  it("adds a trimmed comment by the session's dealer with their name and avatar", async () => {
    const res = await call("POST", `/api/inventory/${postId}/comments`, {
      cookie: bob.cookie,
      body: { content: "  Still available?  ", dealerId: alice.dealerId },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      content: "Still available?",
      postId,
      dealer: { id: bob.dealerId, avatar: null },
    });
    expect((res.json.dealer as { name: string }).name).toBeTruthy();
    const row = await env.DB.prepare("select dealer_id from comments where id = ?")
      .bind(res.json.id)
      .first<{ dealer_id: string }>();
    expect(row?.dealer_id).toBe(bob.dealerId);
  });

  it("accepts exactly 2000 characters", async () => {
    const res = await call("POST", `/api/inventory/${postId}/comments`, {
      cookie: bob.cookie,
      body: { content: "x".repeat(2000) },
    });
    expect(res.status).toBe(201);
  });

  it.each([
    ["no content", {}, "Please write a comment"],
    ["blank content", { content: "   \n " }, "Please write a comment"],
    ["2001 characters", { content: "x".repeat(2001) }, "at most 2000"],
    ["content that is not text", { content: 42 }, "Please write a comment"],
  ])("refuses %s with 400", async (_label, body, message) => {
    const res = await call("POST", `/api/inventory/${postId}/comments`, { cookie: bob.cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(message);
  });

  it("answers 404 for a missing post", async () => {
    const res = await call("POST", "/api/inventory/missing/comments", {
      cookie: bob.cookie,
      body: { content: "Hi" },
    });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("Post not found");
  });

  it("refuses a comment from another site", async () => {
    const res = await call("POST", `/api/inventory/${postId}/comments`, {
      cookie: bob.cookie,
      body: { content: "Hi" },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });
});

describe("feed page size (settings.feedView)", () => {
  it("is 7, or the Items per page the dealer saved in /settings", async () => {
    const db = openDatabase(env.DB);
    const settings = settingsService(db);
    const dealer = await signUpDealer();
    const me = await call("GET", "/api/auth/me", { cookie: dealer.cookie });
    const accountId = me.json.userId as string;
    expect((await settings.feedView(accountId)).pageSize).toBe(7);
    await env.DB.prepare("insert into user_settings (account_id, items_per_page) values (?, 10)")
      .bind(accountId)
      .run();
    expect((await settings.feedView(accountId)).pageSize).toBe(10);
    await env.DB.prepare("update user_settings set items_per_page = 100 where account_id = ?")
      .bind(accountId)
      .run();
    expect((await settings.feedView(accountId)).pageSize).toBe(50);
  });
});

describe("the feed is index-backed", () => {
  const db = openDatabase(networkWall(env.DB, () => "real")); // as a dealer's request reads it
  // The planner's statistics of the 20 000-post benchmark network (its sqlite_stat1), where a plain join once
  // made SQLite read the dealers first and sort every post: an empty test database hides that choice.
  beforeAll(async () => {
    await env.DB.exec("ANALYZE");
    const stats = [
      ["dealers", "sqlite_autoindex_dealers_1", "2000 1"],
      ["dealers", "dealers_account_id_unique", "2000 1"],
      ["inventory_posts", "posts_expiry_idx", "20000 1334 1334 1"],
      ["inventory_posts", "posts_auction_feed_idx", "4514 1 1"],
      ["inventory_posts", "posts_for_sale_feed_idx", "17397 1 1"],
      ["inventory_posts", "posts_dealer_idx", "20000 10 1"],
      ["inventory_posts", "posts_type_feed_idx", "20000 2001 1 1"],
      ["inventory_posts", "posts_feed_idx", "20000 1 1"],
      ["inventory_posts", "sqlite_autoindex_inventory_posts_1", "20000 1"],
    ];
    await env.DB.batch([
      env.DB.prepare("delete from sqlite_stat1 where tbl in ('dealers', 'inventory_posts')"),
      ...stats.map(([tbl, idx, stat]) =>
        env.DB.prepare("insert into sqlite_stat1 (tbl, idx, stat) values (?, ?, ?)").bind(tbl, idx, stat),
      ),
    ]);
    await env.DB.exec("ANALYZE sqlite_schema");
  });
  it.each([
    ["recent", "posts_feed_idx"],
    ["requests", "posts_type_feed_idx"],
    ["for-sale", "posts_for_sale_feed_idx"],
    ["auction-promo", "posts_auction_feed_idx"],
  ] as const)("reads the %s tab through %s in its order, sorting only the page", async (sort, index) => {
    for (const cursor of [null, [Date.now(), "00000000-0000-4000-8000-000000000000"] as const]) {
      const details = (
        await db.all<{ detail: string }>(sql`explain query plan ${feedStatement({ sort, limit: 7 }, cursor)}`)
      ).map((r) => r.detail);
      // The walk that picks the page: the tab's index, in its order.
      const walk = details.slice(0, details.indexOf("SCAN page"));
      expect(walk[0]).toBe("MATERIALIZE page");
      expect(walk[1]).toContain(index);
      expect(walk.join(" ")).not.toContain("TEMP B-TREE");
      // No Bloom filter: building one reads every dealer of the network, on every page.
      expect(details.join(" ")).not.toContain("BLOOM FILTER");
    }
  });
});
