import type { ChatHistory } from "../../realtime/chat-history";
import type { NotificationCentre } from "../notifications/centre";
import type { OutboxService } from "../outbox";
import { eq, inArray, or } from "drizzle-orm";
import { toIso } from "#lib/api-types";
import { inChunks } from "../../db/bound-parameters";
import type { Database } from "../../db/client";
import {
  accounts,
  comments,
  connections,
  dealers,
  inventoryPosts,
  chatParticipants,
  legacyNotifications,
  notificationPreferences,
  securityEvents,
  userSettings,
  vehicles,
} from "../../db/schema";
import { DomainError, forbidden } from "../shared/errors";
import type { StatsBook } from "../stats";

/** The name a deleted dealer's messages and chats show. */
const DELETED_DEALER = "Deleted dealer";

/** Epoch-millisecond `…At` fields as ISO strings, like every answer. */
function withIsoTimes<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      /At$/.test(key) && typeof value === "number" ? toIso(value) : value,
    ]),
  );
}

/** "Export my data" and "Delete my account" (/privacy). */
export function accountDataService(
  db: Database,
  stores: {
    rooms: (chatId: string) => Pick<ChatHistory, "allMessages">;
    outbox: Pick<OutboxService, "forgetAccount">;
    bell: Pick<NotificationCentre, "forgetDealers">;
    stats: Pick<StatsBook, "forgetDealers">;
  },
) {
  const { rooms } = stores;
  /** The messages a dealer sent, asked of each of their chats' rooms (each keeps its own). */
  async function messagesSentBy(dealerId: string) {
    const chats = await db
      .select({ id: chatParticipants.chatId })
      .from(chatParticipants)
      .where(eq(chatParticipants.dealerId, dealerId));
    const each = await Promise.all(chats.map((c) => rooms(c.id).allMessages()));
    return each.flat().filter((m) => m.senderId === dealerId);
  }

  return {
    /** Everything the dealer put in, as one JSON document: never a password hash or a token. */
    async export(accountId: string) {
      const account = await db.select().from(accounts).where(eq(accounts.id, accountId)).get();
      if (!account) throw new DomainError(404, "Account not found");
      const dealer = await db.select().from(dealers).where(eq(dealers.accountId, accountId)).get();
      const dealerId = dealer?.id ?? "";
      const [settings, preferences, posts, dealerComments, sent, links, events] = await Promise.all([
        db.select().from(userSettings).where(eq(userSettings.accountId, accountId)).get(),
        db.select().from(notificationPreferences).where(eq(notificationPreferences.dealerId, dealerId)).get(),
        db.select().from(inventoryPosts).where(eq(inventoryPosts.dealerId, dealerId)),
        db.select().from(comments).where(eq(comments.dealerId, dealerId)),
        messagesSentBy(dealerId),
        db
          .select({
            id: connections.id,
            requesterId: connections.requesterId,
            receiverId: connections.receiverId,
            status: connections.status,
            createdAt: connections.createdAt,
          })
          .from(connections)
          .where(or(eq(connections.requesterId, dealerId), eq(connections.receiverId, dealerId))),
        db
          .select({
            type: securityEvents.type,
            place: securityEvents.place,
            createdAt: securityEvents.createdAt,
          })
          .from(securityEvents)
          .where(eq(securityEvents.accountId, accountId)),
      ]);
      const postIds = posts.map((p) => p.id);
      const postVehicles: (typeof vehicles.$inferSelect)[] = [];
      for (const chunk of inChunks(postIds))
        postVehicles.push(...(await db.select().from(vehicles).where(inArray(vehicles.postId, chunk))));
      const partnerIds = links.map((c) => (c.requesterId === dealerId ? c.receiverId : c.requesterId));
      const partners = new Map<string, string>();
      for (const chunk of inChunks(partnerIds))
        for (const p of await db
          .select({ id: dealers.id, name: dealers.name, dealershipName: dealers.dealershipName })
          .from(dealers)
          .where(inArray(dealers.id, chunk)))
          partners.set(p.id, `${p.name}, ${p.dealershipName}`);
      return {
        exportedAt: toIso(Date.now()),
        account: {
          email: account.email,
          role: account.role,
          emailVerifiedAt: account.emailVerifiedAt === null ? null : toIso(account.emailVerifiedAt),
          googleLinked: account.googleSubject !== null,
          hasPassword: account.passwordHash !== null,
          createdAt: toIso(account.createdAt),
        },
        profile: dealer ? withIsoTimes(dealer) : null,
        settings: settings ? withIsoTimes(settings) : null,
        notificationPreferences: preferences ? withIsoTimes(preferences) : null,
        posts: posts.map((post) => ({
          ...withIsoTimes(post),
          vehicles: postVehicles.filter((v) => v.postId === post.id).map(withIsoTimes),
        })),
        comments: dealerComments.map(withIsoTimes),
        messagesSent: sent,
        connections: links.map((c) => {
          const partnerId = c.requesterId === dealerId ? c.receiverId : c.requesterId;
          return { ...withIsoTimes(c), dealer: partners.get(partnerId) ?? null };
        }),
        securityEvents: events.map(withIsoTimes),
      };
    },

    /**
     * Deletes the account: its sessions, settings and audit trail go (cascades), posts and comments are
     * removed, connections end; the dealer row stays emptied as "Deleted dealer" so the messages other
     * dealers already received keep a sender. One batch: all of it or nothing. Before it, the outbox (a
     * database of its own) drops what waited to be sent to the dealer or the address.
     */
    async delete(accountId: string, now = Date.now()): Promise<void> {
      const account = await db
        .select({ id: accounts.id, email: accounts.email })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .get();
      if (!account) throw new DomainError(404, "Account not found");
      const dealer = await db
        .select({ id: dealers.id, isDemo: dealers.isDemo })
        .from(dealers)
        .where(eq(dealers.accountId, accountId))
        .get();
      if (dealer?.isDemo) throw forbidden("Demo accounts cannot be deleted: they expire on their own.");
      const dealerId = dealer?.id ?? "";
      // The outbox first (its own database): a failure there leaves the account whole, never mail to a deleted one.
      await stores.outbox.forgetAccount(dealerId, account.email);
      // Then the bells (their own database too), before the account that reads them goes.
      await stores.bell.forgetDealers([dealerId]);
      // And the views of their posts (their own looks too) and their figures, in My Stats' database.
      const theirPosts = await db
        .select({ id: inventoryPosts.id })
        .from(inventoryPosts)
        .where(eq(inventoryPosts.dealerId, dealerId));
      await stores.stats.forgetDealers(
        [dealerId],
        theirPosts.map((p) => p.id),
      );
      await db.batch([
        db.delete(comments).where(eq(comments.dealerId, dealerId)),
        db.delete(inventoryPosts).where(eq(inventoryPosts.dealerId, dealerId)),
        db
          .delete(connections)
          .where(or(eq(connections.requesterId, dealerId), eq(connections.receiverId, dealerId))),
        db.delete(legacyNotifications).where(eq(legacyNotifications.dealerId, dealerId)),
        db.delete(notificationPreferences).where(eq(notificationPreferences.dealerId, dealerId)),
        db
          .update(dealers)
          .set({
            accountId: null,
            firstName: "Deleted",
            lastName: "dealer",
            name: DELETED_DEALER,
            dealershipName: DELETED_DEALER,
            email: "",
            phone: "",
            avatar: null,
            dealershipPhoto: null,
            address: "",
            city: "",
            state: "",
            zipCode: "",
            licenseNumber: null,
            website: null,
            description: null,
            auctionAccessNumber: null,
            dealership5MilNumber: null,
            vehiclesNeeded: null,
            vehiclesSold: null,
            lastActiveAt: null,
            activityScore: null,
            unreadNotifications: 0,
            deletedAt: now,
            updatedAt: now,
          })
          .where(eq(dealers.id, dealerId)),
        db.delete(accounts).where(eq(accounts.id, accountId)),
      ]);
    },
  };
}
