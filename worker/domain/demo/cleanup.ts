import { and, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { PHOTO_PATH_PATTERN } from "#lib/schemas/inventory-constants";
import { storedKeyOf } from "#lib/stored-paths";
import { inChunks, listOf, valuesTable } from "../../db/bound-parameters";
import type { Database } from "../../db/client";
import { accounts, chatParticipants, chats, dealers, postViews } from "../../db/schema";
import type { ChatHistory } from "../../realtime/chat-history";
import type { NotificationCentre } from "../notifications/centre";
import type { OutboxService } from "../outbox";
import type { StatsBook } from "../stats";

/** A chat's room by the chat's id: a deleted chat's messages go with it. */
export type ChatRooms = (chatId: string) => Pick<ChatHistory, "clearHistory">;

/**
 * What a demo account leaves outside the main database: photos, chat rooms, the outbox's messages, the bells,
 * the views and figures of My Stats.
 */
export type DemoStores = {
  photos: R2Bucket;
  rooms: ChatRooms;
  outbox: Pick<OutboxService, "dealersGone">;
  bell: Pick<NotificationCentre, "forgetDealers">;
  stats: Pick<StatsBook, "forgetDealers">;
};

/** Accounts removed per round (one batch of deletes, each statement binding a round's ids once). */
const ACCOUNTS_PER_ROUND = 20;

/**
 * Removes throwaway demo accounts whose `demo_expires_at` has passed, with everything they wrote: their
 * dealership and the dealers it added to the directory, posts (vehicles, comments and views on them), their
 * comments and views elsewhere, chats with their messages and files, connections, sessions, settings — and the
 * photos in R2 that nothing left in the database shows; their messages in the outbox keep no dealer, their
 * bells go from the bell's database and their views and figures from My Stats'. D1's foreign keys cascade the
 * rows under a dealer and an account; chats (no foreign key to a dealer) and views are removed explicitly, and
 * each chat's room forgets its messages. Answers how many went.
 */
export async function removeDemoAccounts(db: Database, stores: DemoStores, now: number): Promise<number> {
  const { photos } = stores;
  let removed = 0;
  for (;;) {
    const expired = await db.all<{ accountId: string; dealerId: string | null }>(sql`
      select a.id as accountId, d.id as dealerId
      from accounts a left join dealers d on d.account_id = a.id
      where a.demo_expires_at is not null and a.demo_expires_at < ${now}
      limit ${ACCOUNTS_PER_ROUND}`);
    if (expired.length === 0) return removed;
    const accountIds = expired.map((e) => e.accountId);
    const dealerIds = expired.flatMap((e) => (e.dealerId ? [e.dealerId] : []));
    const photoPaths = dealerIds.length ? await photosOf(db, dealerIds) : [];
    // Their chats' photos and files go with the chats: nothing else can show them.
    const chatFiles = dealerIds.length
      ? await db.all<{ fileId: string }>(sql`
          select file_id as fileId from chat_attachments
          where chat_id in (select chat_id from chat_participants where dealer_id in (${listOf(dealerIds)}))`)
      : [];

    const roomIds = dealerIds.length
      ? (
          await db.all<{ id: string }>(
            sql`select distinct chat_id as id from chat_participants where dealer_id in (${listOf(dealerIds)})`,
          )
        ).map((r) => r.id)
      : [];
    // Their dealers and the directory dealers they added go: the outbox and the bell forget them first (a round
    // that fails after it is run again whole by the next day's cron).
    const added = dealerIds.length
      ? await db.all<{ id: string }>(
          sql`select id from dealers where account_id is null and added_by_dealer_id in (${listOf(dealerIds)})`,
        )
      : [];
    const gone = [...dealerIds, ...added.map((d) => d.id)];
    await stores.outbox.dealersGone(gone);
    await stores.bell.forgetDealers(gone);
    // A demo dealer sees the demo network only: their views are on its posts, whose counts fall back.
    const demoPosts = dealerIds.length
      ? await db.all<{ id: string }>(sql`
          select p.id as id from dealers d indexed by dealers_demo_idx
          join inventory_posts p on p.dealer_id = d.id where d.is_demo = 1`)
      : [];
    await stores.stats.forgetDealers(
      gone,
      demoPosts.map((p) => p.id),
    );
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
    const keys = photoPaths.filter((p) => !stillShown.has(p)).map(storedKeyOf);
    if (keys.length) await photos.delete(keys);
    if (chatFiles.length) await photos.delete(chatFiles.map((f) => `chat-files/${f.fileId}`));
    await Promise.all(roomIds.map((id) => stores.rooms(id).clearHistory()));
    removed += expired.length;
  }
}

/** Our stored photo addresses on the dealers' profiles, the dealers they added, their posts and comments. */
async function photosOf(db: Database, dealerIds: string[]): Promise<string[]> {
  const paths = new Set<string>();
  const ofThem = sql`in (select value from gone)`;
  for (const chunk of inChunks(dealerIds)) {
    const rows = await db.all<{ path: string | null }>(sql`
      with ${valuesTable("gone", chunk)}
      select avatar as path from dealers where id ${ofThem} or added_by_dealer_id ${ofThem}
      union select dealership_photo from dealers where id ${ofThem} or added_by_dealer_id ${ofThem}
      union select j.value from inventory_posts p, json_each(p.photo_urls) j where p.dealer_id ${ofThem}
      union select attachment_url from comments where dealer_id ${ofThem}`);
    for (const r of rows) if (r.path && PHOTO_PATH_PATTERN.test(r.path)) paths.add(r.path);
  }
  return [...paths];
}

/** Of these photo addresses, those another dealer's profile, post or comment still shows. */
async function photosStillShown(db: Database, paths: string[]): Promise<Set<string>> {
  const shown = new Set<string>();
  const candidate = sql`in (select value from candidates)`;
  for (const chunk of inChunks(paths)) {
    const rows = await db.all<{ path: string }>(sql`
      with ${valuesTable("candidates", chunk)}
      select avatar as path from dealers where avatar ${candidate}
      union select dealership_photo from dealers where dealership_photo ${candidate}
      union select attachment_url from comments where attachment_url ${candidate}
      union select j.value from inventory_posts p, json_each(p.photo_urls) j
        where p.photo_urls <> '[]' and j.value ${candidate}`);
    for (const row of rows) shown.add(row.path);
  }
  return shown;
}
