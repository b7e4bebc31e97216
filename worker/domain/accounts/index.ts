import { and, eq, isNull } from "drizzle-orm";
import { PASSWORD_ITERATIONS, hashPassword, verifyAgainstNothing, verifyPassword } from "./password";
import type { Database } from "../../db/client";
import { accounts, dealers } from "../../db/schema";
import { DomainError, conflict, forbidden, isUniqueViolation } from "../shared/errors";
import { SUSPENDED_MESSAGE } from "#lib/admin-texts";
import { newId } from "../shared/ids";
import { viewerOf, type Viewer } from "./sessions";

const INVALID_CREDENTIALS = "Invalid email or password";

/** `passwordIterations`: what new hashes get (`passwordIterationsOf`). */
export function accountService(db: Database, { passwordIterations = PASSWORD_ITERATIONS } = {}) {
  /** The e-mail's unique index, not the look-up before it, settles two sign-ups racing for one address. */
  async function insertAccount(account: typeof accounts.$inferInsert & { role: "dealer" }) {
    try {
      await db.insert(accounts).values(account);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict("An account with this e-mail already exists. Please sign in instead.");
      throw error;
    }
    return { id: account.id, email: account.email, role: account.role };
  }

  const passwordHashOf = async (accountId: string) =>
    (
      await db
        .select({ passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .get()
    )?.passwordHash;

  return {
    async viewer(accountId: string): Promise<Viewer> {
      const row = await db
        .select({ account: accounts, dealer: dealers })
        .from(accounts)
        .leftJoin(dealers, eq(dealers.accountId, accounts.id))
        .where(eq(accounts.id, accountId))
        .get();
      if (!row) throw new DomainError(404, "Account not found");
      return viewerOf(row);
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
        passwordHash: await hashPassword(password, passwordIterations),
        role: "dealer" as const,
      };
      return insertAccount(account);
    },

    /** One answer for an unknown e-mail and a wrong password, in the same time. */
    async signIn(email: string, password: string) {
      const account = await db.select().from(accounts).where(eq(accounts.email, email)).get();
      const valid = account?.passwordHash
        ? await verifyPassword(password, account.passwordHash)
        : await verifyAgainstNothing(password, passwordIterations);
      if (!account || !valid) throw new DomainError(401, INVALID_CREDENTIALS);
      // Only after the password is right: a suspension is no hint to someone guessing.
      if (account.suspendedAt !== null) throw forbidden(SUSPENDED_MESSAGE);
      return { id: account.id, email: account.email, role: account.role };
    },

    async byEmail(email: string) {
      return db
        .select({
          id: accounts.id,
          email: accounts.email,
          role: accounts.role,
          emailVerifiedAt: accounts.emailVerifiedAt,
          googleSubject: accounts.googleSubject,
          demoExpiresAt: accounts.demoExpiresAt,
          suspendedAt: accounts.suspendedAt,
        })
        .from(accounts)
        .where(eq(accounts.email, email))
        .get();
    },

    async byGoogleSubject(subject: string) {
      return db
        .select({ id: accounts.id, email: accounts.email, role: accounts.role })
        .from(accounts)
        .where(eq(accounts.googleSubject, subject))
        .get();
    },

    /** Refuses a suspended account before any session starts for it: Google sign-in, demo, reset. */
    async assertNotSuspended(accountId: string): Promise<void> {
      const account = await db
        .select({ suspendedAt: accounts.suspendedAt })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .get();
      if (account?.suspendedAt != null) throw forbidden(SUSPENDED_MESSAGE);
    },

    /** The account's password checked in the time a real check takes, with or without a password set. */
    async checkPassword(accountId: string, password: string): Promise<boolean> {
      const hash = await passwordHashOf(accountId);
      return hash ? verifyPassword(password, hash) : verifyAgainstNothing(password, passwordIterations);
    },

    hasPassword: async (accountId: string) => Boolean(await passwordHashOf(accountId)),

    async setPassword(accountId: string, password: string): Promise<void> {
      await db
        .update(accounts)
        .set({ passwordHash: await hashPassword(password, passwordIterations) })
        .where(eq(accounts.id, accountId));
    },

    /** True when this confirmed the address (false: it already was). */
    async markVerified(accountId: string, now = Date.now()): Promise<boolean> {
      const updated = await db
        .update(accounts)
        .set({ emailVerifiedAt: now })
        .where(and(eq(accounts.id, accountId), isNull(accounts.emailVerifiedAt)))
        .returning({ id: accounts.id });
      return updated.length > 0;
    },

    /** Links a Google identity to an account whose address Google has vouched for (so it is confirmed too). */
    async linkGoogle(accountId: string, subject: string, now = Date.now()): Promise<void> {
      const account = await db
        .select({ emailVerifiedAt: accounts.emailVerifiedAt })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .get();
      await db
        .update(accounts)
        .set({ googleSubject: subject, emailVerifiedAt: account?.emailVerifiedAt ?? now })
        .where(eq(accounts.id, accountId));
    },

    /** A new account from a Google sign-in: no password, the address confirmed by Google. */
    async createFromGoogle(email: string, subject: string, now = Date.now()) {
      const account = {
        id: newId(),
        email,
        passwordHash: null,
        role: "dealer" as const,
        googleSubject: subject,
        emailVerifiedAt: now,
      };
      return insertAccount(account);
    },
  };
}
