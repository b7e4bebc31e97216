import type { accountService } from "../domain/accounts";
import type { demoService } from "../domain/demo";
import { DEMO_OFF_MESSAGE } from "../../app/lib/demo-mode";
import { DomainError, forbidden } from "../domain/errors";
import { LIMITS, type Limit, type RateLimitService } from "../domain/rate-limits";
import type { sessionService } from "../domain/sessions";
import { clearSessionCookie, sessionCookie } from "./cookies";
import type { deviceCookies } from "./device-cookies";

type Deps = {
  accounts: ReturnType<typeof accountService>;
  sessions: ReturnType<typeof sessionService>;
  rateLimits: RateLimitService;
  demo: ReturnType<typeof demoService>;
  devices: ReturnType<typeof deviceCookies>;
  /** DEMO_MODE: off, no demo account is made or signed into (README "Configuration"). */
  demoMode: boolean;
};

/**
 * Where the request came from: enough to rate-limit, rotate the old session, recognise the browser
 * (its device cookie, in the Cookie header) and write the cookies.
 */
export type RequestOrigin = { ip: string; url: string; previousToken?: string; cookieHeader?: string | null };

/**
 * Sign-up, sign-in, demo and sign-out as one flow each, shared by the JSON API and the /login page:
 * limits first, then the account, then a fresh session (the old one is rotated out).
 */
export function authFlows({ accounts, sessions, rateLimits, demo, devices, demoMode }: Deps) {
  async function startSession(accountId: string, from: RequestOrigin) {
    await sessions.end(from.previousToken);
    const token = await sessions.start(accountId);
    return sessionCookie(token, from.url);
  }

  /**
   * The limits a sign-in attempt is held to (docs/decisions/0008-sign-in-throttling.md): a browser holding a
   * device cookie for this account answers only for its own failures; any other browser for its address's
   * and for the account's, so guesses from many addresses make unknown browsers wait but never the owner's.
   */
  async function signInLimits(email: string, from: RequestOrigin): Promise<Array<[Limit, string]>> {
    const device = await devices.recognise(from.cookieHeader, email);
    if (device && (await rateLimits.isUnder([LIMITS.signInPerDevice, device])))
      return [[LIMITS.signInPerDevice, device]];
    return [
      [LIMITS.signInPerIp, from.ip],
      [LIMITS.signInPerIpAccount, `${from.ip}|${email}`],
      [LIMITS.signInPerAccount, email],
    ];
  }

  return {
    async signUp(email: string, password: string, from: RequestOrigin) {
      await rateLimits.spend([LIMITS.signUpPerIp, from.ip], [LIMITS.signUpPerEmail, email]);
      const account = await accounts.signUp(email, password);
      const cookies = [
        await startSession(account.id, from),
        await devices.issue(from.cookieHeader, email, from.url),
      ];
      return { account, cookies };
    },

    /**
     * Only failed sign-ins count against the limits: guessing is slowed, while a shared account (the demo's
     * quick login) can be signed into by any number of visitors. A throttled attempt is refused before the
     * password is looked at, so its answer is the same whether the password was right or wrong.
     */
    async signIn(email: string, password: string, from: RequestOrigin) {
      const limits = await signInLimits(email, from);
      await rateLimits.assertUnder(...limits);
      try {
        const account = await accounts.signIn(email, password);
        // The demo network's passwords are public (README): with the demo off, nobody signs into it.
        if (!demoMode && (await demo.isDemoAccount(account.id))) throw forbidden(DEMO_OFF_MESSAGE);
        const cookies = [
          await startSession(account.id, from),
          await devices.issue(from.cookieHeader, email, from.url),
        ];
        return { account, cookies };
      } catch (error) {
        if (error instanceof DomainError && error.status === 401)
          await rateLimits.spend(...limits).catch(() => undefined);
        throw error;
      }
    },

    async createDemoDealer(from: RequestOrigin) {
      if (!demoMode) throw forbidden(DEMO_OFF_MESSAGE);
      await rateLimits.spend([LIMITS.demoPerIp, from.ip]);
      const { accountId } = await demo.createDemoDealer();
      return { accountId, cookie: await startSession(accountId, from) };
    },

    /**
     * The quick-login button: the seeded demo account, without its (public) password, so visitors get in even
     * while someone fails sign-ins to it. Limited per address like creating a demo account.
     */
    async quickLogin(from: RequestOrigin) {
      if (!demoMode) throw forbidden(DEMO_OFF_MESSAGE);
      await rateLimits.spend([LIMITS.quickLoginPerIp, from.ip]);
      return { cookie: await startSession(await demo.quickLoginAccount(), from) };
    },

    async signOut(from: RequestOrigin) {
      await sessions.end(from.previousToken);
      return { cookie: clearSessionCookie(from.url) };
    },
  };
}
