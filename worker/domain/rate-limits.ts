import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { DomainError } from "./errors";

export type Limit = { name: string; max: number; windowSeconds: number };

/** Abuse limits. Fixed windows, counted in D1 so they hold across isolates. */
export const LIMITS = {
  signInPerIp: { name: "sign-in:ip", max: 30, windowSeconds: 15 * 60 },
  signInPerEmail: { name: "sign-in:email", max: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { name: "sign-up:ip", max: 20, windowSeconds: 60 * 60 },
  signUpPerEmail: { name: "sign-up:email", max: 5, windowSeconds: 60 * 60 },
  demoPerIp: { name: "demo:ip", max: 20, windowSeconds: 60 * 60 },
  contactPerIp: { name: "contact:ip", max: 5, windowSeconds: 60 * 60 },
  /** The notification tests send real texts and e-mails when a provider is configured. */
  testSmsPerDealer: { name: "test-sms:dealer", max: 5, windowSeconds: 60 * 60 },
  testEmailPerDealer: { name: "test-email:dealer", max: 5, windowSeconds: 60 * 60 },
  testDealAlertPerDealer: { name: "test-deal-alert:dealer", max: 5, windowSeconds: 60 * 60 },
  notificationPreferencesPerDealer: {
    name: "notification-preferences:dealer",
    max: 120,
    windowSeconds: 60 * 60,
  },
  postEditsPerDealer: { name: "post-edits:dealer", max: 120, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** 429 with the seconds until the window that refused this attempt closes. */
function tooManyAttempts(windowEnd: number, now: number) {
  const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd - now) / 1000));
  return new DomainError(429, "Too many attempts. Please wait a few minutes and try again.", {
    retryAfterSeconds,
  });
}

export function rateLimitService(db: Database) {
  return {
    /** Counts one attempt against each limit; throws 429 with Retry-After when any is exceeded. */
    async spend(...checks: Array<[limit: Limit, subject: string]>): Promise<void> {
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
      checks.forEach(([limit], i) => {
        const row = results[i]?.[0];
        if (row && row.count > limit.max)
          throw tooManyAttempts(row.window_start + limit.windowSeconds * 1000, now);
      });
    },

    /** Throws 429 when any limit is already used up, without counting this attempt. */
    async assertUnder(...checks: Array<[limit: Limit, subject: string]>): Promise<void> {
      const now = Date.now();
      for (const [limit, subject] of checks) {
        const row = await db.get<{ window_start: number; count: number }>(
          sql`select window_start, count from rate_limits where key = ${`${limit.name}:${subject}`}`,
        );
        const windowEnd = row ? row.window_start + limit.windowSeconds * 1000 : 0;
        if (row && windowEnd > now && row.count >= limit.max) throw tooManyAttempts(windowEnd, now);
      }
    },

    async forgetStale(): Promise<void> {
      await db.run(sql`delete from rate_limits where window_start < ${Date.now() - 24 * 60 * 60 * 1000}`);
    },
  };
}
