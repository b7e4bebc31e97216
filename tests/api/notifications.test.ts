import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Notification } from "#lib/api-types";
import { createServices } from "../../worker/services";
import { ORIGIN, call, signUpDealer } from "./helpers";

type Outbox = {
  id: string;
  channel: string;
  recipient: string;
  template: string;
  category: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  unsubscribe_url: string | null;
  status: string;
  dealer_id: string | null;
};

const outboxRow = (id: string) =>
  env.OUTBOX_DB.prepare("select * from outbox where id = ?").bind(id).first<Outbox>();

/** Waits for something that happens after the answer (the fan-out, the courier). */
async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const PREFS = {
  smsEnabled: true,
  emailEnabled: false,
  dealAlerts: true,
  priceDrops: false,
  auctionAlerts: true,
  confirmations: false,
  offers: true,
  dealDeadlines: false,
};

describe("GET/PATCH /api/notifications/preferences", () => {
  it("answers the defaults, then saves the whole object and answers it", async () => {
    const { cookie } = await signUpDealer();
    const first = await call("GET", "/api/notifications/preferences", { cookie });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      smsEnabled: false,
      emailEnabled: true,
      dealAlerts: true,
      priceDrops: true,
      auctionAlerts: true,
      confirmations: true,
      offers: true,
      dealDeadlines: true,
    });
    const saved = await call("PATCH", "/api/notifications/preferences", { cookie, body: PREFS });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual(PREFS);
    expect((await call("GET", "/api/notifications/preferences", { cookie })).json).toEqual(PREFS);
  });

  it.each([
    ["a missing flag", { ...PREFS, confirmations: undefined }],
    ["a flag that is not a boolean", { ...PREFS, dealAlerts: "yes" }],
    ["an unknown field", { ...PREFS, pushEnabled: true }],
    ["not an object", [true]],
  ])("answers 400 for %s", async (_, body) => {
    const { cookie } = await signUpDealer();
    const res = await call("PATCH", "/api/notifications/preferences", { cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.message).toEqual(expect.any(String));
    expect(res.json.issues).toEqual(expect.any(Array));
  });

  it("keeps every switch of /notification-settings flipped at once: one never undoes another", async () => {
    const { cookie } = await signUpDealer();
    const flip = (key: string, value: boolean) =>
      SELF.fetch(`${ORIGIN}/notification-settings`, {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "preference", key, value: String(value) }).toString(),
        redirect: "manual",
      });
    const flipped = {
      smsEnabled: true,
      emailEnabled: false,
      dealAlerts: false,
      priceDrops: false,
      auctionAlerts: false,
      confirmations: false,
      offers: false,
      dealDeadlines: false,
    };
    const answers = await Promise.all(Object.entries(flipped).map(([key, value]) => flip(key, value)));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect((await call("GET", "/api/notifications/preferences", { cookie })).json).toEqual(flipped);
  });

  it("answers 401 signed out, before reading the body", async () => {
    expect((await call("GET", "/api/notifications/preferences")).status).toBe(401);
    expect((await call("PATCH", "/api/notifications/preferences", { body: { nonsense: 1 } })).status).toBe(
      401,
    );
  });
});

