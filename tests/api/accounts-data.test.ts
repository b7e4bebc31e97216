import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, freshIp, signUpDealer } from "./helpers";

/** "Export my data" and "Delete my account". */

async function dealerWithHistory() {
  const [me, peer] = [await signUpDealer(), await signUpDealer()];
  const post = await call("POST", "/api/inventory", {
    cookie: me.cookie,
    body: {
      title: "Two clean Tahoes",
      type: "single",
      description: "Ready to go",
      vehicles: [{ year: 2021, make: "Chevrolet", model: "Tahoe", vin: "1GNSKCKD5MR123456" }],
    },
  });
  expect(post.status, post.text).toBe(201);
  const peerPost = await call("POST", "/api/inventory", {
    cookie: peer.cookie,
    body: { title: "F-150 for sale", type: "for-sale" },
  });
  const comment = await call("POST", `/api/inventory/${peerPost.json.id}/comments`, {
    cookie: me.cookie,
    body: { content: "Is it still available?" },
  });
  expect(comment.status).toBe(201);
  await call("POST", "/api/connections/add-dealer", {
    cookie: me.cookie,
    body: { receiverId: peer.dealerId },
  });
  const sent = await call("POST", "/api/messages", {
    cookie: me.cookie,
    body: { receiverId: peer.dealerId, content: "Hello from me" },
  });
  expect(sent.status).toBe(201);
  await call("POST", "/api/messages", {
    cookie: peer.cookie,
    body: { receiverId: me.dealerId, content: "Hello back" },
  });
  return { me, peer, postId: post.json.id as string, chatId: sent.json.chatId as string };
}

