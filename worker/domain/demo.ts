import { desc, isNotNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { summarizeVehicles } from "../../app/lib/ai-summary";
import { createRandom, makeDemoDealer, makeDemoPost } from "./demo-inventory";
import type { Database } from "../db/client";
import {
  accounts,
  chatParticipants,
  chats,
  connections,
  dealers,
  inventoryPosts,
  messages,
  vehicles,
} from "../db/schema";
import { newId } from "./ids";

const DEMO_POST_KINDS = ["single", "multiple", "request"] as const;
const DEMO_CONNECTIONS = 5;

/**
 * POST /api/auth/create-dummy: a fresh demo dealership with a complete profile, a few posts and
 * connections to active dealers, written in one batch. The account has no password: it lives as long
 * as its session.
 */
export function demoService(db: Database) {
  return {
    async createDemoDealer(): Promise<{ accountId: string; dealerId: string }> {
      const seed = crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;
      const random = createRandom(seed);
      const profile = makeDemoDealer(random, seed % 10_000);
      const accountId = newId();
      const dealerId = newId();
      const tag = seed.toString(36);
      const email = `demo-${tag}@demo.dealerlane.app`;
      const now = Date.now();

      const partners = await db
        .select({ id: dealers.id, name: dealers.name })
        .from(dealers)
        .where(isNotNull(dealers.accountId))
        .orderBy(desc(dealers.lastActiveAt))
        .limit(DEMO_CONNECTIONS);

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
        db.insert(accounts).values({ id: accountId, email, passwordHash: null, role: "dealer" }),
        db.insert(dealers).values({ ...profile, id: dealerId, accountId, email, lastActiveAt: now }),
        ...posts.map((p) => db.insert(inventoryPosts).values(p.row)),
        ...posts.filter((p) => p.vehicles.length).map((p) => db.insert(vehicles).values(p.vehicles)),
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
          db.insert(messages).values({
            id: newId(),
            chatId,
            clientId: newId(),
            senderId: welcomer.id,
            receiverId: dealerId,
            content: `Welcome to DealerLane, ${profile.firstName}! Saw your inventory go up — send me anything you want moved this week.`,
            createdAt: now,
          }),
        );
      }
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      return { accountId, dealerId };
    },
  };
}
