import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { linkClass } from "~/components/ui/button";
import { Link, useLoaderData } from "@remix-run/react";
import { PageIntro, PublicLayout } from "~/components/public/public-layout";
import { PlanCard } from "~/components/public/plan-card";
import { BILLING_TERMS, marketingPlans } from "~/components/public/copy/marketing";
import { TRIAL_LABEL } from "#lib/subscription-constants";
import { pageMeta } from "#lib/seo";
import { publicPage, publicPageHeaders } from "~/utils/public-cache.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) =>
  publicPage(context, request, { plans: await context.services.subscriptions.plans() });
export const headers = publicPageHeaders;
export const meta = pageMeta({
  title: "Pricing",
  description:
    "Basic $99 per month, Premium $149 per month, Enterprise custom. Billed monthly, cancel anytime, no contracts.",
  path: "/pricing",
});

const FAQ = [
  {
    q: "Is there a contract?",
    a: "No. Every plan is billed monthly and you can cancel anytime from your subscription page. There are no cancellation fees.",
  },
  {
    q: "What is the difference between Basic and Premium?",
    a: "Premium is everything in Basic plus $50 of premium features: AI features, advanced analytics, priority support and custom integrations.",
  },
  {
    q: "Can I try DealerLane first?",
    a: `Yes. Start your ${TRIAL_LABEL} without a credit card, or look around with a demo account from the Login page. Paid plans also come with a 30-day money-back guarantee.`,
  },
  {
    q: "How do I pay?",
    a: "By card, through our payment provider. DealerLane never sees or stores your full card number or security code.",
  },
  {
    q: "We are a dealer group. What does Enterprise include?",
    a: "Enterprise is priced for your group: several rooftops under one agreement, API access and a dedicated account manager. Contact sales and we will put together a quote.",
  },
];

/** /pricing: the plans on sale, from D1. */
export default function Pricing() {
  const { plans } = useLoaderData<typeof loader>();
  return (
    <PublicLayout>
      <PageIntro eyebrow="Pricing" title="Simple, transparent pricing">
        <p>
          {BILLING_TERMS} Start with a {TRIAL_LABEL}, no credit card required.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="grid gap-8 lg:grid-cols-3">
          {marketingPlans(plans).map((plan) => (
            <PlanCard key={plan.id} plan={plan} headingLevel={2} />
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-muted">
          Prices in US dollars, before applicable taxes. 30-day money-back guarantee on every paid plan.
        </p>
        <section aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl">
          <h2 id="faq-title" className="text-2xl font-bold sm:text-3xl">
            Questions dealers ask
          </h2>
          <dl className="mt-6 divide-y divide-slate-200 dark:divide-slate-800">
            {FAQ.map((item) => (
              <div key={item.q} className="py-5">
                <dt className="font-semibold">{item.q}</dt>
                <dd className="mt-2 text-muted">{item.a}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-8 text-muted">
            Something else?{" "}
            <Link to="/help" className={linkClass}>
              Visit the Help Center
            </Link>{" "}
            or{" "}
            <Link to="/contact" className={linkClass}>
              contact us
            </Link>
            .
          </p>
        </section>
      </div>
    </PublicLayout>
  );
}
