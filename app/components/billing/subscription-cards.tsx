import { Form, useNavigation } from "@remix-run/react";
import { PlanDetails, planCardClass } from "~/components/billing/plan-options";
import { Button } from "~/components/ui/button";
import type { Invoice, MySubscription, SubscriptionPlan } from "#lib/api-types";
import { formatDay } from "#lib/format";
import { CARD_BRAND_NAMES, type CardBrand } from "#lib/subscriptions";
import { formatCents } from "#lib/subscription-constants";
import { cardClass } from "~/components/ui/panel";

const STATUS_TEXT: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment failed: update your card",
  canceled: "Canceled",
  incomplete: "Waiting for payment",
};

const brandName = (brand: string) => CARD_BRAND_NAMES[brand as CardBrand] ?? brand;

/** What is true about the dealer's plan: plan, status, next billing date and amount (or end date), card on file. */
export function CurrentPlanCard({ mine }: { mine: MySubscription }) {
  const sub = mine.subscription;
  const busy = useNavigation().state === "submitting";
  if (!sub || (!mine.hasSubscription && sub.status !== "past_due")) {
    return (
      <section aria-label="Your plan" className="rounded-xl border border-brand-500/40 bg-brand-600/10 p-4">
        <h2 className="font-semibold">
          {mine.onTrial
            ? "Your plan: Free trial"
            : sub?.status === "canceled"
              ? "Your plan has ended"
              : "No plan yet"}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {mine.onTrial
            ? `Every DealerLane feature is open to you until ${formatDay(mine.trialEndsAt)}. Choose a plan when you are ready.`
            : "Choose a plan to post, message and make deals again. Reading the feed and your messages stays open."}
        </p>
      </section>
    );
  }
  const end = sub.currentPeriodEnd ? formatDay(sub.currentPeriodEnd) : null;
  const nextAmount = sub.nextPlan?.priceCents ?? sub.plan.priceCents;
  return (
    <section aria-label="Your plan" className={`${cardClass} flex flex-col gap-3`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{sub.plan.name}</h2>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold dark:bg-slate-800">
          {sub.cancelAtPeriodEnd ? "Cancels at period end" : (STATUS_TEXT[sub.status] ?? sub.status)}
        </span>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        {(
          [
            [
              sub.cancelAtPeriodEnd ? "Ends on" : "Next billing",
              end ? (sub.cancelAtPeriodEnd ? end : `${end} · ${formatCents(nextAmount)}`) : "—",
            ],
            [
              "Card on file",
              sub.paymentMethod
                ? `${brandName(sub.paymentMethod.brand)} ending in ${sub.paymentMethod.last4}`
                : "—",
            ],
            ["Price", `${formatCents(sub.plan.priceCents)}/month`],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {sub.nextPlan && end ? (
        <p className="text-sm text-muted">
          You move to the {sub.nextPlan.name} on {end}.
        </p>
      ) : null}
      {mine.hasSubscription ? (
        <Form method="post">
          {sub.cancelAtPeriodEnd ? (
            <Button type="submit" name="intent" value="resume" disabled={busy}>
              Resume subscription
            </Button>
          ) : (
            <Button type="submit" name="intent" value="cancel" variant="secondary" disabled={busy}>
              Cancel subscription
            </Button>
          )}
        </Form>
      ) : null}
    </section>
  );
}

/**
 * The plan cards while subscribed: 'Current Plan' on the current one, upgrade (now, prorated) or downgrade
 * (at the period end) on the others, instead of 'Unavailable'.
 */
export function ChangePlanCards({ plans, mine }: { plans: SubscriptionPlan[]; mine: MySubscription }) {
  const busy = useNavigation().state === "submitting";
  const current = plans.find((p) => p.id === mine.subscription?.plan.id);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {plans.map((plan) => {
        const isCurrent = plan.id === current?.id;
        const upgrade = current ? plan.priceCents > current.priceCents : true;
        const pending = mine.subscription?.nextPlan?.id === plan.id;
        return (
          <article key={plan.id} className={planCardClass(isCurrent)}>
            <PlanDetails plan={plan} Heading="h3" />
            <Form method="post" className="mt-auto">
              <input type="hidden" name="planId" value={plan.id} />
              {isCurrent && !mine.subscription?.nextPlan ? (
                <Button type="button" disabled className="w-full">
                  Current Plan
                </Button>
              ) : (
                <Button
                  type="submit"
                  name="intent"
                  value="change"
                  variant={upgrade ? "primary" : "secondary"}
                  disabled={busy || pending}
                  className="w-full"
                >
                  {isCurrent
                    ? `Keep the ${plan.name}`
                    : pending
                      ? "Starts at period end"
                      : upgrade
                        ? `Upgrade to ${plan.name}`
                        : `Downgrade to ${plan.name}`}
                </Button>
              )}
            </Form>
          </article>
        );
      })}
    </div>
  );
}

/** The billing history: the real invoices, newest first. */
export function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  if (invoices.length === 0)
    return (
      <p className="text-sm text-muted">No payments yet. Invoices appear here once a paid plan starts.</p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-slate-500 dark:text-slate-400">
          <tr>
            {["Date", "Description", "Amount", "Status"].map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-4 font-medium last:pr-0">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td className="py-2 pr-4 whitespace-nowrap">
                {formatDay(invoice.paidAt ?? invoice.createdAt)}
              </td>
              <td className="py-2 pr-4">{invoice.description}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{formatCents(invoice.amountCents)}</td>
              <td className="py-2 capitalize">{invoice.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
