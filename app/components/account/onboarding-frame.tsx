import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Check } from "~/components/ui/icons";
import { ThemeToggle } from "~/components/ui/theme-toggle";

/** The onboarding's three steps, in order: the profile, the plan, the purchase screen. */
export const ONBOARDING_STEPS = ["Dealer profile", "Choose a plan", "Payment"] as const;
export type OnboardingStep = 1 | 2 | 3;

/**
 * The frame of the onboarding steps (/onboarding, then /payment): the product's header, the steps with the one
 * shown, and the step's card. A step already done links back to itself.
 */
export function OnboardingFrame({
  step,
  email,
  children,
}: {
  step: OnboardingStep;
  email: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-100 to-slate-200 dark:from-slate-950 dark:to-slate-900">
      <header
        data-top-bar=""
        className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90"
      >
        <div className="mx-auto flex h-16 max-w-4xl items-center gap-3 px-4">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            DealerLane
          </Link>
          <span className="ml-auto hidden truncate text-sm text-muted sm:inline">Signed in as {email}</span>
          <ThemeToggle className="ml-auto sm:ml-0" />
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-6 sm:py-10">
        <StepList step={step} />
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          {children}
        </div>
      </main>
    </div>
  );
}

/** Where a step already done is shown again (the last step is never behind the dealer). */
const DONE_STEP_LINKS: Record<number, `/${string}`> = { 1: "/onboarding", 2: "/onboarding?step=2" };

function StepList({ step }: { step: OnboardingStep }) {
  return (
    <nav aria-label="Sign-up steps">
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-400">
        Step {step} of {ONBOARDING_STEPS.length}
      </p>
      <ol className="mt-3 grid grid-cols-3 gap-2 sm:gap-4">
        {ONBOARDING_STEPS.map((label, index) => {
          const number = (index + 1) as OnboardingStep;
          const back = number < step ? DONE_STEP_LINKS[number] : undefined;
          const done = back !== undefined;
          const content = (
            <>
              <span
                className={`h-1.5 rounded-full ${number <= step ? "bg-brand-600 dark:bg-brand-500" : "bg-slate-300 dark:bg-slate-700"}`}
                aria-hidden="true"
              />
              <span className="flex items-center gap-1 text-xs font-medium sm:text-sm">
                {done ? (
                  <Check size={14} className="shrink-0 text-emerald-600" />
                ) : (
                  <span aria-hidden="true">{number}.</span>
                )}
                {label}
                {done ? <span className="sr-only">(done)</span> : null}
              </span>
            </>
          );
          return (
            <li key={label} aria-current={number === step ? "step" : undefined}>
              {back ? (
                <Link to={back} className="flex flex-col gap-1.5 rounded hover:underline">
                  {content}
                </Link>
              ) : (
                <span
                  className={`flex flex-col gap-1.5 ${number === step ? "" : "text-slate-500 dark:text-slate-400"}`}
                >
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
