import { eq, sql } from "drizzle-orm";
import type { AddUserInput, AdminUsersQuery } from "#lib/admin";
import { toIso, toIsoOrNull, type AdminUser } from "#lib/api-types";
import type { Database } from "../../db/client";
import { accounts, dealers, sessions } from "../../db/schema";
import { TOKEN_MINUTES, type accountTokenService } from "../accounts/tokens";
import { containsText } from "../shared/contains-text";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { DomainError, conflict, isUniqueViolation, notFound } from "../shared/errors";
import { newId, sha256Hex } from "../shared/ids";
import type { OutboxService } from "../outbox";
import type { AdminActor, AuditTrail } from "./audit";

type Row = {
  id: string;
  email: string;
  role: "dealer" | "admin";
  suspendedAt: number | null;
  suspensionReason: string | null;
  emailVerifiedAt: number | null;
  createdAt: number;
  dealerId: string | null;
  name: string | null;
  dealershipName: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  verifiedAt: number | null;
  isDemo: number | null;
  planId: string | null;
  planName: string | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: number | null;
};

const usersCursor = cursorKind("admin-users.newest", cursorValue.time, cursorValue.id);

const toUser = (row: Row): AdminUser => ({
  id: row.id,
  email: row.email,
  role: row.role,
  status: row.suspendedAt === null ? "active" : "suspended",
  suspendedAt: toIsoOrNull(row.suspendedAt),
  suspensionReason: row.suspensionReason,
  emailVerified: row.emailVerifiedAt !== null,
  isDemo: Boolean(row.isDemo),
  createdAt: toIso(row.createdAt),
  dealer: row.dealerId
    ? {
        id: row.dealerId,
        name: row.name ?? "",
        dealershipName: row.dealershipName ?? "",
        phone: row.phone ?? "",
        city: row.city ?? "",
        state: row.state ?? "",
        verified: row.verifiedAt !== null,
      }
    : null,
  plan:
    row.planId && row.subscriptionStatus
      ? {
          id: row.planId,
          name: row.planName ?? row.planId,
          status: row.subscriptionStatus,
          currentPeriodEnd: toIsoOrNull(row.currentPeriodEnd),
        }
      : null,
});

const SELECT = sql`
  select a.id, a.email, a.role, a.suspended_at as suspendedAt, a.suspension_reason as suspensionReason,
    a.email_verified_at as emailVerifiedAt, a.created_at as createdAt, d.id as dealerId, d.name,
    d.dealership_name as dealershipName, d.phone, d.city, d.state, d.verified_at as verifiedAt, d.is_demo as isDemo,
    s.plan_id as planId, p.name as planName, s.status as subscriptionStatus, s.current_period_end as currentPeriodEnd
  from accounts a
  left join dealers d on d.account_id = a.id
  left join subscriptions s on s.dealer_id = d.id
  left join plans p on p.id = s.plan_id`;

type UserAdminDeps = {
  audit: AuditTrail;
  tokens: Pick<ReturnType<typeof accountTokenService>, "issue">;
  outbox: Pick<OutboxService, "enqueue">;
  /** "Delete my account" of the accounts issue, the same path for an admin's delete. */
  deleteAccount: (accountId: string) => Promise<void>;
  siteOrigin: string;
};

