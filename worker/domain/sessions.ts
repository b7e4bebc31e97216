import { and, eq, gt, lt } from "drizzle-orm";
import { SESSION_DAYS } from "../../app/lib/constants";
import type { Database } from "../db/client";
import { accounts, dealers, sessions } from "../db/schema";
import { randomToken, sha256Hex } from "./ids";

const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** Slide the expiry at most once a day, so a busy dealer costs one write a day, not one per request. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

export type Viewer = {
  accountId: string;
  email: string;
  role: "dealer" | "admin";
  dealer: typeof dealers.$inferSelect | null;
};

export type SessionLookup = { viewer: Viewer; tokenHash: string; refreshed: boolean };

export function sessionService(db: Database) {
  return {
    async start(accountId: string): Promise<string> {
      const token = randomToken();
      await db
        .insert(sessions)
        .values({ tokenHash: await sha256Hex(token), accountId, expiresAt: Date.now() + SESSION_MS });
      return token;
    },

    /** The viewer behind a cookie token, or null for a missing, unknown, tampered or expired one. */
    async find(token: string | undefined): Promise<SessionLookup | null> {
      if (!token || token.length > 100) return null;
      const tokenHash = await sha256Hex(token);
      const now = Date.now();
      const [row] = await db
        .select({ session: sessions, account: accounts, dealer: dealers })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .leftJoin(dealers, eq(dealers.accountId, accounts.id))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      const refreshed = row.session.expiresAt - now < SESSION_MS - REFRESH_AFTER_MS;
      if (refreshed) {
        await db
          .update(sessions)
          .set({ expiresAt: now + SESSION_MS })
          .where(eq(sessions.tokenHash, tokenHash));
        if (row.dealer)
          await db.update(dealers).set({ lastActiveAt: now }).where(eq(dealers.id, row.dealer.id));
      }
      const viewer = {
        accountId: row.account.id,
        email: row.account.email,
        role: row.account.role,
        dealer: row.dealer,
      };
      return { viewer, tokenHash, refreshed };
    },

    async end(token: string | undefined): Promise<void> {
      if (!token) return;
      await db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(token)));
    },

    async forgetExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, Date.now()));
    },
  };
}
