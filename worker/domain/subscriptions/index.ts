import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { toIso, toIsoOrNull, type Invoice, type MySubscription, type SubscriptionPlan } from "#lib/api-types";
import { MONEY_BACK_DAYS, type PaymentInfo, type PlanId } from "#lib/subscriptions";
import { formatCents } from "#lib/subscription-constants";
import type { Database } from "../../db/client";
import { invoices, refunds, subscriptions } from "../../db/schema";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { DomainError, conflict, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import type { Notifier } from "../notifications/notify";
import { LIMITS, type RateLimitService } from "../rate-limits";
import { chargeDemoCard, demoProcessor } from "./demo-processor";
import { entitlementFor, requireActivePlan, requirePremium, type Holder } from "./entitlement";
import { planCatalogue, type PlanRow } from "./plans";
import type { CardOnFile, PaymentProcessor } from "./processor";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const MONEY_BACK_MS = MONEY_BACK_DAYS * DAY_MS;

/** One calendar month later (Jan 31 → Feb 28), as Stripe bills monthly. */
export function addMonth(at: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

const toPlan = (plan: PlanRow): SubscriptionPlan => ({
  id: plan.id,
  name: plan.name,
  price: plan.priceCents / 100,
  priceCents: plan.priceCents,
  features: plan.features,
  popular: plan.popular,
  premium: plan.premium,
});

const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  planId: row.planId,
  description: row.description,
  amountCents: row.amountCents,
  refundedCents: row.refundedCents,
  status: row.status,
  periodStart: toIsoOrNull(row.periodStart),
  periodEnd: toIsoOrNull(row.periodEnd),
  paidAt: toIsoOrNull(row.paidAt),
  createdAt: toIso(row.createdAt),
  refundableUntil:
    row.status === "paid" && row.paidAt !== null && row.amountCents > 0
      ? toIso(row.paidAt + MONEY_BACK_MS)
      : null,
});

/** GET /api/invoices, newest first: the last row's (created_at, id). */
const invoicesCursor = cursorKind("invoices.newest", cursorValue.time, cursorValue.id);

/** A paid plan in force: active (or trialing) and inside the period paid for. */
const isInForce = (row: SubscriptionRow | undefined, now: number): boolean =>
  Boolean(
    row &&
    (row.status === "active" || row.status === "trialing") &&
    (row.currentPeriodEnd === null || now < row.currentPeriodEnd),
  );

/** `externalId` is the provider's invoice id: a second record of the same invoice only updates it. */
type PaymentRecord = Omit<
  InvoiceRow,
  "id" | "refundedCents" | "createdAt" | "subscriptionId" | "externalId"
> & {
  subscriptionId: string;
  externalId: string;
};

type SubscriptionDeps = {
  processor: PaymentProcessor;
  notify: Pick<Notifier, "deliver">;
  /** Stripe's publishable key for the browser; null with the demo processor. */
  publishableKey: string | null;
  rateLimits: Pick<RateLimitService, "spend">;
};

/**
 * Plans, subscriptions, invoices and refunds: the only code that touches those tables. Both processors end
 * in the same writes (recordPayment, the row updates below), so everything after a payment is one path.
 */
