import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { dealerQuickViewSchema, directoryDealerSchema, discoverySchema } from "#lib/api-types";
import { DIRECTORY_COUNT_MOST } from "#lib/schemas/dealer-constants";
import { createServices } from "../../worker/services";
import { HARD_SEARCHES, ORIGIN, WILDCARD_DECOY, call, signUpAdmin, signUpDealer } from "./helpers";

type Dealer = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  dealershipName: string;
  dealershipType: string;
  state: string;
  city: string;
  buysCanadianVehicles: boolean;
  rating: number | null;
  connectionCount: number;
  mutualConnections: number;
  vehicleCount: number;
  dealsCompleted: null;
  memberSince: string;
  isOnline: boolean;
  lastActiveAt: string | null;
  isConnected: boolean;
  isSelf: boolean;
  canEdit: boolean;
  hidden: string[];
  addedByDealerId: string | null;
  hasAccount: boolean;
};
type Page = { dealers: Dealer[]; nextCursor: string | null; total: number };

const MINUTE = 60_000;

/** A directory dealer without an account, straight into D1 (fast fixtures for filters and sorts). */
async function insertDealer(fields: {
  name: string;
  dealershipName?: string;
  state?: string;
  type?: "independent" | "franchise" | "wholesaler";
  canadian?: boolean;
  rating?: number | null;
  lastActiveAt?: number | null;
  createdAt?: number;
}) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into dealers (id, name, email, phone, dealership_name, dealership_type, city, state, buys_canadian_vehicles, rating, last_active_at, created_at)
     values (?, ?, ?, '(555) 555-0100', ?, ?, 'Town', ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      fields.name,
      `${id}@example.com`,
      fields.dealershipName ?? `${fields.name} Motors`,
      fields.type ?? "independent",
      fields.state ?? "TX",
      fields.canadian ? 1 : 0,
      fields.rating === undefined ? null : fields.rating,
      fields.lastActiveAt ?? null,
      fields.createdAt ?? Date.now(),
    )
    .run();
  return id;
}

async function connect(a: string, b: string) {
  await env.DB.prepare(
    "insert into connections (id, requester_id, receiver_id, status) values (?, ?, ?, 'accepted')",
  )
    .bind(crypto.randomUUID(), a, b)
    .run();
}

