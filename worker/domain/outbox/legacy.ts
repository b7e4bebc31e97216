import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { COLUMNS, type Row } from "./model.ts";

/**
 * The messages a deployment wrote to the main database's outbox table before the outbox had a database of its
 * own (docs/decisions/0094-outbox-database.md), handed to the outbox database: queued ones are then sent as
 * any other, sent ones kept for their period. A message is copied before it leaves the main table, and a copy
 * whose id is already there is not written again, so a hand-off cut short loses nothing and repeats nothing.
 */

/** Rows per round: a round's JSON stays far below D1's 2 MB for a bound string, even with e-mails' 5 kB bodies. */
const ROWS_PER_ROUND = 100;

const copyStatement = (rowsJson: string) => sql`
  insert into outbox (id, channel, recipient, dealer_id, template, category, subject, body_text, body_html,
    unsubscribe_url, idempotency_key, status, attempts, next_attempt_at, provider, provider_id, last_error,
    created_at, sent_at)
  select r->>'id', r->>'channel', r->>'recipient', r->>'dealerId', r->>'template', r->>'category', r->>'subject',
    r->>'bodyText', r->>'bodyHtml', r->>'unsubscribeUrl', r->>'idempotencyKey', r->>'status', r->>'attempts',
    r->>'nextAttemptAt', r->>'provider', r->>'providerId', r->>'lastError', r->>'createdAt', r->>'sentAt'
  from (select value as r from json_each(${rowsJson})) where true
  on conflict do nothing`;

/** `db` is the main database, `outboxDb` the outbox's. */
export function legacyOutboxHandOff(outboxDb: Database, db: Database) {
  return {
    /** Moves every message left in the main database's outbox table; answers how many. */
    async handOffLegacy(): Promise<number> {
      let moved = 0;
      for (;;) {
        const rows = await db.all<Row>(
          sql`select ${COLUMNS} from outbox order by id limit ${ROWS_PER_ROUND}`,
        );
        if (rows.length === 0) return moved;
        await outboxDb.run(copyStatement(JSON.stringify(rows)));
        const ids = JSON.stringify(rows.map((row) => row.id));
        await db.run(sql`delete from outbox where id in (select value from json_each(${ids}))`);
        moved += rows.length;
      }
    },
  };
}
