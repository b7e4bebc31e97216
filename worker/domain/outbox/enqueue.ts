import { sql } from "drizzle-orm";
import { PHONE_INVALID_MESSAGE, toE164 } from "#lib/phone";
import { batchable, type Database } from "../../db/client";
import { badRequest } from "../shared/errors";
import { newTimeOrderedId } from "../shared/ids";
import type { OutboxCategory, OutboxChannel, OutboxDeps, OutboxStatus, Row } from "./model";
import { pushPayloadOf } from "./push";
import { renderTemplate, type TemplateData, type TemplateName } from "./templates";

/** Putting messages in the outbox: rendered, checked, stored once per idempotency key, the courier woken. */

export type EnqueueInput<T extends TemplateName = TemplateName> = {
  /** A push carries a notification only, `to` naming the device's push_subscriptions row. */
  channel: T extends "notification" ? OutboxChannel : "email" | "sms";
  to: string;
  template: T;
  data: TemplateData[T];
  category: OutboxCategory;
  /** A second enqueue with the same key stores and sends nothing. */
  idempotencyKey: string;
  /** The dealer it is for (the unsubscribe link names them); null for a visitor. */
  dealerId?: string | null;
  /** Stored but not sent until `release` (the dealer has not confirmed their e-mail address yet). */
  held?: boolean;
};

/** A message rendered and checked, as it is stored. */
type OutboxMessage = Pick<
  Row,
  | "id"
  | "channel"
  | "recipient"
  | "dealerId"
  | "template"
  | "category"
  | "subject"
  | "bodyText"
  | "bodyHtml"
  | "unsubscribeUrl"
  | "idempotencyKey"
  | "status"
> & { now: number };

/** A stored message; `created: false` when its idempotency key was already used (nothing new stored or sent). */
type EnqueuedEntry = { id: string; status: OutboxStatus; created: boolean };

/**
 * Inserts every message whose idempotency key is new, from one JSON parameter (D1 binds at most 100
 * parameters, a handful of rows), answering the keys inserted (as `key`, the other columns unread).
 */
const storeStatement = (messagesJson: string) => sql`
  insert into outbox (id, channel, recipient, dealer_id, template, category, subject, body_text, body_html,
    unsubscribe_url, idempotency_key, status, attempts, next_attempt_at, created_at)
  select m->>'id', m->>'channel', m->>'recipient', m->>'dealerId', m->>'template', m->>'category', m->>'subject',
    m->>'bodyText', m->>'bodyHtml', m->>'unsubscribeUrl', m->>'idempotencyKey', m->>'status', 0, m->>'now', m->>'now'
  from (select value as m from json_each(${messagesJson})) where true
  on conflict (idempotency_key) do nothing
  returning idempotency_key as key`;

/** How much JSON one insert takes: well under D1's 2 MB for a string, whatever a batch of e-mails weighs. */
const JSON_PER_STATEMENT = 500_000;

/** The messages as JSON lists, each small enough for one statement; each message is serialised once. */
function inJsonRuns(messages: readonly OutboxMessage[]): string[] {
  const runs: string[][] = [];
  let size = Infinity;
  for (const message of messages) {
    const json = JSON.stringify(message);
    if (size + json.length > JSON_PER_STATEMENT) {
      runs.push([]);
      size = 0;
    }
    runs.at(-1)!.push(json);
    size += json.length + 1;
  }
  return runs.map((run) => `[${run.join(",")}]`);
}

