import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../worker/services";
import { addMonth } from "../../worker/domain/subscriptions";
import { INVALID_CURSOR } from "../../worker/domain/shared/cursors";
import { api } from "../../worker/api";
import { NOT_JSON, NOTHING_TO_UPDATE } from "../../worker/api/validate";
import { OPERATIONS, operationOf, type Operation } from "./operations";
import { ORIGIN, VALID_PROFILE, call, freshIp, sendChatPhoto, signUpDealer } from "./helpers";

/**
 * The API contract, held for every operation of the full API document —
 * made from the routers' own declarations: lists are arrays paged by X-Next-Cursor, creates answer 201 with the
 * thing, times are ISO, the session is checked before the body, JSON bodies need a JSON content type, an
 * empty PATCH is 400, cursors are checked, aliases are one operation, and every answer has its documented shape.
 */

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;
type Answer = Awaited<ReturnType<typeof call>>;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The answer is one the document gives for this operation, in status and shape. */
function expectDocumented(method: string, path: string, res: Answer) {
  const documented = operationOf(method, path).answers.find((a) => a.status === res.status);
  expect(documented, `${method} ${path} answered ${res.status}: ${res.text}`).toBeDefined();
  if (!documented?.schema) return res.json;
  const parsed = documented.schema.safeParse(res.json);
  expect(parsed.success, `${method} ${path}: ${parsed.error?.message}`).toBe(true);
  return parsed.data;
}

/** Every time-like field (…At, memberSince) anywhere in an answer is an ISO string or null. */
function expectIsoTimes(value: unknown, where = "answer") {
  if (Array.isArray(value)) return value.forEach((v, i) => expectIsoTimes(v, `${where}[${i}]`));
  if (value === null || typeof value !== "object") return;
  for (const [key, v] of Object.entries(value)) {
    if (/At$|^memberSince$/.test(key) && v !== null) expect(v, `${where}.${key}`).toMatch(ISO);
    expectIsoTimes(v, `${where}.${key}`);
  }
}

/** A cursor as the API makes them (base64url of a JSON array): for crafting well-formed bad ones. */
const cursorOf = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** Every page of a list, following X-Next-Cursor; each page is an array of the documented shape. */
async function walk(cookie: string, path: string, documented: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const res = await call(
      "GET",
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { cookie },
    );
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    const items = expectDocumented("GET", documented, res) as { id: string }[];
    expect(items.length).toBeLessThanOrEqual(limit);
    expectIsoTimes(items);
    ids.push(...items.map((i) => i.id));
    cursor = res.headers.get("X-Next-Cursor");
    if (cursor) expect(items).toHaveLength(limit);
    pages += 1;
  } while (cursor && pages < 50);
  expect(cursor, `${path} never reached its last page`).toBeNull();
  return { ids, pages };
}

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "x");

let alice: Dealer;
/** An admin, for the /api/admin endpoints: news articles, promotions and verification requests to list. */
let admin: Dealer;
let bob: Dealer;
let carol: Dealer;
let aliceUserId: string;
let chatId: string;
let firstMessageId: string;
let requestId: string;
let dealId: string;
let offerId: string;
/** A photo of the chat that one of the disputes on Alice's deal attaches, as the admin reads it. */
let evidencePath: string;
const partners: Dealer[] = [];

