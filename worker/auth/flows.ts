import type { accountService } from "../domain/accounts";
import type { demoService } from "../domain/demo";
import { DomainError } from "../domain/errors";
import { LIMITS, type Limit, type rateLimitService } from "../domain/rate-limits";
import type { sessionService } from "../domain/sessions";
import { clearSessionCookie, sessionCookie } from "./cookies";

type Deps = {
  accounts: ReturnType<typeof accountService>;
  sessions: ReturnType<typeof sessionService>;
  rateLimits: ReturnType<typeof rateLimitService>;
  demo: ReturnType<typeof demoService>;
};

/** Where the request came from: enough to rate-limit, rotate the old session and write the cookie. */
export type RequestOrigin = { ip: string; url: string; previousToken?: string };

/**
 * Sign-up, sign-in, demo and sign-out as one flow each, shared by the JSON API and the /login page:
 * limits first, then the account, then a fresh session (the old one is rotated out).
 */
export function authFlows({ accounts, sessions, rateLimits, demo }: Deps) {
  async function startSession(accountId: string, from: RequestOrigin) {
    await sessions.end(from.previousToken);
    const token = await sessions.start(accountId);
    return sessionCookie(token, from.url);
  }

  return {
    async signUp(email: string, password: string, from: RequestOrigin) {
      await rateLimits.spend([LIMITS.signUpPerIp, from.ip], [LIMITS.signUpPerEmail, email]);
      const account = await accounts.signUp(email, password);
      return { account, cookie: await startSession(account.id, from) };
    },

    /**
     * Only failed sign-ins count against the limits: guessing is slowed per e-mail and per IP, while a
     * shared account (the demo's quick login) can be signed into by any number of visitors.
     */
    async signIn(email: string, password: string, from: RequestOrigin) {
      const limits: Array<[Limit, string]> = [
        [LIMITS.signInPerIp, from.ip],
        [LIMITS.signInPerEmail, email],
      ];
      await rateLimits.assertUnder(...limits);
      try {
        const account = await accounts.signIn(email, password);
        return { account, cookie: await startSession(account.id, from) };
      } catch (error) {
        if (error instanceof DomainError && error.status === 401)
          await rateLimits.spend(...limits).catch(() => undefined);
        throw error;
      }
    },

    async createDemoDealer(from: RequestOrigin) {
      await rateLimits.spend([LIMITS.demoPerIp, from.ip]);
      const { accountId } = await demo.createDemoDealer();
      return { accountId, cookie: await startSession(accountId, from) };
    },

    async signOut(from: RequestOrigin) {
      await sessions.end(from.previousToken);
      return { cookie: clearSessionCookie(from.url) };
    },
  };
}
