import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN, call, freshIp, signUpDealer, tripsOf } from "./helpers";

/**
 * Decision 0026 (worker/http/session.ts, worker/http/remembered-sessions.ts): a page whose session this isolate
 * looked up lately goes ahead on it, and confirms it in the same D1 trip as its own reads. Nothing the page
 * renders or writes may outlive a confirmation that disagrees: a session signed out elsewhere, expired or
 * suspended answers as signed out, a renamed dealership or a changed role shows at once, and a stale session
 * writes nothing. Every test signs up its own dealers: the isolate's memory is shared by the whole file.
 */

/** A page as the browser asks for it, redirects not followed (a signed-out answer is the redirect itself). */
async function page(path: string, cookie?: string) {
  const headers: Record<string, string> = { Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers, redirect: "manual" });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    location: response.headers.get("Location"),
  };
}

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

/**
 * A new dealer whose session the isolate remembers as it is: every lookup is remembered, and the last one at
 * sign-up was before the dealer profile existed, so the session is read once more (an API call never goes ahead
 * on a remembered session), then one page goes ahead on it.
 */
async function warmDealer(dealershipName?: string) {
  const dealer = await signUpDealer();
  if (dealershipName)
    await env.DB.prepare("update dealers set dealership_name = ? where id = ?")
      .bind(dealershipName, dealer.dealerId)
      .run();
  expect((await call("GET", "/api/auth/me", { cookie: dealer.cookie })).status).toBe(200);
  const warm = await page("/settings", dealer.cookie);
  expect(warm.status, warm.text.slice(0, 300)).toBe(200);
  return dealer;
}

async function accountIdOf(dealer: Dealer) {
  const row = await env.DB.prepare("select account_id from dealers where id = ?")
    .bind(dealer.dealerId)
    .first<{ account_id: string }>();
  if (!row) throw new Error(`No dealer ${dealer.dealerId}`);
  return row.account_id;
}

/** Signed out elsewhere: every session row of the dealer's account gone. */
async function deleteSessions(dealer: Dealer) {
  await env.DB.prepare("delete from sessions where account_id = ?")
    .bind(await accountIdOf(dealer))
    .run();
}

/** The dealership under the dealer's name in the shell's header. */
function shellDealership(html: string) {
  return /data-testid="current-user-name">[^<]*<\/span><span[^>]*>([^<]*)<\/span>/.exec(html)?.[1];
}

/** The shell's Messages link names its unread count ("Messages, 2 unread"). */
function messagesLabel(html: string) {
  return /aria-label="(Messages(?:, [^"]*)?)"/.exec(html)?.[1];
}

const TITLE = /<title>([^<]*)<\/title>/;

/** What a visitor without a session gets for `path`: the answer every signed-out session must match. */
async function signedOutAnswer(path: string) {
  const res = await page(path);
  return { status: res.status, location: res.location, title: TITLE.exec(res.text)?.[1] };
}

async function expectSignedOut(path: string, res: Awaited<ReturnType<typeof page>>, dealer: Dealer) {
  const expected = await signedOutAnswer(path);
  expect({ status: res.status, location: res.location, title: TITLE.exec(res.text)?.[1] }).toEqual(expected);
  expect(res.text).not.toContain(dealer.email);
  expect(res.text).not.toContain('data-testid="current-user-name"');
}

async function createPost(owner: Dealer) {
  const post = await call("POST", "/api/inventory", {
    cookie: owner.cookie,
    body: {
      title: "2019 Ford F-150 XLT",
      description: "Clean title, one owner",
      type: "for-sale",
      vehicles: [{ year: 2019, make: "Ford", model: "F-150", price: 31000 }],
      photoUrls: [],
    },
  });
  expect(post.status, post.text).toBe(201);
  return (post.json as unknown as { id: string }).id;
}

async function viewsOf(postId: string, viewer: Dealer) {
  const views = await env.STATS_DB.prepare(
    "select count(*) as n from post_views where post_id = ? and viewer_id = ?",
  )
    .bind(postId, viewer.dealerId)
    .first<number>("n");
  const viewCount = await env.DB.prepare("select view_count from inventory_posts where id = ?")
    .bind(postId)
    .first<number>("view_count");
  return { views, viewCount };
}

