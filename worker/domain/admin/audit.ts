import { and, desc, eq, or, sql } from "drizzle-orm";
import { toIso, type AuditEntry } from "#lib/api-types";
import type { AuditAction, AuditQuery } from "#lib/admin";
import type { Database } from "../../db/client";
import { auditLog } from "../../db/schema";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { newId } from "../shared/ids";

/** The admin acting: every audit entry names them. */
export type AdminActor = { accountId: string; email: string };

type AuditInput = {
  action: AuditAction;
  recordType: string;
  recordId: string | null;
  before?: unknown;
  after?: unknown;
};

const auditCursor = cursorKind("audit.newest", cursorValue.time, cursorValue.id);

const toEntry = (row: typeof auditLog.$inferSelect): AuditEntry => ({
  id: row.id,
  actor: { accountId: row.actorAccountId, email: row.actorEmail },
  action: row.action,
  recordType: row.recordType,
  recordId: row.recordId,
  before: row.before ?? null,
  after: row.after ?? null,
  createdAt: toIso(row.createdAt),
});

/** The audit log of admin actions: written beside each action, read at /admin/audit. */
export function auditTrail(db: Database) {
  /** The insert, for a db.batch() with the action's own writes (both land or neither). */
  const entry = (actor: AdminActor, input: AuditInput, now = Date.now()) =>
    db.insert(auditLog).values({
      id: newId(),
      actorAccountId: actor.accountId,
      actorEmail: actor.email,
      action: input.action,
      recordType: input.recordType,
      recordId: input.recordId,
      before: input.before ?? null,
      after: input.after ?? null,
      createdAt: now,
    });

  return {
    entry,

    async record(actor: AdminActor, input: AuditInput, now = Date.now()): Promise<void> {
      await entry(actor, input, now);
    },

    /** Newest first; filtered by action, by the admin (account id or e-mail) and by record id. */
    async list(query: AuditQuery): Promise<Page<AuditEntry>> {
      const cursor = auditCursor.decode(query.cursor);
      const rows = await db
        .select()
        .from(auditLog)
        .where(
          and(
            query.action ? eq(auditLog.action, query.action) : undefined,
            query.actor
              ? or(
                  eq(auditLog.actorAccountId, query.actor),
                  eq(auditLog.actorEmail, query.actor.toLowerCase()),
                )
              : undefined,
            query.recordId ? eq(auditLog.recordId, query.recordId) : undefined,
            cursor ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor[0]}, ${cursor[1]})` : undefined,
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.limit + 1)
        .all();
      return pageOf(rows, query.limit, toEntry, (last) => auditCursor.encode(last.createdAt, last.id));
    },
  };
}

export type AuditTrail = ReturnType<typeof auditTrail>;
