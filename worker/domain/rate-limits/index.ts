import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { DomainError } from "../shared/errors";

/** `what` names the counted writes in the 429 message ("posts"); without it the message is the sign-in one. */
export type Limit = { name: string; max: number; windowSeconds: number; what?: string };

const HOUR = 60 * 60;

/** A limit per hour on writes of one kind, named in its 429 message. */
const hourly = (name: string, max: number, what: string): Limit => ({ name, max, windowSeconds: HOUR, what });

/**
 * Abuse limits. Fixed windows, counted in D1 so they hold across isolates (docs/decisions/0011-rate-limits.md).
 * The per-dealer ones are keyed by dealer id: generous for a busy dealer, tight for a script.
 */
export const LIMITS = {
  /** Failed sign-ins (docs/decisions/0008-sign-in-throttling.md): one address trying many accounts… */
  signInPerIp: { name: "sign-in:ip", max: 30, windowSeconds: 15 * 60 },
  /** …one address guessing one account… */
  signInPerIpAccount: { name: "sign-in:ip-account", max: 5, windowSeconds: 15 * 60 },
  /** …one account guessed from many addresses: then browsers without its device cookie wait… */
  signInPerAccount: { name: "sign-in:email", max: 10, windowSeconds: 15 * 60 },
  /** …and a browser with a device cookie that keeps failing stops being trusted. */
  signInPerDevice: { name: "sign-in:device", max: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { name: "sign-up:ip", max: 20, windowSeconds: HOUR },
  signUpPerEmail: { name: "sign-up:email", max: 5, windowSeconds: HOUR },
  /**
   * E-mails with a way into the account (a reset link, a sign-in link), one budget for both: per address and per
   * e-mail, counted alike whether the account exists or not.
   */
  accountLinkEmailsPerIp: { name: "account-link-emails:ip", max: 10, windowSeconds: HOUR },
  accountLinkEmailsPerEmail: { name: "account-link-emails:email", max: 5, windowSeconds: HOUR },
  /** Links spent (reset, confirmation, sign-in) from one address: the tokens are unguessable, this stops a script. */
  linksPerIp: { name: "links:ip", max: 30, windowSeconds: 15 * 60 },
  resendVerificationPerAccount: hourly("resend-verification:account", 5, "confirmation e-mails"),
  /** Wrong current passwords (change password, delete account) on a signed-in session. */
  passwordChecksPerAccount: { name: "password-check:account", max: 10, windowSeconds: 15 * 60 },
  exportsPerAccount: hourly("export:account", 10, "data exports"),
  demoPerIp: { name: "demo:ip", max: 20, windowSeconds: HOUR },
  quickLoginPerIp: { name: "quick-login:ip", max: 60, windowSeconds: HOUR },
  contactPerIp: { name: "contact:ip", max: 5, windowSeconds: HOUR },
  contactPerAccount: hourly("contact:account", 5, "messages to support"),
  /** Card payments and plan changes: enough for typos, too few to test stolen cards. */
  paymentsPerDealer: hourly("payments:dealer", 20, "payment attempts"),
  postsPerDealer: hourly("posts:dealer", 30, "posts"),
  commentsPerDealer: hourly("comments:dealer", 120, "comments"),
  /** REST, page form and socket alike; a fixed window lets a dealer send a burst of the whole hour's worth. */
  messagesPerDealer: hourly("messages:dealer", 600, "messages"),
  /** Signed upload addresses and profile photos: a few full 50-photo posts an hour. */
  uploadsPerDealer: hourly("uploads:dealer", 300, "photo uploads"),
  dealersAddedPerDealer: hourly("dealers-added:dealer", 30, "new dealers"),
  /** Connect and disconnect together: the toggle cannot be flipped forever. */
  connectionsPerDealer: hourly("connections:dealer", 120, "connection changes"),
  /** The notification tests send real texts and e-mails when a provider is configured. */
  testSmsPerDealer: hourly("test-sms:dealer", 5, "test texts"),
  testEmailPerDealer: hourly("test-email:dealer", 5, "test e-mails"),
  testDealAlertPerDealer: hourly("test-deal-alert:dealer", 5, "test deal alerts"),
  notificationPreferencesPerDealer: hourly(
    "notification-preferences:dealer",
    120,
    "notification preference changes",
  ),
  postEditsPerDealer: hourly("post-edits:dealer", 120, "post edits"),
  /** Spreadsheet imports and Sync now: each reads a whole sheet and decodes its VINs. */
  importsPerDealer: hourly("imports:dealer", 30, "spreadsheet imports"),
  /** Push on and off per device, and its switches. */
  pushChangesPerDealer: hourly("push:dealer", 120, "push setting changes"),
  /** Proposals and deals recorded after the fact. */
  dealsPerDealer: hourly("deals:dealer", 60, "new deals"),
  /** Opening and answering disputes: one undecided per deal already, this stops a script walking many deals. */
  disputesPerDealer: hourly("disputes:dealer", 30, "dispute steps"),
  /** The public API, per key: 60 a minute, at most 20 of them in 10 seconds. */
  apiKeyPerMinute: { name: "api:key", max: 60, windowSeconds: 60, what: "API requests" },
  apiKeyBurst: { name: "api:key-burst", max: 20, windowSeconds: 10, what: "API requests" },
  apiKeysPerDealer: hourly("api-keys:dealer", 20, "new API keys"),
  /** New offers; each is a clock the other dealer must answer, so fewer than the answers. */
  offersPerDealer: hourly("offers:dealer", 60, "offers"),
  /** Counters, accepts, declines and withdrawals together. */
  offerAnswersPerDealer: hourly("offer-answers:dealer", 240, "offer answers"),
  passThruUpdatesPerDealer: hourly("pass-thru-updates:dealer", 240, "pass-thru step changes"),
} satisfies Record<string, Limit>;

const per = (seconds: number) =>
  seconds === HOUR
    ? "an hour"
    : seconds === 60
      ? "a minute"
      : seconds % 60 === 0
        ? `per ${seconds / 60} minutes`
        : `per ${seconds} seconds`;

/** 429 with the seconds until the window that refused this attempt closes. */
export function tooManyAttempts(limit: Limit, windowEnd: number, now: number) {
  const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd - now) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    limit.windowSeconds < 60
      ? `${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}`
      : `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  const message = limit.what
    ? `Slow down: at most ${limit.max} ${limit.what} ${per(limit.windowSeconds)}. Please try again in ${wait}.`
    : "Too many attempts. Please wait a few minutes and try again.";
  return new DomainError(429, message, { retryAfterSeconds });
}

/** One limit after a counted attempt: `count` may exceed `limit.max` (then the attempt is refused). */
type LimitState = { limit: Limit; count: number; windowEnd: number; now: number };

export type RateLimitService = ReturnType<typeof rateLimitService>;

export function rateLimitService(db: Database) {
  return {
    /** Counts one attempt against each limit and answers where each now stands; refuses nothing itself. */
    async count(...checks: Array<[limit: Limit, subject: string]>): Promise<LimitState[]> {
      const now = Date.now();
      const statements = checks.map(([limit, subject]) => {
        const windowMs = limit.windowSeconds * 1000;
        const key = `${limit.name}:${subject}`;
        // SQLite evaluates every SET expression against the old row, so both CASEs see the old window.
        return db.all<{ window_start: number; count: number }>(sql`
          insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
          on conflict(key) do update set
            count = case when window_start <= ${now - windowMs} then 1 else count + 1 end,
            window_start = case when window_start <= ${now - windowMs} then ${now} else window_start end
          returning window_start, count`);
      });
      const results = await Promise.all(statements);
      return checks.map(([limit], i) => {
        const row = results[i]?.[0] ?? { window_start: now, count: 1 };
        return { limit, count: row.count, windowEnd: row.window_start + limit.windowSeconds * 1000, now };
      });
    },

    /** Counts one attempt against each limit; throws 429 with Retry-After when any is exceeded. */
    async spend(...checks: Array<[limit: Limit, subject: string]>): Promise<void> {
      const states = await this.count(...checks);
      const over = states.find((s) => s.count > s.limit.max);
      if (over) throw tooManyAttempts(over.limit, over.windowEnd, over.now);
    },

    /** Throws 429 when any limit is already used up, without counting this attempt. */
    async assertUnder(...checks: Array<[limit: Limit, subject: string]>): Promise<void> {
      const now = Date.now();
      const rows = await Promise.all(
        checks.map(([limit, subject]) =>
          db.get<{ window_start: number; count: number }>(
            sql`select window_start, count from rate_limits where key = ${`${limit.name}:${subject}`}`,
          ),
        ),
      );
      checks.forEach(([limit], i) => {
        const row = rows[i];
        const windowEnd = row ? row.window_start + limit.windowSeconds * 1000 : 0;
        if (row && windowEnd > now && row.count >= limit.max) throw tooManyAttempts(limit, windowEnd, now);
      });
    },

    /** Whether every limit still has room, without counting anything. */
    async isUnder(...checks: Array<[limit: Limit, subject: string]>): Promise<boolean> {
      return this.assertUnder(...checks).then(
        () => true,
        (error: unknown) => {
          if (error instanceof DomainError && error.status === 429) return false;
          throw error;
        },
      );
    },
  };
}
