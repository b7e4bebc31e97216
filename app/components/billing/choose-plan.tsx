import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import type { SubscriptionPlan } from "#lib/api-types";
import { TRIAL_LABEL } from "#lib/subscription-constants";
import { PlanChoices } from "./plan-options";

/**
 * Onboarding step 2 of 3: the plan cards, each choosing its plan for the purchase screen (step 3), or the free
 * trial, which needs no card and ends the onboarding here.
 */
export function ChoosePlan({ plans }: { plans: SubscriptionPlan[] }) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="text-2xl font-bold">Choose your plan</h1>
      <p className="mt-1 text-sm text-muted">Billed monthly, cancel anytime, no contracts.</p>
      <div className="mt-6">
        <PlanChoices plans={plans} />
      </div>
      <section
        aria-labelledby="trial-heading"
        className="mt-6 flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 p-4 sm:flex-row sm:items-center dark:border-slate-700"
      >
        <div className="flex-1">
          <h2 id="trial-heading" className="font-semibold">
            Not ready to choose?
          </h2>
          <p className="text-sm text-muted">
            Start your {TRIAL_LABEL} now: every feature, no credit card required.
          </p>
        </div>
        <Form method="post">
          <Button type="submit" name="intent" value="trial" variant="secondary" disabled={busy}>
            Start free trial
          </Button>
        </Form>
      </section>
      <Link to="/onboarding" className={buttonClass("ghost", "mt-4 px-3")}>
        ← Back
      </Link>
    </>
  );
}
