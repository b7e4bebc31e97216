import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { emailSender } from "../../worker/integrations/email";
import {
  PROVIDER_TIMEOUT_MS,
  ProviderError,
  type OutgoingEmail,
  type SendResult,
} from "../../worker/integrations/email-and-sms";
import { smsSender, type SmsSender } from "../../worker/integrations/sms";
import {
  DELIVERIES_PER_RUN,
  LEASE_MS,
  MAX_ATTEMPTS,
  REPEATABLE_PER_RUN,
  backoffMs,
  outboxService,
} from "../../worker/domain/outbox";
import { unsubscribeTokens } from "../../worker/domain/outbox/unsubscribe";
import { countedDb } from "./helpers";

const db = openDatabase(env.DB);
const outboxDb = openDatabase(env.OUTBOX_DB);

/** An e-mail provider that fails as told, then succeeds; it counts what it was asked to send. */
function scriptedEmail(script: ("ok" | "retry" | "refuse")[]) {
  const sent: OutgoingEmail[] = [];
  let call = 0;
  return {
    sent,
    sender: {
      provider: "resend" as const,
      deduplicates: true,
      async send(email: OutgoingEmail): Promise<SendResult> {
        const step = script[Math.min(call++, script.length - 1)];
        if (step === "retry") throw new ProviderError("Resend answered 503: busy", true);
        if (step === "refuse") throw new ProviderError("Resend answered 422: invalid to", false);
        sent.push(email);
        return { provider: "resend", providerId: `re_${sent.length}` };
      },
    },
  };
}

function outboxWith(
  email: ReturnType<typeof scriptedEmail>["sender"],
  { database = outboxDb, sms = smsSender({}) }: { database?: typeof db; sms?: SmsSender } = {},
) {
  const wakes: number[] = [];
  const service = outboxService(database, db, {
    email,
    sms,
    push: { send: async () => ({ provider: "web-push", providerId: "unused" }) },
    tokens: unsubscribeTokens(db, {}),
    origin: "https://dealerlane.test",
    wake: async (at) => {
      wakes.push(at);
    },
  });
  return { service, wakes };
}

const message = (key: string) => ({
  channel: "email" as const,
  to: "dana@whitfield.example",
  template: "test-email" as const,
  data: { subject: "Hello", message: "Body", dealershipName: "Whitfield Motors" },
  category: "transactional" as const,
  idempotencyKey: key,
});

