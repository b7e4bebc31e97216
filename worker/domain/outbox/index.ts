import { sql, type SQL } from "drizzle-orm";
import { toIso, toIsoOrNull } from "#lib/api-types";
import { PHONE_INVALID_MESSAGE, toE164 } from "#lib/phone";
import type { AlertPreference } from "#lib/schemas/notifications";
import { batchable, type Database } from "../../db/client";
import type { outbox } from "../../db/schema";
import type { EmailSender } from "../../integrations/email";
import { ProviderError } from "../../integrations/email-and-sms";
import type { SmsSender } from "../../integrations/sms";
import type { PushSender, PushTarget } from "../../integrations/web-push";
import { badRequest } from "../shared/errors";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { newId } from "../shared/ids";
import { pushDelivery, pushPayloadOf } from "./push";
import { renderTemplate, type TemplateData, type TemplateName } from "./templates";
import type { UnsubscribeTokens } from "./unsubscribe";

/**
 * The outbox (docs/decisions/0012-outbox-delivery.md): every e-mail, text and push is first a row in D1,
 * then delivered off the request by the OutboxCourier Durable Object's alarm, with backoff and a cap on
 * attempts. A row is claimed with a lease before it is sent, so two deliverers never send it at once, and a
 * deliverer that died mid-send leaves a lease that runs out and the row is tried again.
 */

/**
 * What a message is about. Every category but `transactional` is something the dealer can turn off, so its
 * e-mails carry a one-click unsubscribe: the four alert preferences, and `network` (connections and new
 * dealers writing) which the /settings "Message notifications" switch governs.
 */
export type OutboxCategory = "transactional" | AlertPreference | "network";

type OutboxStatus = Row["status"];

export type OutboxChannel = "email" | "sms" | "push";

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

type Row = typeof outbox.$inferSelect;

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
const storeStatement = (messages: readonly OutboxMessage[]) => sql`
  insert into outbox (id, channel, recipient, dealer_id, template, category, subject, body_text, body_html,
    unsubscribe_url, idempotency_key, status, attempts, next_attempt_at, created_at)
  select m->>'id', m->>'channel', m->>'recipient', m->>'dealerId', m->>'template', m->>'category', m->>'subject',
    m->>'bodyText', m->>'bodyHtml', m->>'unsubscribeUrl', m->>'idempotencyKey', m->>'status', 0, m->>'now', m->>'now'
  from (select value as m from json_each(${JSON.stringify(messages)})) where true
  on conflict (idempotency_key) do nothing
  returning idempotency_key as key`;

/** How much JSON one insert takes: well under D1's 2 MB for a string, whatever a batch of e-mails weighs. */
const JSON_PER_STATEMENT = 500_000;

/** The messages cut into runs whose JSON each fits one statement. */
function inJsonRuns(messages: readonly OutboxMessage[]): OutboxMessage[][] {
  const runs: OutboxMessage[][] = [];
  let size = Infinity;
  for (const message of messages) {
    const length = JSON.stringify(message).length;
    if (size + length > JSON_PER_STATEMENT) {
      runs.push([]);
      size = 0;
    }
    runs.at(-1)!.push(message);
    size += length;
  }
  return runs;
}

/** An entry as /admin/outbox shows it: times in ISO. */
type OutboxEntry = Omit<Row, "dealerId" | "idempotencyKey" | "createdAt" | "sentAt" | "nextAttemptAt"> & {
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
};

export const MAX_ATTEMPTS = 5;
/** How long a claimed message is held before another deliverer may try it. */
export const LEASE_MS = 2 * 60_000;
/** How many messages one run claims, sends and records: a national deal alert's e-mails fit one run. */
export const DELIVERIES_PER_RUN = 100;
/** How many sends are in flight at once (a Worker keeps six connections open; more wait their turn). */
const CONCURRENCY = 8;
/**
 * How many messages a run takes whose provider would deliver a second send twice (texts through Twilio, e-mail
 * through the Email Service binding, pushes): the most a courier dying between sending and recording repeats.
 */
export const REPEATABLE_PER_RUN = 8;

/** 30 s, 2 min, 8 min, 32 min between attempts. */
export const backoffMs = (attempts: number) => 30_000 * 4 ** Math.max(0, attempts - 1);

const COLUMNS = sql`id, channel, recipient, dealer_id as dealerId, template, category, subject, body_text as bodyText,
  body_html as bodyHtml, unsubscribe_url as unsubscribeUrl, idempotency_key as idempotencyKey, status, attempts,
  next_attempt_at as nextAttemptAt, provider, provider_id as providerId, last_error as lastError,
  created_at as createdAt, sent_at as sentAt`;

/** /admin/outbox, newest first: the last row's (created_at, id). */
const outboxCursor = cursorKind("outbox.newest", cursorValue.time, cursorValue.id);

