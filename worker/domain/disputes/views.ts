import { sql, type SQL } from "drizzle-orm";
import { toIso, toIsoOrNull } from "#lib/api-types";
import { chatFilePathOf, type ChatAttachment } from "#lib/chat-files";
import type { AdminDispute, Dispute, DisputeFile, DisputePageQuery } from "#lib/schemas/disputes";
import type { Database } from "../../db/client";
import type { dealDisputes } from "../../db/schema";
import { vehicleName } from "../deals/views";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";

const CHAT_FILE_PATH = "/objects/chat-files/";

/** The file id of a chat file's address (`/objects/chat-files/{id}`), or null for anything else. */
export const chatFileIdOf = (url: string) => chatFilePathOf(url)?.slice(CHAT_FILE_PATH.length) ?? null;

/** A dispute with the names of its two dealers and its deal's vehicle, as one query reads it. */
export type DisputeRow = Omit<typeof dealDisputes.$inferSelect, "fileIds" | "answerFileIds"> & {
  /** JSON text as the raw statement reads it. */
  fileIds: string;
  answerFileIds: string | null;
  buyerName: string | null;
  buyerDealership: string | null;
  sellerName: string | null;
  sellerDealership: string | null;
  year: number;
  make: string;
  model: string;
  trim: string;
  vin: string | null;
  priceCents: number;
  completedAt: number | null;
};

export const DISPUTE_COLUMNS = sql`
  x.id as id, x.deal_id as dealId, x.buyer_id as buyerId, x.seller_id as sellerId, x.reason as reason,
  x.description as description, x.file_ids as fileIds, x.status as status, x.answer as answer,
  x.answer_file_ids as answerFileIds, x.answered_at as answeredAt, x.prevails as prevails,
  x.decision_notes as decisionNotes, x.decided_by as decidedBy, x.decided_by_email as decidedByEmail,
  x.decided_at as decidedAt, x.lost_by as lostBy, x.created_at as createdAt, x.updated_at as updatedAt,
  b.name as buyerName, b.dealership_name as buyerDealership, s.name as sellerName, s.dealership_name as sellerDealership,
  d.year as year, d.make as make, d.model as model, d.trim as trim, d.vin as vin, d.price_cents as priceCents,
  d.completed_at as completedAt`;

export const DISPUTE_JOINS = sql`
  join deals d on d.id = x.deal_id
  left join dealers b on b.id = x.buyer_id
  left join dealers s on s.id = x.seller_id`;

export type FileRow = { fileId: string; sentBy: string; sentAt: number; attachment: string };

/**
 * Chat files with what their message says of them (name, type, size), for the chat files `where` picks from
 * `chat_attachments ca`. A file whose message was deleted is gone from the chat, and from here (its row goes
 * with the message); a file whose chat's room has not yet moved its history out of D1 is listed once it has.
 */
function chatFileRows(db: Database, where: SQL, tail: SQL = sql``) {
  return db.all<FileRow>(sql`
    select ca.file_id as fileId, ca.sender_id as sentBy, ca.created_at as sentAt, ca.attachment as attachment
    from chat_attachments ca
    where ca.attachment is not null and ${where} ${tail}`);
}

const toFile = (row: FileRow): DisputeFile => ({
  ...(JSON.parse(row.attachment) as ChatAttachment),
  id: row.fileId,
  sentBy: row.sentBy,
  sentAt: toIso(row.sentAt),
});

/** The id of the chat between a deal's seller and buyer (a chat's pair key is their two ids, sorted). */
export const chatOfDeal = (dealId: string) => sql`(
  select c.id from chats c, deals dd
  where dd.id = ${dealId} and c.pair_key = min(dd.seller_id, dd.buyer_id) || ':' || max(dd.seller_id, dd.buyer_id))`;

const chatFilesCursor = cursorKind("dispute-files.newest", cursorValue.time, cursorValue.id);

/** A page of the photos and files sent in the chat between a deal's two dealers, newest first. */
export async function filesOfChat(
  db: Database,
  dealId: string,
  query: DisputePageQuery,
): Promise<Page<DisputeFile>> {
  const cursor = chatFilesCursor.decode(query.cursor);
  const after = cursor ? sql` and (ca.created_at, ca.file_id) < (${cursor[0]}, ${cursor[1]})` : sql``;
  const rows = await chatFileRows(
    db,
    sql`ca.chat_id = ${chatOfDeal(dealId)}${after}`,
    sql`order by ca.created_at desc, ca.file_id desc limit ${query.limit + 1}`,
  );
  return pageOf(rows, query.limit, toFile, (last) => chatFilesCursor.encode(last.sentAt, last.fileId));
}

/** The files of the disputes a subquery picks (`select x.id from deal_disputes x …`), as one statement. */
export const filesOfDisputesStatement = (db: Database, disputeIds: SQL) =>
  chatFileRows(
    db,
    sql`ca.file_id in (
      select f.value from deal_disputes y join json_each(y.file_ids) f where y.id in (${disputeIds})
      union all
      select f.value from deal_disputes y join json_each(coalesce(y.answer_file_ids, '[]')) f
      where y.id in (${disputeIds}))`,
  );

/** Those files' rows by file id. */
export const fileMapOf = (rows: FileRow[]) => new Map(rows.map((row) => [row.fileId, toFile(row)]));

/** The files of the disputes a subquery picks, by file id. */
export async function filesOfDisputesIn(db: Database, disputeIds: SQL): Promise<Map<string, DisputeFile>> {
  return fileMapOf(await filesOfDisputesStatement(db, disputeIds));
}

const party = (id: string, name: string | null, dealership: string | null) =>
  name === null ? null : { id, name, dealershipName: dealership ?? "" };

const filesFor = (ids: string[], files: Map<string, DisputeFile>) =>
  ids.flatMap((id) => {
    const file = files.get(id);
    return file ? [file] : [];
  });

/** The dispute as both dealers see it. */
export function toDispute(row: DisputeRow, files: Map<string, DisputeFile>): Dispute {
  return {
    id: row.id,
    dealId: row.dealId,
    status: row.status,
    reason: row.reason,
    description: row.description,
    attachments: filesFor(JSON.parse(row.fileIds) as string[], files),
    buyer: party(row.buyerId, row.buyerName, row.buyerDealership),
    seller: party(row.sellerId, row.sellerName, row.sellerDealership),
    answer: row.answer,
    answerAttachments: filesFor(row.answerFileIds ? (JSON.parse(row.answerFileIds) as string[]) : [], files),
    answeredAt: toIsoOrNull(row.answeredAt),
    prevails: row.prevails,
    decisionNotes: row.decisionNotes,
    decidedAt: toIsoOrNull(row.decidedAt),
    createdAt: toIso(row.createdAt),
  };
}

/** The dispute as the admin console shows it: with the deal's vehicle and who decided. */
export const toAdminDispute = (row: DisputeRow, files: Map<string, DisputeFile>): AdminDispute => ({
  ...toDispute(row, files),
  vehicle: vehicleName(row),
  vin: row.vin,
  priceCents: row.priceCents,
  completedAt: toIsoOrNull(row.completedAt),
  decidedBy: row.decidedByEmail,
});

/** Every file id a dispute refers to (the buyer's and the seller's). */
export const fileIdsOf = (row: Pick<DisputeRow, "fileIds" | "answerFileIds">) => [
  ...(JSON.parse(row.fileIds) as string[]),
  ...(row.answerFileIds ? (JSON.parse(row.answerFileIds) as string[]) : []),
];
