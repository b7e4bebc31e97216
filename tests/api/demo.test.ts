import { SELF, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { currentUserSchema } from "#lib/api-types";
import { DEMO_ACCOUNT } from "#lib/constants";
import worker from "../../worker/index";
import {
  ORIGIN,
  VALID_PROFILE,
  call,
  freshIp,
  messagesOfDealer,
  sessionCookieOf,
  signUpDealer,
} from "./helpers";

const DEMO_OFF = "The demo is turned off on this server.";

/** A dealer of the seeded demo network (scripts/seed.ts marks them so). */
async function seededDemoDealer(email?: string, password?: string) {
  const dealer = await signUpDealer(email, password);
  await env.DB.prepare("update dealers set is_demo = 1, last_active_at = ? where id = ?")
    .bind(Date.now() - 60 * 60 * 1000, dealer.dealerId)
    .run();
  return dealer;
}

/** A real dealer, more recently active than any demo dealer. */
async function activeRealDealer() {
  const dealer = await signUpDealer();
  await env.DB.prepare("update dealers set last_active_at = ? where id = ?")
    .bind(Date.now(), dealer.dealerId)
    .run();
  return dealer;
}

async function createDummy() {
  const res = await call("POST", "/api/auth/create-dummy", { headers: { "CF-Connecting-IP": freshIp() } });
  expect(res.status).toBe(201);
  const user = currentUserSchema.parse(res.json);
  return { cookie: sessionCookieOf(res.headers), dealerId: user.id as string, accountId: user.userId };
}

const isDemo = async (dealerId: string) =>
  (
    await env.DB.prepare("select is_demo from dealers where id = ?")
      .bind(dealerId)
      .first<{ is_demo: number }>()
  )?.is_demo === 1;

/** The whole worker with DEMO_MODE switched off, as a real launch configures it. */
async function withDemoOff(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  headers.set("Origin", ORIGIN);
  headers.set("Host", new URL(ORIGIN).host);
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }),
    { ...env, DEMO_MODE: "false" },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const loginForm = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
  body: new URLSearchParams(fields),
});

describe("POST /api/auth/create-dummy", { timeout: 30_000 }, () => {
  it("connects the demo dealership to seeded demo dealers only, and one of them welcomes it", async () => {
    const seeded = [await seededDemoDealer(), await seededDemoDealer()];
    const real = [];
    for (let i = 0; i < 6; i++) real.push(await activeRealDealer());
    const demo = await createDummy();

    expect(await isDemo(demo.dealerId)).toBe(true);
    const account = await env.DB.prepare("select demo_expires_at from accounts where id = ?")
      .bind(demo.accountId)
      .first<{ demo_expires_at: number }>();
    expect(account?.demo_expires_at).toBeGreaterThan(Date.now() + 7 * 24 * 3600 * 1000 - 60_000);

    const { results: partners } = await env.DB.prepare(
      `select case when requester_id = ?1 then receiver_id else requester_id end as id
       from connections where requester_id = ?1 or receiver_id = ?1`,
    )
      .bind(demo.dealerId)
      .all<{ id: string }>();
    expect(partners.map((p) => p.id).sort()).toEqual(seeded.map((s) => s.dealerId).sort());

    const senders = (await messagesOfDealer(demo.dealerId)).map((m) => ({ sender_id: m.senderId }));
    expect(senders).toHaveLength(1);
    expect(seeded.map((s) => s.dealerId)).toContain(senders[0]?.sender_id);
    for (const dealer of real) {
      const touched = await env.DB.prepare(
        "select (select count(*) from connections where requester_id = ?1 or receiver_id = ?1) as n",
      )
        .bind(dealer.dealerId)
        .first<{ n: number }>();
      expect(touched!.n + (await messagesOfDealer(dealer.dealerId)).length).toBe(0);
    }
  });

  it("makes a demo dealership with no partners when no demo network is seeded", async () => {
    const real = await activeRealDealer();
    const demo = await createDummy();
    const touched = await env.DB.prepare(
      "select (select count(*) from connections where requester_id = ?1 or receiver_id = ?1) as n",
    )
      .bind(real.dealerId)
      .first<{ n: number }>();
    expect(touched!.n + (await messagesOfDealer(real.dealerId)).length).toBe(0);
    expect((await call("GET", "/api/auth/me", { cookie: demo.cookie })).status).toBe(200);
  });
});