describe("the outbox", () => {
  it("stores and sends once per idempotency key", async () => {
    const provider = scriptedEmail(["ok"]);
    const { service, wakes } = outboxWith(provider.sender);
    const key = `idem-${crypto.randomUUID()}`;
    const first = await service.enqueue(message(key), 1_000);
    const again = await service.enqueue(message(key), 1_000);
    expect(first).toMatchObject({ status: "queued", created: true });
    expect(again).toEqual({ id: first.id, status: "queued", created: false });
    expect(wakes).toEqual([1_000]);
    await service.deliverDue(2_000);
    await service.deliverDue(3_000);
    expect(provider.sent.filter((e) => e.idempotencyKey === key)).toHaveLength(1);
    const entry = await service.get(first.id);
    expect(entry).toMatchObject({ status: "sent", attempts: 1, provider: "resend", providerId: "re_1" });
    const repeat = await service.enqueue(message(key), 4_000);
    expect(repeat).toEqual({ id: first.id, status: "sent", created: false });
  });

  it("stores a batch heavier than one statement takes, each message once, with one wake", async () => {
    const provider = scriptedEmail(["ok"]);
    const { service, wakes } = outboxWith(provider.sender);
    const run = crypto.randomUUID();
    // 200 e-mails of ~5 kB: more JSON than one insert carries.
    const heavy = (i: number) => ({
      ...message(`heavy-${run}-${i}`),
      data: { subject: "Hello", message: "x".repeat(5_000), dealershipName: "Whitfield Motors" },
    });
    const batch = Array.from({ length: 200 }, (_, i) => heavy(i));
    const first = await service.enqueueAll(batch, 5_000);
    const again = await service.enqueueAll(batch, 6_000);
    expect(first.every((e) => e.created && e.status === "queued")).toBe(true);
    expect(again.map((e) => e.id)).toEqual(first.map((e) => e.id));
    expect(again.some((e) => e.created)).toBe(false);
    expect(new Set(first.map((e) => e.id)).size).toBe(200);
    expect(wakes).toEqual([5_000]);
    // Sent, 50 a run, each recorded: nothing left for the tests after this one.
    while ((await service.deliverDue(10_000)) === 10_000);
    expect(provider.sent.filter((e) => e.idempotencyKey.startsWith(`heavy-${run}`))).toHaveLength(200);
    expect((await service.get(first[199]!.id))?.status).toBe("sent");
  });

  it("gives messages ids in the order they were enqueued (the end of the id index, not a random page)", async () => {
    const { service } = outboxWith(scriptedEmail(["ok"]).sender);
    const run = crypto.randomUUID();
    const ids: string[] = [];
    for (const now of [7_000, 7_001, 8_000, 9_000, 70_000]) {
      ids.push((await service.enqueue(message(`ordered-${run}-${now}`), now)).id);
    }
    expect(ids.toSorted()).toEqual(ids);
    while ((await service.deliverDue(80_000)) === 80_000);
  });

  it("retries after a provider failure, with backoff", async () => {
    const provider = scriptedEmail(["retry", "ok"]);
    const { service } = outboxWith(provider.sender);
    const t0 = 10_000_000;
    const { id } = await service.enqueue(message(`retry-${crypto.randomUUID()}`), t0);
    const next = await service.deliverDue(t0);
    expect(await service.get(id)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "Resend answered 503: busy",
    });
    expect(next).toBe(t0 + backoffMs(1));
    // Not due yet: nothing happens.
    await service.deliverDue(t0 + backoffMs(1) - 1);
    expect(provider.sent).toHaveLength(0);
    await service.deliverDue(t0 + backoffMs(1));
    expect(await service.get(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(provider.sent).toHaveLength(1);
  });

  it("gives up after the attempt cap, and at once on a refusal", async () => {
    const failing = scriptedEmail(["retry"]);
    const { service } = outboxWith(failing.sender);
    let now = 20_000_000;
    const { id } = await service.enqueue(message(`cap-${crypto.randomUUID()}`), now);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await service.deliverDue(now);
      now += backoffMs(attempt);
    }
    expect(await service.get(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    await service.deliverDue(now + 10 * 60 * 60 * 1000);
    expect((await service.get(id))?.attempts).toBe(MAX_ATTEMPTS);

    const refusing = scriptedEmail(["refuse"]);
    const other = outboxWith(refusing.sender).service;
    const refused = await other.enqueue(message(`refuse-${crypto.randomUUID()}`), now);
    await other.deliverDue(now);
    expect(await other.get(refused.id)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "Resend answered 422: invalid to",
    });
  });

  it("tries again a message whose deliverer died mid-send, once its lease runs out", async () => {
    const provider = scriptedEmail(["ok"]);
    const { service } = outboxWith(provider.sender);
    const t0 = 30_000_000;
    const { id } = await service.enqueue(message(`lease-${crypto.randomUUID()}`), t0);
    // A deliverer claimed it and died: status 'sending', lease running.
    await env.OUTBOX_DB.prepare(
      "update outbox set status = 'sending', attempts = 1, next_attempt_at = ? where id = ?",
    )
      .bind(t0 + LEASE_MS, id)
      .run();
    await service.deliverDue(t0 + 1000);
    expect(provider.sent).toHaveLength(0);
    await service.deliverDue(t0 + LEASE_MS);
    expect(await service.get(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(provider.sent).toHaveLength(1);
  });

  it("refuses a text to a number outside the US and Canada", async () => {
    const { service } = outboxWith(scriptedEmail(["ok"]).sender);
    await expect(
      service.enqueue({
        channel: "sms",
        to: "+44 20 7946 0958",
        template: "test-sms",
        data: { message: "Hi", dealershipName: "X" },
        category: "transactional",
        idempotencyKey: `sms-${crypto.randomUUID()}`,
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

/** A text provider with no idempotency key (Twilio): every send reaches the phone. It counts what it sent. */
function textProvider() {
  const sent: string[] = [];
  const sender: SmsSender = {
    provider: "twilio",
    deduplicates: false,
    async send(sms) {
      sent.push(sms.idempotencyKey);
      return { provider: "twilio", providerId: `SM${sent.length}` };
    },
  };
  return { sent, sender };
}

const text = (key: string) => ({
  channel: "sms" as const,
  to: "+15125550142",
  template: "test-sms" as const,
  data: { message: "Hi", dealershipName: "Whitfield Motors" },
  category: "transactional" as const,
  idempotencyKey: key,
});

/** Runs the courier at `now` until nothing more is due then. */
async function deliverAllDue(service: ReturnType<typeof outboxWith>["service"], now: number) {
  while ((await service.deliverDue(now)) === now);
}

const statusesOf = async (keys: string[]) =>
  (
    await env.OUTBOX_DB.prepare(
      "select status from outbox where idempotency_key in (select value from json_each(?))",
    )
      .bind(JSON.stringify(keys))
      .all<{ status: string }>()
  ).results.map((row) => row.status);

/** Queues e-mails (to a provider that drops repeats) and texts (to one that does not) at `now`. */
async function emailsAndTexts(emails: number, textCount: number, now: number) {
  const email = scriptedEmail(["ok"]);
  const texts = textProvider();
  const run = crypto.randomUUID();
  const emailKeys = Array.from({ length: emails }, (_, i) => `mixed-${run}-e${i}`);
  const textKeys = Array.from({ length: textCount }, (_, i) => `mixed-${run}-t${i}`);
  await outboxWith(email.sender).service.enqueueAll([...emailKeys.map(message), ...textKeys.map(text)], now);
  return { email, texts, emailKeys, textKeys };
}

describe("the courier's run", () => {
  it("claims, sends and records N messages in the same round trips whatever N", async () => {
    const tripsFor = async (count: number, now: number) => {
      const provider = scriptedEmail(["ok"]);
      const keys = Array.from({ length: count }, (_, i) => `trips-${crypto.randomUUID()}-${i}`);
      await outboxWith(provider.sender).service.enqueueAll(keys.map(message), now);
      const { database, counter } = countedDb(undefined, env.OUTBOX_DB);
      const { service } = outboxWith(provider.sender, { database: openDatabase(database) });
      await deliverAllDue(service, now);
      expect(provider.sent.map((e) => e.idempotencyKey).sort()).toEqual([...keys].sort());
      expect(new Set(await statusesOf(keys))).toEqual(new Set(["sent"]));
      return counter;
    };
    const few = await tripsFor(3, 40_000_000);
    // A national deal alert's e-mails, one run's worth.
    const many = await tripsFor(DELIVERIES_PER_RUN - 1, 41_000_000);
    expect(many).toEqual(few);
    // The claim, then the record and the next due time in one batch.
    expect(many.trips).toBe(2);
  });

  it("after dying between sending and recording, repeats only what the providers drop, and a few texts", async () => {
    const t0 = 42_000_000;
    const { email, texts, emailKeys, textKeys } = await emailsAndTexts(30, 20, t0);
    // The run sends, then its record fails, as a courier evicted between the two would leave it.
    const { database } = countedDb(/update outbox set status = (?!'sending')/, env.OUTBOX_DB);
    const dying = outboxWith(email.sender, { database: openDatabase(database), sms: texts.sender }).service;
    await expect(dying.deliverDue(t0)).rejects.toThrow();
    expect(texts.sent.length).toBeLessThanOrEqual(REPEATABLE_PER_RUN);
    const firstSends = new Map(email.sent.map((e) => [e.id, e.idempotencyKey]));

    // Nothing is tried again while the lease holds; after it, everything is sent.
    const { service } = outboxWith(email.sender, { sms: texts.sender });
    await deliverAllDue(service, t0 + LEASE_MS - 1);
    await deliverAllDue(service, t0 + LEASE_MS);
    expect(new Set(await statusesOf([...emailKeys, ...textKeys]))).toEqual(new Set(["sent"]));
    // A repeated e-mail carries the key it was first sent with, so the provider delivers it once.
    for (const e of email.sent) expect(e.idempotencyKey).toBe(firstSends.get(e.id) ?? e.idempotencyKey);
    expect(new Set(email.sent.map((e) => e.idempotencyKey))).toEqual(new Set(emailKeys));
    // A text has no key: at most one run's few reach a phone twice.
    const twice = textKeys.filter((key) => texts.sent.filter((k) => k === key).length > 1);
    expect(twice.length).toBeLessThanOrEqual(REPEATABLE_PER_RUN);
    expect(new Set(texts.sent)).toEqual(new Set(textKeys));
  });

  it("never sends a message twice when two couriers run at once", async () => {
    const t0 = 43_000_000;
    const { email, texts, emailKeys, textKeys } = await emailsAndTexts(60, 20, t0);
    const one = outboxWith(email.sender, { sms: texts.sender }).service;
    const two = outboxWith(email.sender, { sms: texts.sender }).service;
    await Promise.all([deliverAllDue(one, t0), deliverAllDue(two, t0)]);
    expect(email.sent.map((e) => e.idempotencyKey).sort()).toEqual([...emailKeys].sort());
    expect([...texts.sent].sort()).toEqual([...textKeys].sort());
    expect(new Set(await statusesOf([...emailKeys, ...textKeys]))).toEqual(new Set(["sent"]));
  });

  it("a run that outlived its lease does not undo the record of the run that took over", async () => {
    const t0 = 44_000_000;
    const key = `stale-${crypto.randomUUID()}`;
    const { id } = await outboxWith(scriptedEmail(["ok"]).sender).service.enqueue(message(key), t0);
    // The first courier's provider hangs past the lease, then fails.
    let started!: () => void;
    let fail!: () => void;
    const sendStarted = new Promise<void>((resolve) => (started = resolve));
    const failLate = new Promise<void>((resolve) => (fail = resolve));
    const slow = outboxWith({
      provider: "resend",
      deduplicates: true,
      async send() {
        started();
        await failLate;
        throw new ProviderError("Resend answered 503: busy", true);
      },
    }).service;
    const stale = slow.deliverDue(t0);
    await sendStarted;
    const quick = scriptedEmail(["ok"]);
    await outboxWith(quick.sender).service.deliverDue(t0 + LEASE_MS);
    fail();
    await stale;
    expect(await outboxWith(quick.sender).service.get(id)).toMatchObject({ status: "sent", attempts: 2 });
    await deliverAllDue(outboxWith(quick.sender).service, t0 + LEASE_MS + backoffMs(MAX_ATTEMPTS));
    expect(quick.sent).toHaveLength(1);
  });
});

/** A local stand-in for a provider's HTTP API: records requests, answers as told. */
function fakeFetch(answer: (request: Request) => Response | Promise<Response>) {
  const requests: { url: string; method: string; headers: Headers; body: string }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: await request.clone().text(),
    });
    return answer(request);
  }) as typeof fetch;
  return { fetcher, requests };
}

const EMAIL: OutgoingEmail = {
  id: "e1",
  to: "dana@whitfield.example",
  subject: "Deal alert",
  html: "<p>Hi</p>",
  text: "Hi",
  unsubscribeUrl: "https://dealerlane.test/api/notifications/unsubscribe?token=abc",
  idempotencyKey: "deal-alert:r:o:email",
};

describe("the e-mail adapters", () => {
  it("sends through Resend with the one-click headers and an idempotency key", async () => {
    const fake = fakeFetch(() => Response.json({ id: "re_123" }));
    const sender = emailSender(
      { RESEND_API_KEY: "re_key", EMAIL_FROM: "Alerts <a@dealerlane.test>" },
      fake.fetcher,
    );
    expect(sender.provider).toBe("resend");
    expect(await sender.send(EMAIL)).toEqual({ provider: "resend", providerId: "re_123" });
    const [request] = fake.requests;
    expect(request?.url).toBe("https://api.resend.com/emails");
    expect(request?.headers.get("Authorization")).toBe("Bearer re_key");
    expect(request?.headers.get("Idempotency-Key")).toBe("deal-alert:r:o:email");
    expect(JSON.parse(request!.body)).toEqual({
      from: "Alerts <a@dealerlane.test>",
      to: ["dana@whitfield.example"],
      subject: "Deal alert",
      html: "<p>Hi</p>",
      text: "Hi",
      headers: {
        "List-Unsubscribe": "<https://dealerlane.test/api/notifications/unsubscribe?token=abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
  });

  it("tells a retryable Resend failure from a refusal", async () => {
    const busy = emailSender(
      { RESEND_API_KEY: "k" },
      fakeFetch(() => new Response("slow down", { status: 429 })).fetcher,
    );
    await expect(busy.send(EMAIL)).rejects.toMatchObject({ retryable: true });
    const refused = emailSender(
      { RESEND_API_KEY: "k" },
      fakeFetch(() => Response.json({ message: "Invalid `to`" }, { status: 422 })).fetcher,
    );
    await expect(refused.send(EMAIL)).rejects.toMatchObject({ retryable: false });
    const down = emailSender({ RESEND_API_KEY: "k" }, (async () => {
      throw new TypeError("network down");
    }) as typeof fetch);
    await expect(down.send(EMAIL)).rejects.toMatchObject({ retryable: true });
  });

  it("gives up on a provider that does not answer in time, as a failure worth retrying", async () => {
    vi.useFakeTimers();
    try {
      // A provider that never answers: the request ends only when its signal aborts it.
      const silent = (async (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
        )) as typeof fetch;
      const failed = expect(emailSender({ RESEND_API_KEY: "k" }, silent).send(EMAIL)).rejects.toMatchObject({
        retryable: true,
        message: expect.stringContaining("Resend could not be reached"),
      });
      await vi.advanceTimersByTimeAsync(PROVIDER_TIMEOUT_MS);
      await failed;
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves no timer running once a provider has answered, or refused", async () => {
    vi.useFakeTimers();
    try {
      const answered = fakeFetch(() => Response.json({ id: "re_9" }));
      await emailSender({ RESEND_API_KEY: "k" }, answered.fetcher).send(EMAIL);
      const refused = fakeFetch(() => Response.json({ message: "Invalid `to`" }, { status: 422 }));
      await expect(emailSender({ RESEND_API_KEY: "k" }, refused.fetcher).send(EMAIL)).rejects.toThrow();
      // A pending timer keeps the courier's Durable Object running after its run.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("prefers the Email Service binding, with the same headers", async () => {
    const sent: unknown[] = [];
    const binding = {
      async send(message: unknown) {
        sent.push(message);
        return { messageId: "cf-1" };
      },
    } as unknown as SendEmail;
    const sender = emailSender({ EMAIL: binding, RESEND_API_KEY: "ignored" });
    expect(sender.provider).toBe("email-service");
    expect(await sender.send({ ...EMAIL, unsubscribeUrl: null })).toEqual({
      provider: "email-service",
      providerId: "cf-1",
    });
    expect(sent[0]).toEqual({
      from: "DealerLane <alerts@dealerlane.app>",
      to: "dana@whitfield.example",
      subject: "Deal alert",
      html: "<p>Hi</p>",
      text: "Hi",
      headers: {},
    });
  });

  it("marks delivered locally when nothing is configured", async () => {
    const sender = emailSender({});
    expect(sender.provider).toBe("local");
    expect(await sender.send(EMAIL)).toEqual({ provider: "local", providerId: "local-e1" });
  });
});

describe("the SMS adapter", () => {
  const TWILIO = { TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: "secret", TWILIO_FROM: "+15125550100" };

  it("posts to Twilio's Messages API with basic auth and a form body", async () => {
    const fake = fakeFetch(() => Response.json({ sid: "SM1", status: "queued" }, { status: 201 }));
    const sender = smsSender(TWILIO, fake.fetcher);
    expect(sender.provider).toBe("twilio");
    expect(
      await sender.send({ id: "s1", to: "+15125550142", body: "Deal alert", idempotencyKey: "k" }),
    ).toEqual({
      provider: "twilio",
      providerId: "SM1",
    });
    const [request] = fake.requests;
    expect(request?.url).toBe("https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json");
    expect(request?.headers.get("Authorization")).toBe(`Basic ${btoa("AC123:secret")}`);
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      To: "+15125550142",
      Body: "Deal alert",
      From: "+15125550100",
    });
  });

  it("uses a messaging service when one is configured, and sorts failures", async () => {
    const fake = fakeFetch(() => Response.json({ code: 21211, message: "Invalid 'To'" }, { status: 400 }));
    const sender = smsSender({ ...TWILIO, TWILIO_MESSAGING_SERVICE_SID: "MG9" }, fake.fetcher);
    await expect(
      sender.send({ id: "s2", to: "+15125550142", body: "x", idempotencyKey: "k" }),
    ).rejects.toMatchObject({ retryable: false });
    expect(new URLSearchParams(fake.requests[0]!.body).get("MessagingServiceSid")).toBe("MG9");
    const busy = smsSender(TWILIO, fakeFetch(() => new Response("", { status: 503 })).fetcher);
    await expect(
      busy.send({ id: "s3", to: "+15125550142", body: "x", idempotencyKey: "k" }),
    ).rejects.toMatchObject({
      retryable: true,
    });
  });

  it("marks delivered locally when Twilio is not fully configured", async () => {
    const sender = smsSender({ TWILIO_ACCOUNT_SID: "AC123" });
    expect(sender.provider).toBe("local");
  });
});