describe("export my data", () => {
  it("downloads a JSON file of everything the dealer put in, and no secrets", async () => {
    const { me, peer } = await dealerWithHistory();
    const res = await call("GET", "/api/account/export", { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="dealerlane-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json as unknown as {
      account: { email: string; hasPassword: boolean; emailVerifiedAt: string | null };
      profile: { dealershipName: string; createdAt: string };
      posts: { title: string; vehicles: { make: string; vin: string }[] }[];
      comments: { content: string }[];
      messagesSent: { content: string }[];
      connections: { dealer: string }[];
      securityEvents: { type: string }[];
    };
    expect(data.account).toMatchObject({ email: me.email, hasPassword: true });
    expect(data.account.emailVerifiedAt).toMatch(/Z$/);
    expect(data.profile.dealershipName).toBe("Whitfield Motors");
    expect(data.profile.createdAt).toMatch(/Z$/);
    expect(data.posts.map((p) => p.title)).toEqual(["Two clean Tahoes"]);
    expect(data.posts[0]!.vehicles[0]).toMatchObject({ make: "Chevrolet", vin: "1GNSKCKD5MR123456" });
    expect(data.comments.map((c) => c.content)).toEqual(["Is it still available?"]);
    expect(data.messagesSent.map((m) => m.content)).toEqual(["Hello from me"]);
    expect(data.connections).toHaveLength(1);
    expect(data.connections[0]!.dealer).toContain("Dana Whitfield");
    expect(data.securityEvents.map((e) => e.type)).toContain("signed-up");
    expect(res.text).not.toContain("Hello back");
    expect(res.text).not.toContain(peer.email);
    expect(res.text).not.toMatch(/pbkdf2|password_?hash|token/i);
  });

  it("is limited per account", async () => {
    const me = await signUpDealer();
    for (let i = 0; i < 10; i++)
      expect((await call("GET", "/api/account/export", { cookie: me.cookie })).status).toBe(200);
    expect((await call("GET", "/api/account/export", { cookie: me.cookie })).status).toBe(429);
  });
});

describe("delete my account", () => {
  const remove = (cookie: string, body: Record<string, unknown>) =>
    call("DELETE", "/api/account", { cookie, body });

  it("wants the password and the typed confirmation", async () => {
    const me = await signUpDealer();
    const untyped = await remove(me.cookie, { password: me.password, confirmation: "delete" });
    expect(untyped.status).toBe(400);
    expect(untyped.json.message).toBe("Type DELETE to confirm");
    const wrong = await remove(me.cookie, { password: "not-it", confirmation: "DELETE" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe("Your current password is not correct");
    expect((await call("GET", "/api/auth/me", { cookie: me.cookie })).status).toBe(200);
  });

  it("removes the account, its sessions, settings, posts and comments; delivered messages stay from 'Deleted dealer'", async () => {
    const { me, peer, postId, chatId } = await dealerWithHistory();
    await call("PATCH", "/api/settings", { cookie: me.cookie, body: { itemsPerPage: 50 } });
    const accountId = (await call("GET", "/api/auth/me", { cookie: me.cookie })).json.userId as string;

    const done = await remove(me.cookie, { password: me.password, confirmation: "DELETE" });
    expect(done.status, done.text).toBe(204);
    expect(done.headers.getSetCookie().some((c) => /^dl_session=;/.test(c))).toBe(true);
    expect((await call("GET", "/api/auth/me", { cookie: me.cookie })).status).toBe(401);
    const signIn = await call("POST", "/api/auth/login", {
      body: { email: me.email, password: me.password },
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(signIn.status).toBe(401);

    const count = async (sql: string, ...values: string[]) =>
      (
        await env.DB.prepare(sql)
          .bind(...values)
          .first<{ n: number }>()
      )?.n ?? -1;
    expect(await count("select count(*) as n from accounts where id = ?", accountId)).toBe(0);
    expect(await count("select count(*) as n from sessions where account_id = ?", accountId)).toBe(0);
    expect(await count("select count(*) as n from user_settings where account_id = ?", accountId)).toBe(0);
    expect(await count("select count(*) as n from security_events where account_id = ?", accountId)).toBe(0);
    expect(await count("select count(*) as n from inventory_posts where dealer_id = ?", me.dealerId)).toBe(0);
    expect(await count("select count(*) as n from comments where dealer_id = ?", me.dealerId)).toBe(0);
    expect(
      await count(
        "select count(*) as n from connections where requester_id = ? or receiver_id = ?",
        me.dealerId,
        me.dealerId,
      ),
    ).toBe(0);
    expect((await call("GET", `/api/inventory/${postId}`, { cookie: peer.cookie })).status).toBe(404);

    // The peer keeps the conversation, with the sender shown as "Deleted dealer" and no contact details.
    const thread = (await call("GET", `/api/chats/${chatId}/messages`, { cookie: peer.cookie }))
      .json as unknown as {
      content: string;
    }[];
    expect(thread.map((m) => m.content)).toEqual(["Hello from me", "Hello back"]);
    const card = await call("GET", `/api/dealers/${me.dealerId}`, { cookie: peer.cookie });
    expect(card.json.dealer).toMatchObject({
      name: "Deleted dealer",
      dealershipName: "Deleted dealer",
      userId: null,
    });
    expect(JSON.stringify(card.json)).not.toContain(me.email);
    // Never listed again.
    const listed = (await call("GET", "/api/dealers?name=Deleted&limit=100", { cookie: peer.cookie }))
      .json as unknown as { id: string }[];
    expect(listed.map((d) => d.id)).not.toContain(me.dealerId);
  });

  it("asks an account without a password for a fresh Google sign-in", async () => {
    const me = await signUpDealer();
    await env.DB.prepare("update accounts set password_hash = null where email = ?").bind(me.email).run();
    await env.DB.prepare(
      "update sessions set created_at = ? where account_id = (select id from accounts where email = ?)",
    )
      .bind(Date.now() - 11 * 60 * 1000, me.email)
      .run();
    const stale = await remove(me.cookie, { confirmation: "DELETE" });
    expect(stale.status).toBe(403);
    expect(stale.json.message).toMatch(/sign in with Google again/);
  });
});