describe("the demo network is closed both ways", { timeout: 30_000 }, () => {
  it("lists and suggests only dealers of the viewer's own network", async () => {
    const tag = `Nettag${Date.now()}`;
    const seeded = await seededDemoDealer();
    const demo = await createDummy();
    const real = await activeRealDealer();
    for (const dealer of [seeded, real])
      await env.DB.prepare("update dealers set name = ? where id = ?")
        .bind(`${tag} ${dealer.dealerId}`, dealer.dealerId)
        .run();
    const suggested = async (cookie: string) => {
      const res = await call("GET", `/api/dealers?name=${tag}&exclude=self,connected&sort=active`, {
        cookie,
      });
      expect(res.status).toBe(200);
      return (res.json as unknown as { id: string }[]).map((d) => d.id);
    };
    expect(await suggested((await signUpDealer()).cookie)).toEqual([real.dealerId]);
    expect(await suggested(demo.cookie)).not.toContain(real.dealerId);
    // The directory too: each network lists its own dealers only.
    const listed = async (cookie: string) =>
      ((await call("GET", `/api/dealers?name=${tag}`, { cookie })).json as unknown as { id: string }[]).map(
        (d) => d.id,
      );
    expect(await listed(real.cookie)).toEqual([real.dealerId]);
    expect(await listed(demo.cookie)).toEqual([seeded.dealerId]);
  });

  it("a demo account never connects to or messages a real dealer, nor a real dealer a demo account", async () => {
    const demo = await createDummy();
    const seeded = await seededDemoDealer();
    const real = await signUpDealer();

    for (const [from, to] of [
      [demo, real],
      [real, { dealerId: demo.dealerId }],
    ] as const) {
      for (const path of ["/api/connections/add-dealer", "/api/dealers/connect"]) {
        const connect = await call("POST", path, { cookie: from.cookie, body: { receiverId: to.dealerId } });
        expect(connect.status, path).toBe(404);
        expect(connect.json.message).toBe("Dealer not found");
      }
      const message = await call("POST", "/api/messages", {
        cookie: from.cookie,
        body: { receiverId: to.dealerId, content: "Hello" },
      });
      expect(message.status).toBe(404);
      expect(message.json.message).toBe("Dealer not found");
      const chat = await call("POST", "/api/chats", {
        cookie: from.cookie,
        body: { participantId: to.dealerId },
      });
      expect(chat.status).toBe(404);
    }
    const across = await env.DB.prepare(
      "select (select count(*) from connections where (requester_id = ?1 and receiver_id = ?2) or (requester_id = ?2 and receiver_id = ?1)) + (select count(*) from chats where pair_key in (?1 || ':' || ?2, ?2 || ':' || ?1)) as n",
    )
      .bind(demo.dealerId, real.dealerId)
      .first<{ n: number }>();
    expect(across?.n).toBe(0);

    const inside = await call("POST", "/api/messages", {
      cookie: demo.cookie,
      body: { receiverId: seeded.dealerId, content: "Hello from the demo" },
    });
    expect(inside.status).toBe(201);
    const connected = await call("POST", "/api/connections/add-dealer", {
      cookie: seeded.cookie,
      body: { receiverId: demo.dealerId },
    });
    expect([200, 201]).toContain(connected.status);
  });

  it("shows each network only its own posts in the feed and its search, so no card offers a dealer it cannot reach", async () => {
    const demo = await createDummy();
    const real = await signUpDealer();
    const tag = `Feedtag${Date.now()}`;
    const postAs = async (cookie: string, title: string) => {
      const res = await call("POST", "/api/inventory", {
        cookie,
        body: { title, type: "request", description: `Looking for one, ${tag}` },
      });
      expect(res.status, res.text).toBe(201);
      return (res.json as unknown as { id: string }).id;
    };
    const demoPost = await postAs(demo.cookie, `Demo wants a Tacoma ${tag}`);
    const realPost = await postAs(real.cookie, `Real wants a Tundra ${tag}`);
    const feedOf = async (cookie: string, query: string) => {
      const res = await call("GET", `/api/inventory?${query}`, { cookie });
      expect(res.status).toBe(200);
      return (res.json as unknown as { id: string }[]).map((p) => p.id);
    };
    for (const query of ["sort=requests&limit=50", `search=${tag}`]) {
      const seenByDemo = await feedOf(demo.cookie, query);
      expect(seenByDemo, query).toContain(demoPost);
      expect(seenByDemo, query).not.toContain(realPost);
      const seenByReal = await feedOf(real.cookie, query);
      expect(seenByReal, query).toContain(realPost);
      expect(seenByReal, query).not.toContain(demoPost);
    }
  });

  it("a dealer a demo account adds to the directory belongs to the demo network", async () => {
    const demo = await createDummy();
    const added = await call("POST", "/api/dealers", {
      cookie: demo.cookie,
      body: { ...VALID_PROFILE, name: "Casey Lot", email: "casey@lot.example" },
    });
    expect(added.status).toBe(201);
    const addedId = ((added.json.dealer ?? added.json) as { id: string }).id;
    expect(await isDemo(addedId)).toBe(true);
  });
});

