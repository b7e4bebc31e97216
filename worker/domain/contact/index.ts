import { desc } from "drizzle-orm";
import { toIso } from "#lib/api-types";
import type { ContactMessage } from "#lib/schemas/contact";
import type { Database } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { newId } from "../shared/ids";
import { LIMITS, type Limit, type RateLimitService } from "../rate-limits";

type StoredContactMessage = typeof contactMessages.$inferSelect;

/** Messages from the public contact form, kept for support (the admin list reads `listRecent`). */
export function contactService(db: Database, rateLimits: RateLimitService) {
  return {
    /**
     * Stores one message; at most `LIMITS.contactPerIp` an hour from one address and, signed in,
     * `LIMITS.contactPerAccount` from one account wherever it writes from (throws 429 beyond).
     */
    async send(
      message: ContactMessage,
      from: { ip: string; accountId?: string },
    ): Promise<{ id: string; createdAt: string }> {
      const limits: Array<[Limit, string]> = [[LIMITS.contactPerIp, from.ip]];
      if (from.accountId) limits.push([LIMITS.contactPerAccount, from.accountId]);
      await rateLimits.spend(...limits);
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
