import { desc } from "drizzle-orm";
import { toIso } from "../../app/lib/api-types";
import type { ContactMessage } from "../../app/lib/schemas/contact";
import type { Database } from "../db/client";
import { contactMessages } from "../db/schema";
import { newId } from "./ids";
import { LIMITS, type rateLimitService } from "./rate-limits";

export type StoredContactMessage = typeof contactMessages.$inferSelect;

/** Messages from the public contact form, kept for support (the admin list reads `listRecent`). */
export function contactService(db: Database, rateLimits: ReturnType<typeof rateLimitService>) {
  return {
    /** Stores one message; at most `LIMITS.contactPerIp` an hour from one address (throws 429 beyond). */
    async send(message: ContactMessage, from: { ip: string }): Promise<{ id: string; createdAt: string }> {
      await rateLimits.spend([LIMITS.contactPerIp, from.ip]);
      const id = newId();
      const createdAt = Date.now();
      await db.insert(contactMessages).values({
        id,
        fullName: message.fullName,
        email: message.email,
        dealershipName: message.dealershipName ?? null,
        dealershipType: message.dealershipType ?? null,
        message: message.message,
        createdAt,
      });
      return { id, createdAt: toIso(createdAt) };
    },

    async listRecent(limit = 50): Promise<StoredContactMessage[]> {
      return db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt))
        .limit(Math.min(Math.max(1, limit), 200));
    },
  };
}
