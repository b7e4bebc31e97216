import { and, eq, gt, ne, sql } from "drizzle-orm";
import { toIso } from "#lib/api-types";
import type { ActiveSession } from "#lib/api-types";
import { SESSION_DAYS } from "#lib/constants";
import { deviceName } from "./devices";
import type { Database } from "../../db/client";
import { accounts, dealers, plans, sessions, subscriptions } from "../../db/schema";
import { entitlementOf, type Entitlement } from "../subscriptions/entitlement";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { randomToken, sha256Hex } from "../shared/ids";

const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** Slide the expiry at most once a day, so a busy dealer costs one write a day, not one per request. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;
/** "Last active" in settings is exact to a quarter of an hour: at most one write per session per 15 minutes. */
const LAST_ACTIVE_STEP_MS = 15 * 60 * 1000;

export type Viewer = {
  accountId: string;
  email: string;
  role: "dealer" | "admin";
  /** The dealer opened the confirmation link (or Google vouched for the address). */
  emailVerified: boolean;
  dealer: typeof dealers.$inferSelect | null;
};

/** The viewer of an account row read with its dealer (null while onboarding). */
export const viewerOf = <D extends Viewer["dealer"]>(row: {
  account: typeof accounts.$inferSelect;
  dealer: D;
}): Viewer & { dealer: D } => ({
  accountId: row.account.id,
  email: row.account.email,
  role: row.account.role,
  emailVerified: row.account.emailVerifiedAt !== null,
  dealer: row.dealer,
});

/** `sessionId` is the public id settings name this session by; `startedAt` is when it signed in. */
export type SessionLookup = {
  viewer: Viewer;
  tokenHash: string;
  sessionId: string;
  startedAt: number;
  refreshed: boolean;
  /** "Last active" is older than its 15-minute step: `touch` writes it. */
  lastActiveDue: boolean;
  /** What the account may do, read with the session: the plan guard of a write costs no trip of its own. */
  entitlement: Entitlement;
  /** The dealer's unread messages and notifications, when asked for with the lookup (pages: the shell's counts). */
  unread?: UnreadCounts;
};

export type UnreadCounts = { messages: number; notifications: number };

type FindOptions = {
  /**
   * Read the dealer's unread counts in the same statement: every signed-in page shows them, and a D1 trip
   * saved is saved on every page (docs/decisions/0023-signed-in-page-speed.md).
   */
  withUnreadCounts?: boolean;
};

/** A cookie token's key in the sessions table (its SHA-256), or null for a token that cannot be one. */
export async function sessionKeyOf(token: string | undefined): Promise<string | null> {
  if (!token || token.length > 100) return null;
  return sha256Hex(token);
}

/** The browser a session or a security event came from: its user agent and the platform's idea of its place. */
export type ClientInfo = { userAgent?: string | null; place?: string | null };

/** Newest activity first: the last row's (last active, id). */
const sessionCursor = cursorKind("sessions.active", cursorValue.time, cursorValue.id);

type Row = {
  id: string;
  userAgent: string | null;
  place: string | null;
  lastActiveAt: number;
  createdAt: number;
  tokenHash: string;
};

