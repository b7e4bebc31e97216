import { sql } from "drizzle-orm";
import { RETENTION_BATCH_ROWS, RETENTION_MAX_BATCHES, SENT_BODY_KEEP_DAYS } from "#lib/retention";
import type { Database } from "../../db/client";
import { DAY_MS } from "./batches";

/** Days of delivered messages each run looks through: a week of missed runs is still caught up. */
const SLIM_WINDOW_DAYS = 7;

/**
 * Drops the text of messages delivered more than SENT_BODY_KEEP_DAYS ago (the e-mail's HTML and text, the push's
 * JSON), the bulk of an outbox row; the row stays until SENT_MESSAGE_KEEP_DAYS with who got what and when, and
 * its idempotency key. Failed and held messages keep theirs (a retry sends it). Walks outbox_due_idx
 * (status, next_attempt_at) with a cursor, so a row already emptied is not read twice. Answers how many changed.
 */
export async function dropDeliveredBodies(db: Database, now: number): Promise<number> {
  const to = now - SENT_BODY_KEEP_DAYS * DAY_MS;
  let after = { at: to - SLIM_WINDOW_DAYS * DAY_MS, row: 0 };
  let changed = 0;
  for (let round = 0; round < RETENTION_MAX_BATCHES; round += 1) {
    const page = await db.all<{ row: number; at: number }>(sql`
      select rowid as row, next_attempt_at as at from outbox indexed by outbox_due_idx
      where status = 'sent' and next_attempt_at < ${to} and (next_attempt_at, rowid) > (${after.at}, ${after.row})
      order by next_attempt_at, rowid limit ${RETENTION_BATCH_ROWS}`);
    const last = page.at(-1);
    if (!last) break;
    after = last;
    const result = await db.run(sql`
      update outbox set body_text = '', body_html = null
      where rowid in (select value from json_each(${JSON.stringify(page.map((p) => p.row))}))
        and status = 'sent' and body_text <> ''`);
    changed += result.meta.changes ?? 0;
    if (page.length < RETENTION_BATCH_ROWS) break;
  }
  return changed;
}
