import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import type { SubscriptionPlan } from "~/lib/api-types";
import { TRIAL_LABEL, formatCents, paymentInfoOf, paymentInfoSchema } from "~/lib/subscriptions";
import { toast } from "~/lib/toast";
import { CardFields } from "./card-fields";
import { PlanOptions } from "./plan-options";
import { StripeCheckout } from "./stripe-checkout";

/**
 * Onboarding step 2 of 3: the plan cards; picking one reveals the inline payment form. 'Start free trial'
 * needs no card. Without JavaScript the form shows at once and posts the same way.
 */
export function ChoosePlan({
  plans,
  checkout,
  testCards,
}: {
  plans: SubscriptionPlan[];
  /** Stripe configured: its Payment Element takes the card instead of our form. */
  checkout: { publishableKey: string } | null;
  /** The demo processor takes the payment (it accepts only test cards). */
  testCards: boolean;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const busy = useNavigation().state === "submitting";
  const plan = plans.find((p) => p.id === selected);

  function checkCard(event: FormEvent<HTMLFormElement>) {
    const info = paymentInfoSchema.safeParse(paymentInfoOf(new FormData(event.currentTarget)));
    if (!info.success) {
      event.preventDefault();
      toast({
        title: "Missing Information",
        description: info.error.issues[0]?.message,
        variant: "destructive",
      });
    }
  }

  return (
    <>
      <h1 className="mt-1 text-2xl font-bold">Choose your plan</h1>
      <p className="mt-1 text-sm text-muted">
        Billed monthly, cancel anytime, no contracts. Or start your {TRIAL_LABEL} now: no credit card
        required.
      </p>
      {checkout ? (
        <div className="mt-6">
          <StripeCheckout plans={plans} initialPlan={null} publishableKey={checkout.publishableKey} />
        </div>
      ) : (
        <Form method="post" className="mt-6 flex flex-col gap-6" onSubmit={checkCard}>
          <PlanOptions plans={plans} selected={selected} onSelect={setSelected} />
          {plan || !scripted ? (
            <section
              aria-label="Payment"
              className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <h2 className="mb-4 font-semibold">
                {plan ? `Pay for the ${plan.name}: ${formatCents(plan.priceCents)}/month` : "Payment"}
              </h2>
              <CardFields variant="onboarding" testCards={testCards} />
              <Button
                type="submit"
                name="intent"
                value="pay"
                disabled={busy || (scripted && !plan)}
                className="mt-5 w-full sm:w-auto"
              >
                {busy
                  ? "Processing…"
                  : plan
                    ? `Pay ${formatCents(plan.priceCents)} and subscribe`
                    : "Pay and subscribe"}
              </Button>
            </section>
          ) : null}
        </Form>
      )}
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="trial" variant="secondary" disabled={busy}>
          Start free trial
        </Button>
        <Link to="/onboarding" className={buttonClass("ghost")}>
          ← Back
        </Link>
      </Form>
    </>
  );
}