/** The session lookup; without the counts the messages column is a constant null (the bell's is the dealer's). */
const lookupStatement = (counted: boolean) => (db: Database) =>
  db
    .select({
      session: sessions,
      account: accounts,
      dealer: dealers,
      plan: { status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd },
      premium: plans.premium,
      unreadMessages: counted
        ? sql<number>`(select coalesce(sum(unread_count), 0) from chat_participants where dealer_id = ${dealers.id})`
        : sql<null>`null`,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(dealers, eq(dealers.accountId, accounts.id))
    .leftJoin(subscriptions, eq(subscriptions.dealerId, dealers.id))
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare();
const lookup = lookupStatement(false);
const lookupWithCounts = lookupStatement(true);

export function sessionService(db: Database) {
  /** Reads the session behind a token's key (no write): the viewer, the plan, and the counts when asked. */
  const lookUp = async (tokenHash: string, options: FindOptions = {}): Promise<SessionLookup | null> => {
    const now = Date.now();
    const counted = options.withUnreadCounts === true;
    const row = await (counted ? lookupWithCounts : lookup)(db).get({ tokenHash, now });
    // A suspended account's sessions were ended; one started in the same instant counts for nothing.
    if (!row || row.account.suspendedAt !== null) return null;
    const refreshed = row.session.expiresAt - now < SESSION_MS - REFRESH_AFTER_MS;
    const lastActiveDue = now - (row.session.lastActiveAt ?? 0) > LAST_ACTIVE_STEP_MS;
    const viewer = viewerOf(row);
    return {
      viewer,
      tokenHash,
      sessionId: row.session.id ?? "",
      startedAt: row.session.createdAt,
      refreshed,
      lastActiveDue,
      entitlement: entitlementOf(
        {
          createdAt: row.account.createdAt,
          role: row.account.role,
          status: row.plan?.status ?? null,
          currentPeriodEnd: row.plan?.currentPeriodEnd ?? null,
          premium: row.premium === null ? null : Number(row.premium),
        },
        now,
      ),
      ...(counted && row.dealer
        ? {
            unread: {
              messages: Number(row.unreadMessages ?? 0),
              notifications: row.dealer.unreadNotifications,
            },
          }
        : {}),
    };
  };

  /** Slides the expiry and "last active" when due, in one trip (at most once per 15 minutes per session). */
  const touch = async (found: SessionLookup, now = Date.now()): Promise<void> => {
    if (!found.refreshed && !found.lastActiveDue) return;
    const session = db
      .update(sessions)
      .set(found.refreshed ? { expiresAt: now + SESSION_MS, lastActiveAt: now } : { lastActiveAt: now })
      .where(eq(sessions.tokenHash, found.tokenHash));
    const dealer = found.viewer.dealer;
    if (found.refreshed && dealer)
      await db.batch([
        session,
        db.update(dealers).set({ lastActiveAt: now }).where(eq(dealers.id, dealer.id)),
      ]);
    else await session;
  };

  return {
    async start(accountId: string, client: ClientInfo = {}): Promise<string> {
      const token = randomToken();
      const now = Date.now();
      await db.insert(sessions).values({
        tokenHash: await sha256Hex(token),
        accountId,
        expiresAt: now + SESSION_MS,
        id: randomToken().slice(0, 22),
        userAgent: client.userAgent?.slice(0, 400) ?? null,
        place: client.place?.slice(0, 120) ?? null,
        lastActiveAt: now,
        createdAt: now,
      });
      return token;
    },

    /** The viewer behind a cookie token, or null for a missing, unknown, tampered or expired one. */
    async find(token: string | undefined, options: FindOptions = {}): Promise<SessionLookup | null> {
      const tokenHash = await sessionKeyOf(token);
      if (!tokenHash) return null;
      const found = await lookUp(tokenHash, options);
      if (found) await touch(found);
      return found;
    },

    lookUp,
    touch,

    async end(token: string | undefined): Promise<void> {
      if (!token) return;
      await db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(token)));
    },

    /** The account's sessions still valid, most recently active first; `current` marks the asking one. */
    async list(
      accountId: string,
      currentId: string,
      query: { cursor?: string; limit: number },
    ): Promise<Page<ActiveSession>> {
      const cursor = sessionCursor.decode(query.cursor);
      const after = cursor
        ? sql`and (coalesce(last_active_at, created_at), id) < (${cursor[0]}, ${cursor[1]})`
        : sql``;
      const rows = await db.all<Row>(sql`
        select id, user_agent as userAgent, place, coalesce(last_active_at, created_at) as lastActiveAt,
          created_at as createdAt, token_hash as tokenHash
        from sessions
        where account_id = ${accountId} and expires_at > ${Date.now()} ${after}
        order by coalesce(last_active_at, created_at) desc, id desc
        limit ${query.limit + 1}`);
      return pageOf(
        rows,
        query.limit,
        (row) => ({
          id: row.id,
          device: deviceName(row.userAgent),
          place: row.place,
          lastActiveAt: toIso(row.lastActiveAt),
          createdAt: toIso(row.createdAt),
          current: row.id === currentId,
        }),
        (last) => sessionCursor.encode(last.lastActiveAt, last.id),
      );
    },

    /** Ends one of the account's sessions by its public id; false when the account has none by that id. */
    async endById(accountId: string, id: string): Promise<boolean> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.accountId, accountId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    /** Ends every session of the account but the one kept (none: all of them). Answers how many ended. */
    async endOthers(accountId: string, keepTokenHash?: string): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(
          keepTokenHash
            ? and(eq(sessions.accountId, accountId), ne(sessions.tokenHash, keepTokenHash))
            : eq(sessions.accountId, accountId),
        )
        .returning({ id: sessions.id });
      return ended.length;
    },
  };
}
