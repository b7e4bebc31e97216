import type { SubscriptionPlan } from "~/lib/api-types";
import { formatCents } from "~/lib/subscriptions";

/** Business spec §2/§3: the plan cards a dealer picks from (Premium marked Most Popular), as radio buttons. */
export function PlanOptions({
  plans,
  selected,
  onSelect,
  name = "plan",
}: {
  plans: SubscriptionPlan[];
  selected: string | null;
  onSelect: (id: string) => void;
  name?: string;
}) {
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="sr-only">Choose your plan</legend>
      {plans.map((plan) => (
        <label
          key={plan.id}
          className={`relative flex cursor-pointer flex-col gap-3 rounded-xl border bg-white p-5 shadow-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:bg-slate-900 ${
            selected === plan.id
              ? "border-brand-600 ring-2 ring-brand-600 dark:border-brand-400 dark:ring-brand-400"
              : "border-slate-200 hover:border-brand-400 dark:border-slate-800"
          }`}
        >
          <input
            type="radio"
            name={name}
            value={plan.id}
            checked={selected === plan.id}
            onChange={() => onSelect(plan.id)}
            className="sr-only"
          />
          {plan.popular ? (
            <span className="absolute -top-3 left-5 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
              Most Popular
            </span>
          ) : null}
          <span className="flex items-baseline justify-between gap-2">
            <span className="text-lg font-semibold">{plan.name}</span>
            <span>
              <span className="text-2xl font-bold">{formatCents(plan.priceCents)}</span>
              <span className="text-sm text-slate-500 dark:text-slate-400">/month</span>
            </span>
          </span>
          <ul className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2 before:text-emerald-600 before:content-['✓'_/_'']">
                {feature}
              </li>
            ))}
          </ul>
          <span
            className={`mt-auto text-sm font-medium ${selected === plan.id ? "text-brand-700 dark:text-brand-300" : "text-slate-500"}`}
            aria-hidden="true"
          >
            {selected === plan.id ? "Selected" : "Choose this plan"}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
