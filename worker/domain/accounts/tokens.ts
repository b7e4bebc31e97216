import { and, eq, isNull, type SQL } from "drizzle-orm";
import { SIGN_IN_LINK_MINUTES } from "#lib/constants";
import type { Database } from "../../db/client";
import { accountTokens } from "../../db/schema";
import { DomainError, badRequest } from "../shared/errors";
import { randomToken, sha256Hex } from "../shared/ids";

type TokenPurpose = "password-reset" | "email-verification" | "sign-in";

/** Reset links work for 30 minutes; confirmation links for a week. */
export const TOKEN_MINUTES: Record<TokenPurpose, number> = {
  "password-reset": 30,
  "email-verification": 7 * 24 * 60,
  "sign-in": SIGN_IN_LINK_MINUTES,
};

const INVALID_LINK: Record<TokenPurpose, string> = {
  "password-reset": "This reset link is not valid. Ask for a new one.",
  "email-verification": "This confirmation link is not valid. Send yourself a new one.",
  "sign-in": "This sign-in link is not valid. Ask for a new one.",
};

const SPENT_LINK: Record<TokenPurpose, string> = {
  "password-reset": "This reset link has expired or was already used. Ask for a new one.",
  "email-verification": "This confirmation link has expired or was already used. Send yourself a new one.",
  "sign-in": "This sign-in link has expired or was already used. Ask for a new one.",
};

/**
 * The single-use links sent by e-mail. Only the token's SHA-256 is stored, so a leaked table opens nothing;
 * a used or expired token is kept a day so its link can say so (410) rather than "not valid" (400).
 */
export function accountTokenService(db: Database) {
  /** Marks used the unused tokens of `purpose` that `which` picks. */
  const spendUnused = (which: SQL, purpose: TokenPurpose, now: number) =>
    db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(which, eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));

  return {
    /** A new token for the account; earlier unused ones of the same purpose stop working. */
    async issue(accountId: string, purpose: TokenPurpose, now = Date.now()): Promise<string> {
      const token = randomToken();
      await db.batch([
        spendUnused(eq(accountTokens.accountId, accountId), purpose, now),
        db.insert(accountTokens).values({
          tokenHash: await sha256Hex(token),
          accountId,
          purpose,
          expiresAt: now + TOKEN_MINUTES[purpose] * 60_000,
          createdAt: now,
        }),
      ]);
      return token;
    },

    /**
     * Spends a token: answers its account, or throws 400 (forged) or 410 (used or expired). The update is
     * conditional, so two requests racing with one token cannot both spend it.
     */
    async spend(token: string, purpose: TokenPurpose, now = Date.now()): Promise<string> {
      const tokenHash = await sha256Hex(token);
      const [spent] = await spendUnused(eq(accountTokens.tokenHash, tokenHash), purpose, now).returning({
        accountId: accountTokens.accountId,
        expiresAt: accountTokens.expiresAt,
      });
      if (spent && spent.expiresAt > now) return spent.accountId;
      const known = spent
        ? true
        : (await db
            .select({ hash: accountTokens.tokenHash })
            .from(accountTokens)
            .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
            .get()) !== undefined;
      if (known) throw new DomainError(410, SPENT_LINK[purpose]);
      throw badRequest(INVALID_LINK[purpose]);
    },
  };
}
