import { sql, type SQL } from "drizzle-orm";
import { batchable, type Database } from "../../db/client";
import { ProviderError } from "../../integrations/email-and-sms";
import type { PushTarget } from "../../integrations/web-push";
import { COLUMNS, type OutboxDeps, type Row } from "./model";
import { pushDelivery } from "./push";

/**
 * The courier's run: claim what is due with a lease, send it, record how each went
 * (docs/decisions: the courier records a run once).
 */

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

/** `db` is the outbox's database; the push devices are the main one's (`devicesDb`). */
export function outboxCourier(
  db: Database,
  devicesDb: Database,
  deps: Pick<OutboxDeps, "email" | "sms" | "push">,
) {
  const push = pushDelivery(devicesDb, deps.push);
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

  /** When the next waiting message falls due (outbox_due_idx), or null. */
  async function nextDue(): Promise<number | null> {
    const [row] = await db.all<{ next: number | null }>(nextDueStatement);
    return row?.next ?? null;
  }

  return {
    /**
     * Claims due messages (queued and due, or claimed by a deliverer whose lease ran out), sends them and
     * records how each went: one statement to claim the run, one to read its pushes' devices, one round trip to
     * record it and read when the next message falls due, whatever its size (beside it, in the main database,
     * the devices the push service reported gone are forgotten). Answers that time, `now` when more
     * is due at once, or null when none is waiting.
     */
    async deliverDue(now = Date.now()): Promise<number | null> {
      const claimed = await db.all<Row>(claimStatement(now, repeatable));
      if (claimed.length === 0) return nextDue();
      const targets = await push.targets(claimed);
      const gone = new Set<string>();
      const outcomes = await inTurns(claimed, CONCURRENCY, (row) => finish(row, now, targets, gone));
      const record = batchable(db, db.run(recordStatement(outcomes)));
      const next = batchable(db, db.all<{ next: number | null }>(nextDueStatement));
      const [results] = await Promise.all([
        db.batch([record, next]),
        gone.size > 0 ? devicesDb.run(push.forget(gone)) : undefined,
      ]);
      const repeated = claimed.filter((row) => repeatableChannels.includes(row.channel)).length;
      if (claimed.length - repeated === DELIVERIES_PER_RUN || repeated === REPEATABLE_PER_RUN) return now;
      return results[1][0]?.next ?? null;
    },

    nextDue,
  };
}
