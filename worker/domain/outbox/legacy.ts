import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { COLUMNS, type Row } from "./model.ts";

/**
 * The messages a deployment wrote to the main database's outbox table before the outbox had a database of its
 * own (docs/decisions/0094-outbox-database.md), handed to the outbox database: the ones still waiting first (then
 * sent as any other), the delivered ones after (kept for their period).
 *
 * A message is copied before it leaves the main table, and leaves it only as it was copied: one that an older
 * version changed in between (released, sent) stays, and the next round copies its new state over a copy nothing
 * has touched yet. A copy whose key the outbox's database already holds under another id is not written (the key
 * means one send). So a hand-off cut short loses nothing and repeats nothing.
 */

/** Rows per round: a round's JSON stays far below D1's 2 MB for a bound string, even with e-mails' 5 kB bodies. */
const ROWS_PER_ROUND = 100;
/**
 * Rounds per call (three statements each): well inside D1's 1 000 queries per invocation, beside the courier's
 * own run or the daily cron's other work. A larger table takes several calls.
 */
const HAND_OFF_ROUNDS = 20;

/** What a message's later state may change, copied over a copy nothing has touched yet. */
const CHANGING = [
  "status",
  "attempts",
  "next_attempt_at",
  "provider",
  "provider_id",
  "last_error",
  "sent_at",
  "body_text",
  "body_html",
] as const;

const copyStatement = (rowsJson: string) => sql`
  insert into outbox (id, channel, recipient, dealer_id, template, category, subject, body_text, body_html,
    unsubscribe_url, idempotency_key, status, attempts, next_attempt_at, provider, provider_id, last_error,
    created_at, sent_at)
  select r->>'id', r->>'channel', r->>'recipient', r->>'dealerId', r->>'template', r->>'category', r->>'subject',
    r->>'bodyText', r->>'bodyHtml', r->>'unsubscribeUrl', r->>'idempotencyKey', r->>'status', r->>'attempts',
    r->>'nextAttemptAt', r->>'provider', r->>'providerId', r->>'lastError', r->>'createdAt', r->>'sentAt'
  from (select value as r from json_each(${rowsJson})) where true
  on conflict (id) do update set ${sql.raw(CHANGING.map((c) => `${c} = excluded.${c}`).join(", "))}
    where outbox.status in ('queued', 'held') and outbox.attempts = 0
  on conflict do nothing`;

/** Deletes the copied rows that are still as they were read. */
const forgetCopiedStatement = (rowsJson: string) => sql`
  delete from outbox where id in (
    select o.id from outbox o join json_each(${rowsJson}) j on o.id = j.value->>'id'
    where o.status = j.value->>'status' and o.attempts = j.value->>'attempts'
      and o.next_attempt_at = j.value->>'nextAttemptAt')`;

/** The waiting messages first, through outbox_due_idx; then the rest, in the table's own order. */
const WAITING = sql`where status in ('queued', 'sending', 'held') order by status, next_attempt_at`;

/** `db` is the main database, `outboxDb` the outbox's. */
export function legacyOutboxHandOff(outboxDb: Database, db: Database) {
  const round = async (which: SQL): Promise<number> => {
    const rows = await db.all<Row>(sql`select ${COLUMNS} from outbox ${which} limit ${ROWS_PER_ROUND}`);
    if (rows.length === 0) return 0;
    const json = JSON.stringify(rows);
    await outboxDb.run(copyStatement(json));
    await db.run(forgetCopiedStatement(json));
    return rows.length;
  };

  return {
    /**
     * Moves up to `rounds` rounds of the messages left in the main database's outbox table, waiting ones first.
     * Answers how many were read and whether any are left.
     */
    async handOffLegacy(rounds = HAND_OFF_ROUNDS): Promise<{ moved: number; left: boolean }> {
      // One statement when it is empty, as it is on every run once the hand-off is done.
      const [any] = await db.all<{ id: string }>(sql`select id from outbox limit 1`);
      if (!any) return { moved: 0, left: false };
      let moved = 0;
      for (let i = 0; i < rounds; i++) {
        const n = (await round(WAITING)) || (await round(sql``));
        if (n === 0) return { moved, left: false };
        moved += n;
      }
      return { moved, left: true };
    },
  };
}
