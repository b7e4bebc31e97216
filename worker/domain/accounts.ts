import { eq } from "drizzle-orm";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../auth/password";
import type { Database } from "../db/client";
import { accounts, dealers } from "../db/schema";
import { DomainError, conflict, isUniqueViolation } from "./errors";
import { newId } from "./ids";
import type { Viewer } from "./sessions";

export const INVALID_CREDENTIALS = "Invalid email or password";

export function accountService(db: Database) {
  return {
    async viewer(accountId: string): Promise<Viewer> {
      const row = await db
        .select({ account: accounts, dealer: dealers })
        .from(accounts)
        .leftJoin(dealers, eq(dealers.accountId, accounts.id))
        .where(eq(accounts.id, accountId))
        .get();
      if (!row) throw new DomainError(404, "Account not found");
      return {
        accountId: row.account.id,
        email: row.account.email,
        role: row.account.role,
        dealer: row.dealer,
      };
    },

    /** `email` arrives trimmed and lower-cased by the shared schema. */
    async signUp(email: string, password: string) {
      const existing = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, email))
        .get();
      if (existing) throw conflict("An account with this e-mail already exists. Please sign in instead.");
      const account = {
        id: newId(),
        email,
        passwordHash: await hashPassword(password),
        role: "dealer" as const,
      };
      try {
        await db.insert(accounts).values(account);
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict("An account with this e-mail already exists. Please sign in instead.");
        throw error;
      }
      return { id: account.id, email, role: account.role };
    },

    /** One answer for an unknown e-mail and a wrong password, in the same time. */
    async signIn(email: string, password: string) {
      const account = await db.select().from(accounts).where(eq(accounts.email, email)).get();
      const valid = account?.passwordHash
        ? await verifyPassword(password, account.passwordHash)
        : await verifyAgainstNothing(password);
      if (!account || !valid) throw new DomainError(401, INVALID_CREDENTIALS);
      return { id: account.id, email: account.email, role: account.role };
    },
  };
}
