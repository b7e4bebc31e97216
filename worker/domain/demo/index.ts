import type { ChatHistory } from "../../realtime/chat-history";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { DEMO_ACCOUNT } from "#lib/constants";
import { makeDemoDealer } from "../../demo/dealers";
import { makeDemoPost } from "../../demo/posts";
import { createRandom } from "../../demo/random";
import { premiumSubscription } from "../../demo/rows";
import type { Database } from "../../db/client";
import {
  accounts,
  chatParticipants,
  chats,
  connections,
  dealers,
  inventoryPosts,
  subscriptions,
} from "../../db/schema";
import { notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import { summarizeVehicles } from "../inventory/ai-summary";
import { vehicleInserts } from "../inventory/posts";
import { addMonth } from "../subscriptions";
import { removeDemoAccounts, type DemoStores } from "./cleanup";

const DEMO_POST_KINDS = ["single", "multiple", "request"] as const;
const DEMO_CONNECTIONS = 5;
/** How long a throwaway demo account lives before the daily cron removes it with everything it wrote. */
const DEMO_ACCOUNT_DAYS = 7;

/**
 * The demo: throwaway demo dealerships (POST /api/auth/create-dummy), the quick login into the seeded demo
 * account, and the daily removal of old demo accounts, over the generators of worker/demo. All of it lives in
 * the demo network only (worker/db/network-wall.ts); DEMO_MODE turns the first two off (worker/auth/flows.ts).
 */
export function demoService(
  db: Database,
  stores: Omit<DemoStores, "rooms"> & {
    rooms: (chatId: string) => Pick<ChatHistory, "storeMessage" | "clearHistory">;
  },
) {
  const { rooms } = stores;
  /** Seeded demo dealers (never a throwaway one), most recently active first. */
  const seededNetwork = (limit: number) =>
    db
      .select({ id: dealers.id, name: dealers.name })
      .from(dealers)
      .innerJoin(accounts, eq(accounts.id, dealers.accountId))
      .where(and(eq(dealers.isDemo, true), isNull(accounts.demoExpiresAt)))
      .orderBy(desc(dealers.lastActiveAt))
      .limit(limit);

  return {
    /**
     * A fresh demo dealership with a complete profile and a few posts, connected to the most active dealers
     * of the seeded demo network and welcomed by one of them, written in one batch. The account has no
     * password and is removed DEMO_ACCOUNT_DAYS after it was made.
     */
    async createDemoDealer(): Promise<{ accountId: string; dealerId: string }> {
      const seed = crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;
      const random = createRandom(seed);
      const profile = makeDemoDealer(random, seed % 10_000);
      const accountId = newId();
      const dealerId = newId();
      const tag = seed.toString(36);
      const email = `demo-${tag}@demo.dealerlane.app`;
      const now = Date.now();

      const partners = await seededNetwork(DEMO_CONNECTIONS);

      const posts = DEMO_POST_KINDS.map((kind, i) => {
        const post = makeDemoPost(random, profile, kind);
        const id = newId();
        return {
          row: {
            id,
            dealerId,
            type: post.type,
            title: post.title,
            description: post.description,
            status: "active",
            spreadsheetUrl: post.spreadsheetUrl,
            auctionFacilitator: post.auctionFacilitator,
            aiSummary: post.vehicles.length
              ? JSON.stringify(summarizeVehicles(post.vehicles, profile))
              : null,
            createdAt: now - (i + 1) * 60 * 60 * 1000,
          },
          vehicles: post.vehicles.map((v, position) => ({ ...v, id: newId(), postId: id, position })),
        };
      });

      const chatId = newId();
      const welcomer = partners[0];
      const statements: BatchItem<"sqlite">[] = [
        db.insert(accounts).values({
          id: accountId,
          email,
          passwordHash: null,
          role: "dealer",
          demoExpiresAt: now + DEMO_ACCOUNT_DAYS * 24 * 60 * 60 * 1000,
          // A throwaway demo dealership counts as confirmed: it only ever meets the demo network.
          emailVerifiedAt: now,
        }),
        db
          .insert(dealers)
          .values({ ...profile, id: dealerId, accountId, email, lastActiveAt: now, isDemo: true }),
        db.insert(subscriptions).values(premiumSubscription(dealerId, newId(), now, addMonth(now))),
        ...posts.map((p) => db.insert(inventoryPosts).values(p.row)),
        ...posts.flatMap((p) => vehicleInserts(db, p.vehicles)),
        ...partners.map((partner) =>
          db
            .insert(connections)
            .values({ id: newId(), requesterId: dealerId, receiverId: partner.id, status: "accepted" }),
        ),
      ];
      if (welcomer) {
        statements.push(
          db
            .insert(chats)
            .values({ id: chatId, pairKey: [dealerId, welcomer.id].sort().join(":"), lastMessageAt: now }),
          db.insert(chatParticipants).values([
            { chatId, dealerId, lastReadAt: null },
            { chatId, dealerId: welcomer.id, lastReadAt: now },
          ]),
        );
      }
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      // The welcome is stored by the chat's room, as every message is.
      if (welcomer)
        await rooms(chatId).storeMessage({
          senderId: welcomer.id,
          receiverId: dealerId,
          content: `Welcome to DealerLane, ${profile.firstName}! Saw your inventory go up — send me anything you want moved this week.`,
          clientId: newId(),
          context: null,
          attachments: [],
          call: null,
          offer: null,
        });
      return { accountId, dealerId };
    },

    /** The account behind the quick-login button: the seeded demo account, a dealer of the demo network. */
    async quickLoginAccount(): Promise<string> {
      const row = await db
        .select({ id: accounts.id })
        .from(accounts)
        .innerJoin(dealers, eq(dealers.accountId, accounts.id))
        .where(and(eq(accounts.email, DEMO_ACCOUNT.email), eq(dealers.isDemo, true)))
        .get();
      if (!row) throw notFound("The demo account is not set up on this server.");
      return row.id;
    },

    /** Whether the account's dealer belongs to the demo network (seeded or throwaway). */
    async isDemoAccount(accountId: string): Promise<boolean> {
      const row = await db
        .select({ isDemo: dealers.isDemo })
        .from(dealers)
        .where(eq(dealers.accountId, accountId))
        .get();
      return row?.isDemo === true;
    },

    /** The daily cron: throwaway demo accounts past their time, with everything they wrote. */
    removeExpired(now = Date.now()): Promise<number> {
      return removeDemoAccounts(db, stores, now);
    },
  };
}
