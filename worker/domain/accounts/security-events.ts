import { sql } from "drizzle-orm";
import { toIso, type SecurityEvent, type SecurityEventType } from "#lib/api-types";
import { deviceName } from "./devices";
import type { Database } from "../../db/client";
import { securityEvents } from "../../db/schema";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { newId } from "../shared/ids";
import type { ClientInfo } from "./sessions";

/** Newest first: the last row's (created_at, id). */
const eventCursor = cursorKind("security-events", cursorValue.time, cursorValue.id);

type Row = {
  id: string;
  type: SecurityEventType;
  userAgent: string | null;
  place: string | null;
  createdAt: number;
};

/** The account's audit trail: sign-ins, failures, password changes, links, ended sessions. */
export function securityEventService(db: Database) {
  return {
    async record(accountId: string, type: SecurityEventType, client: ClientInfo = {}): Promise<void> {
      await db.insert(securityEvents).values({
        id: newId(),
        accountId,
        type,
        userAgent: client.userAgent?.slice(0, 400) ?? null,
        place: client.place?.slice(0, 120) ?? null,
        createdAt: Date.now(),
      });
    },

    async list(accountId: string, query: { cursor?: string; limit: number }): Promise<Page<SecurityEvent>> {
      const cursor = eventCursor.decode(query.cursor);
      const after = cursor ? sql`and (created_at, id) < (${cursor[0]}, ${cursor[1]})` : sql``;
      const rows = await db.all<Row>(sql`
        select id, type, user_agent as userAgent, place, created_at as createdAt
        from security_events where account_id = ${accountId} ${after}
        order by created_at desc, id desc
        limit ${query.limit + 1}`);
      return pageOf(
        rows,
        query.limit,
        (row) => ({
          id: row.id,
          type: row.type,
          device: deviceName(row.userAgent),
          place: row.place,
          createdAt: toIso(row.createdAt),
        }),
        (last) => eventCursor.encode(last.createdAt, last.id),
      );
    },
  };
}
