import type { SecurityEventType } from "#lib/api-types";
import { TOKEN_MINUTES, type accountTokenService } from "../domain/accounts/tokens";
import type { accountDataService } from "../domain/accounts/data";
import type { accountService } from "../domain/accounts";
import type { demoService } from "../domain/demo";
import { DEMO_OFF_MESSAGE } from "#lib/demo-mode";
import { DomainError, forbidden } from "../domain/shared/errors";
import { LIMITS, type Limit, type RateLimitService } from "../domain/rate-limits";
import { newId, sha256Hex } from "../domain/shared/ids";
import type { OutboxService } from "../domain/outbox";
import type { securityEventService } from "../domain/accounts/security-events";
import type { ClientInfo, SessionLookup, sessionService } from "../domain/accounts/sessions";
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
  tokens: ReturnType<typeof accountTokenService>;
  accountData: ReturnType<typeof accountDataService>;
  events: ReturnType<typeof securityEventService>;
  outbox: OutboxService;
  /** The site's own address, for the links in e-mails. */
  siteOrigin: string;
  /** Runs after the answer (awaited in place when the request cannot wait); failures are logged. */
  later: (label: string, task: () => Promise<unknown>) => Promise<void>;
};

/**
 * Where the request came from: enough to rate-limit, rotate the old session, recognise the browser
 * (its device cookie, in the Cookie header) and write the cookies.
 */
export type RequestOrigin = {
  ip: string;
  url: string;
  previousToken?: string;
  cookieHeader?: string | null;
} & ClientInfo;

const clientOf = (from: RequestOrigin): ClientInfo => ({ userAgent: from.userAgent, place: from.place });

/** The e-mailed ways into an account: the page each link opens, its e-mail, and the event asking records. */
const ACCOUNT_LINKS = {
  "password-reset": {
    page: "/reset-password",
    template: "password-reset",
    requested: "password-reset-requested",
  },
  "sign-in": { page: "/sign-in-link", template: "sign-in-link", requested: "sign-in-link-requested" },
} as const satisfies Record<string, { page: string; template: string; requested: SecurityEventType }>;
type AccountLink = keyof typeof ACCOUNT_LINKS;

/** A signed-in session as the account calls need it. */
type Current = Pick<SessionLookup, "tokenHash" | "startedAt"> & { accountId: string };

const WRONG_PASSWORD = "Your current password is not correct";
/** A Google-only account re-checks by signing in with Google again: within this long, deletion goes ahead. */
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Sign-up, sign-in, demo and sign-out as one flow each, shared by the JSON API and the /login page:
 * limits first, then the account, then a fresh session (the old one is rotated out).
 */