beforeAll(async () => {
  [alice, bob, carol] = [await signUpDealer(), await signUpDealer(), await signUpDealer()];
  aliceUserId = (await call("GET", "/api/auth/me", { cookie: alice.cookie })).json.userId as string;
  // Alice signs in on two more browsers: three sessions, and three events in her audit trail.
  for (let i = 0; i < 2; i++)
    await call("POST", "/api/auth/login", {
      body: { email: alice.email, password: alice.password },
      headers: { "CF-Connecting-IP": freshIp() },
    });
  // Alice: five connections, five chats, seven messages with Bob, three posts.
  for (let i = 0; i < 5; i++) {
    const partner = await signUpDealer();
    partners.push(partner);
    await call("POST", "/api/connections/add-dealer", {
      cookie: alice.cookie,
      body: { receiverId: partner.dealerId },
    });
    await call("POST", "/api/messages", {
      cookie: partner.cookie,
      body: { receiverId: alice.dealerId, content: `Hello ${i}` },
    });
  }
  for (let i = 0; i < 7; i++) {
    const sent = await call("POST", "/api/messages", {
      cookie: i % 2 ? bob.cookie : alice.cookie,
      body: { receiverId: i % 2 ? alice.dealerId : bob.dealerId, content: `Message ${i}` },
    });
    chatId = sent.json.chatId as string;
    if (i === 0) firstMessageId = sent.json.id as string;
  }
  for (let i = 0; i < 3; i++) {
    await call("POST", "/api/inventory", {
      cookie: alice.cookie,
      body: { title: `Contract post ${i}`, type: "for-sale", description: "Clean trucks" },
    });
  }
  // Alice's request, answered by three partners' listings (its matches).
  requestId = (
    await call("POST", "/api/inventory", {
      cookie: alice.cookie,
      body: { title: "Need a 2020 Chevrolet Tahoe LT", type: "request", description: "" },
    })
  ).json.id as string;
  for (const [i, partner] of partners.slice(0, 3).entries()) {
    await call("POST", "/api/inventory", {
      cookie: partner.cookie,
      body: { title: `2020 Chevrolet Tahoe LT, ${40 + i}k miles`, type: "for-sale", description: "" },
    });
  }
  // Three deals proposed to Alice by partners, confirmed by her (her Pass Thru Sales); the first completed.
  for (const [i, partner] of partners.slice(0, 3).entries()) {
    const proposed = await call("POST", "/api/deals", {
      cookie: partner.cookie,
      body: {
        counterpartyId: alice.dealerId,
        role: "seller",
        vehicle: {
          vin: "1FTEW1E50KFA12345",
          year: 2019,
          make: "Ford",
          model: "F-150",
          trim: "XLT",
          miles: 41000 + i,
          color: "White",
        },
        price: 28500 + i,
        location: "Dallas, TX",
      },
    });
    await call("POST", `/api/deals/${proposed.json.id as string}/confirm`, { cookie: alice.cookie });
    if (i === 0) dealId = proposed.json.id as string;
    // Each partner's review of Alice, shown (her reviews list).
    await env.DB.prepare(
      `insert into deal_reviews (id, deal_id, reviewer_id, reviewed_id, vehicle_as_described, paperwork_on_time,
         payment_on_time, communication, score, comment, revealed_at, created_at)
       values (?, ?, ?, ?, 5, 4, 5, 4, 4.5, 'Contract review', ?, ?)`,
    )
      .bind(
        crypto.randomUUID(),
        proposed.json.id,
        partner.dealerId,
        alice.dealerId,
        Date.now(),
        Date.now() + i,
      )
      .run();
  }
  // Alice's three offers, one on a truck of each of three partners.
  for (const [i, partner] of partners.slice(0, 3).entries()) {
    const listed = await call("POST", "/api/inventory", {
      cookie: partner.cookie,
      body: {
        title: `2021 Ram 1500 Big Horn ${i}`,
        type: "single",
        vehicles: [{ year: 2021, make: "Ram", model: "1500", mileage: 30000 + i, price: 33000 }],
      },
    });
    const vehicleId = (listed.json.vehicles as unknown as { id: string }[] | undefined)?.[0]?.id;
    const offered = await call("POST", "/api/offers", {
      cookie: alice.cookie,
      body: { vehicleId, price: 30000 + i },
    });
    if (i === 0) offerId = offered.json.id as string;
  }
  await call("POST", "/api/deals/complete", {
    cookie: alice.cookie,
    body: { dealId, vin: "1FTEW1E50KFA12345", year: 2019, make: "Ford", model: "F-150", price: 28500 },
  });
  // The partners' first messages and the listings ring Alice's bell after each answer: wait for them.
  for (let i = 0; i < 100; i++) {
    const bell = await call("GET", "/api/notifications/unread-count", { cookie: alice.cookie });
    if ((bell.json.unreadCount as number) >= 12) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  // Alice's three invoices: Basic, the prorated upgrade to Premium, and a renewal a month later.
  await call("POST", "/api/auth/complete-subscription", {
    cookie: alice.cookie,
    body: {
      plan: "basic",
      paymentInfo: {
        cardNumber: "4242424242424242",
        expiryDate: "12/34",
        cvv: "123",
        cardholderName: "Alice",
      },
    },
  });
  await call("POST", "/api/change-subscription", { cookie: alice.cookie, body: { planId: "premium" } });
  await createServices(env).subscriptions.renewDemoSubscriptions(addMonth(Date.now()) + 1000);
  // An admin: three news articles, three promotions, and with them three entries in the audit log.
  admin = await signUpDealer();
  await env.DB.prepare("update accounts set role = 'admin' where email = ?").bind(admin.email).run();
  // Three partners ask to be verified: the admin's verification queue.
  for (const partner of partners.slice(0, 3))
    await call("POST", "/api/verification", {
      cookie: partner.cookie,
      body: { licenseNumber: "D-1234", auctionAccessNumber: "100200300", dealership5MilNumber: "5M-1" },
    });
  for (let i = 0; i < 3; i++)
    await call("POST", "/api/admin/promotions", {
      cookie: admin.cookie,
      body: { title: `Contract promotion ${i}`, message: "Spring auction week" },
    });
  for (let i = 0; i < 3; i++)
    await call("POST", "/api/admin/news", {
      cookie: admin.cookie,
      body: {
        title: `Contract article ${i}`,
        category: "Auctions",
        summary: "A summary",
        body: "A **body**",
        sourceName: "DealerLane",
      },
    });
  // Three photos in Alice's chat with the seller of her completed deal, and three disputes on that deal: one
  // undecided at a time, so the admin decides the first two (the admin's disputes list holds all three).
  const seller = partners[0]!;
  const photos: string[] = [];
  for (let i = 0; i < 3; i++) photos.push(await sendChatPhoto(seller, alice, `odometer-${i}.png`));
  for (let i = 0; i < 3; i++) {
    const opened = await call("POST", `/api/deals/${dealId}/disputes`, {
      cookie: alice.cookie,
      body: { reason: "odometer", description: `Contract dispute ${i}`, attachments: [photos[i]] },
    });
    evidencePath = `/api/admin/disputes/${opened.json.id as string}/files/${photos[i]!.split("/").pop()}`;
    if (i < 2)
      await call("POST", `/api/admin/disputes/${opened.json.id as string}/decision`, {
        cookie: admin.cookie,
        body: { prevails: i ? "buyer" : "seller" },
      });
  }
  // A long set-up (three dealers, five partners, deals, payments, an admin): more than the default 10 s on a busy machine.
}, 60_000);

/** Who calls an endpoint in these tests: the admin for the admin's endpoints, Alice for everything else. */
const cookieOf = (e: Pick<Operation, "access">) => (e.access === "admin" ? admin.cookie : alice.cookie);

/** A list endpoint's path for Alice: her connections, the chat with Bob, her request's matches, her deal's disputes. */
const listPath = (e: Operation) =>
  e.path
    .replace("/api/admin/users/{id}", `/api/admin/users/${aliceUserId}`)
    .replace("{userId}", aliceUserId)
    .replace("/api/inventory/{id}", `/api/inventory/${requestId}`)
    .replace("/api/dealers/{id}/reviews", `/api/dealers/${alice.dealerId}/reviews`)
    .replace("/api/deals/{id}", `/api/deals/${dealId}`)
    .replace("{id}", chatId);

describe("the API document", () => {
  it("documents exactly the endpoints the router serves", () => {
    const served = api.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => `${r.method} /api${r.path.replace(/:(\w+)/g, "{$1}")}`);
    const documented = OPERATIONS.filter((e) => e.path.startsWith("/api/")).map(
      (e) => `${e.method} ${e.path}`,
    );
    // Hono lists a route once per handler in its chain: compare the sets.
    expect(new Set(served)).toEqual(new Set(documented));
    expect(documented).toHaveLength(new Set(documented).size);
  });
});