function toEntry({ dealerId: _, idempotencyKey: __, ...row }: Row): OutboxEntry {
  return {
    ...row,
    createdAt: toIso(row.createdAt),
    sentAt: toIsoOrNull(row.sentAt),
    nextAttemptAt: toIso(row.nextAttemptAt),
  };
}

/** When the next waiting message falls due (outbox_due_idx). */
const nextDueStatement = sql`select min(next_attempt_at) as next from outbox where status in ('queued', 'sending')`;

/**
 * Claims a run: up to DELIVERIES_PER_RUN due messages whose provider drops a second send of the same message
 * (`repeatable`, a JSON list, names the channels whose provider does not), and up to REPEATABLE_PER_RUN of the
 * others. Claiming raises `attempts`, which the run's record names, and holds each row for LEASE_MS.
 */
const claimStatement = (now: number, repeatable: string) => {
  const due = (channels: SQL, limit: number) => sql`
    select id from (select id from outbox
      where status in ('queued', 'sending') and next_attempt_at <= ${now}
        and channel ${channels} (select value from json_each(${repeatable}))
      order by next_attempt_at limit ${limit})`;
  return sql`
    update outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = ${now + LEASE_MS}
    where id in (${due(sql`not in`, DELIVERIES_PER_RUN)} union all ${due(sql`in`, REPEATABLE_PER_RUN)})
    returning ${COLUMNS}`;
};

/** How one claimed message went; the fields left out keep what the row holds. */
type Outcome = {
  id: string;
  attempts: number;
  status: "sent" | "queued" | "failed";
  provider?: string;
  providerId?: string;
  sentAt?: number;
  nextAttemptAt?: number;
  lastError: string | null;
};

/**
 * Records a run's outcomes in one statement. A row is written only while it is still this run's claim (sending,
 * with the attempt the run claimed), so a run that outlived its lease never overwrites the next one's record.
 */
const recordStatement = (outcomes: readonly Outcome[]) => sql`
  update outbox set status = o.status, last_error = o.lastError,
    provider = coalesce(o.provider, outbox.provider), provider_id = coalesce(o.providerId, outbox.provider_id),
    sent_at = coalesce(o.sentAt, outbox.sent_at), next_attempt_at = coalesce(o.nextAttemptAt, outbox.next_attempt_at)
  from (select value->>'id' as id, value->>'attempts' as attempts, value->>'status' as status,
      value->>'provider' as provider, value->>'providerId' as providerId, value->>'sentAt' as sentAt,
      value->>'nextAttemptAt' as nextAttemptAt, value->>'lastError' as lastError
    from json_each(${JSON.stringify(outcomes)})) as o
  where outbox.id = o.id and outbox.status = 'sending' and outbox.attempts = o.attempts`;

/** Runs `work` over the items, at most `width` at once, answering the results in order. */
async function inTurns<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

type OutboxDeps = {
  email: EmailSender;
  sms: SmsSender;
  push: PushSender;
  tokens: UnsubscribeTokens;
  /** The site's own address, for links in messages. */
  origin: string;
  /** Asks the courier to deliver at `at` (the durable retry). Failures are logged: the daily sweep rescues. */
  wake: (at: number) => Promise<void>;
};

