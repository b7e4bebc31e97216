import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { currentUserSchema } from "#lib/api-types";
import {
  runDailyCron,
  ORIGIN,
  PNG,
  VALID_PROFILE,
  call,
  freshIp,
  messagesOfDealer,
  sessionCookieOf,
  signUpDealer,
  uploadPhoto,
} from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const PNG_DATA_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`;

const count = async (sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;

const r2Key = (path: string) => path.replace(/^\/objects\//, "");

/** A chat file (a PDF) uploaded by the dealer behind `cookie`: its stored address. */
async function uploadChatFile(cookie: string): Promise<string> {
  const ticket = await call("POST", "/api/objects/chat-upload", { cookie });
  const url = new URL(ticket.json.uploadURL as string);
  const put = await SELF.fetch(url.toString(), {
    method: "PUT",
    body: new TextEncoder().encode("%PDF-1.4\n"),
    headers: { "Content-Type": "application/pdf", Origin: ORIGIN },
  });
  expect(put.status).toBe(201);
  return url.pathname;
}

async function createDummy() {
  const res = await call("POST", "/api/auth/create-dummy", { headers: { "CF-Connecting-IP": freshIp() } });
  expect(res.status).toBe(201);
  const user = currentUserSchema.parse(res.json);
  return { cookie: sessionCookieOf(res.headers), dealerId: user.id as string, accountId: user.userId };
}

/** A demo visitor who used everything: posts with photos, a profile photo, comments, messages, settings… */
async function busyDemoVisitor(seeded: { dealerId: string; cookie: string }, seededPostId: string) {
  const demo = await createDummy();
  const photo = await uploadPhoto(demo.cookie);
  const report = await uploadChatFile(demo.cookie);
  const post = await call("POST", "/api/inventory", {
    cookie: demo.cookie,
    body: {
      type: "for-sale",
      title: "Demo lot clear-out",
      description: "",
      vehicles: [],
      photoUrls: [photo],
    },
  });
  expect(post.status).toBe(201);
  const profile = await call("PATCH", "/api/profile", {
    cookie: demo.cookie,
    body: { avatar: PNG_DATA_URL },
  });
  expect(profile.status).toBe(200);
  const avatar = currentUserSchema.parse(profile.json).avatar as string;
  expect(
    (
      await call("POST", `/api/inventory/${seededPostId}/comments`, {
        cookie: demo.cookie,
        body: { content: "Nice" },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await call("POST", `/api/inventory/${post.json.id}/comments`, {
        cookie: seeded.cookie,
        body: { content: "Still there?" },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await call("POST", "/api/messages", {
        cookie: demo.cookie,
        body: {
          receiverId: seeded.dealerId,
          content: "Hi",
          attachments: [{ url: report, name: "report.pdf", contentType: "application/pdf", size: 9 }],
        },
      })
    ).status,
  ).toBe(201);
  expect(
    (await call("PATCH", "/api/settings", { cookie: demo.cookie, body: { itemsPerPage: 50 } })).status,
  ).toBe(200);
  const added = await call("POST", "/api/dealers", {
    cookie: demo.cookie,
    body: { ...VALID_PROFILE, name: "Casey Lot", email: "casey@lot.example" },
  });
  expect(added.status).toBe(201);
  return { ...demo, photos: [photo, avatar, report], postId: post.json.id as string };
}

/** Every row the demo visitor wrote or that points at it. */
async function traces(demo: { accountId: string; dealerId: string; postId: string }) {
  return {
    accounts: await count("select count(*) as n from accounts where id = ?", demo.accountId),
    sessions: await count("select count(*) as n from sessions where account_id = ?", demo.accountId),
    settings: await count("select count(*) as n from user_settings where account_id = ?", demo.accountId),
    dealers: await count(
      "select count(*) as n from dealers where id = ?1 or added_by_dealer_id = ?1 or account_id = ?2",
      demo.dealerId,
      demo.accountId,
    ),
    posts: await count("select count(*) as n from inventory_posts where dealer_id = ?", demo.dealerId),
    vehicles: await count(
      "select count(*) as n from vehicles where post_id in (select id from inventory_posts where dealer_id = ?)",
      demo.dealerId,
    ),
    comments: await count(
      "select count(*) as n from comments where dealer_id = ? or post_id = ?",
      demo.dealerId,
      demo.postId,
    ),
    messages: (await messagesOfDealer(demo.dealerId)).length,
    chats: await count("select count(*) as n from chats where pair_key like ?1", `%${demo.dealerId}%`),
    participants: await count(
      "select count(*) as n from chat_participants where dealer_id = ?",
      demo.dealerId,
    ),
    connections: await count(
      "select count(*) as n from connections where requester_id = ?1 or receiver_id = ?1",
      demo.dealerId,
    ),
  };
}

describe("the daily scheduled handler", { timeout: 30_000 }, () => {
  it("removes expired sessions and keeps live ones", async () => {
    const live = await signUpDealer();
    const accountId = (await call("GET", "/api/auth/me", { cookie: live.cookie })).json.userId as string;
    await env.DB.prepare("insert into sessions (token_hash, account_id, expires_at) values (?, ?, ?)")
      .bind("expired-session-hash", accountId, Date.now() - 1000)
      .run();
    await runDailyCron();
    expect(await count("select count(*) as n from sessions where token_hash = 'expired-session-hash'")).toBe(
      0,
    );
    expect((await call("GET", "/api/auth/me", { cookie: live.cookie })).status).toBe(200);
  });

  it("removes rate-limit windows older than a day and keeps current ones", async () => {
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 1), (?, ?, 1)")
      .bind("test:old", Date.now() - 2 * DAY, "test:current", Date.now() - 60_000)
      .run();
    await runDailyCron();
    expect(await count("select count(*) as n from rate_limits where key = 'test:old'")).toBe(0);
    expect(await count("select count(*) as n from rate_limits where key = 'test:current'")).toBe(1);
  });

  it("forgets the claims of upload addresses that have expired, and keeps the live ones", async () => {
    await env.DB.prepare("insert into upload_claims (key, expires_at) values (?, ?), (?, ?)")
      .bind("uploads/test-expired", Date.now() - 60_000, "uploads/test-live", Date.now() + 60_000)
      .run();
    await runDailyCron();
    expect(await count("select count(*) as n from upload_claims where key = 'uploads/test-expired'")).toBe(0);
    expect(await count("select count(*) as n from upload_claims where key = 'uploads/test-live'")).toBe(1);
  });

  it("removes demo accounts older than 7 days with everything they wrote, photos in R2 included", async () => {
    const seeded = await signUpDealer();
    await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(seeded.dealerId).run();
    const seededPost = await call("POST", "/api/inventory", {
      cookie: seeded.cookie,
      body: { type: "for-sale", title: "Seeded post", description: "", vehicles: [], photoUrls: [] },
    });
    const real = await signUpDealer();
    const realPhoto = await uploadPhoto(real.cookie);
    const realPost = await call("POST", "/api/inventory", {
      cookie: real.cookie,
      body: {
        type: "for-sale",
        title: "A real dealer's post",
        description: "",
        vehicles: [],
        photoUrls: [realPhoto],
      },
    });
    expect(realPost.status).toBe(201);

    const old = await busyDemoVisitor(seeded, seededPost.json.id as string);
    const young = await busyDemoVisitor(seeded, seededPost.json.id as string);
    await env.DB.prepare("update accounts set created_at = ?, demo_expires_at = ? where id = ?")
      .bind(Date.now() - 8 * DAY, Date.now() - DAY, old.accountId)
      .run();
    for (const photo of old.photos) expect(await env.PHOTOS.head(r2Key(photo))).not.toBeNull();
    const before = await traces(old);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    await runDailyCron();

    expect(await traces(old)).toEqual(Object.fromEntries(Object.keys(before).map((k) => [k, 0])));
    for (const photo of old.photos) expect(await env.PHOTOS.head(r2Key(photo)), photo).toBeNull();

    // The younger demo account, the seeded network and real dealers are untouched.
    expect(Object.values(await traces(young)).every((n) => n > 0)).toBe(true);
    for (const photo of young.photos) expect(await env.PHOTOS.head(r2Key(photo))).not.toBeNull();
    expect((await call("GET", "/api/auth/me", { cookie: seeded.cookie })).status).toBe(200);
    expect((await call("GET", "/api/auth/me", { cookie: real.cookie })).status).toBe(200);
    expect(
      await count(
        "select count(*) as n from inventory_posts where id in (?, ?)",
        realPost.json.id,
        seededPost.json.id,
      ),
    ).toBe(2);
    expect(await env.PHOTOS.head(r2Key(realPhoto))).not.toBeNull();
  });

  it("keeps a demo visitor's photo that a real dealer's post shows too", async () => {
    const demo = await createDummy();
    const photo = await uploadPhoto(demo.cookie);
    expect(
      (
        await call("POST", "/api/inventory", {
          cookie: demo.cookie,
          body: { type: "for-sale", title: "Demo", description: "", vehicles: [], photoUrls: [photo] },
        })
      ).status,
    ).toBe(201);
    const real = await signUpDealer();
    expect(
      (
        await call("POST", "/api/inventory", {
          cookie: real.cookie,
          body: {
            type: "for-sale",
            title: "Borrowed photo",
            description: "",
            vehicles: [],
            photoUrls: [photo],
          },
        })
      ).status,
    ).toBe(201);
    await env.DB.prepare("update accounts set demo_expires_at = ? where id = ?")
      .bind(Date.now() - 1, demo.accountId)
      .run();
    await runDailyCron();
    expect(await count("select count(*) as n from accounts where id = ?", demo.accountId)).toBe(0);
    expect(await env.PHOTOS.head(r2Key(photo))).not.toBeNull();
  });
});
