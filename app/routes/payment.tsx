import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { OnboardingFrame } from "~/components/account/onboarding-frame";
import { PurchaseForm } from "~/components/billing/purchase-form";
import { buttonClass } from "~/components/ui/button";
import { StripeCheckout } from "~/components/billing/stripe-checkout";
import { MONEY_BACK_DAYS, paymentSuccessToast } from "#lib/subscriptions";
import { useActionToast } from "~/components/ui/action-toast";
import { payFromForm } from "~/utils/billing.server";
import { readForm } from "~/utils/form-body.server";
import { requireDealer } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/responses.server";
import { clearSelectedPlan, rememberSelectedPlan, selectedPlanOf } from "~/utils/selected-plan.server";

export const meta: MetaFunction = () => [{ title: "Payment · DealerLane" }];

/** Onboarding step 3, the purchase screen: the plan from `?plan=` or the stored selectedPlan. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const plan = selectedPlanOf(request);
  if (!plan) throw redirect("/onboarding?step=2");
  const plans = await context.services.subscriptions.plans();
  const { checkout, processorName } = context.services.subscriptions;
  return data(
    { plans, plan, checkout, email: viewer.email, testCards: processorName === "demo" },
    { headers: { "Set-Cookie": rememberSelectedPlan(plan, request.url) } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const form = await readForm(request);
  // 'Payment Failed' with the server's message, or 'Unable to process payment'.
  const paid = await payFromForm(context, viewer, form, { fallback: "Unable to process payment" });
  if (!paid.ok) return paid.answer;
  return redirectWithToast("/", paymentSuccessToast(paid.planName), request, [
    clearSelectedPlan(request.url),
  ]);
}

export default function Payment() {
  const { plans, plan, checkout, email, testCards } = useLoaderData<typeof loader>();
  useActionToast(useActionData<typeof action>());
  return (
    <OnboardingFrame step={3} email={email}>
      <div className="flex flex-col gap-5">
        <div>
          <h1 className="text-2xl font-bold">Complete your purchase</h1>
          <p className="text-sm text-muted">
            Billed monthly. Cancel anytime, no contracts. {MONEY_BACK_DAYS}-day money-back guarantee.
          </p>
        </div>
        {checkout ? (
          <StripeCheckout plans={plans} initialPlan={plan} publishableKey={checkout.publishableKey} />
        ) : (
          <PurchaseForm plans={plans} initialPlan={plan} testCards={testCards} />
        )}
        <Link to="/onboarding?step=2" className={buttonClass("ghost", "self-start px-3")}>
          ← Back
        </Link>
      </div>
    </OnboardingFrame>
  );
}
