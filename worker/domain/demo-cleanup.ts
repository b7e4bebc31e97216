import { and, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { PHOTO_PATH_PATTERN } from "../../app/lib/schemas/inventory";
import type { Database } from "../db/client";
import { accounts, chatParticipants, chats, dealers, postViews } from "../db/schema";

/** Accounts handled per round: keeps every statement far below D1's 100 bound parameters. */
const CHUNK = 20;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Removes throwaway demo accounts whose `demo_expires_at` has passed, with everything they wrote: their
 * dealership and the dealers it added to the directory, posts (vehicles, comments and views on them), their
 * comments and views elsewhere, chats with their messages and files, connections, sessions, settings — and the
 * photos in R2 that nothing left in the database shows. D1's foreign keys cascade the rows under a dealer and an
 * account; chats (no foreign key to a dealer) and views are removed explicitly. Answers how many went.
 */
export async function removeDemoAccounts(db: Database, photos: R2Bucket, now: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = await db.all<{ accountId: string; dealerId: string | null }>(sql`
      select a.id as accountId, d.id as dealerId
      from accounts a left join dealers d on d.account_id = a.id
      where a.demo_expires_at is not null and a.demo_expires_at < ${now}
      limit ${CHUNK}`);
    if (expired.length === 0) return removed;
    const accountIds = expired.map((e) => e.accountId);
    const dealerIds = expired.flatMap((e) => (e.dealerId ? [e.dealerId] : []));
    const photoPaths = dealerIds.length ? await photosOf(db, dealerIds) : [];
    // Their chats' photos and files (issue 19) go with the chats: nothing else can show them.
    const chatFiles = dealerIds.length
      ? await db.all<{ fileId: string }>(sql`
          select file_id as fileId from chat_attachments
          where chat_id in (select chat_id from chat_participants where dealer_id in (${list(dealerIds)}))`)
      : [];

    const deletes: BatchItem<"sqlite">[] = [];
    if (dealerIds.length) {
      const theirChats = db
        .select({ id: chatParticipants.chatId })
        .from(chatParticipants)
        .where(inArray(chatParticipants.dealerId, dealerIds));
      deletes.push(
        db.delete(chats).where(inArray(chats.id, theirChats)),
        db.delete(postViews).where(inArray(postViews.viewerId, dealerIds)),
        db.delete(dealers).where(and(isNull(dealers.accountId), inArray(dealers.addedByDealerId, dealerIds))),
        db.delete(dealers).where(inArray(dealers.id, dealerIds)),
      );
    }
    await db.batch([db.delete(accounts).where(inArray(accounts.id, accountIds)), ...deletes]);

    const stillShown = photoPaths.length ? await photosStillShown(db, photoPaths) : new Set<string>();
    const keys = photoPaths.filter((p) => !stillShown.has(p)).map((p) => p.replace(/^\/objects\//, ""));
    if (keys.length) await photos.delete(keys);
    if (chatFiles.length) await photos.delete(chatFiles.map((f) => `chat-files/${f.fileId}`));
    removed += expired.length;
  }
}

/** Our stored photo addresses on the dealers' profiles, the dealers they added, their posts and comments. */
async function photosOf(db: Database, dealerIds: string[]): Promise<string[]> {
  const ids = list(dealerIds);
  const rows = await db.all<{ path: string | null }>(sql`
    select avatar as path from dealers where id in (${ids}) or added_by_dealer_id in (${ids})
    union select dealership_photo from dealers where id in (${ids}) or added_by_dealer_id in (${ids})
    union select j.value from inventory_posts p, json_each(p.photo_urls) j where p.dealer_id in (${ids})
    union select attachment_url from comments where dealer_id in (${ids})`);
  return [...new Set(rows.flatMap((r) => (r.path && PHOTO_PATH_PATTERN.test(r.path) ? [r.path] : [])))];
}

/** Of these photo addresses, those another dealer's profile, post or comment still shows. */
async function photosStillShown(db: Database, paths: string[]): Promise<Set<string>> {
  const shown = new Set<string>();
  for (let i = 0; i < paths.length; i += CHUNK) {
    const candidates = list(paths.slice(i, i + CHUNK));
    const rows = await db.all<{ path: string }>(sql`
      select avatar as path from dealers where avatar in (${candidates})
      union select dealership_photo from dealers where dealership_photo in (${candidates})
      union select attachment_url from comments where attachment_url in (${candidates})
      union select j.value from inventory_posts p, json_each(p.photo_urls) j
        where p.photo_urls <> '[]' and j.value in (${candidates})`);
    for (const row of rows) shown.add(row.path);
  }
  return shown;
}
