import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { answerOf, api, ApiError } from "#lib/api-client";
import type { SubscriptionPlan } from "#lib/api-types";
import type { PlanId } from "#lib/subscriptions";
import { formatCents } from "#lib/subscription-constants";
import { toastError } from "#lib/toast";
import { PlanOptions } from "./plan-options";

/** The slice of Stripe.js this page uses (loaded from js.stripe.com, never bundled). */
type StripeJs = {
  elements(options: { clientSecret: string; appearance?: { theme: "night" | "stripe" } }): {
    create(type: "payment"): { mount(element: HTMLElement): void; destroy(): void };
  };
  confirmPayment(options: {
    elements: ReturnType<StripeJs["elements"]>;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string } }>;
};
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

let loading: Promise<void> | null = null;
function loadStripeJs(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "https://js.stripe.com/v3";
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("Stripe.js did not load"));
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * /subscribe with Stripe configured: the card goes straight to Stripe in its Payment Element, confirmed in the
 * browser with the subscription's client secret; Stripe returns the dealer to /subscribe?success=true and its
 * webhook activates the plan. Card numbers never touch our server.
 */
export function StripeCheckout({
  plans,
  initialPlan,
  publishableKey,
}: {
  plans: SubscriptionPlan[];
  initialPlan: string | null;
  publishableKey: string;
}) {
  const [selected, setSelected] = useState<string | null>(initialPlan);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const mountRef = useRef<HTMLDivElement>(null);
  const session = useRef<{ stripe: StripeJs; elements: ReturnType<StripeJs["elements"]> } | null>(null);
  const plan = plans.find((p) => p.id === selected);

  useEffect(() => {
    setReady(false);
    session.current = null;
    if (!selected || !mountRef.current) return;
    let cancelled = false;
    let element: { destroy(): void } | null = null;
    (async () => {
      try {
        const { clientSecret } = await answerOf(
          api.POST("/api/get-or-create-subscription", { body: { planId: selected as PlanId } }),
        );
        await loadStripeJs();
        if (cancelled || !window.Stripe || !mountRef.current) return;
        const stripe = window.Stripe(publishableKey);
        const elements = stripe.elements({ clientSecret, appearance: { theme: "night" } });
        const payment = elements.create("payment");
        payment.mount(mountRef.current);
        element = payment;
        session.current = { stripe, elements };
        setReady(true);
      } catch (error) {
        const description = error instanceof ApiError ? error.serverMessage : undefined;
        toastError(description ?? "Failed to create subscription");
      }
    })();
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [selected, publishableKey]);

  async function pay() {
    if (!session.current) return;
    setBusy(true);
    const { error } = await session.current.stripe.confirmPayment({
      elements: session.current.elements,
      confirmParams: { return_url: `${window.location.origin}/subscribe?success=true` },
    });
    setBusy(false);
    // Reached only when the payment failed: success leaves the page for the return address.
    toastError(error?.message ?? "Unable to process payment", "Payment Failed");
  }

  return (
    <div className="flex flex-col gap-6">
      <PlanOptions plans={plans} selected={selected} onSelect={setSelected} />
      <section
        aria-labelledby="stripe-payment-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="stripe-payment-title" className="mb-4 font-semibold">
          {plan ? `Payment: ${plan.name}, ${formatCents(plan.priceCents)}/month` : "Choose a plan to pay"}
        </h2>
        <div ref={mountRef} />
        <Button type="button" onClick={pay} disabled={!ready || busy} className="mt-5 w-full sm:w-auto">
          {busy ? "Processing…" : plan ? `Pay ${formatCents(plan.priceCents)}` : "Pay"}
        </Button>
      </section>
    </div>
  );
}