describe("POST /api/notifications/test-sms", () => {
  it("stores the text in the outbox in E.164 and answers 202 with the entry", async () => {
    const { cookie, dealerId } = await signUpDealer();
    const res = await call("POST", "/api/notifications/test-sms", {
      cookie,
      body: { phoneNumber: "(512) 555-0142", message: "Hello from the lot" },
    });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ id: expect.any(String), status: "queued" });
    const row = await outboxRow(res.json.id as string);
    expect(row).toMatchObject({
      channel: "sms",
      recipient: "+15125550142",
      template: "test-sms",
      category: "transactional",
      dealer_id: dealerId,
      unsubscribe_url: null,
    });
    expect(row?.body_text).toBe("DealerLane test for Whitfield Motors: Hello from the lot");
    // Offline, the courier marks it delivered locally.
    const sent = await eventually(
      () => outboxRow(res.json.id as string),
      (r) => r?.status === "sent",
    );
    expect(sent?.status).toBe("sent");
  });

  it.each([
    ["a number outside the US and Canada", { phoneNumber: "+44 20 7946 0958", message: "Hi" }],
    ["a number without an area code", { phoneNumber: "555-0142", message: "Hi" }],
    ["no number", { message: "Hi" }],
    ["a blank message", { phoneNumber: "(512) 555-0142", message: "   " }],
    ["no message", { phoneNumber: "(512) 555-0142" }],
  ])("answers 400 for %s", async (_, body) => {
    const { cookie } = await signUpDealer();
    const res = await call("POST", "/api/notifications/test-sms", { cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.message).toEqual(expect.any(String));
  });

  it("answers 401 signed out", async () => {
    const res = await call("POST", "/api/notifications/test-sms", { body: { phoneNumber: "x" } });
    expect(res.status).toBe(401);
  });

  it("allows 5 an hour per dealer, then 429 with Retry-After", async () => {
    const { cookie } = await signUpDealer();
    const body = { phoneNumber: "(512) 555-0142", message: "Limit" };
    for (let i = 0; i < 5; i++)
      expect((await call("POST", "/api/notifications/test-sms", { cookie, body })).status).toBe(202);
    const refused = await call("POST", "/api/notifications/test-sms", { cookie, body });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another dealer's tests are counted apart.
    const other = await signUpDealer();
    expect((await call("POST", "/api/notifications/test-sms", { cookie: other.cookie, body })).status).toBe(
      202,
    );
  });
});

describe("POST /api/notifications/test-email", () => {
  it("renders an HTML e-mail with a plain-text part and answers 202", async () => {
    const { cookie } = await signUpDealer();
    const res = await call("POST", "/api/notifications/test-email", {
      cookie,
      body: {
        email: "Dana@Whitfield-Motors.example",
        subject: "Testing <alerts>",
        message: "Line one\n\nLine two",
      },
    });
    expect(res.status).toBe(202);
    const row = await outboxRow(res.json.id as string);
    expect(row).toMatchObject({
      channel: "email",
      recipient: "dana@whitfield-motors.example",
      subject: "Testing <alerts>",
    });
    expect(row?.body_text).toContain("Line one");
    expect(row?.body_html).toContain("Testing &lt;alerts&gt;");
    expect(row?.body_html).not.toContain("<alerts>");
    // A test is transactional: no unsubscribe.
    expect(row?.unsubscribe_url).toBeNull();
  });

  it.each([
    ["an invalid address", { email: "dana@", subject: "S", message: "M" }],
    ["a blank subject", { email: "dana@example.com", subject: " ", message: "M" }],
    ["a blank message", { email: "dana@example.com", subject: "S", message: "" }],
  ])("answers 400 for %s", async (_, body) => {
    const { cookie } = await signUpDealer();
    expect((await call("POST", "/api/notifications/test-email", { cookie, body })).status).toBe(400);
  });

  it("answers 401 signed out and 429 after 5 an hour", async () => {
    expect((await call("POST", "/api/notifications/test-email", { body: {} })).status).toBe(401);
    const { cookie } = await signUpDealer();
    const body = { email: "dana@example.com", subject: "S", message: "M" };
    for (let i = 0; i < 5; i++) await call("POST", "/api/notifications/test-email", { cookie, body });
    expect((await call("POST", "/api/notifications/test-email", { cookie, body })).status).toBe(429);
  });
});

const VEHICLE = {
  vehicleInfo: "2021 Ford F-150 XLT",
  dealerName: "Lone Star Auto",
  price: "$34,500",
  location: "Dallas, TX",
  urgency: "high",
};