export function outboxEnqueuer(db: Database, deps: Pick<OutboxDeps, "tokens" | "origin" | "wake">) {
  /** A push's stored texts: its title as the subject, what the phone receives (JSON) as the body. */
  const pushRendered = (data: TemplateData["notification"], id: string) => {
    const payload = pushPayloadOf(data, id, deps.origin);
    return { subject: payload.title, text: JSON.stringify(payload), html: null, sms: "" };
  };

  /** A message as its row: the address checked (a bad one is a 400), the body rendered, the unsubscribe link signed. */
  async function messageOf(input: EnqueueInput, now: number): Promise<OutboxMessage> {
    let recipient = input.to.trim();
    if (input.channel === "sms") {
      const e164 = toE164(recipient);
      if (!e164) throw badRequest(PHONE_INVALID_MESSAGE);
      recipient = e164;
    } else if (input.channel === "email" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipient)) {
      throw badRequest("Enter a valid e-mail address, like name@dealership.com");
    }
    let unsubscribeUrl: string | null = null;
    let unsubscribePage: string | null = null;
    if (input.channel === "email" && input.category !== "transactional" && input.dealerId) {
      const token = await deps.tokens.sign(input.dealerId, input.category);
      unsubscribeUrl = `${deps.origin}/api/notifications/unsubscribe?token=${token}`;
      unsubscribePage = `${deps.origin}/unsubscribe?token=${token}`;
    }
    const id = newTimeOrderedId(now);
    const rendered =
      input.channel === "push"
        ? pushRendered(input.data as TemplateData["notification"], id)
        : renderTemplate(input.template, input.data, unsubscribePage);
    return {
      id,
      channel: input.channel,
      recipient,
      dealerId: input.dealerId ?? null,
      template: input.template,
      category: input.category,
      subject: input.channel === "sms" ? null : rendered.subject,
      bodyText: input.channel === "sms" ? rendered.sms : rendered.text,
      bodyHtml: input.channel === "email" ? rendered.html : null,
      unsubscribeUrl,
      idempotencyKey: input.idempotencyKey,
      status: input.held ? "held" : "queued",
      now,
    };
  }

  /**
   * Stores the messages whose idempotency key is new, in one round trip whatever their number, and answers
   * every message's entry by its key (the one stored before, for a key already used).
   */
  async function store(messages: readonly OutboxMessage[]): Promise<Map<string, EnqueuedEntry>> {
    const keys = messages.map((m) => m.idempotencyKey);
    const inserts = inJsonRuns(messages).map((run) =>
      batchable(db, db.all<{ key: string; id: string; status: OutboxStatus }>(storeStatement(run))),
    );
    // Read after the inserts (a batch's statements run in order): every key's entry, new or stored before.
    const read = batchable(
      db,
      db.all<{ key: string; id: string; status: OutboxStatus }>(sql`
        select idempotency_key as key, id, status from outbox
        where idempotency_key in (select value from json_each(${JSON.stringify(keys)}))`),
    );
    const [first, ...rest] = [...inserts, read];
    const results = await db.batch([first!, ...rest]);
    const entries = results.at(-1)!;
    const inserted = results.slice(0, -1);
    const created = new Set(inserted.flat().map((row) => row.key));
    return new Map(
      entries.map((e) => [e.key, { id: e.id, status: e.status, created: created.has(e.key) }] as const),
    );
  }

  /** One wake for whatever was just queued (a held message waits for `release`). */
  async function wakeFor(stored: Iterable<EnqueuedEntry>, now: number): Promise<void> {
    if (![...stored].some((e) => e.created && e.status === "queued")) return;
    try {
      await deps.wake(now);
    } catch (error) {
      console.error("Outbox: the courier could not be woken; the daily sweep will send it", error);
    }
  }

  /**
   * Renders and stores many messages in one round trip, then wakes the courier once: what a batch of
   * notifications sends. Answers each message's entry, in order. Any bad address refuses them all, before
   * anything is stored.
   */
  async function enqueueAll(inputs: readonly EnqueueInput[], now = Date.now()): Promise<EnqueuedEntry[]> {
    if (inputs.length === 0) return [];
    const messages = await Promise.all(inputs.map((input) => messageOf(input, now)));
    const stored = await store(messages);
    await wakeFor(stored.values(), now);
    return messages.map((m) => {
      const entry = stored.get(m.idempotencyKey);
      if (!entry) throw new Error(`Outbox ${m.idempotencyKey} vanished after a duplicate enqueue`);
      return entry;
    });
  }

  return {
    enqueueAll,

    /**
     * Renders and stores one message, then asks for delivery. Answers the stored entry; `created: false` when
     * the idempotency key was already used (nothing new is stored or sent).
     */
    async enqueue<T extends TemplateName>(input: EnqueueInput<T>, now = Date.now()): Promise<EnqueuedEntry> {
      const [entry] = await enqueueAll([input as EnqueueInput], now);
      return entry!;
    },
  };
}
