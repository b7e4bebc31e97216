import { Link } from "@remix-run/react";
import { TICKED } from "~/components/ui/panel";
import { buttonClass } from "~/components/ui/button";
import type { Plan } from "~/components/public/copy/marketing";

/** One plan, as the pricing page and the landing's teaser show it. */
export function PlanCard({ plan, headingLevel = 3 }: { plan: Plan; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 dark:bg-slate-900 ${
        plan.highlighted
          ? "border-brand-600 ring-2 ring-brand-600 dark:border-brand-400 dark:ring-brand-400"
          : "border-slate-200 dark:border-slate-800"
      }`}
    >
      {plan.highlighted ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
          Most popular
        </p>
      ) : null}
      <Heading className="text-xl font-bold">{plan.name}</Heading>
      <p className="mt-1 text-sm text-slate-600 sm:min-h-[2lh] dark:text-slate-400">{plan.tagline}</p>
      <p className="mt-5 flex items-baseline gap-2">
        <span className="text-4xl font-extrabold tracking-tight">{plan.price}</span>
        <span className="text-sm text-muted">{plan.period}</span>
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className={TICKED}>
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to={plan.cta.to}
        className={buttonClass(plan.highlighted ? "primary" : "secondary", "mt-8 w-full")}
        aria-label={`${plan.cta.label}: ${plan.name} plan`}
      >
        {plan.cta.label}
      </Link>
    </article>
  );
}