describe("POST /api/notifications/trigger-deal-alert", () => {
  it("alerts the signed-in dealer only, whatever userId says, in the app and by e-mail and text", async () => {
    const me = await signUpDealer();
    const other = await signUpDealer();
    await call("PATCH", "/api/notifications/preferences", {
      cookie: me.cookie,
      body: { ...PREFS, smsEnabled: true, emailEnabled: true },
    });
    const res = await call("POST", "/api/notifications/trigger-deal-alert", {
      cookie: me.cookie,
      body: {
        userId: other.dealerId,
        userName: "Someone Else",
        userPhone: "214-555-0100",
        userEmail: "alerts@whitfield.example",
        vehicleData: VEHICLE,
      },
    });
    expect(res.status).toBe(202);
    const body = res.json as unknown as {
      notification: Notification;
      outbox: { channel: string; id: string; status: string }[];
    };
    expect(body.notification).toMatchObject({ type: "deal-alert", readAt: null });
    expect(body.notification.title).toContain("2021 Ford F-150 XLT");
    expect(body.outbox.map((o) => o.channel).sort()).toEqual(["email", "sms"]);
    expect((await outboxRow(body.outbox.find((o) => o.channel === "sms")!.id))?.recipient).toBe(
      "+12145550100",
    );

    const mine = await call("GET", "/api/notifications", { cookie: me.cookie });
    expect((mine.json as unknown as Notification[]).map((n) => n.id)).toEqual([body.notification.id]);
    const theirs = await call("GET", "/api/notifications", { cookie: other.cookie });
    expect(theirs.json).toEqual([]);
  });

  it("sends only the channels the dealer's switches allow", async () => {
    const { cookie } = await signUpDealer();
    await call("PATCH", "/api/notifications/preferences", {
      cookie,
      body: { ...PREFS, smsEnabled: false, emailEnabled: true },
    });
    const res = await call("POST", "/api/notifications/trigger-deal-alert", {
      cookie,
      body: { userPhone: "214-555-0100", userEmail: "a@b.example", vehicleData: VEHICLE },
    });
    expect(res.status).toBe(202);
    expect((res.json.outbox as unknown as { channel: string }[]).map((o) => o.channel)).toEqual(["email"]);
  });

  it("answers 400 with the screen's words when neither a phone nor an e-mail is given", async () => {
    const { cookie } = await signUpDealer();
    const res = await call("POST", "/api/notifications/trigger-deal-alert", {
      cookie,
      body: { userPhone: "", userEmail: "", vehicleData: VEHICLE },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(
      "Unable to send test deal alert. Make sure your phone and email are configured.",
    );
  });

  it.each([
    ["an invalid phone", { userPhone: "12", vehicleData: VEHICLE }],
    ["an invalid e-mail", { userEmail: "nope", vehicleData: VEHICLE }],
    ["no vehicle", { userEmail: "a@b.example" }],
    ["a blank vehicle", { userEmail: "a@b.example", vehicleData: { ...VEHICLE, vehicleInfo: " " } }],
  ])("answers 400 for %s", async (_, body) => {
    const { cookie } = await signUpDealer();
    expect((await call("POST", "/api/notifications/trigger-deal-alert", { cookie, body })).status).toBe(400);
  });

  it("answers 401 signed out and 429 after 5 an hour", async () => {
    expect((await call("POST", "/api/notifications/trigger-deal-alert", { body: {} })).status).toBe(401);
    const { cookie } = await signUpDealer();
    const body = { userEmail: "a@b.example", vehicleData: VEHICLE };
    for (let i = 0; i < 5; i++)
      expect((await call("POST", "/api/notifications/trigger-deal-alert", { cookie, body })).status).toBe(
        202,
      );
    expect((await call("POST", "/api/notifications/trigger-deal-alert", { cookie, body })).status).toBe(429);
  });
});

/** `count` bells for the dealer, a second apart, stored as every bell is (the centre, into the bell's database). */
async function seedNotifications(dealerId: string, count: number) {
  const base = Date.now() - count * 1000;
  await createServices(env).notifications.centre.storeAll(
    Array.from({ length: count }, (_, i) => ({
      dealerId,
      type: "announcement" as const,
      title: `Notice ${i}`,
      body: "",
      link: null,
      key: `test:${dealerId}:${i}`,
      now: base + i * 1000,
    })),
  );
}

describe("GET /api/notifications and POST /api/notifications/read", () => {
  it("lists newest first, a page at a time with X-Next-Cursor, absent at the end", async () => {
    const { cookie, dealerId } = await signUpDealer();
    await seedNotifications(dealerId, 5);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res = await call("GET", `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ""}`, {
        cookie,
      });
      expect(res.status).toBe(200);
      const list = res.json as unknown as Notification[];
      expect(list.length).toBeLessThanOrEqual(2);
      seen.push(...list.map((n) => n.title));
      cursor = res.headers.get("X-Next-Cursor");
      if (!cursor) break;
    }
    expect(seen).toEqual(["Notice 4", "Notice 3", "Notice 2", "Notice 1", "Notice 0"]);
    const first = (await call("GET", "/api/notifications", { cookie })).json as unknown as Notification[];
    expect(first[0]).toEqual({
      id: expect.any(String),
      type: "announcement",
      title: "Notice 4",
      body: "",
      link: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      readAt: null,
      data: null,
    });
  });

  it("answers 400 for a bad cursor or limit, 401 signed out", async () => {
    const { cookie } = await signUpDealer();
    expect((await call("GET", "/api/notifications?cursor=not-a-cursor", { cookie })).status).toBe(400);
    expect((await call("GET", "/api/notifications?limit=0", { cookie })).status).toBe(400);
    expect((await call("GET", "/api/notifications")).status).toBe(401);
    expect((await call("GET", "/api/notifications/unread-count")).status).toBe(401);
    expect((await call("POST", "/api/notifications/read", { body: { ids: "x" } })).status).toBe(401);
  });

  it("marks some, then all read; another dealer's ids change nothing", async () => {
    const me = await signUpDealer();
    const other = await signUpDealer();
    await seedNotifications(me.dealerId, 3);
    await seedNotifications(other.dealerId, 1);
    const mine = (await call("GET", "/api/notifications", { cookie: me.cookie }))
      .json as unknown as Notification[];
    const theirs = (await call("GET", "/api/notifications", { cookie: other.cookie }))
      .json as unknown as Notification[];

    const some = await call("POST", "/api/notifications/read", {
      cookie: me.cookie,
      body: { ids: [mine[0]!.id, theirs[0]!.id] },
    });
    expect(some.status).toBe(200);
    expect(some.json).toEqual({ unreadCount: 2 });
    expect((await call("GET", "/api/notifications/unread-count", { cookie: other.cookie })).json).toEqual({
      unreadCount: 1,
    });
    const after = (await call("GET", "/api/notifications", { cookie: me.cookie }))
      .json as unknown as Notification[];
    expect(after[0]!.readAt).toEqual(expect.any(String));
    expect(after[1]!.readAt).toBeNull();

    const all = await call("POST", "/api/notifications/read", { cookie: me.cookie, body: {} });
    expect(all.json).toEqual({ unreadCount: 0 });
    expect(
      (await call("POST", "/api/notifications/read", { cookie: me.cookie, body: { ids: [] } })).status,
    ).toBe(400);
  });
});

/**
 * The bell's kept count (dealers.unread_notifications, in the main database) beside a count of the dealer's unread
 * rows in both databases (the bell's own, and the main one's old table).
 */
async function keptAndCounted(dealerId: string) {
  const unread = "select count(*) as n from notifications where dealer_id = ? and read_at is null";
  const [kept, fresh, legacy] = await Promise.all([
    env.DB.prepare("select unread_notifications as n from dealers where id = ?")
      .bind(dealerId)
      .first<{ n: number }>(),
    env.BELL_DB.prepare(unread).bind(dealerId).first<{ n: number }>(),
    env.DB.prepare(unread).bind(dealerId).first<{ n: number }>(),
  ]);
  return { kept: kept!.n, counted: fresh!.n + legacy!.n };
}

describe("the bell's kept unread count", () => {
  it("stays exact through a batch's store, a repeated key, reading some, reading all and deletes", async () => {
    const me = await signUpDealer();
    const other = await signUpDealer();
    const bell = async () =>
      (await call("GET", "/api/notifications/unread-count", { cookie: me.cookie })).json.unreadCount;
    await seedNotifications(me.dealerId, 3);
    const readOne = crypto.randomUUID();
    await env.BELL_DB.prepare(
      "insert into notifications (id, dealer_id, type, title, created_at, read_at) values (?, ?, 'announcement', 'Read', ?, ?)",
    )
      .bind(readOne, me.dealerId, Date.now(), Date.now())
      .run();
    expect(await keptAndCounted(me.dealerId)).toEqual({ kept: 3, counted: 3 });

    const { centre } = createServices(env).notifications;
    const notice = (dealerId: string, key: string) =>
      ({ dealerId, type: "announcement", title: "Batch", body: "", link: null, key }) as const;
    const first = await centre.storeAll([
      notice(me.dealerId, `kept:${me.dealerId}:a`),
      notice(me.dealerId, `kept:${me.dealerId}:b`),
      notice(other.dealerId, `kept:${other.dealerId}:a`),
    ]);
    expect(Object.fromEntries(first.unread)).toEqual({ [me.dealerId]: 5, [other.dealerId]: 1 });
    // The same keys again store nothing, and count nothing twice.
    const again = await centre.storeAll([notice(me.dealerId, `kept:${me.dealerId}:a`)]);
    expect(again.unread.get(me.dealerId)).toBe(5);
    expect(await keptAndCounted(me.dealerId)).toEqual({ kept: 5, counted: 5 });
    expect(await bell()).toBe(5);

    const [newest] = (await call("GET", "/api/notifications", { cookie: me.cookie }))
      .json as unknown as Notification[];
    const some = await call("POST", "/api/notifications/read", {
      cookie: me.cookie,
      body: { ids: [newest!.id] },
    });
    expect(some.json).toEqual({ unreadCount: 4 });
    // Reading it again changes nothing.
    await call("POST", "/api/notifications/read", { cookie: me.cookie, body: { ids: [newest!.id] } });
    expect(await keptAndCounted(me.dealerId)).toEqual({ kept: 4, counted: 4 });

    // The retention cron: an unread bell past its 14 days counts down as it goes, a read one past its 7 does not.
    const longAgo = Date.now() - 20 * 24 * 60 * 60 * 1000;
    await env.BELL_DB.prepare(
      "update notifications set created_at = ? where id in (select id from notifications where dealer_id = ? and read_at is null limit 1)",
    )
      .bind(longAgo, me.dealerId)
      .run();
    await env.BELL_DB.prepare("update notifications set read_at = ? where id = ?")
      .bind(longAgo, readOne)
      .run();
    const forgotten = await centre.forgetOld();
    expect(forgotten.read).toBeGreaterThanOrEqual(1);
    expect(forgotten.old).toBeGreaterThanOrEqual(1);
    expect(await keptAndCounted(me.dealerId)).toEqual({ kept: 3, counted: 3 });

    const all = await call("POST", "/api/notifications/read", { cookie: me.cookie, body: {} });
    expect(all.json).toEqual({ unreadCount: 0 });
    expect(await keptAndCounted(me.dealerId)).toEqual({ kept: 0, counted: 0 });
    expect(await keptAndCounted(other.dealerId)).toEqual({ kept: 1, counted: 1 });
  });
});

describe("a batch of bells", () => {
  it("gets ids in the order of the bells' times (the end of the id index, not a random page)", async () => {
    const me = await signUpDealer();
    const { centre } = createServices(env).notifications;
    const times = [1_000, 2_000, 2_001, 3_000, 90_000];
    const { stored } = await centre.storeAll(
      times.map((now) => ({
        dealerId: me.dealerId,
        type: "announcement" as const,
        title: "In order",
        body: "",
        link: null,
        key: `ordered:${me.dealerId}:${now}`,
        now,
      })),
    );
    const ids = times.map((now) => stored.get(`ordered:${me.dealerId}:${now}`)!.notification.id);
    expect(ids.toSorted()).toEqual(ids);
  });
});

describe("one-click unsubscribe", () => {
  it("turns off exactly the category of the e-mail, and refuses a forged token", async () => {
    const { cookie, dealerId } = await signUpDealer();
    // A connection notice is a non-transactional e-mail: it carries the one-click address.
    const other = await signUpDealer();
    const connect = await call("POST", "/api/connections/add-dealer", {
      cookie: other.cookie,
      body: { receiverId: dealerId },
    });
    expect(connect.status).toBe(201);
    const email = await eventually(
      () =>
        env.OUTBOX_DB.prepare("select * from outbox where dealer_id = ? and channel = 'email'")
          .bind(dealerId)
          .first<Outbox>(),
      (row) => row !== null,
    );
    expect(email?.category).toBe("network");
    expect(email?.body_html).toContain("/unsubscribe?token=");
    const url = new URL(email!.unsubscribe_url!);
    expect(url.pathname).toBe("/api/notifications/unsubscribe");

    const forged = await call(
      "POST",
      `/api/notifications/unsubscribe?token=${url.searchParams.get("token")}x`,
    );
    expect(forged.status).toBe(400);
    // As a mail provider posts it (RFC 8058): a form body, no cookie, no Origin.
    const done = await SELF.fetch(`${ORIGIN}${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { category: string }).category).toBe("network");
    const settings = await call("GET", "/api/settings", { cookie });
    expect(settings.json.messageNotifications).toBe(false);
  });
});