describe("a page on the remembered session", () => {
  it("takes one sequential D1 trip once the session is remembered; a brand-new session's first page takes two", async () => {
    const dealer = await signUpDealer();
    // A new sign-in: a token no request has looked up yet.
    const signIn = await call("POST", "/api/auth/login", {
      body: { email: dealer.email, password: dealer.password },
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(signIn.status, signIn.text).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("dl_session="))!
      .split(";")[0]!;

    const cold = await page("/settings", cookie);
    expect(cold.status).toBe(200);
    expect(tripsOf(cold.headers).sequential).toBe(2);

    const warm = await page("/settings", cookie);
    expect(warm.status).toBe(200);
    expect(tripsOf(warm.headers).sequential).toBe(1);
    expect(tripsOf(warm.headers).total).toBe(1);

    const home = await page("/", cookie);
    expect(home.status).toBe(200);
    expect(TITLE.exec(home.text)?.[1]).toBe("Home · DealerLane");
    expect(tripsOf(home.headers).sequential).toBe(1);
  });

  it("signed out elsewhere: / shows the landing, not the dealer's feed", async () => {
    const me = await warmDealer();
    const before = await page("/", me.cookie);
    expect(TITLE.exec(before.text)?.[1]).toBe("Home · DealerLane");
    expect(before.text).toContain('data-testid="current-user-name"');

    await deleteSessions(me);
    const res = await page("/", me.cookie);
    expect(res.status).toBe(200);
    expect(TITLE.exec(res.text)?.[1]).not.toBe("Home · DealerLane");
    await expectSignedOut("/", res, me);
  });

  it("signed out elsewhere: a dealer screen redirects to /login, now and on the next request", async () => {
    const me = await warmDealer();
    await deleteSessions(me);
    const res = await page("/settings", me.cookie);
    expect([302, 303]).toContain(res.status);
    expect(res.location).toContain("/login");
    await expectSignedOut("/settings", res, me);
    const again = await page("/settings", me.cookie);
    expect(again.location).toContain("/login");
  });

  it("a cookie kept after signing out (a shared computer, a stolen cookie) opens nothing", async () => {
    const me = await warmDealer();
    const out = await call("POST", "/api/auth/logout", { cookie: me.cookie });
    expect(out.status).toBe(204);
    const res = await page("/dealer-profile", me.cookie);
    await expectSignedOut("/dealer-profile", res, me);
  });

  it("an expired session answers as signed out", async () => {
    const me = await warmDealer();
    await env.DB.prepare("update sessions set expires_at = ? where account_id = ?")
      .bind(Date.now() - 1000, await accountIdOf(me))
      .run();
    const res = await page("/settings", me.cookie);
    await expectSignedOut("/settings", res, me);
  });

  it("a suspended account answers as signed out at once", async () => {
    const me = await warmDealer();
    await env.DB.prepare("update accounts set suspended_at = ? where id = ?")
      .bind(Date.now(), await accountIdOf(me))
      .run();
    const res = await page("/settings", me.cookie);
    expect([302, 303]).toContain(res.status);
    expect(res.location).toContain("/login");
    await expectSignedOut("/settings", res, me);
    const home = await page("/", me.cookie);
    await expectSignedOut("/", home, me);
  });

  it("a renamed dealership shows on the next page, not the remembered name", async () => {
    const me = await warmDealer();
    const before = await page("/settings", me.cookie);
    expect(shellDealership(before.text)).toBe("Whitfield Motors");

    const renamed = `Renamed Autos ${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("update dealers set dealership_name = ? where id = ?")
      .bind(renamed, me.dealerId)
      .run();
    const after = await page("/settings", me.cookie);
    expect(after.status).toBe(200);
    expect(shellDealership(after.text)).toBe(renamed);
    expect(after.text).toContain(renamed);
    // And the page after that, on the session remembered anew, in one trip.
    const next = await page("/profile-edit", me.cookie);
    expect(shellDealership(next.text)).toBe(renamed);
    expect(tripsOf(next.headers).sequential).toBe(1);
  });

  it("a role taken away takes the admin screens with it at once (and a role given shows at once)", async () => {
    const me = await warmDealer();
    const accountId = await accountIdOf(me);
    expect((await page("/admin", me.cookie)).status).toBe(404);

    await env.DB.prepare("update accounts set role = 'admin' where id = ?").bind(accountId).run();
    const promoted = await page("/admin", me.cookie);
    expect(promoted.status).toBe(200);
    expect(TITLE.exec(promoted.text)?.[1]).toBe("Admin · DealerLane");
    // Remembered as an admin now.
    expect((await page("/admin", me.cookie)).status).toBe(200);

    await env.DB.prepare("update accounts set role = 'dealer' where id = ?").bind(accountId).run();
    const demoted = await page("/admin", me.cookie);
    expect(demoted.status).toBe(404);
    expect(TITLE.exec(demoted.text)?.[1]).not.toBe("Admin · DealerLane");
  });

  it("unread counts are fresh on every page, never the remembered ones", async () => {
    const me = await warmDealer();
    const other = await signUpDealer();
    const before = await page("/", me.cookie);
    expect(messagesLabel(before.text)).toBe("Messages");

    const sent = await call("POST", "/api/messages", {
      cookie: other.cookie,
      body: { receiverId: me.dealerId, content: "Is the Tacoma still on the lot?" },
    });
    expect(sent.status, sent.text).toBe(201);
    const one = await page("/", me.cookie);
    expect(messagesLabel(one.text)).toBe("Messages, 1 unread");
    expect(tripsOf(one.headers).sequential).toBe(1);

    await call("POST", "/api/messages", {
      cookie: other.cookie,
      body: { receiverId: me.dealerId, content: "I can pick it up Friday" },
    });
    const two = await page("/settings", me.cookie);
    expect(messagesLabel(two.text)).toBe("Messages, 2 unread");
  });

  it("a stale session writes nothing: a post page does not count the view, notifications stay unread", async () => {
    const me = await warmDealer();
    const seller = await signUpDealer();
    const postId = await createPost(seller);
    const notificationId = crypto.randomUUID();
    await env.BELL_DB.prepare(
      "insert into notifications (id, dealer_id, type, title, body, created_at) values (?, ?, 'announcement', ?, '', ?)",
    )
      .bind(notificationId, me.dealerId, "Welcome to DealerLane", Date.now())
      .run();

    await deleteSessions(me);
    const post = await page(`/post/${postId}`, me.cookie);
    // The page read on the remembered session would have counted the view; its write waited and was refused.
    expect(await viewsOf(postId, me)).toEqual({ views: 0, viewCount: 0 });
    expect([302, 303]).toContain(post.status);
    expect(post.location).toContain("/login");
    expect(post.text).not.toContain("2019 Ford F-150 XLT");

    const notifications = await page("/notifications", me.cookie);
    await expectSignedOut("/notifications", notifications, me);
    const readAt = await env.BELL_DB.prepare("select read_at from notifications where id = ?")
      .bind(notificationId)
      .first("read_at");
    expect(readAt).toBeNull();
  });

  it("a page answered again for a changed session writes once: the view is counted once, not twice or never", async () => {
    const me = await warmDealer();
    const seller = await signUpDealer();
    const postId = await createPost(seller);
    await env.DB.prepare("update dealers set dealership_name = ? where id = ?")
      .bind("Changed Motors", me.dealerId)
      .run();

    const post = await page(`/post/${postId}`, me.cookie);
    expect(post.status).toBe(200);
    expect(post.text).toContain("2019 Ford F-150 XLT");
    expect(shellDealership(post.text)).toBe("Changed Motors");
    expect(await viewsOf(postId, me)).toEqual({ views: 1, viewCount: 1 });

    // A warm page's write goes once the session is confirmed.
    const viewer = await warmDealer();
    const warm = await page(`/post/${postId}`, viewer.cookie);
    expect(warm.status).toBe(200);
    expect(await viewsOf(postId, viewer)).toEqual({ views: 1, viewCount: 2 });
  });

  it("a burst of warm pages for two dealers: every one answers 200 with its own dealer", async () => {
    const a = await warmDealer(`Burst A ${crypto.randomUUID().slice(0, 8)}`);
    const b = await warmDealer(`Burst B ${crypto.randomUUID().slice(0, 8)}`);
    const nameA = shellDealership((await page("/settings", a.cookie)).text);
    const nameB = shellDealership((await page("/settings", b.cookie)).text);
    expect(nameA).toMatch(/^Burst A /);
    expect(nameB).toMatch(/^Burst B /);

    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const dealer = i % 2 === 0 ? a : b;
        return page("/settings", dealer.cookie).then((res) => ({ res, dealer }));
      }),
    );
    for (const { res, dealer } of burst) {
      expect(res.status).toBe(200);
      expect(shellDealership(res.text)).toBe(dealer === a ? nameA : nameB);
    }
  });
});