async function addPost(
  dealerId: string,
  vehicles: { make: string; model: string; year?: number; status?: string }[],
  type = "single",
  status = "active",
  createdAt?: number,
) {
  const postId = crypto.randomUUID();
  await env.DB.prepare(
    "insert into inventory_posts (id, dealer_id, title, type, status, created_at) values (?, ?, 'A post', ?, ?, ?)",
  )
    .bind(postId, dealerId, type, status, createdAt ?? Date.now())
    .run();
  for (const [i, v] of vehicles.entries()) {
    await env.DB.prepare(
      "insert into vehicles (id, post_id, position, make, model, year, status) values (?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), postId, i, v.make, v.model, v.year ?? 2020, v.status ?? "available")
      .run();
  }
  return postId;
}

/** A page of GET /api/dealers: the JSON array, with the cursor and total from its headers. */
const list = async (cookie: string, query: string): Promise<Page> => {
  const res = await call("GET", `/api/dealers?${query}`, { cookie });
  expect(res.status, res.text).toBe(200);
  const dealers = z.array(directoryDealerSchema).parse(res.json);
  const total = res.headers.get("X-Total-Count");
  expect(total).toMatch(/^\d+$/);
  return { dealers: dealers as Dealer[], nextCursor: res.headers.get("X-Next-Cursor"), total: Number(total) };
};
const names = (page: Page) => page.dealers.map((d) => d.name);

const VALID_DEALER = {
  name: "Casey Morgan",
  email: "casey@morgan-auto.example",
  phone: "(214) 555-0199",
  dealershipName: "Morgan Auto Sales",
  dealershipType: "wholesaler",
  address: "12 Elm Street",
  city: "Dallas",
  state: "tx",
  zipCode: "75201",
  website: "https://morgan-auto.example",
  profileType: "buyer",
  buysCanadianVehicles: true,
};

describe("GET /api/dealers", () => {
  // A tag only these fixtures carry, so other tests' dealers never change the answers.
  const tag = `Zq${crypto.randomUUID().slice(0, 6)}`;
  let viewer: Awaited<ReturnType<typeof signUpDealer>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    viewer = await signUpDealer();
    const now = Date.now();
    ids.alpha = await insertDealer({
      name: `${tag} Alpha`,
      state: "TX",
      type: "independent",
      rating: 4.1,
      lastActiveAt: now - MINUTE,
    });
    ids.bravo = await insertDealer({
      name: `${tag} Bravo`,
      state: "TX",
      type: "franchise",
      canadian: true,
      rating: 4.9,
    });
    ids.charlie = await insertDealer({
      name: `${tag} charlie`,
      state: "OK",
      type: "wholesaler",
      canadian: true,
      rating: null,
    });
    ids.delta = await insertDealer({
      name: `Delta ${tag}`,
      dealershipName: "Delta Trucks",
      state: "ON",
      type: "independent",
      canadian: true,
      rating: 3.7,
      lastActiveAt: now - 10 * MINUTE,
    });
    ids.echo = await insertDealer({
      name: "Echo Person",
      dealershipName: `${tag} Echo Wholesale`,
      state: "TX",
      type: "wholesaler",
      rating: 4.5,
    });
    // Connections: viewer–alpha, viewer–bravo; bravo–charlie, bravo–delta, alpha–charlie (charlie: 2 mutual).
    await connect(viewer.dealerId, ids.alpha);
    await connect(ids.bravo, viewer.dealerId);
    await connect(ids.bravo, ids.charlie);
    await connect(ids.bravo, ids.delta);
    await connect(ids.charlie, ids.alpha);
    // Posts: charlie lists 3 vehicles (one sold) and has a request that is not counted.
    await addPost(ids.charlie, [
      { make: "Ford", model: "F-150" },
      { make: "Ram", model: "1500" },
    ]);
    await addPost(ids.charlie, [{ make: "Toyota", model: "Tacoma", status: "sold" }], "single", "sold");
    await addPost(ids.charlie, [{ make: "Honda", model: "Civic" }], "request");
    await addPost(ids.delta, [], "for-sale");
    await addPost(ids.delta, [], "for-sale");
  });

  it("needs a session", async () => {
    const res = await call("GET", "/api/dealers");
    expect(res.status).toBe(401);
  });

  it("matches name or dealership name, case-insensitively, sorted by name", async () => {
    const page = await list(viewer.cookie, `name=${tag.toLowerCase()}`);
    expect(names(page)).toEqual([
      `Delta ${tag}`,
      "Echo Person",
      `${tag} Alpha`,
      `${tag} Bravo`,
      `${tag} charlie`,
    ]);
    expect(page.total).toBe(5);
    expect(page.nextCursor).toBeNull();
    expect((await list(viewer.cookie, "name=delta%20trucks")).dealers.map((d) => d.id)).toContain(ids.delta);
  });

  it("treats LIKE wildcards in the search as text", async () => {
    expect((await list(viewer.cookie, `name=${tag}%25_`)).dealers).toEqual([]);
  });

  it.each([
    ["state", "state=tx", ["Echo", "Alpha", "Bravo"]],
    ["province", "state=ON", ["Delta"]],
    ["type", "dealershipType=wholesaler", ["Echo", "charlie"]],
    ["Canadian buying", "buysCanadian=true", ["Delta", "Bravo", "charlie"]],
    ["not Canadian buying", "buysCanadian=false", ["Echo", "Alpha"]],
    ["state + type", "state=TX&dealershipType=franchise", ["Bravo"]],
    ["state + Canadian", "state=TX&buysCanadian=true", ["Bravo"]],
    ["type + Canadian", "dealershipType=independent&buysCanadian=true", ["Delta"]],
    ["all three", "state=OK&dealershipType=wholesaler&buysCanadian=true", ["charlie"]],
    ["no match", "state=OK&dealershipType=franchise", []],
    [
      "'all' and empty are ignored",
      "state=all&dealershipType=&buysCanadian=all",
      ["Delta", "Echo", "Alpha", "Bravo", "charlie"],
    ],
  ])("filters by %s", async (_label, query, expected) => {
    const page = await list(viewer.cookie, `name=${tag}&${query}`);
    expect(page.dealers.map((d) => d.name.replace(tag, "").replace("Person", "").trim())).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it("refuses unknown filter values with 400", async () => {
    for (const query of [
      "state=XX",
      "state=DC",
      "dealershipType=auction",
      "buysCanadian=maybe",
      "sort=price",
      "exclude=others",
      "limit=0",
      "limit=101",
    ]) {
      const res = await call("GET", `/api/dealers?${query}`, { cookie: viewer.cookie });
      expect(res.status, query).toBe(400);
      expect(typeof res.json.message).toBe("string");
    }
  });

  it("sorts by rating (unrated last), connections and activity", async () => {
    expect(names(await list(viewer.cookie, `name=${tag}&sort=rating`))).toEqual([
      `${tag} Bravo`,
      "Echo Person",
      `${tag} Alpha`,
      `Delta ${tag}`,
      `${tag} charlie`,
    ]);
    const byConnections = await list(viewer.cookie, `name=${tag}&sort=connections`);
    expect(byConnections.dealers.map((d) => [d.name, d.connectionCount])).toEqual([
      [`${tag} Bravo`, 3],
      [`${tag} Alpha`, 2],
      [`${tag} charlie`, 2],
      [`Delta ${tag}`, 1],
      ["Echo Person", 0],
    ]);
    // Active: posting moves a dealer up (charlie 3 posts, delta 2), then the most recently seen, then name.
    expect(names(await list(viewer.cookie, `name=${tag}&sort=active`))).toEqual([
      `${tag} charlie`,
      `Delta ${tag}`,
      `${tag} Alpha`,
      "Echo Person",
      `${tag} Bravo`,
    ]);
  });

  it("excludes the viewer and their connections", async () => {
    const self = await list(viewer.cookie, "name=Dana%20Whitfield&exclude=self");
    expect(self.dealers.map((d) => d.id)).not.toContain(viewer.dealerId);
    const withSelf = await list(viewer.cookie, "name=Dana%20Whitfield&limit=100");
    expect(withSelf.dealers.find((d) => d.id === viewer.dealerId)?.isSelf).toBe(true);
    expect(names(await list(viewer.cookie, `name=${tag}&exclude=connected`))).toEqual([
      `Delta ${tag}`,
      "Echo Person",
      `${tag} charlie`,
    ]);
    expect(
      names(await list(viewer.cookie, `name=${tag}&exclude=self,connected&dealershipType=wholesaler`)),
    ).toEqual(["Echo Person", `${tag} charlie`]);
  });

  it("scopes to the viewer's connections", async () => {
    expect(names(await list(viewer.cookie, `name=${tag}&scope=connected`))).toEqual([
      `${tag} Alpha`,
      `${tag} Bravo`,
    ]);
  });

  it("computes every figure from the data", async () => {
    const page = await list(viewer.cookie, `name=${tag}`);
    const byName = Object.fromEntries(page.dealers.map((d) => [d.name.replace(tag, "").trim(), d]));
    expect(byName.Alpha).toMatchObject({
      isConnected: true,
      connectionCount: 2,
      mutualConnections: 0,
      isOnline: true,
      rating: 4.1,
    });
    expect(byName.Bravo).toMatchObject({ isConnected: true, connectionCount: 3, isOnline: false });
    // charlie is connected to alpha and bravo, both of whom the viewer knows.
    expect(byName.charlie).toMatchObject({
      isConnected: false,
      mutualConnections: 2,
      vehicleCount: 3,
      rating: null,
    });
    // Delta was last seen 10 minutes ago, but posting just now counts as being active.
    expect(byName.Delta).toMatchObject({ mutualConnections: 1, vehicleCount: 0, isOnline: true });
    expect(byName["Echo Person"]).toMatchObject({ isOnline: false, lastActiveAt: null });
    expect(byName.Alpha?.dealsCompleted).toBe(0);
    expect(byName.Alpha?.memberSince).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(byName.Alpha?.lastActiveAt ?? "")).toBeGreaterThan(Date.now() - 2 * MINUTE);
    expect(byName.Alpha?.canEdit).toBe(false);
  });

  it("pages with a cursor for every sort, with no duplicates and nothing missed", async () => {
    for (const sort of ["name", "rating", "connections", "active"]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Page = await list(
          viewer.cookie,
          `name=${tag}&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        );
        expect(page.total).toBe(5);
        seen.push(...page.dealers.map((d) => d.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages, sort).toBe(3);
      expect(new Set(seen).size, sort).toBe(5);
      expect(seen, sort).toEqual(
        (await list(viewer.cookie, `name=${tag}&sort=${sort}`)).dealers.map((d) => d.id),
      );
    }
  });

  it("refuses a cursor made for another sort or tampered", async () => {
    const first = await list(viewer.cookie, `name=${tag}&limit=2`);
    expect(
      (await call("GET", `/api/dealers?sort=rating&cursor=${first.nextCursor}`, { cookie: viewer.cookie }))
        .status,
    ).toBe(400);
    expect((await call("GET", "/api/dealers?cursor=not-a-cursor", { cookie: viewer.cookie })).status).toBe(
      400,
    );
  });

  it("uses the viewer's items-per-page setting when no limit is sent", async () => {
    for (let i = 0; i < 12; i++) await insertDealer({ name: `${tag}-page-${String(i).padStart(2, "0")}` });
    expect((await list(viewer.cookie, `name=${tag}-page`)).dealers).toHaveLength(12); // default 20
    await call("PATCH", "/api/settings", { cookie: viewer.cookie, body: { itemsPerPage: 10 } });
    const page = await list(viewer.cookie, `name=${tag}-page`);
    expect(page.dealers).toHaveLength(10);
    expect(page.total).toBe(12);
    expect(page.nextCursor).not.toBeNull();
    await call("PATCH", "/api/settings", { cookie: viewer.cookie, body: { itemsPerPage: 20 } });
  });

  it("counts the matches up to one past DIRECTORY_COUNT_MOST, on every page", async () => {
    const many = `${tag}-many`;
    const insert = (i: number) =>
      env.DB.prepare(
        `insert into dealers (id, name, email, phone, dealership_name, dealership_type, city, state)
         values (?, ?, ?, '(555) 555-0100', 'Lot', 'independent', 'Town', 'TX')`,
      ).bind(crypto.randomUUID(), `${many} ${String(i).padStart(4, "0")}`, `${many}-${i}@example.com`);
    const statements = Array.from({ length: DIRECTORY_COUNT_MOST + 5 }, (_, i) => insert(i));
    for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));

    expect((await list(viewer.cookie, `name=${many}`)).total).toBe(DIRECTORY_COUNT_MOST + 1);
    expect((await list(viewer.cookie, `name=${many} 000`)).total).toBe(10);
    const second = await list(viewer.cookie, `name=${many}&limit=2`);
    expect((await list(viewer.cookie, `name=${many}&cursor=${second.nextCursor}`)).total).toBe(
      DIRECTORY_COUNT_MOST + 1,
    );
  });
});

describe("a search of any text the schema accepts", () => {
  // The viewer is connected to the dealers (/dealers, /my-dealers list them); /find-dealers lists dealers not
  // yet connected, so a stranger looks there.
  let viewer: Awaited<ReturnType<typeof signUpDealer>>;
  let stranger: Awaited<ReturnType<typeof signUpDealer>>;
  const ids = new Map<string, string>();
  let decoy = "";

  beforeAll(async () => {
    [viewer, stranger] = [await signUpDealer(), await signUpDealer()];
    for (const { name } of [...HARD_SEARCHES, { name: WILDCARD_DECOY }]) {
      const id = await insertDealer({ name });
      await connect(viewer.dealerId, id);
      ids.set(name, id);
    }
    decoy = ids.get(WILDCARD_DECOY)!;
  });

  const page = async (path: string, cookie: string) => {
    const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie, Accept: "text/html" } });
    return { status: res.status, html: await res.text() };
  };

  it.each(HARD_SEARCHES.map((c) => [c.label, c.search, c.name] as const))(
    "finds the dealer for %s in GET /api/dealers and on /dealers, /find-dealers and /my-dealers",
    async (_label, search, name) => {
      const q = encodeURIComponent(search);
      const found = await list(viewer.cookie, `name=${q}&limit=100`);
      expect(found.dealers.map((d) => d.id)).toContain(ids.get(name));
      expect(found.dealers.map((d) => d.id)).not.toContain(decoy);
      for (const [screen, cookie] of [
        ["/dealers", viewer.cookie],
        ["/my-dealers", viewer.cookie],
        ["/find-dealers", stranger.cookie],
      ] as const) {
        const shown = await page(`${screen}?name=${q}`, cookie);
        expect(shown.status, screen).toBe(200);
        expect(shown.html, screen).toContain(ids.get(name));
        expect(shown.html, screen).not.toContain(decoy);
      }
    },
  );

  it("still matches A-Z in either case, and the text as it is written", async () => {
    const found = await list(viewer.cookie, `name=${encodeURIComponent("WILD 100%_OFF \\ DEALS")}`);
    expect(found.dealers.map((d) => d.name)).toEqual(["Wild 100%_off \\ deals Cars"]);
  });
});

describe("privacy", () => {
  it("hides email, phone and online status from other dealers, not from the dealer or an admin", async () => {
    const shy = await signUpDealer();
    const other = await signUpDealer();
    const admin = await signUpAdmin();
    const shyName = `Shy ${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("update dealers set last_active_at = ?, name = ? where id = ?")
      .bind(Date.now(), shyName, shy.dealerId)
      .run();
    const settings = await call("PATCH", "/api/settings", {
      cookie: shy.cookie,
      body: { showEmail: false, showPhone: false, showOnlineStatus: false },
    });
    expect(settings.status).toBe(200);

    const seenBy = async (cookie: string) => {
      const page = await list(cookie, `name=${encodeURIComponent(shyName)}`);
      return page.dealers.find((d) => d.id === shy.dealerId) as Dealer;
    };
    const byOther = await seenBy(other.cookie);
    expect(byOther).toMatchObject({
      email: null,
      phone: null,
      isOnline: false,
      hidden: ["email", "phone", "onlineStatus"],
    });
    const quick = await call("GET", `/api/dealers/${shy.dealerId}`, { cookie: other.cookie });
    expect(dealerQuickViewSchema.parse(quick.json).dealer).toMatchObject({
      email: null,
      phone: null,
      isOnline: false,
    });
    const connections = await call("POST", "/api/connections/add-dealer", {
      cookie: other.cookie,
      body: { receiverId: shy.dealerId },
    });
    expect(connections.status).toBe(201);
    const mine = await call("GET", "/api/connections", { cookie: other.cookie });
    expect((mine.json as unknown as { dealer: Dealer }[])[0]?.dealer).toMatchObject({
      email: null,
      phone: null,
    });

    const bySelf = await seenBy(shy.cookie);
    expect(bySelf).toMatchObject({ email: shy.email, isOnline: true, hidden: [] });
    const byAdmin = await seenBy(admin.cookie);
    expect(byAdmin.email).toBe(shy.email);
    expect(byAdmin.phone).toBe("(512) 555-0142");
  });
});

describe("POST /api/dealers", () => {
  it("creates a dealer with no account, recording who added it", async () => {
    const me = await signUpDealer();
    const res = await call("POST", "/api/dealers", {
      cookie: me.cookie,
      body: { ...VALID_DEALER, licenseNumber: "", description: "" },
    });
    expect(res.status, res.text).toBe(201);
    const dealer = directoryDealerSchema.parse(res.json) as Dealer & {
      website: string;
      licenseNumber: string | null;
      description: string | null;
    };
    expect(dealer).toMatchObject({
      name: "Casey Morgan",
      state: "TX",
      dealershipType: "wholesaler",
      buysCanadianVehicles: true,
      addedByDealerId: me.dealerId,
      hasAccount: false,
      licenseNumber: null,
      description: null,
      rating: null,
      connectionCount: 0,
    });
    const row = await env.DB.prepare("select account_id, added_by_dealer_id from dealers where id = ?")
      .bind(dealer.id)
      .first();
    expect(row).toEqual({ account_id: null, added_by_dealer_id: me.dealerId });
    const added = await list(me.cookie, "scope=added");
    expect(added.dealers.map((d) => d.id)).toEqual([dealer.id]);
  });

  it.each([
    ["missing name", { name: "" }, "Please fill in full name"],
    ["missing email", { email: undefined }, "Please fill in email"],
    ["bad email", { email: "not-an-email" }, "Please enter a valid e-mail address"],
    ["missing phone", { phone: " " }, "Please fill in phone"],
    ["missing dealership", { dealershipName: "" }, "Please fill in dealership name"],
    ["missing address", { address: "" }, "Please fill in address"],
    ["missing city", { city: "" }, "Please fill in city"],
    ["missing state", { state: "" }, "Please fill in state"],
    ["missing ZIP", { zipCode: "" }, "Please fill in ZIP code"],
    ["state too long", { state: "Texas" }, "State must be at most 2 characters"],
    ["unknown state", { state: "DC" }, "Please choose a US state or Canadian province code"],
    [
      "website not a URL",
      { website: "morgan auto" },
      "Website must be a URL starting with http:// or https://",
    ],
    [
      "website not http",
      { website: "ftp://morgan.example" },
      "Website must be a URL starting with http:// or https://",
    ],
    ["bad type", { dealershipType: "auction" }, "Please choose a dealership type"],
  ])("refuses %s with 400", async (_label, change, message) => {
    const me = await signUpDealer();
    const res = await call("POST", "/api/dealers", {
      cookie: me.cookie,
      body: { ...VALID_DEALER, ...change },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  it("accepts a province and needs a session", async () => {
    const me = await signUpDealer();
    const res = await call("POST", "/api/dealers", {
      cookie: me.cookie,
      body: { ...VALID_DEALER, state: "qc", website: "" },
    });
    expect(res.status).toBe(201);
    expect(directoryDealerSchema.parse(res.json).state).toBe("QC");
    expect((await call("POST", "/api/dealers", { body: VALID_DEALER })).status).toBe(401);
  });
});

describe("PATCH /api/dealers/{id}", () => {
  it("lets a dealer edit their own record", async () => {
    const me = await signUpDealer();
    const res = await call("PATCH", `/api/dealers/${me.dealerId}`, {
      cookie: me.cookie,
      body: {
        dealershipName: "Whitfield Motor Co",
        state: "ok",
        website: "http://whitfield.example",
        description: "Trucks.",
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(directoryDealerSchema.parse(res.json)).toMatchObject({
      dealershipName: "Whitfield Motor Co",
      state: "OK",
      canEdit: true,
      isSelf: true,
    });
    const me2 = await call("GET", "/api/auth/me", { cookie: me.cookie });
    expect(me2.json.dealershipName).toBe("Whitfield Motor Co");
  });

  it("answers 403 on another dealer's record, and on a dealer added to the directory", async () => {
    const me = await signUpDealer();
    const other = await signUpDealer();
    const res = await call("PATCH", `/api/dealers/${other.dealerId}`, {
      cookie: me.cookie,
      body: { dealershipName: "Mine now" },
    });
    expect(res.status).toBe(403);
    const created = await call("POST", "/api/dealers", { cookie: me.cookie, body: VALID_DEALER });
    const addedId = directoryDealerSchema.parse(created.json).id;
    expect(
      (await call("PATCH", `/api/dealers/${addedId}`, { cookie: other.cookie, body: { city: "Plano" } }))
        .status,
    ).toBe(403);
    const row = await env.DB.prepare("select dealership_name from dealers where id = ?")
      .bind(other.dealerId)
      .first();
    expect(row?.dealership_name).toBe("Whitfield Motors");
  });

  it("lets an admin edit any dealer", async () => {
    const admin = await signUpAdmin();
    const other = await signUpDealer();
    const res = await call("PATCH", `/api/dealers/${other.dealerId}`, {
      cookie: admin.cookie,
      body: { rating: 5, city: "Plano" },
    });
    expect(res.status, res.text).toBe(200);
    expect(directoryDealerSchema.parse(res.json)).toMatchObject({
      city: "Plano",
      canEdit: true,
      rating: null,
    });
  });

  it("validates like create, and answers 404 for an unknown dealer", async () => {
    const me = await signUpDealer();
    for (const body of [{ state: "Texas" }, { website: "nope" }, { email: "x" }, { name: "" }, {}]) {
      const res = await call("PATCH", `/api/dealers/${me.dealerId}`, { cookie: me.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call("PATCH", `/api/dealers/${crypto.randomUUID()}`, { cookie: me.cookie, body: { city: "X" } }))
        .status,
    ).toBe(404);
  });
});

describe("GET /api/dealers/inventory-counts and /api/dealers/{id}", () => {
  it("maps dealer ids to listed vehicles, requests left out", async () => {
    const me = await signUpDealer();
    const seller = await insertDealer({ name: "Counted Seller" });
    await addPost(seller, [
      { make: "Ford", model: "Escape" },
      { make: "Ford", model: "Edge" },
    ]);
    await addPost(seller, [{ make: "Kia", model: "Soul" }], "request");
    const res = await call("GET", "/api/dealers/inventory-counts", { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.json[seller]).toBe(2);
    expect(res.json[me.dealerId]).toBeUndefined();
  });

  it("answers the quick view with recent posts, and 404 for an unknown id", async () => {
    const me = await signUpDealer();
    const seller = await insertDealer({ name: "Quick View Seller", rating: 4.4 });
    await addPost(seller, [{ make: "Ford", model: "Escape", status: "sold" }], "single", "sold");
    const res = await call("GET", `/api/dealers/${seller}`, { cookie: me.cookie });
    expect(res.status).toBe(200);
    // Vehicles sold and deals closed count completed deals: a vehicle marked sold on a post is not one.
    expect(dealerQuickViewSchema.parse(res.json)).toMatchObject({
      dealsClosed: 0,
      vehiclesSold: 0,
      posts: 1,
      dealer: { name: "Quick View Seller", rating: 4.4 },
    });
    expect((res.json.recentPosts as unknown[]).length).toBe(1);
    expect((await call("GET", `/api/dealers/${crypto.randomUUID()}`, { cookie: me.cookie })).status).toBe(
      404,
    );
  });
});

describe("GET /api/dealers/discover", () => {
  it("finds nearby dealers not yet connected, buyers wanting my inventory, and sellers of what I want", async () => {
    const me = await signUpDealer();
    // Nebraska: no other test's dealers live there or next door.
    await env.DB.prepare("update dealers set state = 'NE' where id = ?").bind(me.dealerId).run();
    const tag = `Disc${crypto.randomUUID().slice(0, 6)}`;
    const texan = await insertDealer({
      name: `${tag} Local`,
      state: "NE",
      lastActiveAt: Date.now() - MINUTE,
    });
    const okie = await insertDealer({ name: `${tag} Neighbour`, state: "KS", lastActiveAt: Date.now() });
    const far = await insertDealer({ name: `${tag} Far`, state: "WA" });
    const friend = await insertDealer({ name: `${tag} Friend`, state: "NE" });
    await connect(me.dealerId, friend);
    // I list a 2021 F-150 and want a Tacoma.
    await addPost(me.dealerId, [{ make: "Ford", model: "F-150", year: 2021 }]);
    await addPost(me.dealerId, [{ make: "Toyota", model: "Tacoma", year: 2019 }], "request");
    const buyer = await insertDealer({ name: `${tag} Buyer`, state: "WA" });
    await addPost(buyer, [{ make: "ford", model: "f-150", year: 2019 }], "request");
    const makeOnly = await insertDealer({ name: `${tag} MakeOnly`, state: "WA" });
    await addPost(makeOnly, [{ make: "Ford", model: "Ranger", year: 2018 }], "request");
    const otherMake = await insertDealer({ name: `${tag} OtherMake`, state: "WA" });
    await addPost(otherMake, [{ make: "Kia", model: "Soul", year: 2018 }], "request");
    const tooNew = await insertDealer({ name: `${tag} TooNew`, state: "WA" });
    await addPost(tooNew, [{ make: "Ford", model: "F-150", year: 2024 }], "request");
    const seller = await insertDealer({ name: `${tag} Seller`, state: "WA" });
    await addPost(seller, [{ make: "Toyota", model: "Tacoma", year: 2020 }]);
    const soldOut = await insertDealer({ name: `${tag} SoldOut`, state: "WA" });
    await addPost(
      soldOut,
      [{ make: "Toyota", model: "Tacoma", year: 2020, status: "sold" }],
      "single",
      "sold",
    );

    const res = await call("GET", "/api/dealers/discover", { cookie: me.cookie });
    expect(res.status, res.text).toBe(200);
    const body = discoverySchema.parse(res.json);
    expect(body.near.states).toEqual(["NE", "CO", "IA", "KS", "MO", "SD", "WY"]);
    const nearIds = body.near.dealers.map((d) => d.id);
    expect(nearIds).toContain(texan);
    expect(nearIds).toContain(okie);
    expect(nearIds.indexOf(texan)).toBeLessThan(nearIds.indexOf(okie));
    expect(nearIds).not.toContain(far);
    expect(nearIds).not.toContain(friend);
    expect(nearIds).not.toContain(me.dealerId);
    expect(body.wantYourInventory.map((m) => m.dealer.id)).toEqual([buyer, makeOnly]);
    expect(body.wantYourInventory.map((m) => [m.vehicles, m.sameModel])).toEqual([
      [["ford f-150"], true],
      [["Ford Ranger"], false],
    ]);
    expect(body.haveWhatYouWant.map((m) => m.dealer.id)).toEqual([seller]);
    expect(body.haveWhatYouWant[0]?.vehicles).toEqual(["Toyota Tacoma"]);
  });

  it("ranks buyers and sellers by same-model vehicles, then matching vehicles, then their newest post", async () => {
    // Makes no other test uses, so the whole of both lists is this network's.
    const tag = crypto.randomUUID().slice(0, 6);
    const [makeA, makeB, makeC, makeD] = ["A", "B", "C", "D"].map((m) => `Make${m}${tag}`) as [
      string,
      string,
      string,
      string,
    ];
    const t0 = Date.now() - 100 * MINUTE;
    const at = (minutes: number) => t0 + minutes * MINUTE;
    const me = await signUpDealer();
    // I list an A Alpha 2021 and an A Beta 2018 (a B Gamma, sold, is not listed) …
    await addPost(me.dealerId, [
      { make: makeA, model: "Alpha", year: 2021 },
      { make: makeA, model: "Beta", year: 2018 },
      { make: makeB, model: "Gamma", year: 2020, status: "sold" },
    ]);
    // … and want a C Delta from 2019, a C Epsilon from 2015 and a D Zeta from 2020 (not what my expired request asks).
    await addPost(
      me.dealerId,
      [
        { make: makeC, model: "Delta", year: 2019 },
        { make: makeC, model: "Epsilon", year: 2015 },
      ],
      "request",
    );
    await addPost(me.dealerId, [{ make: makeD, model: "Zeta", year: 2020 }], "request");
    await addPost(me.dealerId, [{ make: makeB, model: "Eta", year: 2020 }], "request", "expired");

    const dealer = (name: string) => insertDealer({ name: `Rank${tag} ${name}`, state: "WA" });
    // Buyers: requests for my makes, no newer than what I list of the make.
    const [twoSame, oneSame, twoMake, newerOneMake, olderOneMake] = await Promise.all(
      ["TwoSame", "OneSame", "TwoMake", "NewerOneMake", "OlderOneMake"].map(dealer),
    );
    await addPost(
      twoSame,
      [
        { make: makeA, model: "Alpha", year: 2020 },
        { make: makeA, model: "Beta", year: 2017 },
      ],
      "request",
      "active",
      at(1),
    );
    await addPost(
      oneSame,
      [{ make: makeA.toLowerCase(), model: "alpha", year: 2019 }],
      "request",
      "active",
      at(2),
    );
    await addPost(oneSame, [{ make: makeA, model: "Omega", year: 2015 }], "request", "active", at(3));
    await addPost(
      twoMake,
      [
        { make: makeA, model: "Kappa", year: 2019 },
        { make: makeA, model: "Lambda", year: 2010 },
      ],
      "request",
      "active",
      at(4),
    );
    await addPost(olderOneMake, [{ make: makeA, model: "Mu", year: 2019 }], "request", "active", at(5));
    await addPost(newerOneMake, [{ make: makeA, model: "Nu", year: 2019 }], "request", "active", at(6));
    const notBuyers = await Promise.all(["TooNew", "SoldMake", "Expired"].map(dealer));
    await addPost(notBuyers[0]!, [{ make: makeA, model: "Alpha", year: 2022 }], "request");
    await addPost(notBuyers[1]!, [{ make: makeB, model: "Gamma", year: 2019 }], "request");
    await addPost(notBuyers[2]!, [{ make: makeA, model: "Alpha", year: 2020 }], "request", "expired");

    // Sellers: available vehicles on active listings of a make I want, at least as new as the model's year I
    // ask for; a vehicle counts once for each model I want of its make.
    const [threeModels, zeta, thetaTwice, newestNu] = await Promise.all(
      ["ThreeModels", "Zeta", "ThetaTwice", "NewestNu"].map(dealer),
    );
    await addPost(threeModels, [{ make: makeC, model: "Epsilon", year: 2016 }], "single", "active", at(1));
    await addPost(
      threeModels,
      [
        { make: makeC, model: "Delta", year: 2020 },
        { make: makeC, model: "Theta", year: 2021 },
      ],
      "multiple",
      "active",
      at(2),
    );
    await addPost(zeta, [{ make: makeD, model: "Zeta", year: 2019 }], "single", "active", at(3));
    await addPost(zeta, [{ make: makeD, model: "Zeta", year: 2021 }], "single", "active", at(4));
    await addPost(
      thetaTwice,
      [
        { make: makeC, model: "Theta", year: 2021 },
        { make: makeC, model: "Delta", year: 2021, status: "sold" },
      ],
      "multiple",
      "active",
      at(5),
    );
    await addPost(newestNu, [{ make: makeD, model: "Nu", year: 2021 }], "single", "active", at(6));
    const notSellers = await Promise.all(["TooOld", "ExpiredPost", "Requesting"].map(dealer));
    await addPost(notSellers[0]!, [{ make: makeC, model: "Delta", year: 2010 }]);
    await addPost(notSellers[1]!, [{ make: makeC, model: "Delta", year: 2021 }], "single", "expired");
    await addPost(notSellers[2]!, [{ make: makeC, model: "Delta", year: 2021 }], "request");

    const res = await call("GET", "/api/dealers/discover", { cookie: me.cookie });
    expect(res.status, res.text).toBe(200);
    const body = discoverySchema.parse(res.json);
    const rows = (matches: typeof body.wantYourInventory) =>
      matches.map((m) => [m.dealer.id, m.vehicles, m.sameModel]);
    expect(rows(body.wantYourInventory)).toEqual([
      [twoSame, [`${makeA} Alpha`, `${makeA} Beta`], true],
      [oneSame, [`${makeA.toLowerCase()} alpha`, `${makeA} Omega`], true],
      [twoMake, [`${makeA} Kappa`, `${makeA} Lambda`], false],
      [newerOneMake, [`${makeA} Nu`], false],
      [olderOneMake, [`${makeA} Mu`], false],
    ]);
    // Vehicles in the order of the dealer's posts, oldest first, and of the vehicles on a post.
    expect(rows(body.haveWhatYouWant)).toEqual([
      [threeModels, [`${makeC} Epsilon`, `${makeC} Delta`, `${makeC} Theta`], true],
      [zeta, [`${makeD} Zeta`], true],
      [thetaTwice, [`${makeC} Theta`], false],
      [newestNu, [`${makeD} Nu`], false],
    ]);
    // Sellers are read by the wanted makes or through every listing, whichever is cheaper: the same answer.
    for (const sellersRead of ["by-make", "all-listings"] as const) {
      const direct = await createServices(env).directory.discover(me.dealerId, "WA", { sellersRead });
      expect(rows(direct.haveWhatYouWant), sellersRead).toEqual(rows(body.haveWhatYouWant));
    }
    expect(body.wantYourInventory[0]?.dealer).toMatchObject({ name: `Rank${tag} TwoSame`, vehicleCount: 0 });
    expect(body.haveWhatYouWant[0]?.dealer).toMatchObject({
      name: `Rank${tag} ThreeModels`,
      vehicleCount: 3,
    });

    // A dealer who lists and asks for nothing is matched with nobody.
    const newcomer = await signUpDealer();
    const empty = discoverySchema.parse(
      (await call("GET", "/api/dealers/discover", { cookie: newcomer.cookie })).json,
    );
    expect(empty.wantYourInventory).toEqual([]);
    expect(empty.haveWhatYouWant).toEqual([]);
  });
});