export function subscriptionService(db: Database, deps: SubscriptionDeps) {
  const catalogue = planCatalogue(db);
  const { processor } = deps;
  const processorFor = (name: "demo" | "stripe") => (name === processor.name ? processor : demoProcessor());

  const rowOf = (dealerId: string) =>
    db.select().from(subscriptions).where(eq(subscriptions.dealerId, dealerId)).get();
  const rowByExternalId = (externalId: string) =>
    db.select().from(subscriptions).where(eq(subscriptions.externalId, externalId)).get();

  async function answerFor(accountId: string, dealerId: string | null, now: number): Promise<MySubscription> {
    // The entitlement, the subscription and the plans that name it, side by side (one D1 wait).
    const [entitlement, row, everyPlan] = await Promise.all([
      entitlementFor(db, { accountId }, now),
      dealerId ? rowOf(dealerId) : undefined,
      catalogue.all(),
    ]);
    const planOf = (id: string) => {
      const plan = everyPlan.find((p) => p.id === id);
      if (!plan) throw notFound("No such plan");
      return plan;
    };
    let subscription: MySubscription["subscription"] = null;
    if (row) {
      const plan = planOf(row.planId);
      const next = row.nextPlanId ? planOf(row.nextPlanId) : null;
      subscription = {
        status: row.status,
        currentPeriodEnd: toIsoOrNull(row.currentPeriodEnd),
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        plan: { id: plan.id, name: plan.name, priceCents: plan.priceCents },
        nextPlan: next ? { id: next.id, name: next.name, priceCents: next.priceCents } : null,
        paymentMethod: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
        processor: row.processor,
      };
    }
    return {
      hasSubscription: isInForce(row, now),
      subscription,
      trialEndsAt: toIso(entitlement.trialEndsAt),
      onTrial: entitlement.onTrial,
      active: entitlement.active,
      premium: entitlement.premium,
    };
  }

  /** The receipt (bell + e-mail through the outbox); repeating it for the same invoice sends nothing new. */
  async function sendReceipt(invoice: InvoiceRow) {
    const plan = await catalogue.get(invoice.planId);
    const refunded = invoice.status === "refunded";
    await deps.notify.deliver({
      key: `${refunded ? "refund" : "receipt"}:${invoice.id}`,
      dealerId: invoice.dealerId,
      type: "billing",
      title: refunded ? "Refund issued" : "Payment received",
      body: refunded
        ? `We refunded ${formatCents(invoice.refundedCents)} for ${invoice.description}. It reaches your card in 5–10 business days.`
        : `Thank you! We received ${formatCents(invoice.amountCents)} for ${invoice.description}.`,
      link: "/plan-management",
      action: "See your plan",
      details: [
        { label: "Plan", value: plan.name },
        { label: "Amount", value: formatCents(refunded ? invoice.refundedCents : invoice.amountCents) },
        ...(invoice.periodEnd
          ? [{ label: "Paid through", value: toIso(invoice.periodEnd).slice(0, 10) }]
          : []),
      ],
    });
  }

  /** Stores an invoice once (by the provider's id) and sends its receipt the first time it is paid. */
  async function recordPayment(record: PaymentRecord): Promise<InvoiceRow> {
    const before = await db.select().from(invoices).where(eq(invoices.externalId, record.externalId)).get();
    // Paid or refunded is final: a late 'open' or 'failed' event never undoes it.
    const final = before && (before.status === "paid" || before.status === "refunded");
    const [invoice] = await db
      .insert(invoices)
      .values({ id: newId(), ...record })
      .onConflictDoUpdate({
        target: invoices.externalId,
        set: final
          ? { paymentRef: sql`coalesce(${invoices.paymentRef}, ${record.paymentRef})` }
          : {
              status: record.status,
              amountCents: record.amountCents,
              paidAt: record.paidAt,
              paymentRef: record.paymentRef,
              periodStart: record.periodStart,
              periodEnd: record.periodEnd,
            },
      })
      .returning();
    if (!invoice) throw new Error("invoice not stored");
    if (invoice.status === "paid" && before?.status !== "paid") await sendReceipt(invoice);
    return invoice;
  }

  /** A charge of the demo processor: paid at once, under fresh invoice and charge ids unless given. */
  const recordDemoPayment = (
    payment: Omit<PaymentRecord, "processor" | "status" | "externalId" | "paymentRef"> &
      Partial<PaymentRecord>,
  ) =>
    recordPayment({
      externalId: `demo_in_${newId()}`,
      paymentRef: `demo_ch_${newId()}`,
      ...payment,
      processor: "demo",
      status: "paid",
    });

  async function requireDealerRow(dealerId: string, now: number): Promise<SubscriptionRow> {
    const row = await rowOf(dealerId);
    if (!row || !isInForce(row, now)) throw notFound("You have no active subscription");
    return row;
  }

  async function update(id: string, patch: Partial<typeof subscriptions.$inferInsert>, now: number) {
    await db
      .update(subscriptions)
      .set({ ...patch, updatedAt: now })
      .where(eq(subscriptions.id, id));
  }

  type Dealer = { id: string; name: string; email: string };
  type Actor = { accountId: string; dealer: Dealer };

  const alreadySubscribed = (plan: PlanRow) =>
    conflict(`You already have the ${plan.name}. Change or cancel it on Plan Management.`);

  return {
    catalogue,
    processorName: processor.name,
    /** What the browser needs to pay with Stripe's Payment Element; null with the demo processor's card form. */
    checkout:
      processor.name === "stripe" && deps.publishableKey ? { publishableKey: deps.publishableKey } : null,
    /** THE guard of posting, sending messages and deals: 402 `{message, subscribeUrl}` for a lapsed dealer. */
    requireActivePlan: (holder: Holder, now = Date.now()) => requireActivePlan(db, holder, now),
    /** The AI features and advanced statistics: 402 unless Premium (or the trial). */
    requirePremium: (holder: Holder, now = Date.now()) => requirePremium(db, holder, now),
    entitlement: (holder: Holder, now = Date.now()) => entitlementFor(db, holder, now),

    async plans(): Promise<SubscriptionPlan[]> {
      return (await catalogue.list()).map(toPlan);
    },

    mine: (accountId: string, dealerId: string | null, now = Date.now()) =>
      answerFor(accountId, dealerId, now),

    /**
     * POST /api/get-or-create-subscription: a subscription waiting for its first payment and the secret to
     * pay it with. Asking again before paying answers the same one; a double click is one provider call.
     */
    async getOrCreate(actor: Actor, planId: PlanId, now = Date.now()) {
      await deps.rateLimits.spend([LIMITS.paymentsPerDealer, actor.dealer.id]);
      const plan = await catalogue.get(planId);
      const existing = await rowOf(actor.dealer.id);
      if (existing && isInForce(existing, now)) throw alreadySubscribed(await catalogue.get(existing.planId));
      const answer = (clientSecret: string) => ({
        clientSecret,
        processor: processor.name,
        publishableKey: deps.publishableKey,
      });
      if (
        existing?.status === "incomplete" &&
        existing.planId === planId &&
        existing.processor === processor.name &&
        existing.externalId
      ) {
        const secret = await processor.pendingSecret(existing.externalId);
        if (secret) return answer(secret);
      }
      const started = await processor.start({
        dealerId: actor.dealer.id,
        email: actor.dealer.email,
        name: actor.dealer.name,
        customerId: existing?.processor === processor.name ? existing.customerId : null,
        plan,
        idempotencyKey: `subscription:${actor.dealer.id}:${planId}:${existing?.updatedAt ?? existing?.createdAt ?? 0}`,
      });
      const pending = {
        planId,
        nextPlanId: null,
        status: "incomplete" as const,
        processor: processor.name,
        externalId: started.externalId,
        customerId: started.customerId,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        lastEventAt: null,
        updatedAt: now,
      };
      await db
        .insert(subscriptions)
        .values({ id: newId(), dealerId: actor.dealer.id, ...pending })
        .onConflictDoUpdate({ target: subscriptions.dealerId, set: pending });
      return answer(started.clientSecret);
    },

    /**
     * POST /api/auth/complete-subscription: the demo processor's card form (onboarding and the purchase page).
     * A declined card is a 402 with the provider's message; nothing of the card is kept but brand and last 4.
     */
    async payWithCard(actor: Actor, planId: PlanId, info: PaymentInfo, now = Date.now()) {
      if (processor.name !== "demo")
        throw conflict("Card payments on this server go through Stripe's secure form on the Subscribe page.");
      await deps.rateLimits.spend([LIMITS.paymentsPerDealer, actor.dealer.id]);
      const plan = await catalogue.get(planId);
      const existing = await rowOf(actor.dealer.id);
      if (existing && isInForce(existing, now)) throw alreadySubscribed(await catalogue.get(existing.planId));
      const charge = chargeDemoCard(info, now);
      if (!charge.ok) throw new DomainError(402, charge.message);
      const periodEnd = addMonth(now);
      const externalId =
        existing?.status === "incomplete" && existing.processor === "demo" && existing.externalId
          ? existing.externalId
          : `demo_sub_${newId()}`;
      const active = {
        planId,
        nextPlanId: null,
        status: "active" as const,
        processor: "demo" as const,
        externalId,
        customerId: null,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: false,
        cardBrand: charge.card.brand,
        cardLast4: charge.card.last4,
        lastEventAt: now,
        updatedAt: now,
      };
      const [row] = await db
        .insert(subscriptions)
        .values({ id: newId(), dealerId: actor.dealer.id, ...active })
        .onConflictDoUpdate({ target: subscriptions.dealerId, set: active })
        .returning();
      await recordDemoPayment({
        dealerId: actor.dealer.id,
        subscriptionId: row!.id,
        planId,
        paymentRef: charge.paymentRef,
        description: `${plan.name}, monthly`,
        amountCents: plan.priceCents,
        periodStart: now,
        periodEnd,
        paidAt: now,
      });
      return answerFor(actor.accountId, actor.dealer.id, now);
    },

    /** POST /api/cancel-subscription: ends at the period's end (Stripe's cancel_at_period_end). */
    async cancel(actor: Actor, now = Date.now()) {
      const row = await requireDealerRow(actor.dealer.id, now);
      if (row.externalId) await processorFor(row.processor).setCancelAtPeriodEnd(row.externalId, true);
      await update(row.id, { cancelAtPeriodEnd: true, nextPlanId: null }, now);
      return answerFor(actor.accountId, actor.dealer.id, now);
    },

    /** POST /api/resume-subscription: undoes a cancel before the period ends. */
    async resume(actor: Actor, now = Date.now()) {
      const row = await requireDealerRow(actor.dealer.id, now);
      if (!row.cancelAtPeriodEnd) throw conflict("Your subscription is not set to end");
      if (row.externalId) await processorFor(row.processor).setCancelAtPeriodEnd(row.externalId, false);
      await update(row.id, { cancelAtPeriodEnd: false }, now);
      return answerFor(actor.accountId, actor.dealer.id, now);
    },

    /**
     * POST /api/change-subscription: a dearer plan starts now, billed for the rest of the period (prorated);
     * a cheaper one starts at the period end. Choosing the current plan again undoes a pending downgrade.
     */
    async change(actor: Actor, planId: PlanId, now = Date.now()) {
      await deps.rateLimits.spend([LIMITS.paymentsPerDealer, actor.dealer.id]);
      const row = await requireDealerRow(actor.dealer.id, now);
      const current = await catalogue.get(row.planId);
      const target = await catalogue.get(planId);
      const pay = processorFor(row.processor);
      if (target.id === current.id) {
        if (!row.nextPlanId) throw conflict(`You already have the ${current.name}`);
        if (row.externalId) await pay.changePlan(row.externalId, current, "period-end");
        await update(row.id, { nextPlanId: null }, now);
      } else if (target.priceCents > current.priceCents) {
        if (row.externalId) await pay.changePlan(row.externalId, target, "now");
        await update(row.id, { planId: target.id, nextPlanId: null, cancelAtPeriodEnd: false }, now);
        // Stripe bills the proration itself (its invoice arrives by webhook); the demo records its own.
        if (row.processor === "demo" && row.currentPeriodStart !== null && row.currentPeriodEnd !== null) {
          const left = (row.currentPeriodEnd - now) / (row.currentPeriodEnd - row.currentPeriodStart);
          await recordDemoPayment({
            dealerId: actor.dealer.id,
            subscriptionId: row.id,
            planId: target.id,
            description: `Upgrade to ${target.name} (prorated)`,
            amountCents: Math.max(0, Math.round((target.priceCents - current.priceCents) * left)),
            periodStart: now,
            periodEnd: row.currentPeriodEnd,
            paidAt: now,
          });
        }
      } else {
        if (row.externalId) await pay.changePlan(row.externalId, target, "period-end");
        await update(row.id, { nextPlanId: target.id, cancelAtPeriodEnd: false }, now);
      }
      return answerFor(actor.accountId, actor.dealer.id, now);
    },

    /** GET /api/invoices: the dealer's invoices, newest first. */
    async invoices(dealerId: string, query: { cursor?: string; limit: number }): Promise<Page<Invoice>> {
      const cursor = invoicesCursor.decode(query.cursor);
      const rows = await db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.dealerId, dealerId),
            cursor ? sql`(${invoices.createdAt}, ${invoices.id}) < (${cursor[0]}, ${cursor[1]})` : undefined,
          ),
        )
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(query.limit + 1)
        .all();
      return pageOf(rows, query.limit, toInvoice, (last) => invoicesCursor.encode(last.createdAt, last.id));
    },

    /**
     * The 30-day money-back guarantee (the admin screen comes with the admin issue): refunds a paid invoice in
     * full within 30 days of its payment and ends the subscription it paid for at once.
     */
    async refund(invoiceId: string, input: { adminAccountId: string; reason: string }, now = Date.now()) {
      const invoice = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).get();
      if (!invoice) throw notFound("No such invoice");
      if (invoice.status === "refunded") throw conflict("This payment has already been refunded");
      if (invoice.status !== "paid" || invoice.paidAt === null || invoice.amountCents === 0)
        throw conflict("Only a paid invoice can be refunded");
      if (now - invoice.paidAt > MONEY_BACK_MS)
        throw conflict(`Refunds are possible within ${MONEY_BACK_DAYS} days of a payment`);
      const pay = processorFor(invoice.processor);
      const refundRef = await pay.refund({
        invoiceExternalId: invoice.externalId,
        paymentRef: invoice.paymentRef,
        idempotencyKey: `refund:${invoice.id}`,
      });
      const subscription = invoice.subscriptionId
        ? await db.select().from(subscriptions).where(eq(subscriptions.id, invoice.subscriptionId)).get()
        : undefined;
      if (subscription?.externalId && subscription.status !== "canceled")
        await processorFor(subscription.processor).cancelNow(subscription.externalId);
      const statements: BatchItem<"sqlite">[] = [
        db.insert(refunds).values({
          id: newId(),
          invoiceId: invoice.id,
          dealerId: invoice.dealerId,
          amountCents: invoice.amountCents,
          externalId: refundRef,
          reason: input.reason,
          refundedBy: input.adminAccountId,
          createdAt: now,
        }),
        db
          .update(invoices)
          .set({ status: "refunded", refundedCents: invoice.amountCents })
          .where(eq(invoices.id, invoice.id)),
      ];
      if (subscription && subscription.status !== "canceled")
        statements.push(
          db
            .update(subscriptions)
            .set({ status: "canceled", currentPeriodEnd: now, cancelAtPeriodEnd: false, updatedAt: now })
            .where(eq(subscriptions.id, subscription.id)),
        );
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      const refunded = await db.select().from(invoices).where(eq(invoices.id, invoice.id)).get();
      await sendReceipt(refunded!);
      return toInvoice(refunded!);
    },

    /**
     * The daily cron for the demo processor (Stripe renews on its own and tells us by webhook): a period that
     * has ended renews with the card on file, or ends when it was canceled; a pending downgrade starts.
     */
    async renewDemoSubscriptions(now = Date.now()): Promise<number> {
      const due = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.processor, "demo"),
            eq(subscriptions.status, "active"),
            lte(subscriptions.currentPeriodEnd, now),
          ),
        )
        .limit(200)
        .all();
      for (const row of due) {
        const start = row.currentPeriodEnd ?? now;
        if (row.cancelAtPeriodEnd) {
          await update(row.id, { status: "canceled", cancelAtPeriodEnd: false }, now);
          continue;
        }
        const plan = await catalogue.get(row.nextPlanId ?? row.planId);
        const end = addMonth(start);
        await update(
          row.id,
          {
            planId: plan.id,
            nextPlanId: null,
            currentPeriodStart: start,
            currentPeriodEnd: end,
            lastEventAt: now,
          },
          now,
        );
        await recordDemoPayment({
          dealerId: row.dealerId,
          subscriptionId: row.id,
          planId: plan.id,
          externalId: `demo_in_${row.id}_${start}`,
          description: `${plan.name}, monthly`,
          amountCents: plan.priceCents,
          periodStart: start,
          periodEnd: end,
          paidAt: now,
        });
      }
      return due.length;
    },

    // Used by the Stripe webhooks (./webhooks.ts): the same writes as the demo path.
    rowByExternalId,
    rowOf,
    recordPayment,
    update,
    setCard: (id: string, card: CardOnFile, now: number) =>
      update(id, { cardBrand: card.brand, cardLast4: card.last4 }, now),
  };
}

export type SubscriptionService = ReturnType<typeof subscriptionService>;
