import { Link } from "@remix-run/react";
import { TICKED } from "~/components/ui/panel";
import { buttonClass } from "~/components/ui/button";
import type { SubscriptionPlan } from "#lib/api-types";
import { formatCents } from "#lib/subscription-constants";

/** A plan card's frame; `highlighted` rings the one chosen, current or most popular. */
export const planCardClass = (highlighted: boolean) =>
  `relative flex flex-col gap-3 rounded-xl border bg-white p-5 shadow-sm dark:bg-slate-900 ${
    highlighted
      ? "border-brand-600 ring-2 ring-brand-600 dark:border-brand-400 dark:ring-brand-400"
      : "border-slate-200 dark:border-slate-800"
  }`;

/**
 * What a plan card says: its name, monthly price and features, with the 'Most Popular' ribbon on Premium.
 * `Heading` is the element of the name-and-price line (a heading where the cards are a page's sections).
 */
export function PlanDetails({ plan, Heading = "span" }: { plan: SubscriptionPlan; Heading?: "span" | "h3" }) {
  return (
    <>
      {plan.popular ? (
        <span className="absolute -top-3 left-5 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
          Most Popular
        </span>
      ) : null}
      <Heading className="flex items-baseline justify-between gap-2">
        <span className="text-lg font-semibold">{plan.name}</span>
        <span>
          <span className="text-2xl font-bold">{formatCents(plan.priceCents)}</span>
          <span className="text-sm text-slate-500 dark:text-slate-400">/month</span>
        </span>
      </Heading>
      <ul className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
        {plan.features.map((feature) => (
          <li key={feature} className={TICKED}>
            {feature}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The plan cards a dealer picks from on the purchase screens, as radio buttons drawn as cards. */
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
          className={`${planCardClass(selected === plan.id)} cursor-pointer transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${selected === plan.id ? "" : "hover:border-brand-400"}`}
        >
          <input
            type="radio"
            name={name}
            value={plan.id}
            checked={selected === plan.id}
            onChange={() => onSelect(plan.id)}
            className="sr-only"
          />
          <PlanDetails plan={plan} />
          {/* The radio is the control; this only looks like the button it behaves as. */}
          <span
            className={buttonClass(selected === plan.id ? "primary" : "secondary", "mt-auto w-full")}
            aria-hidden="true"
          >
            {selected === plan.id ? "Selected" : "Choose this plan"}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The onboarding's plan cards: each with a real 'Choose this plan' button to the purchase screen. */
export function PlanChoices({ plans }: { plans: SubscriptionPlan[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {plans.map((plan) => (
        <li key={plan.id} className={planCardClass(plan.popular)}>
          <PlanDetails plan={plan} />
          <Link
            to={`/payment?plan=${plan.id}`}
            className={buttonClass(plan.popular ? "primary" : "secondary", "mt-auto w-full")}
            aria-label={`Choose this plan: ${plan.name}`}
          >
            Choose this plan
          </Link>
        </li>
      ))}
    </ul>
  );
}