describe("lists", () => {
  const LISTS = OPERATIONS.filter((e) => e.answers.some((a) => a.list));
  const pathFor = (e: Operation) => listPath(e).replace(/^\/api\/dealers$/, "/api/dealers?name=Whitfield");

  it.each(LISTS.map((e) => [e.path, e] as const))(
    "GET %s answers an array and walks every page once, without repeats or gaps",
    async (_path, e) => {
      const path = pathFor(e);
      const whole = await walk(cookieOf(e), path, e.path, 50);
      expect(whole.pages).toBe(1);
      expect(whole.ids.length).toBeGreaterThanOrEqual(3);
      const paged = await walk(cookieOf(e), path, e.path, 2);
      expect(paged.pages).toBe(Math.ceil(whole.ids.length / 2));
      expect(new Set(paged.ids).size).toBe(paged.ids.length);
      // A chat's messages come oldest first on each page, pages going back in time.
      const expected = e.path === "/api/chats/{id}/messages" ? [...whole.ids].reverse() : whole.ids;
      const seen =
        e.path === "/api/chats/{id}/messages" ? await pagesNewestFirst(alice.cookie, path, 2) : paged.ids;
      expect(seen).toEqual(expected);
    },
  );

  async function pagesNewestFirst(cookie: string, path: string, limit: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        "GET",
        `${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { cookie },
      );
      ids.push(...(res.json as unknown as { id: string }[]).map((m) => m.id).reverse());
      cursor = res.headers.get("X-Next-Cursor");
    } while (cursor);
    return ids;
  }

  it("sends X-Total-Count where it is documented, and it counts every page", async () => {
    const res = await call("GET", "/api/dealers?name=Whitfield&limit=2", { cookie: alice.cookie });
    const all = await walk(alice.cookie, "/api/dealers?name=Whitfield", "/api/dealers", 50);
    expect(Number(res.headers.get("X-Total-Count"))).toBe(all.ids.length);
    const chats = await call("GET", "/api/chats", { cookie: alice.cookie });
    expect(chats.headers.get("X-Total-Count")).toBeNull();
  });

  it("catches up on a chat forward from a message id, page by page", async () => {
    const after = `/api/chats/${chatId}/messages?after=${firstMessageId}&limit=2`;
    const first = await call("GET", after, { cookie: bob.cookie });
    const next = first.headers.get("X-Next-Cursor");
    expect(next).toBeTruthy();
    const ids = (expectDocumented("GET", "/api/chats/{id}/messages", first) as { id: string }[]).map(
      (m) => m.id,
    );
    let cursor = next;
    while (cursor) {
      const page = await call("GET", `/api/chats/${chatId}/messages?limit=2&cursor=${cursor}`, {
        cookie: bob.cookie,
      });
      ids.push(...(page.json as unknown as { id: string }[]).map((m) => m.id));
      cursor = page.headers.get("X-Next-Cursor");
    }
    const all = (await call("GET", `/api/chats/${chatId}/messages`, { cookie: bob.cookie }))
      .json as unknown as {
      id: string;
    }[];
    expect(ids).toEqual(all.slice(1).map((m) => m.id));
  });
});

describe("cursors", () => {
  const LISTS = OPERATIONS.filter((e) => e.answers.some((a) => a.list));
  const pathFor = listPath;
  const crafted = [
    ["not base64 JSON", "not-a-cursor"],
    ["JSON but not a cursor", cursorOf({ s: "name", n: "a", i: "b" })],
    ["another list's", cursorOf(["messages.latest", 0, "x"]), cursorOf(["chats", 0, "x"])],
    ["an out-of-range offset", cursorOf(["dealers.connections", 1e308, "a", "b"])],
    ["a huge time", cursorOf(["connections", 1e300, "x"])],
    ["a negative time", cursorOf(["messages.older", -5, "x"])],
    ["an overlong id", cursorOf(["feed", 1, "x".repeat(500)])],
  ] as const;

  // A cursor of another list: /api/messages' own kind is messages.latest, so it gets a chat-list cursor.
  const cursorFor = (e: Operation, [, cursor, other]: readonly string[]) =>
    e.path === "/api/messages" && other ? other : cursor!;

  it.each(LISTS.flatMap((e) => crafted.map((c) => [e.path, c[0], cursorFor(e, c), e] as const)))(
    "GET %s refuses %s cursor with 400",
    async (_path, _label, cursor, e) => {
      const res = await call("GET", `${pathFor(e)}?cursor=${encodeURIComponent(cursor)}`, {
        cookie: cookieOf(e),
      });
      expect(res.status, res.text).toBe(400);
      expect(res.json.message).toMatch(/cursor/i);
    },
  );

  it("refuses on GET /api/dealers a cursor made for another sort, or with an offset (400, not 500)", async () => {
    const byName = await call("GET", "/api/dealers?limit=1", { cookie: alice.cookie });
    const nameCursor = byName.headers.get("X-Next-Cursor");
    expect(nameCursor).toBeTruthy();
    for (const [sort, cursor] of [
      ["rating", nameCursor],
      ["active", nameCursor],
      ["connections", cursorOf({ s: "connections", o: 1e308 })],
      ["connections", cursorOf({ s: "connections", o: 99999999999 })],
      ["connections", cursorOf(["dealers.connections", 1.5, "a", "b"])],
      ["rating", cursorOf(["dealers.rating", 1e308, "a", "b"])],
      ["name", cursorOf(["dealers.name", "a", ""])],
    ] as const) {
      const res = await call("GET", `/api/dealers?sort=${sort}&cursor=${encodeURIComponent(cursor ?? "")}`, {
        cookie: alice.cookie,
      });
      expect(res.status, `${sort} ${cursor}: ${res.text}`).toBe(400);
      expect(res.json.message).toBe(INVALID_CURSOR);
    }
  });

  it("lets the dealer pages show the first page for a crafted cursor, never a 500", async () => {
    for (const page of ["/find-dealers", "/dealers?scope=all", "/my-dealers"]) {
      const sep = page.includes("?") ? "&" : "?";
      const res = await SELF.fetch(
        `${ORIGIN}${page}${sep}sort=connections&cursor=${cursorOf({ s: "connections", o: 1e308 })}`,
        { headers: { Cookie: alice.cookie } },
      );
      expect(res.status, page).toBe(200);
      const html = await res.text();
      expect(html, page).not.toContain("(from a later page)");
    }
  });
});

describe("creates and updates", () => {
  it("answer 201 with the created thing, and updates 200 with the updated thing", async () => {
    const signup = await call("POST", "/api/auth/signup", {
      body: { email: `new-${crypto.randomUUID()}@example.com`, password: "long-enough-1" },
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(signup.status).toBe(201);
    expectDocumented("POST", "/api/auth/signup", signup);
    const cookie = signup.headers.getSetCookie()[0]!.split(";")[0]!;
    const profile = await call("POST", "/api/auth/complete-profile", { cookie, body: VALID_PROFILE });
    expect(profile.status).toBe(201);
    expect(expectDocumented("POST", "/api/auth/complete-profile", profile)).toMatchObject({
      hasProfile: true,
      dealershipName: "Whitfield Motors",
    });
    const again = await call("POST", "/api/auth/complete-profile", {
      cookie,
      body: { ...VALID_PROFILE, city: "Waco" },
    });
    expect(again.status).toBe(200);
    expect(expectDocumented("POST", "/api/auth/complete-profile", again)).toMatchObject({ city: "Waco" });

    const demo = await call("POST", "/api/auth/create-dummy", { headers: { "CF-Connecting-IP": freshIp() } });
    expect(demo.status).toBe(201);
    expectDocumented("POST", "/api/auth/create-dummy", demo);

    const dealer = await call("POST", "/api/dealers", {
      cookie: carol.cookie,
      body: {
        name: "Riley Stone",
        email: "riley@stone.example",
        phone: "(214) 555-0100",
        dealershipName: "Stone Auto",
        address: "1 Main St",
        city: "Dallas",
        state: "TX",
        zipCode: "75201",
      },
    });
    expect(dealer.status).toBe(201);
    const created = expectDocumented("POST", "/api/dealers", dealer) as { id: string; name: string };
    expect(created.name).toBe("Riley Stone");
    expectIsoTimes(created);

    const edited = await call("PATCH", `/api/dealers/${carol.dealerId}`, {
      cookie: carol.cookie,
      body: { city: "Plano" },
    });
    expect(edited.status).toBe(200);
    expect(expectDocumented("PATCH", "/api/dealers/{id}", edited)).toMatchObject({ city: "Plano" });

    const connection = await call("POST", "/api/connections/add-dealer", {
      cookie: carol.cookie,
      body: { receiverId: bob.dealerId },
    });
    expect(connection.status).toBe(201);
    const made = expectDocumented("POST", "/api/connections/add-dealer", connection) as {
      requesterId: string;
      createdAt: string;
    };
    expect(made.requesterId).toBe(carol.dealerId);
    expect(made.createdAt).toMatch(ISO);

    const chat = await call("POST", "/api/chats", {
      cookie: carol.cookie,
      body: { participantId: alice.dealerId },
    });
    expect(chat.status).toBe(201);
    expectDocumented("POST", "/api/chats", chat);

    const message = await call("POST", "/api/messages", {
      cookie: carol.cookie,
      body: { receiverId: alice.dealerId, content: "Hi Alice" },
    });
    expect(message.status).toBe(201);
    expect((expectDocumented("POST", "/api/messages", message) as { createdAt: string }).createdAt).toMatch(
      ISO,
    );

    const read = await call("POST", `/api/chats/${chat.json.id}/read`, { cookie: alice.cookie });
    expect(read.status).toBe(200);
    expectIsoTimes(expectDocumented("POST", "/api/chats/{id}/read", read));

    const post = await call("POST", "/api/inventory", {
      cookie: carol.cookie,
      body: { title: "Two Tahoes", type: "for-sale" },
    });
    expect(post.status).toBe(201);
    const postId = (expectDocumented("POST", "/api/inventory", post) as { id: string }).id;
    const comment = await call("POST", `/api/inventory/${postId}/comments`, {
      cookie: alice.cookie,
      body: { content: "Still available?" },
    });
    expect(comment.status).toBe(201);
    expectDocumented("POST", "/api/inventory/{id}/comments", comment);

    const upload = await call("POST", "/api/objects/upload", { cookie: carol.cookie });
    expect(upload.status).toBe(201);
    expectDocumented("POST", "/api/objects/upload", upload);

    const contact = await call("POST", "/api/contact", {
      body: { fullName: "Maria Alvarez", email: "maria@example.com", message: "A demo, please." },
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(contact.status).toBe(201);
    expectDocumented("POST", "/api/contact", contact);

    const settings = await call("PATCH", "/api/settings", {
      cookie: carol.cookie,
      body: { itemsPerPage: 50 },
    });
    expect(settings.status).toBe(200);
    expect(expectDocumented("PATCH", "/api/settings", settings)).toMatchObject({ itemsPerPage: 50 });

    const me = await call("PATCH", "/api/profile", { cookie: carol.cookie, body: { city: "Frisco" } });
    expect(me.status).toBe(200);
    expect(expectDocumented("PATCH", "/api/profile", me)).toMatchObject({ city: "Frisco" });
  });

  it("answer every documented GET in its documented shape, times in ISO 8601", async () => {
    const postId = (
      (await call("GET", "/api/inventory?limit=1", { cookie: alice.cookie })).json as unknown as {
        id: string;
      }[]
    )[0]!.id;
    const paths: Record<string, string> = {
      "/api/dealers/{id}": `/api/dealers/${bob.dealerId}`,
      "/api/connections/{userId}": `/api/connections/${aliceUserId}`,
      "/api/chats/{id}/messages": `/api/chats/${chatId}/messages`,
      "/api/inventory/{id}": `/api/inventory/${postId}`,
      "/api/inventory/{id}/matches": `/api/inventory/${requestId}/matches`,
      "/api/inventory/{id}/buy-order": `/api/inventory/${requestId}/buy-order`,
      "/api/vin/{vin}": "/api/vin/1HGCM82633A004352",
      "/api/deals/{id}": `/api/deals/${dealId}`,
      "/api/deals/{id}/bill-of-sale": `/api/deals/${dealId}/bill-of-sale`,
      "/api/pass-thru-sales/{id}": `/api/pass-thru-sales/${dealId}`,
      "/api/deals/{id}/review": `/api/deals/${dealId}/review`,
      "/api/dealers/{id}/reviews": `/api/dealers/${alice.dealerId}/reviews`,
      "/api/deals/{id}/disputes": `/api/deals/${dealId}/disputes`,
      "/api/deals/{id}/dispute-files": `/api/deals/${dealId}/dispute-files`,
      "/api/admin/disputes/{id}/files/{fileId}": evidencePath,
      "/api/offers/{id}": `/api/offers/${offerId}`,
      "/api/admin/users/{id}": `/api/admin/users/${aliceUserId}`,
      "/api/admin/users/{id}/invoices": `/api/admin/users/${aliceUserId}/invoices`,
    };
    for (const e of OPERATIONS.filter((x) => x.method === "GET" && x.path.startsWith("/api/"))) {
      // Browser navigations: they redirect (the fetch would follow to an HTML page).
      if (e.path.startsWith("/api/auth/google")) continue;
      const res = await call("GET", paths[e.path] ?? e.path, { cookie: cookieOf(e) });
      const answer = expectDocumented("GET", e.path, res);
      // The OpenAPI document describes fields (its `createdAt` is a schema), it holds no times.
      if (e.path !== "/api/openapi.json") expectIsoTimes(answer, e.path);
    }
  });
});

describe("bad input", () => {
  const SIGNED_IN = OPERATIONS.filter((e) => e.access !== "public");

  it.each(SIGNED_IN.map((e) => [e.method, e.path, e] as const))(
    "%s %s checks the session before the body or query (401, not 400)",
    async (method, path, e) => {
      const query = e.query ? "?limit=-5&cursor=%00&sort=nope" : "";
      const res = await call(method, `${concrete(path)}${query}`, e.body ? { rawBody: '{"bogus": [' } : {});
      expect(res.status, res.text).toBe(401);
      expect(res.json.message).toBe("Please sign in to continue");
    },
  );

  const JSON_BODIES = OPERATIONS.filter((e) => e.body);

  it.each(JSON_BODIES.map((e) => [e.method, e.path, e] as const))(
    "%s %s answers 415 to a body that is not JSON, and changes nothing",
    async (method, path, e) => {
      const target = path.replace("{id}", path.startsWith("/api/dealers") ? alice.dealerId : "x");
      for (const contentType of ["text/plain", "application/x-www-form-urlencoded", ""]) {
        const headers: Record<string, string> = {
          Origin: ORIGIN,
          Cookie: cookieOf(e),
          "CF-Connecting-IP": freshIp(),
        };
        if (contentType) headers["Content-Type"] = contentType;
        const res = await SELF.fetch(`${ORIGIN}${target}`, {
          method,
          headers,
          body: JSON.stringify({ city: "Changed", dealershipName: "Changed", itemsPerPage: 10 }),
        });
        expect(res.status, `${contentType}: ${await res.clone().text()}`).toBe(415);
        expect(await res.json()).toEqual({ message: NOT_JSON });
      }
    },
  );

  it("leaves the profile untouched by a text/plain PATCH (it used to answer 'Profile Updated')", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/profile`, {
      method: "PATCH",
      headers: { Origin: ORIGIN, Cookie: bob.cookie, "Content-Type": "text/plain" },
      body: JSON.stringify({ city: "Nowhere" }),
    });
    expect(res.status).toBe(415);
    expect((await call("GET", "/api/auth/me", { cookie: bob.cookie })).json.city).toBe("Austin");
  });

  const PATCHES = OPERATIONS.filter((e) => e.method === "PATCH");

  it.each(PATCHES.map((e) => [e.path] as const))("PATCH %s answers 400 to an empty update", async (path) => {
    const target = path.replace("{id}", alice.dealerId);
    const cookie = cookieOf(operationOf("PATCH", path));
    for (const body of [{}, { unknownField: "x" }, { city: undefined }]) {
      const res = await call("PATCH", target, { cookie, body });
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(typeof res.json.message).toBe("string");
    }
    // Preferences are saved whole: an empty one names the first switch missing.
    expect((await call("PATCH", target, { cookie, body: {} })).json.message).toMatch(
      path === "/api/notifications/preferences"
        ? /must be true or false/
        : new RegExp(`${NOTHING_TO_UPDATE}|Nothing to update`),
    );
  });
});

