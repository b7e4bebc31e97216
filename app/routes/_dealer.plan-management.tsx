import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { Check, Home } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { BILLING_TERMS, PLANS } from "~/lib/marketing";

export const meta: MetaFunction = () => [{ title: "Plan Management · DealerLane" }];

/**
 * Core spec §2/§9 Plan Management: a static page with a HOME button. Prices follow the business document
 * (DESIGN.md: it wins on pricing). Nothing here is billed yet, so no plan is marked current and the billing
 * history says so rather than showing made-up invoices.
 */
export default function PlanManagement() {
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-5 px-3 sm:px-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Plan Management</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">{BILLING_TERMS}</p>
        </div>
        <Link to="/" className={buttonClass("secondary")}>
          <Home size={16} aria-hidden="true" /> HOME
        </Link>
      </div>

      <div className="rounded-xl border border-brand-500/40 bg-brand-600/10 p-4">
        <h2 className="font-semibold">Your plan: Free trial</h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Every DealerLane feature is open to you during the trial. Choose a plan when you are ready; no card
          is needed until then.
        </p>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        {PLANS.map((plan) => (
          <article
            key={plan.id}
            className={`flex flex-col gap-3 rounded-xl border bg-white p-4 dark:bg-slate-900 ${
              plan.highlighted ? "border-brand-500 shadow-md" : "border-slate-200 dark:border-slate-800"
            }`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold">{plan.name}</h2>
              {plan.highlighted ? (
                <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                  Most Popular
                </span>
              ) : null}
            </div>
            <p>
              <span className="text-3xl font-bold">{plan.price}</span>{" "}
              <span className="text-sm text-slate-600 dark:text-slate-400">{plan.period}</span>
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{plan.tagline}</p>
            <ul className="flex flex-col gap-1 text-sm">
              {plan.features.map((f) => (
                <li key={f} className="flex items-start gap-2">
                  <Check size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-emerald-600" /> {f}
                </li>
              ))}
            </ul>
            <Link
              to={plan.id === "enterprise" ? "/contact" : `/subscribe?plan=${plan.id}`}
              className={`${buttonClass(plan.highlighted ? "primary" : "secondary")} mt-auto`}
            >
              {plan.id === "enterprise" ? "Contact Sales" : `Choose ${plan.name}`}
            </Link>
          </article>
        ))}
      </div>

      <section className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="font-semibold">Billing history</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          No payments yet. Invoices appear here once a paid plan starts.
        </p>
      </section>
    </section>
  );
}
