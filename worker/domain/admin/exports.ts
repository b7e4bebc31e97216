import { sql } from "drizzle-orm";
import type { AdminUser } from "#lib/api-types";
import type { Database } from "../../db/client";
import { csvHeader, csvRows, type CsvColumn } from "../shared/csv";
import type { Page } from "../shared/cursors";

const BATCH = 500;

const yesNo = (value: boolean | undefined) => (value ? "yes" : "no");

const USER_COLUMNS: CsvColumn<AdminUser>[] = [
  ["Account ID", (u) => u.id],
  ["E-mail", (u) => u.email],
  ["Role", (u) => u.role],
  ["Status", (u) => u.status],
  ["E-mail confirmed", (u) => yesNo(u.emailVerified)],
  ["Demo", (u) => yesNo(u.isDemo)],
  ["Signed up", (u) => u.createdAt],
  ["Dealer ID", (u) => u.dealer?.id],
  ["Name", (u) => u.dealer?.name],
  ["Dealership", (u) => u.dealer?.dealershipName],
  ["Phone", (u) => u.dealer?.phone],
  ["City", (u) => u.dealer?.city],
  ["State", (u) => u.dealer?.state],
  ["Verified dealer", (u) => yesNo(u.dealer?.verified)],
  ["Plan", (u) => u.plan?.name],
  ["Subscription status", (u) => u.plan?.status],
  ["Paid until", (u) => u.plan?.currentPeriodEnd],
];

/** Export users: every account as CSV, page by page, so the answer streams whatever the number of dealers. */
export async function* usersCsv(
  list: (query: { cursor?: string; limit: number }) => Promise<Page<AdminUser>>,
): AsyncGenerator<string> {
  yield csvHeader(USER_COLUMNS);
  let cursor: string | undefined;
  do {
    const page = await list({ cursor, limit: 100 });
    if (page.items.length) yield csvRows(USER_COLUMNS, page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * The tables of the backup: what the admin console shows. Never the secrets — password hashes, session and
 * link tokens, app secrets, rate limits, the outbox (it holds sign-in links).
 */
const BACKUP_TABLES: Record<string, ReturnType<typeof sql>> = {
  accounts: sql`id, email, role, demo_expires_at, email_verified_at, suspended_at, suspension_reason, created_at`,
  dealers: sql`*`,
  connections: sql`*`,
  inventory_posts: sql`*`,
  vehicles: sql`*`,
  comments: sql`*`,
  chats: sql`*`,
  chat_participants: sql`*`,
  messages: sql`*`,
  deals: sql`*`,
  pass_thru_steps: sql`*`,
  deal_disputes: sql`*`,
  plans: sql`*`,
  add_ons: sql`*`,
  subscriptions: sql`*`,
  invoices: sql`*`,
  refunds: sql`*`,
  promotions: sql`*`,
  notifications: sql`*`,
  contact_messages: sql`*`,
  verification_requests: sql`*`,
  audit_log: sql`*`,
};

/**
 * Back up data: one JSON document `{exportedAt, tables: {name: [rows]}}`, written table by table in batches
 * of rows (by rowid), so it streams without holding the database in memory.
 */
export async function* backupJson(db: Database, now = Date.now()): AsyncGenerator<string> {
  yield `{"exportedAt":${JSON.stringify(new Date(now).toISOString())},"tables":{`;
  let firstTable = true;
  for (const [table, columns] of Object.entries(BACKUP_TABLES)) {
    yield `${firstTable ? "" : ","}${JSON.stringify(table)}:[`;
    firstTable = false;
    let after = 0;
    let firstRow = true;
    for (;;) {
      const rows = await db.all<Record<string, unknown> & { _rowid: number }>(
        sql`select rowid as _rowid, ${columns} from ${sql.identifier(table)} where rowid > ${after} order by rowid limit ${BATCH}`,
      );
      if (rows.length === 0) break;
      const text = rows
        .map(({ _rowid, ...row }) => {
          after = _rowid;
          return JSON.stringify(row);
        })
        .join(",");
      yield `${firstRow ? "" : ","}${text}`;
      firstRow = false;
      if (rows.length < BATCH) break;
    }
    yield "]";
  }
  yield "}}";
}

/** An async generator as a byte stream for a Response body. */
export function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
  });
}
