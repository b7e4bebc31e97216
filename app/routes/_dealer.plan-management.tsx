import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Home } from "~/components/ui/icons";
import { ChangePlanCards, CurrentPlanCard, InvoiceTable } from "~/components/billing/subscription-cards";
import { buttonClass } from "~/components/ui/button";
import { BILLING_TERMS } from "~/components/public/copy/marketing";
import { INVOICES_PAGE_SIZE } from "#lib/subscriptions";
import { useActionToast } from "~/components/ui/action-toast";
import { manageFromForm } from "~/utils/billing.server";
import { readForm } from "~/utils/form-body.server";
import { requireDealer } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Plan Management · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const [plans, mine, invoices] = await Promise.all([
    context.services.subscriptions.plans(),
    context.services.subscriptions.mine(viewer.accountId, viewer.dealer.id),
    context.services.subscriptions.invoices(viewer.dealer.id, { limit: INVOICES_PAGE_SIZE }),
  ]);
  return { plans, mine, invoices: invoices.items };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  return manageFromForm(context, viewer, await readForm(request));
}

/** Plan Management with a HOME button; ours is real: plan, status, billing, card, invoices. */
export default function PlanManagement() {
  const { plans, mine, invoices } = useLoaderData<typeof loader>();
  useActionToast(useActionData<typeof action>());
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-5 px-3 sm:px-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Plan Management</h1>
          <p className="text-sm text-muted">{BILLING_TERMS}</p>
        </div>
        <Link to="/" className={buttonClass("secondary")}>
          <Home size={16} aria-hidden="true" /> HOME
        </Link>
      </div>
      <CurrentPlanCard mine={mine} />
      {mine.hasSubscription ? (
        <ChangePlanCards plans={plans} mine={mine} />
      ) : (
        <Link to="/subscribe" className={buttonClass("primary", "self-start")}>
          Choose a plan
        </Link>
      )}
      <section className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="mb-2 font-semibold">Billing history</h2>
        <InvoiceTable invoices={invoices} />
      </section>
    </section>
  );
}
