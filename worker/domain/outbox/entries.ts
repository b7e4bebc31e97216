import { sql } from "drizzle-orm";
import { toIso, toIsoOrNull } from "#lib/api-types";
import type { Database } from "../../db/client";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { COLUMNS, type Row } from "./model";

/** The admin's reading of the outbox (/admin/outbox): every message, newest first, and one by id. */

/** An entry as /admin/outbox shows it: times in ISO. */
export type OutboxEntry = Omit<
  Row,
  "dealerId" | "idempotencyKey" | "createdAt" | "sentAt" | "nextAttemptAt"
> & {
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
};

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

export function outboxEntries(db: Database) {
  return {
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
