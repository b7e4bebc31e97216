import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { linkClass } from "~/components/ui/button";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckCircle2 } from "~/components/ui/icons";
import { PurchaseForm } from "~/components/billing/purchase-form";
import { StripeCheckout } from "~/components/billing/stripe-checkout";
import { ChangePlanCards, CurrentPlanCard } from "~/components/billing/subscription-cards";
import { MONEY_BACK_DAYS, paymentSuccessToast, planIdSchema } from "#lib/subscriptions";
import { TRIAL_LABEL } from "#lib/subscription-constants";
import { useActionToast } from "~/components/ui/action-toast";
import { manageFromForm, payFromForm } from "~/utils/billing.server";
import { readForm } from "~/utils/form-body.server";
import { requireDealer } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/responses.server";
import { clearSelectedPlan } from "~/utils/selected-plan.server";

export const meta: MetaFunction = () => [{ title: "Choose Your Plan · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const url = new URL(request.url);
  const [plans, mine] = await Promise.all([
    context.services.subscriptions.plans(),
    context.services.subscriptions.mine(viewer.accountId, viewer.dealer.id),
  ]);
  const asked = planIdSchema.safeParse(url.searchParams.get("plan"));
  return {
    plans,
    mine,
    checkout: context.services.subscriptions.checkout,
    testCards: context.services.subscriptions.processorName === "demo",
    success: url.searchParams.get("success") === "true",
    initialPlan: asked.success ? asked.data : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const form = await readForm(request);
  if (form.get("intent") === "pay") {
    const paid = await payFromForm(context, viewer, form, { fallback: "Unable to process payment" });
    if (!paid.ok) return paid.answer;
    // The payment's return address carries success=true.
    return redirectWithToast("/subscribe?success=true", paymentSuccessToast(paid.planName), request, [
      clearSelectedPlan(request.url),
    ]);
  }
  return manageFromForm(context, viewer, form);
}

/** Subscription page: 'Choose Your Plan', current subscription, plan cards, payment form, benefits. */
export default function Subscribe() {
  const { plans, mine, success, initialPlan, checkout, testCards } = useLoaderData<typeof loader>();
  useActionToast(useActionData<typeof action>());
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-5 px-3 sm:px-0">
      <div>
        <h1 className="text-2xl font-bold">Choose Your Plan</h1>
        <p className="text-sm text-muted">
          Billed monthly. Cancel anytime, no contracts. New dealers start with a {TRIAL_LABEL}, no credit card
          required.
        </p>
      </div>
      {success && mine.hasSubscription ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4"
        >
          <CheckCircle2 aria-hidden="true" className="mt-0.5 shrink-0 text-emerald-600" />
          <div>
            <p className="font-semibold">You are subscribed to the {mine.subscription?.plan.name}.</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              A receipt is on its way to your e-mail.{" "}
              <Link to="/plan-management" className="font-medium underline">
                See your plan and invoices
              </Link>
            </p>
          </div>
        </div>
      ) : success && mine.subscription?.status === "incomplete" ? (
        <p role="status" className="rounded-xl border border-brand-500/40 bg-brand-600/10 p-4 text-sm">
          Thank you! Stripe is confirming your payment; your plan starts as soon as it does. Reload this page
          in a moment.
        </p>
      ) : null}
      <CurrentPlanCard mine={mine} />
      {mine.hasSubscription ? (
        <ChangePlanCards plans={plans} mine={mine} />
      ) : checkout ? (
        <StripeCheckout plans={plans} initialPlan={initialPlan} publishableKey={checkout.publishableKey} />
      ) : (
        <PurchaseForm plans={plans} initialPlan={initialPlan} testCards={testCards} />
      )}
      <section className="rounded-xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
        <h2 className="font-semibold">Why dealers subscribe</h2>
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-slate-700 dark:text-slate-300">
          <li>Post unlimited inventory and wanted requests to a verified dealer network.</li>
          <li>Chat in real time with photos and files, and close wholesale deals faster.</li>
          <li>Premium adds the AI features and advanced analytics.</li>
          <li>
            {MONEY_BACK_DAYS}-day money-back guarantee.{" "}
            <Link to="/plan-management" className={linkClass}>
              Manage your plan
            </Link>
          </li>
        </ul>
      </section>
    </section>
  );
}
