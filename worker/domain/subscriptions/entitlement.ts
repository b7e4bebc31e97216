import { sql } from "drizzle-orm";
import { PLAN_REQUIRED_MESSAGE, PREMIUM_REQUIRED_MESSAGE, SUBSCRIBE_URL } from "#lib/subscriptions";
import { TRIAL_DAYS } from "#lib/subscription-constants";
import type { Database } from "../../db/client";
import { DomainError } from "../shared/errors";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a dealer may do today: the trial or a paid plan keeps them active; Premium adds the AI and statistics. */
export type Entitlement = {
  active: boolean;
  premium: boolean;
  /** When the no-card trial that started at sign-up ends. */
  trialEndsAt: number;
  onTrial: boolean;
};

type Row = {
  createdAt: number;
  role: "dealer" | "admin";
  status: string | null;
  currentPeriodEnd: number | null;
  premium: number | null;
};

const trialEndOf = (accountCreatedAt: number) => accountCreatedAt + TRIAL_DAYS * DAY_MS;

/**
 * A paid plan counts while it is active (or trialing) and its period has not ended. A canceled one keeps
 * counting to the end of the period it was paid for (Stripe keeps it `active` until then); past_due
 * (a renewal that failed) and incomplete (never paid) do not. The trial is the whole product, Premium included,
 * so a dealer sees what Premium adds. Admins run the business and are never locked out.
 */
export function entitlementOf(row: Row, now: number): Entitlement {
  const trialEndsAt = trialEndOf(row.createdAt);
  const onTrial = now < trialEndsAt;
  const paid =
    (row.status === "active" || row.status === "trialing") &&
    (row.currentPeriodEnd === null || now < row.currentPeriodEnd);
  const admin = row.role === "admin";
  return {
    active: admin || onTrial || paid,
    premium: admin || onTrial || (paid && Boolean(row.premium)),
    trialEndsAt,
    onTrial,
  };
}

/** Whose entitlement: a signed-in account, or a dealer (the chat room knows only the dealer). */
export type Holder = { accountId: string } | { dealerId: string };

/** One indexed lookup: the account, its dealer's subscription and that plan. */
export async function entitlementFor(db: Database, holder: Holder, now = Date.now()): Promise<Entitlement> {
  const where = "accountId" in holder ? sql`a.id = ${holder.accountId}` : sql`d.id = ${holder.dealerId}`;
  const [row] = await db.all<Row>(sql`
    select a.created_at as createdAt, a.role as role, s.status as status,
           s.current_period_end as currentPeriodEnd, p.premium as premium
    from accounts a
    left join dealers d on d.account_id = a.id
    left join subscriptions s on s.dealer_id = d.id
    left join plans p on p.id = s.plan_id
    where ${where}`);
  if (!row) return { active: false, premium: false, trialEndsAt: now, onTrial: false };
  return entitlementOf(row, now);
}

/** 402 with the way back: `{message, subscribeUrl: "/subscribe"}`. */
export const planRequired = (message = PLAN_REQUIRED_MESSAGE) =>
  new DomainError(402, message, { extra: { subscribeUrl: SUBSCRIBE_URL } });

/**
 * THE guard for what a lapsed dealer may not do (post, send messages, deals): throws the 402 unless the
 * account's trial or plan is active. Used by the Hono middleware below, the Remix actions and the chat socket.
 */
export async function requireActivePlan(db: Database, holder: Holder, now = Date.now()) {
  const entitlement = await entitlementFor(db, holder, now);
  if (!entitlement.active) throw planRequired();
  return entitlement;
}

/** The Premium features (AI, advanced statistics): 402 for a Basic or lapsed dealer. */
export async function requirePremium(db: Database, holder: Holder, now = Date.now()) {
  const entitlement = await entitlementFor(db, holder, now);
  if (!entitlement.premium) throw planRequired(entitlement.active ? PREMIUM_REQUIRED_MESSAGE : undefined);
  return entitlement;
}