describe("aliases", () => {
  /** Status and body, with the ids that differ between two fresh scenarios masked. */
  const outcome = (res: Answer, ...ids: string[]) => {
    let text = res.text;
    for (const [i, id] of ids.entries()) text = text.split(id).join(`<id${i}>`);
    return {
      status: res.status,
      body: JSON.parse(text.replace(/"id":"[^"]+"/, '"id":"<connection>"')) as unknown,
    };
  };

  it("POST /api/dealers/connect and POST /api/connections/add-dealer are one operation", async () => {
    const [a1, b1, a2, b2] = [
      await signUpDealer(),
      await signUpDealer(),
      await signUpDealer(),
      await signUpDealer(),
    ];
    const run = async (path: string, a: Dealer, b: Dealer) => {
      const norm = (res: Answer) => {
        const o = outcome(res, a.dealerId, b.dealerId, a.email, b.email);
        return JSON.parse(
          JSON.stringify(o).replace(/"(createdAt|memberSince|lastActiveAt|userId)":"[^"]+"/g, '"$1":"<t>"'),
        );
      };
      return [
        norm(await call("POST", path, { cookie: a.cookie, body: { receiverId: b.dealerId } })),
        norm(await call("POST", path, { cookie: a.cookie, body: { receiverId: b.dealerId } })),
        norm(await call("POST", path, { cookie: a.cookie, body: { receiverId: a.dealerId } })),
        norm(await call("POST", path, { cookie: a.cookie, body: {} })),
        norm(await call("POST", path, { cookie: a.cookie, body: { receiverId: "nobody" } })),
        norm(await call("POST", path, { body: { receiverId: b.dealerId } })),
      ];
    };
    const viaConnect = await run("/api/dealers/connect", a1, b1);
    const viaAddDealer = await run("/api/connections/add-dealer", a2, b2);
    expect(viaConnect.map((o) => o.status)).toEqual([201, 200, 400, 400, 404, 401]);
    expect(viaConnect).toEqual(viaAddDealer);
  });

  it("GET /api/profile and GET /api/auth/me answer the same, signed out, onboarding or a dealer", async () => {
    const signup = await call("POST", "/api/auth/signup", {
      body: { email: `onboarding-${crypto.randomUUID()}@example.com`, password: "long-enough-1" },
      headers: { "CF-Connecting-IP": freshIp() },
    });
    const onboarding = signup.headers.getSetCookie()[0]!.split(";")[0]!;
    for (const cookie of [undefined, onboarding, alice.cookie]) {
      const profile = await call("GET", "/api/profile", { cookie });
      const me = await call("GET", "/api/auth/me", { cookie });
      expect(profile.status).toBe(me.status);
      expect(profile.json).toEqual(me.json);
    }
    expect((await call("GET", "/api/profile", { cookie: onboarding })).json.hasProfile).toBe(false);
  });
});

/** The page's own content (the shell's side panels list the dealer's own recent connections). */
async function mainOf(page: string, cookie: string) {
  const html = await (await SELF.fetch(`${ORIGIN}${page}`, { headers: { Cookie: cookie } })).text();
  const start = html.indexOf("<main");
  expect(start, page).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</main>", start));
}

describe("the admin account's dealer", () => {
  it("never shows in the directory, suggestions, Discover or the dealer pages", async () => {
    const admin = await signUpDealer();
    await env.DB.prepare("update accounts set role = 'admin' where email = ?").bind(admin.email).run();
    const tag = `Staff${crypto.randomUUID().slice(0, 6)}`;
    await env.DB.prepare("update dealers set name = ?, state = 'NE', last_active_at = ? where id = ?")
      .bind(`${tag} Admin`, Date.now(), admin.dealerId)
      .run();
    const viewer = await signUpDealer();
    await env.DB.prepare("update dealers set state = 'NE' where id = ?").bind(viewer.dealerId).run();
    // The admin is nearby, active, and asks for what the viewer lists: everything that would show a dealer.
    await call("POST", "/api/inventory", {
      cookie: viewer.cookie,
      body: { title: "F-150", type: "single", vehicles: [{ year: 2021, make: "Ford", model: "F-150" }] },
    });
    const request = await call("POST", "/api/inventory", {
      cookie: admin.cookie,
      body: {
        title: "Want F-150",
        type: "request",
        vehicles: [{ year: 2019, make: "Ford", model: "F-150" }],
      },
    });
    expect(request.status).toBe(201);
    const discover = (await call("GET", "/api/dealers/discover", { cookie: viewer.cookie }))
      .json as unknown as {
      near: { states: string[]; dealers: { id: string }[] };
      wantYourInventory: { dealer: { id: string } }[];
    };
    expect(discover.near.states).toContain("NE");
    expect(discover.near.dealers.map((d) => d.id)).not.toContain(admin.dealerId);
    expect(discover.wantYourInventory.map((m) => m.dealer.id)).not.toContain(admin.dealerId);
    const ids = async (query: string) =>
      (
        (await call("GET", `/api/dealers?${query}`, { cookie: viewer.cookie })).json as unknown as {
          id: string;
        }[]
      ).map((d) => d.id);
    const visible = [
      `name=${tag}`,
      "limit=100&sort=active",
      "limit=4&exclude=self,connected&sort=active",
      "state=NE&limit=100",
    ];
    for (const query of visible) expect(await ids(query), query).not.toContain(admin.dealerId);
    for (const page of [`/find-dealers?name=${tag}`, "/discover"]) {
      const html = await (
        await SELF.fetch(`${ORIGIN}${page}`, { headers: { Cookie: viewer.cookie } })
      ).text();
      expect(html, page).not.toContain(`${tag} Admin`);
    }
    // Connected, the admin stays out of the viewer's network lists too.
    await call("POST", "/api/connections/add-dealer", {
      cookie: admin.cookie,
      body: { receiverId: viewer.dealerId },
    });
    expect(await ids(`name=${tag}&scope=connected`)).not.toContain(admin.dealerId);
    expect(await mainOf(`/dealers?scope=connected&name=${tag}`, viewer.cookie)).not.toContain(`${tag} Admin`);
    // Still a dealer others can reach: the popup of a chat or a post opens.
    expect((await call("GET", `/api/dealers/${admin.dealerId}`, { cookie: viewer.cookie })).status).toBe(200);
  });
});

describe("GET /messages?chat={dealerId}", () => {
  it("never writes: a chat that does not exist yet is started by the page or by the first message sent", async () => {
    const [me, peer] = [await signUpDealer(), await signUpDealer()];
    const chats = async () =>
      (await env.DB.prepare("select count(*) as n from chats").first<{ n: number }>())?.n ?? 0;
    const before = await chats();
    const page = await SELF.fetch(`${ORIGIN}/messages?chat=${peer.dealerId}`, {
      headers: { Cookie: me.cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="receiverId"');
    expect(await chats()).toBe(before);

    // Before JavaScript: the first message goes through the page's action, which starts the chat.
    const sent = await SELF.fetch(`${ORIGIN}/messages`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: me.cookie,
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ receiverId: peer.dealerId, content: "Hello from a plain form" }).toString(),
    });
    expect(sent.status).toBe(302);
    expect(await chats()).toBe(before + 1);
    const opened = await (
      await SELF.fetch(`${ORIGIN}/messages?chat=${peer.dealerId}`, { headers: { Cookie: me.cookie } })
    ).text();
    expect(opened).toContain("Hello from a plain form");

    // An unknown dealer or oneself: back to /messages with the toast, nothing written.
    for (const id of [crypto.randomUUID(), me.dealerId]) {
      const res = await SELF.fetch(`${ORIGIN}/messages?chat=${id}`, {
        headers: { Cookie: me.cookie },
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/messages");
    }
    expect(await chats()).toBe(before + 1);
  });
});