describe("quick login", { timeout: 30_000 }, () => {
  it("signs into the seeded demo account, even while someone guesses its password", async () => {
    const seeded = await seededDemoDealer(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    for (let i = 0; i < 12; i++) {
      await call("POST", "/api/auth/login", {
        body: { email: DEMO_ACCOUNT.email, password: `guess-${i}` },
        headers: { "CF-Connecting-IP": freshIp() },
      });
    }
    const res = await SELF.fetch(`${ORIGIN}/login?index`, {
      ...loginForm({ intent: "demo-login" }),
      headers: { ...loginForm({}).headers, Origin: ORIGIN, Host: new URL(ORIGIN).host },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const me = await call("GET", "/api/auth/me", { cookie: sessionCookieOf(res.headers) });
    expect(me.json.id).toBe(seeded.dealerId);
  });
});

describe("DEMO_MODE=false", () => {
  it("refuses create-dummy with 403 and a clear message, and makes no account", async () => {
    const before = await env.DB.prepare("select count(*) as n from accounts").first<{ n: number }>();
    const res = await withDemoOff("/api/auth/create-dummy", { method: "POST" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: DEMO_OFF });
    const after = await env.DB.prepare("select count(*) as n from accounts").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("hides the demo buttons on /login, which shows them while the demo is on", async () => {
    const on = await (await SELF.fetch(`${ORIGIN}/login`)).text();
    expect(on).toContain("Quick login (demo)");
    expect(on).toContain("Create demo account");
    const off = await (await withDemoOff("/login")).text();
    expect(off).not.toContain("Quick login (demo)");
    expect(off).not.toContain("Create demo account");
    expect(off).not.toContain(DEMO_ACCOUNT.password);
  });

  it("refuses quick login and the demo account button of the /login form", async () => {
    await seededDemoDealer(`quick-${crypto.randomUUID()}@example.com`);
    for (const intent of ["demo-login", "create-demo"]) {
      const res = await withDemoOff("/login?index", loginForm({ intent }));
      expect(res.status, intent).toBe(403);
      expect(
        res.headers.getSetCookie().some((c) => c.startsWith("dl_session=")),
        intent,
      ).toBe(false);
      expect(await res.text(), intent).toContain(DEMO_OFF);
    }
  });

  it("refuses a sign-in to an account of the demo network, whose password is public", async () => {
    const seeded = await seededDemoDealer();
    const res = await withDemoOff("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
      body: JSON.stringify({ email: seeded.email, password: seeded.password }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: DEMO_OFF });
    const real = await signUpDealer();
    const ok = await withDemoOff("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
      body: JSON.stringify({ email: real.email, password: real.password }),
    });
    expect(ok.status).toBe(200);
  });
});