export function authFlows(deps: Deps) {
  const { accounts, sessions, rateLimits, demo, devices, demoMode, tokens, events, outbox } = deps;

  async function startSession(accountId: string, from: RequestOrigin) {
    await accounts.assertNotSuspended(accountId);
    await sessions.end(from.previousToken);
    const token = await sessions.start(accountId, clientOf(from));
    return sessionCookie(token, from.url);
  }

  const record = (accountId: string, type: SecurityEventType, from: RequestOrigin) =>
    events.record(accountId, type, clientOf(from));

  /** The confirmation e-mail of a new account (or a resend): a fresh link, earlier ones stop working. */
  async function sendConfirmation(accountId: string, email: string) {
    const token = await tokens.issue(accountId, "email-verification");
    await outbox.enqueue({
      channel: "email",
      to: email,
      template: "verify-email",
      data: { link: `${deps.siteOrigin}/verify-email?token=${token}` },
      category: "transactional",
      idempotencyKey: `verify-email:${await sha256Hex(token)}`,
    });
  }

  /**
   * "Forgot password?" and "E-mail me a sign-in link": the same answer, in the same time, whether the e-mail names
   * an account or not — one budget of such e-mails, counted by address and e-mail alike, and the lookup and the
   * e-mail happen after the answer.
   */
  async function requestAccountLink(purpose: AccountLink, email: string, from: RequestOrigin) {
    await rateLimits.spend(
      [LIMITS.accountLinkEmailsPerIp, from.ip],
      [LIMITS.accountLinkEmailsPerEmail, email],
    );
    await deps.later(`${ACCOUNT_LINKS[purpose].template} e-mail`, () =>
      sendAccountLink(purpose, email, from),
    );
  }

  /** The link's e-mail for the address if it names an account that may have one; nothing otherwise. */
  async function sendAccountLink(purpose: AccountLink, email: string, from: RequestOrigin) {
    const account = await accounts.byEmail(email);
    // The demo network's passwords are public (README) and shared: nobody resets them or signs in to them by link.
    if (!account || account.demoExpiresAt !== null || (await demo.isDemoAccount(account.id))) return;
    const { page, template, requested } = ACCOUNT_LINKS[purpose];
    const token = await tokens.issue(account.id, purpose);
    await outbox.enqueue({
      channel: "email",
      to: account.email,
      template,
      data: { link: `${deps.siteOrigin}${page}?token=${token}`, minutes: TOKEN_MINUTES[purpose] },
      category: "transactional",
      idempotencyKey: `${template}:${newId()}`,
    });
    await record(account.id, requested, from);
  }

  /**
   * This browser signed in by a link from the account's mailbox, which proves the address (it counts as confirmed
   * from now on) and makes the browser a known one for the sign-in limits.
   */
  async function signInFromMailbox(accountId: string, type: SecurityEventType, from: RequestOrigin) {
    if (await accounts.markVerified(accountId)) await outbox.release(accountId);
    const viewer = await accounts.viewer(accountId);
    const cookies = [
      await startSession(accountId, from),
      await devices.issue(from.cookieHeader, viewer.email, from.url),
    ];
    await record(accountId, type, from);
    return cookies;
  }

  /** Wrong current passwords count against the account, so a stolen session cannot guess it forever. */
  async function requirePassword(accountId: string, password: string, field = "currentPassword") {
    const limit: [Limit, string] = [LIMITS.passwordChecksPerAccount, accountId];
    await rateLimits.assertUnder(limit);
    if (await accounts.checkPassword(accountId, password)) return;
    await rateLimits.spend(limit).catch(() => undefined);
    throw new DomainError(400, WRONG_PASSWORD, { issues: [{ path: field, message: WRONG_PASSWORD }] });
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

  /** The re-check before a sensitive change: the password, or for an account without one a fresh Google sign-in. */
  async function reauthenticate(current: Current, password: string | undefined, field: string) {
    if (await accounts.hasPassword(current.accountId)) {
      if (!password)
        throw new DomainError(400, "Please enter your current password", {
          issues: [{ path: field, message: "Please enter your current password" }],
        });
      return requirePassword(current.accountId, password, field);
    }
    if (Date.now() - current.startedAt > RECENT_SIGN_IN_MS)
      throw forbidden("To confirm it's you, sign in with Google again, then try within 10 minutes.");
  }

  return {
    async signUp(email: string, password: string, from: RequestOrigin) {
      await rateLimits.spend([LIMITS.signUpPerIp, from.ip], [LIMITS.signUpPerEmail, email]);
      const account = await accounts.signUp(email, password);
      const cookies = [
        await startSession(account.id, from),
        await devices.issue(from.cookieHeader, email, from.url),
      ];
      await record(account.id, "signed-up", from);
      await deps.later("Confirmation e-mail", () => sendConfirmation(account.id, email));
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
        await record(account.id, "signed-in", from);
        return { account, cookies };
      } catch (error) {
        if (error instanceof DomainError && error.status === 401) {
          await rateLimits.spend(...limits).catch(() => undefined);
          await deps.later("Failed sign-in event", async () => {
            const account = await accounts.byEmail(email);
            if (account) await record(account.id, "sign-in-failed", from);
          });
        }
        throw error;
      }
    },

    /** "Forgot password?": a single-use link to choose a new password. */
    forgotPassword: (email: string, from: RequestOrigin): Promise<void> =>
      requestAccountLink("password-reset", email, from),

    /** A reset link spent: the new password, every session of the account ended, and this browser signed in. */
    async resetPassword(token: string, password: string, from: RequestOrigin) {
      await rateLimits.spend([LIMITS.linksPerIp, from.ip]);
      const accountId = await tokens.spend(token, "password-reset");
      await accounts.setPassword(accountId, password);
      await sessions.endOthers(accountId);
      const cookies = await signInFromMailbox(accountId, "password-reset", from);
      return { accountId, cookies };
    },

    /**
     * "E-mail me a sign-in link": the owner's way in that wrong passwords cannot block, since the sign-in limits
     * hold back passwords only and an attacker cannot open the owner's mailbox.
     */
    emailSignInLink: (email: string, from: RequestOrigin): Promise<void> =>
      requestAccountLink("sign-in", email, from),

    /** A sign-in link spent: this browser is signed in, whatever the sign-in limits say about passwords. */
    async signInWithLink(token: string, from: RequestOrigin) {
      await rateLimits.spend([LIMITS.linksPerIp, from.ip]);
      const accountId = await tokens.spend(token, "sign-in");
      const cookies = await signInFromMailbox(accountId, "signed-in-with-link", from);
      return { accountId, cookies };
    },

    /** A confirmation link spent: the address is confirmed and what waited for it is sent. */
    async verifyEmail(token: string, from: RequestOrigin): Promise<string> {
      await rateLimits.spend([LIMITS.linksPerIp, from.ip]);
      const accountId = await tokens.spend(token, "email-verification");
      if (await accounts.markVerified(accountId)) {
        await outbox.release(accountId);
        await record(accountId, "email-verified", from);
      }
      return accountId;
    },

    async resendConfirmation(accountId: string): Promise<void> {
      const viewer = await accounts.viewer(accountId);
      if (viewer.emailVerified) throw new DomainError(409, "Your e-mail address is already confirmed");
      await rateLimits.spend([LIMITS.resendVerificationPerAccount, accountId]);
      await sendConfirmation(accountId, viewer.email);
    },

    /** Change password: the current one is required; every other session ends. Answers how many ended. */
    /**
     * Change password: the current one is required; an account without one (Google only) sets its first
     * password after a Google sign-in in the last ten minutes. Every other session ends.
     */
    async changePassword(
      current: Current,
      currentPassword: string | undefined,
      password: string,
      from: RequestOrigin,
    ) {
      await reauthenticate(current, currentPassword, "currentPassword");
      await accounts.setPassword(current.accountId, password);
      const signedOutSessions = await sessions.endOthers(current.accountId, current.tokenHash);
      await record(current.accountId, "password-changed", from);
      return { signedOutSessions };
    },

    async endSession(current: Current, sessionId: string, from: RequestOrigin): Promise<void> {
      if (!(await sessions.endById(current.accountId, sessionId)))
        throw new DomainError(404, "That session has already ended");
      await record(current.accountId, "session-ended", from);
    },

    async endOtherSessions(current: Current, from: RequestOrigin) {
      const signedOutSessions = await sessions.endOthers(current.accountId, current.tokenHash);
      await record(current.accountId, "other-sessions-ended", from);
      return { signedOutSessions };
    },

    /**
     * "Delete my account": re-checked by the password, or for an account without one by a Google sign-in in
     * the last ten minutes. Answers the cookie that clears this browser's session.
     */
    async deleteAccount(current: Current, password: string | undefined, from: RequestOrigin) {
      await reauthenticate(current, password, "password");
      await deps.accountData.delete(current.accountId);
      return { cookie: clearSessionCookie(from.url) };
    },

    /** Starts a session for an account Google vouched for (worker/auth/google.ts decided which). */
    async signInWithGoogle(accountId: string, email: string, linked: boolean, from: RequestOrigin) {
      const cookies = [
        await startSession(accountId, from),
        await devices.issue(from.cookieHeader, email, from.url),
      ];
      await record(accountId, linked ? "google-linked" : "signed-in-with-google", from);
      return cookies;
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
