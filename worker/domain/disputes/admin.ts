import { sql } from "drizzle-orm";
import type { AdminDispute, AdminDisputesQuery, DecideDispute } from "#lib/schemas/disputes";
import { batchable, type Database } from "../../db/client";
import type { AdminActor, AuditTrail } from "../admin/audit";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { conflict, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import type { DisputeStep } from "./announce";
import {
  DISPUTE_COLUMNS,
  DISPUTE_JOINS,
  fileIdsOf,
  filesOfDisputesIn,
  toAdminDispute,
  type DisputeRow,
} from "./views";

const disputesCursor = cursorKind("admin-disputes.newest", cursorValue.time, cursorValue.id);

type DisputeAdminDeps = {
  audit: AuditTrail;
  /** Tells both dealers of the decision; runs after the answer. */
  announce: (step: DisputeStep, row: DisputeRow) => Promise<void>;
  /** Measures the two dealers' reputations again: a decision adds a dispute lost to one of them. */
  refreshReputations: (dealerIds: string[]) => Promise<void>;
};

/**
 * /admin/deals' disputes: every dispute with its evidence, and the admin's decision for the buyer or the
 * seller, written with its audit entry in one batch. The decision goes against the other side: that dealer's
 * dispute lost.
 */
export function disputeDecisions(db: Database, deps: DisputeAdminDeps) {
  async function get(disputeId: string): Promise<{ row: DisputeRow; dispute: AdminDispute }> {
    const [[row], files] = await Promise.all([
      db.all<DisputeRow>(
        sql`select ${DISPUTE_COLUMNS} from deal_disputes x ${DISPUTE_JOINS} where x.id = ${disputeId}`,
      ),
      filesOfDisputesIn(db, sql`${disputeId}`),
    ]);
    if (!row) throw notFound("Dispute not found");
    return { row, dispute: toAdminDispute(row, files) };
  }

  return {
    /** Newest first; `undecided` is open and answered together. */
    async list(query: AdminDisputesQuery): Promise<Page<AdminDispute>> {
      const cursor = disputesCursor.decode(query.cursor);
      const filters = [
        query.status === "undecided"
          ? sql`x.status in ('open', 'answered')`
          : query.status
            ? sql`x.status = ${query.status}`
            : null,
        cursor ? sql`(x.created_at, x.id) < (${cursor[0]}, ${cursor[1]})` : null,
      ].filter((f) => f !== null);
      const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
      const picked = sql`select x.id from deal_disputes x ${where} order by x.created_at desc, x.id desc limit ${query.limit + 1}`;
      const [rows, files] = await Promise.all([
        db.all<DisputeRow>(sql`
          select ${DISPUTE_COLUMNS} from deal_disputes x ${DISPUTE_JOINS} ${where}
          order by x.created_at desc, x.id desc limit ${query.limit + 1}`),
        filesOfDisputesIn(db, picked),
      ]);
      return pageOf(
        rows,
        query.limit,
        (row) => toAdminDispute(row, files),
        (last) => disputesCursor.encode(last.createdAt, last.id),
      );
    },

    get: async (disputeId: string) => (await get(disputeId)).dispute,

    /**
     * Decide for the buyer or the seller, once: the decision is a conditional UPDATE on an undecided dispute,
     * and the audit entry is written in the same batch only when that UPDATE changed the row, so of two
     * decisions at once exactly one lands (the other: 409).
     */
    async decide(
      actor: AdminActor,
      disputeId: string,
      input: DecideDispute,
      now = Date.now(),
    ): Promise<AdminDispute> {
      const before = await get(disputeId);
      if (before.row.status === "decided") throw conflict("This dispute has already been decided");
      const lostBy = input.prevails === "buyer" ? before.row.sellerId : before.row.buyerId;
      const notes = input.notes || null;
      const [changed] = await db.batch([
        batchable(
          db,
          db.all<{ id: string }>(sql`
            update deal_disputes set status = 'decided', prevails = ${input.prevails}, decision_notes = ${notes},
              decided_by = ${actor.accountId}, decided_by_email = ${actor.email}, decided_at = ${now},
              lost_by = ${lostBy}, updated_at = ${now}
            where id = ${disputeId} and status in ('open', 'answered') returning id`),
        ),
        batchable(
          db,
          db.run(sql`
            insert into audit_log (id, actor_account_id, actor_email, action, record_type, record_id, before,
              after, created_at)
            select ${newId()}, ${actor.accountId}, ${actor.email}, 'dispute.decide', 'dispute', ${disputeId},
              ${JSON.stringify({ status: before.row.status, dealId: before.row.dealId })},
              ${JSON.stringify({ status: "decided", prevails: input.prevails, lostBy, notes })}, ${now}
            where changes() > 0`),
        ),
      ]);
      if (changed.length === 0) throw conflict("This dispute has already been decided");
      const after = await get(disputeId);
      await deps.refreshReputations([after.row.buyerId, after.row.sellerId]);
      await deps.announce("decided", after.row);
      return after.dispute;
    },

    /** The file's id if it is evidence in this dispute (the admin reads it through the dispute only): 404 otherwise. */
    async evidence(disputeId: string, fileId: string): Promise<string> {
      const [row] = await db.all<Pick<DisputeRow, "fileIds" | "answerFileIds">>(sql`
        select file_ids as fileIds, answer_file_ids as answerFileIds from deal_disputes where id = ${disputeId}`);
      if (!row || !fileIdsOf(row).includes(fileId)) throw notFound("File not found");
      return fileId;
    },
  };
}

export type DisputeDecisions = ReturnType<typeof disputeDecisions>;