/** /admin/users: every account with its dealer, plan and subscription status, and what an admin does to one. */
export function userAdmin(db: Database, deps: UserAdminDeps) {
  const { audit } = deps;

  async function one(accountId: string): Promise<AdminUser> {
    const rows = await db.all<Row>(sql`${SELECT} where a.id = ${accountId}`);
    if (!rows[0]) throw notFound("Account not found");
    return toUser(rows[0]);
  }

  /** An admin never suspends, demotes or deletes their own account: the console must keep someone in it. */
  const notSelf = (actor: AdminActor, accountId: string, what: string) => {
    if (actor.accountId === accountId) throw conflict(`You cannot ${what} your own account`);
  };

  return {
    get: one,

    /** Newest accounts first; `q` matches the e-mail, the dealer's name or the dealership's name. */
    async list(query: AdminUsersQuery): Promise<Page<AdminUser>> {
      const cursor = usersCursor.decode(query.cursor);
      const filters = [
        query.q ? containsText([sql`a.email`, sql`d.name`, sql`d.dealership_name`], query.q) : null,
        query.role ? sql`a.role = ${query.role}` : null,
        query.status === "suspended" ? sql`a.suspended_at is not null` : null,
        query.status === "active" ? sql`a.suspended_at is null` : null,
        cursor ? sql`(a.created_at, a.id) < (${cursor[0]}, ${cursor[1]})` : null,
      ].filter((f) => f !== null);
      const where = filters.length ? sql` where ${sql.join(filters, sql` and `)}` : sql``;
      const rows = await db.all<Row>(
        sql`${SELECT}${where} order by a.created_at desc, a.id desc limit ${query.limit + 1}`,
      );
      return pageOf(rows, query.limit, toUser, (last) => usersCursor.encode(last.createdAt, last.id));
    },

    /** Suspend: every session ends at once; sign-in answers SUSPENDED_MESSAGE until reactivated. */
    async suspend(actor: AdminActor, accountId: string, reason: string | undefined, now = Date.now()) {
      notSelf(actor, accountId, "suspend");
      const before = await one(accountId);
      if (before.status === "suspended") return before;
      await db.batch([
        db
          .update(accounts)
          .set({ suspendedAt: now, suspensionReason: reason || null })
          .where(eq(accounts.id, accountId)),
        db.delete(sessions).where(eq(sessions.accountId, accountId)),
        audit.entry(actor, {
          action: "user.suspend",
          recordType: "account",
          recordId: accountId,
          before: { status: before.status },
          after: { status: "suspended", reason: reason || null },
        }),
      ]);
      return one(accountId);
    },

    async reactivate(actor: AdminActor, accountId: string) {
      const before = await one(accountId);
      if (before.status === "active") return before;
      await db.batch([
        db
          .update(accounts)
          .set({ suspendedAt: null, suspensionReason: null })
          .where(eq(accounts.id, accountId)),
        audit.entry(actor, {
          action: "user.reactivate",
          recordType: "account",
          recordId: accountId,
          before: { status: before.status, reason: before.suspensionReason },
          after: { status: "active" },
        }),
      ]);
      return one(accountId);
    },

    async setRole(actor: AdminActor, accountId: string, role: "dealer" | "admin") {
      if (role === "dealer") notSelf(actor, accountId, "remove admin from");
      const before = await one(accountId);
      if (before.role === role) return before;
      await db.batch([
        db.update(accounts).set({ role }).where(eq(accounts.id, accountId)),
        audit.entry(actor, {
          action: role === "admin" ? "user.grant-admin" : "user.remove-admin",
          recordType: "account",
          recordId: accountId,
          before: { role: before.role },
          after: { role },
        }),
      ]);
      return one(accountId);
    },

    /** The accounts issue's deletion path (posts, comments, connections go; the dealer row stays emptied). */
    async remove(actor: AdminActor, accountId: string) {
      notSelf(actor, accountId, "delete");
      const before = await one(accountId);
      await deps.deleteAccount(accountId);
      await audit.record(actor, {
        action: "user.delete",
        recordType: "account",
        recordId: accountId,
        before: { email: before.email, role: before.role, dealer: before.dealer },
        after: null,
      });
    },

    /**
     * Add a user: an account without a password and its dealer profile, then an e-mail with a link to set
     * the password (the reset link of the accounts issue: single use, valid 30 minutes; "Forgot password?"
     * sends another).
     */
    async add(actor: AdminActor, input: AddUserInput, now = Date.now()): Promise<AdminUser> {
      const accountId = newId();
      const dealerId = newId();
      const name = `${input.firstName} ${input.lastName}`;
      try {
        await db.batch([
          db
            .insert(accounts)
            .values({ id: accountId, email: input.email, passwordHash: null, createdAt: now }),
          db.insert(dealers).values({
            id: dealerId,
            accountId,
            firstName: input.firstName,
            lastName: input.lastName,
            name,
            email: input.email,
            phone: input.phone,
            dealershipName: input.dealershipName,
            state: input.state.toUpperCase(),
            createdAt: now,
            updatedAt: now,
          }),
          audit.entry(actor, {
            action: "user.create",
            recordType: "account",
            recordId: accountId,
            before: null,
            after: { email: input.email, name, dealershipName: input.dealershipName },
          }),
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("An account with this e-mail already exists");
        throw error;
      }
      const token = await deps.tokens.issue(accountId, "password-reset");
      await deps.outbox.enqueue({
        channel: "email",
        to: input.email,
        template: "password-reset",
        data: {
          link: `${deps.siteOrigin}/reset-password?token=${token}`,
          minutes: TOKEN_MINUTES["password-reset"],
        },
        category: "transactional",
        idempotencyKey: `set-password:${await sha256Hex(token)}`,
      });
      return one(accountId);
    },

    /**
     * The edit dialog: saved by `save` — PATCH /api/dealers/{id}'s own rules (worker/domain/dealers/index.ts) — with
     * the fields' values before and after in the audit log.
     */
    async editDealer<T>(
      actor: AdminActor,
      accountId: string,
      changes: Record<string, unknown>,
      save: (dealerId: string) => Promise<T>,
    ): Promise<AdminUser> {
      const user = await one(accountId);
      if (!user.dealer) throw new DomainError(409, "This account has no dealer profile yet");
      const keys = Object.keys(changes).filter((k) => changes[k] !== undefined);
      const before = (await db.select().from(dealers).where(eq(dealers.id, user.dealer.id)).get()) as
        Record<string, unknown> | undefined;
      await save(user.dealer.id);
      await audit.record(actor, {
        action: "user.update",
        recordType: "dealer",
        recordId: user.dealer.id,
        before: Object.fromEntries(keys.map((k) => [k, before?.[k] ?? null])),
        after: Object.fromEntries(keys.map((k) => [k, changes[k]])),
      });
      return one(accountId);
    },
  };
}
