import { Form, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import type { SubscriptionPlan } from "#lib/api-types";
import { parseForm } from "#lib/forms";
import { purchaseFormSchema, purchaseFormToast } from "#lib/subscriptions";
import { formatCents } from "#lib/subscription-constants";
import { toast } from "#lib/toast";
import { CardFields } from "./card-fields";
import { PlanOptions } from "./plan-options";

/**
 * The purchase form (/payment, /subscribe): plan cards, then the card with its billing address. The same
 * schema checks it here and on the server; a refused card leaves every field as typed.
 */
export function PurchaseForm({
  plans,
  initialPlan,
  testCards,
}: {
  plans: SubscriptionPlan[];
  initialPlan: string | null;
  /** The demo processor takes the payment (it accepts only test cards). */
  testCards: boolean;
}) {
  const [selected, setSelected] = useState<string | null>(initialPlan);
  const busy = useNavigation().state === "submitting";
  const plan = plans.find((p) => p.id === selected);

  function checkCard(event: FormEvent<HTMLFormElement>) {
    const submission = parseForm(new FormData(event.currentTarget), purchaseFormSchema);
    if (submission.status !== "success") {
      event.preventDefault();
      toast(purchaseFormToast(submission.error));
    }
  }

  return (
    <Form method="post" className="flex flex-col gap-6" onSubmit={checkCard}>
      <input type="hidden" name="intent" value="pay" />
      <PlanOptions plans={plans} selected={selected} onSelect={setSelected} />
      <section
        aria-labelledby="payment-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="payment-title" className="mb-4 font-semibold">
          {plan ? `Payment: ${plan.name}, ${formatCents(plan.priceCents)}/month` : "Payment"}
        </h2>
        <CardFields testCards={testCards} />
        <Button type="submit" disabled={busy} className="mt-5 w-full sm:w-auto">
          {busy ? "Processing…" : plan ? `Pay ${formatCents(plan.priceCents)}` : "Pay"}
        </Button>
      </section>
    </Form>
  );
}