export function outboxService(db: Database, deps: OutboxDeps) {
  const push = pushDelivery(db, deps.push);
  /**
   * The channels whose provider would deliver a second send of a message twice: a run takes few of them. A push
   * is one: its tag only replaces a notification still on the lock screen.
   */
  const repeatableChannels: string[] = [
    "push",
    ...(["email", "sms"] as const).filter((channel) => !deps[channel].deduplicates),
  ];
  const repeatable = JSON.stringify(repeatableChannels);

  /** Sends one claimed message; answers how it went, recorded with the rest of its run. */
  async function finish(
    row: Row,
    now: number,
    targets: Map<string, PushTarget>,
    gone: Set<string>,
  ): Promise<Outcome> {
    const claim = { id: row.id, attempts: row.attempts };
    if (row.attempts > MAX_ATTEMPTS) {
      return { ...claim, status: "failed", lastError: `Gave up after ${MAX_ATTEMPTS} attempts` } as const;
    }
    try {
      const result =
        row.channel === "email"
          ? await deps.email.send({
              id: row.id,
              to: row.recipient,
              subject: row.subject ?? "",
              html: row.bodyHtml ?? "",
              text: row.bodyText,
              unsubscribeUrl: row.unsubscribeUrl,
              idempotencyKey: row.idempotencyKey,
            })
          : row.channel === "sms"
            ? await deps.sms.send({
                id: row.id,
                to: row.recipient,
                body: row.bodyText,
                idempotencyKey: row.idempotencyKey,
              })
            : await push.send(row, targets, gone);
      return { ...claim, status: "sent", ...result, sentAt: now, lastError: null } as const;
    } catch (error) {
      const retryable = error instanceof ProviderError ? error.retryable : true;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const giveUp = !retryable || row.attempts >= MAX_ATTEMPTS;
      if (!(error instanceof ProviderError)) console.error(`Outbox ${row.id} failed unexpectedly`, error);
      return {
        ...claim,
        status: giveUp ? "failed" : "queued",
        nextAttemptAt: giveUp ? now : now + backoffMs(row.attempts),
        lastError: message,
      } as const;
    }
  }

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
    const id = newId();
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

  return {
    /**
     * Renders and stores one message, then asks for delivery. Answers the stored entry; `created: false` when
     * the idempotency key was already used (nothing new is stored or sent).
     */
    async enqueue<T extends TemplateName>(input: EnqueueInput<T>, now = Date.now()): Promise<EnqueuedEntry> {
      const [entry] = await this.enqueueAll([input as EnqueueInput], now);
      return entry!;
    },

    /**
     * Renders and stores many messages in one round trip, then wakes the courier once: what a batch of
     * notifications sends. Answers each message's entry, in order. Any bad address refuses them all, before
     * anything is stored.
     */
    async enqueueAll(inputs: readonly EnqueueInput[], now = Date.now()): Promise<EnqueuedEntry[]> {
      if (inputs.length === 0) return [];
      const messages = await Promise.all(inputs.map((input) => messageOf(input, now)));
      const stored = await store(messages);
      await wakeFor(stored.values(), now);
      return messages.map((m) => {
        const entry = stored.get(m.idempotencyKey);
        if (!entry) throw new Error(`Outbox ${m.idempotencyKey} vanished after a duplicate enqueue`);
        return entry;
      });
    },

    /**
     * Claims due messages (queued and due, or claimed by a deliverer whose lease ran out), sends them and
     * records how each went: one statement to claim the run, one to read its pushes' devices, one round trip to
     * record it and read when the next message falls due, whatever its size. Answers that time, `now` when more
     * is due at once, or null when none is waiting.
     */
    async deliverDue(now = Date.now()): Promise<number | null> {
      const claimed = await db.all<Row>(claimStatement(now, repeatable));
      if (claimed.length === 0) return this.nextDue();
      const targets = await push.targets(claimed);
      const gone = new Set<string>();
      const outcomes = await inTurns(claimed, CONCURRENCY, (row) => finish(row, now, targets, gone));
      const statements = [recordStatement(outcomes), ...(gone.size > 0 ? [push.forget(gone)] : [])];
      const [first, ...rest] = statements.map((statement) => batchable(db, db.run(statement)));
      const next = batchable(db, db.all<{ next: number | null }>(nextDueStatement));
      const results = await db.batch([first!, ...rest, next]);
      const repeated = claimed.filter((row) => repeatableChannels.includes(row.channel)).length;
      if (claimed.length - repeated === DELIVERIES_PER_RUN || repeated === REPEATABLE_PER_RUN) return now;
      return (results.at(-1) as { next: number | null }[])[0]?.next ?? null;
    },

    /** Sends what waited for this account's e-mail confirmation: its dealer's held messages join the queue. */
    async release(accountId: string, now = Date.now()): Promise<number> {
      const released = await db.all<{ id: string }>(sql`
        update outbox set status = 'queued', next_attempt_at = ${now}
        where status = 'held' and dealer_id in (select id from dealers where account_id = ${accountId})
        returning id`);
      if (released.length > 0) await deps.wake(now).catch((error: unknown) => console.error(error));
      return released.length;
    },

    /** When the next waiting message falls due (outbox_due_idx), or null. */
    async nextDue(): Promise<number | null> {
      const [row] = await db.all<{ next: number | null }>(nextDueStatement);
      return row?.next ?? null;
    },

    /** Newest first, for /admin/outbox. */
    async list(query: { cursor?: string; limit: number }): Promise<Page<OutboxEntry>> {
      const cursor = outboxCursor.decode(query.cursor);
      const after = cursor ? sql`where (created_at, id) < (${cursor[0]}, ${cursor[1]})` : sql``;
      const rows = await db.all<Row>(sql`
        select ${COLUMNS} from outbox ${after}
        order by created_at desc, id desc
        limit ${query.limit + 1}`);
      return pageOf(rows, query.limit, toEntry, (last) => outboxCursor.encode(last.createdAt, last.id));
    },

    async get(id: string): Promise<OutboxEntry | null> {
      const [row] = await db.all<Row>(sql`select ${COLUMNS} from outbox where id = ${id}`);
      return row ? toEntry(row) : null;
    },
  };
}

export type OutboxService = ReturnType<typeof outboxService>;
