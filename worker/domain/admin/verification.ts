import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { VerificationRequestInput } from "#lib/admin";
import { toIso, toIsoOrNull, type VerificationRequest } from "#lib/api-types";
import type { Database } from "../../db/client";
import { dealers, verificationRequests } from "../../db/schema";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { conflict, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import type { Delivery } from "../notifications/notify";
import type { AdminActor, AuditTrail } from "./audit";

type Row = typeof verificationRequests.$inferSelect & { dealerName: string; dealershipName: string };

const queueCursor = cursorKind("verifications.oldest", cursorValue.time, cursorValue.id);

const toRequest = (row: Row): VerificationRequest => ({
  id: row.id,
  dealer: { id: row.dealerId, name: row.dealerName, dealershipName: row.dealershipName },
  licenseNumber: row.licenseNumber,
  auctionAccessNumber: row.auctionAccessNumber,
  dealership5MilNumber: row.dealership5MilNumber,
  documentUrl: row.documentUrl,
  status: row.status,
  note: row.note,
  decidedAt: toIsoOrNull(row.decidedAt),
  createdAt: toIso(row.createdAt),
});

type VerificationDeps = {
  audit: AuditTrail;
  /** The dealer's bell (stored, pushed live). */
  deliver: (delivery: Delivery) => Promise<unknown>;
};

/**
 * Dealer verification (the landing's "manual dealer verification"): a dealer sends their licence,
 * AuctionACCESS and 5 Mil numbers from /dealer-profile; an admin approves or refuses with a note in
 * /admin/users. Approval sets `dealers.verified_at`: the "Verified dealer" badge and the directory filter.
 */
export function verificationService(db: Database, deps: VerificationDeps) {
  const select = () =>
    db
      .select({
        ...getTableColumns(verificationRequests),
        dealerName: dealers.name,
        dealershipName: dealers.dealershipName,
      })
      .from(verificationRequests)
      .innerJoin(dealers, eq(dealers.id, verificationRequests.dealerId));

  async function one(id: string): Promise<VerificationRequest> {
    const [row] = await select().where(eq(verificationRequests.id, id)).limit(1);
    if (!row) throw notFound("Verification request not found");
    return toRequest(row);
  }

  return {
    /** The dealer's newest request, or null. */
    async latest(dealerId: string): Promise<VerificationRequest | null> {
      const [row] = await select()
        .where(eq(verificationRequests.dealerId, dealerId))
        .orderBy(desc(verificationRequests.createdAt))
        .limit(1);
      return row ? toRequest(row) : null;
    },

    /** A new request; one waiting already is answered with 409 (the admin has it), as is an approved dealer. */
    async request(
      dealerId: string,
      input: VerificationRequestInput,
      now = Date.now(),
    ): Promise<VerificationRequest> {
      const dealer = await db
        .select({ verifiedAt: dealers.verifiedAt })
        .from(dealers)
        .where(eq(dealers.id, dealerId))
        .get();
      if (dealer?.verifiedAt) throw conflict("You are a verified dealer already");
      const waiting = await db
        .select({ id: verificationRequests.id })
        .from(verificationRequests)
        .where(and(eq(verificationRequests.dealerId, dealerId), eq(verificationRequests.status, "pending")))
        .get();
      if (waiting) throw conflict("Your verification request is with our team already");
      const id = newId();
      await db.insert(verificationRequests).values({
        id,
        dealerId,
        licenseNumber: input.licenseNumber,
        auctionAccessNumber: input.auctionAccessNumber,
        dealership5MilNumber: input.dealership5MilNumber,
        documentUrl: input.documentUrl ?? null,
        createdAt: now,
      });
      return one(id);
    },

    /** The queue, oldest first (filtered by status; pending by default on the screen). */
    async list(query: {
      status?: "pending" | "approved" | "refused";
      cursor?: string;
      limit: number;
    }): Promise<Page<VerificationRequest>> {
      const cursor = queueCursor.decode(query.cursor);
      const rows = await select()
        .where(
          and(
            query.status ? eq(verificationRequests.status, query.status) : undefined,
            cursor
              ? sql`(${verificationRequests.createdAt}, ${verificationRequests.id}) > (${cursor[0]}, ${cursor[1]})`
              : undefined,
          ),
        )
        .orderBy(verificationRequests.createdAt, verificationRequests.id)
        .limit(query.limit + 1);
      return pageOf(rows, query.limit, toRequest, (last) => queueCursor.encode(last.createdAt, last.id));
    },

    /** Approve (the badge appears) or refuse with a note; audited, and the dealer is told. */
    async decide(
      actor: AdminActor,
      id: string,
      input: { decision: "approved" | "refused"; note: string },
      now = Date.now(),
    ): Promise<VerificationRequest> {
      const before = await one(id);
      if (before.status !== "pending") throw conflict(`This request was ${before.status} already`);
      await db.batch([
        db
          .update(verificationRequests)
          .set({
            status: input.decision,
            note: input.note || null,
            decidedBy: actor.accountId,
            decidedAt: now,
          })
          .where(eq(verificationRequests.id, id)),
        db
          .update(dealers)
          .set({ verifiedAt: input.decision === "approved" ? now : null })
          .where(eq(dealers.id, before.dealer.id)),
        deps.audit.entry(actor, {
          action: input.decision === "approved" ? "verification.approve" : "verification.refuse",
          recordType: "dealer",
          recordId: before.dealer.id,
          before: { status: "pending" },
          after: { status: input.decision, note: input.note || null, request: id },
        }),
      ]);
      const approved = input.decision === "approved";
      await deps.deliver({
        key: `verification:${id}`,
        dealerId: before.dealer.id,
        type: "announcement",
        title: approved ? "You are a verified dealer" : "Your verification was not approved",
        body: approved
          ? `Your dealership carries the Verified dealer badge from now on.${input.note ? ` ${input.note}` : ""}`
          : `${input.note || "Our team could not confirm the numbers you sent."} You can send a new request from My Profile.`,
        link: "/dealer-profile",
      });
      return one(id);
    },
  };
}
