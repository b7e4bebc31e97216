import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { ActionResult } from "#lib/action-result";
import type { ToastMessage } from "#lib/toast";
import { parseForm } from "#lib/forms";
import { planChoiceSchema, purchaseFormSchema, purchaseFormToast } from "#lib/subscriptions";
import { formatDay } from "#lib/format";
import { isDomainError } from "./responses.server";

type Actor = { accountId: string; dealer: { id: string; name: string; email: string } };

/** A plan button's or the card form's answer: its toast, with the status. */
const answer = (status: number, toast: ToastMessage) =>
  data<ActionResult>({ ok: status < 400, toast }, { status });

export type PaymentOutcome =
  { ok: true; planName: string } | { ok: false; answer: ReturnType<typeof answer> };

/**
 * A card form posted to a page (/payment, /subscribe): the same checks and the same domain
 * call as POST /api/auth/complete-subscription, with the screen's toasts. The answer never
 * repeats what was typed: the card stays in the dealer's browser only.
 */
export async function payFromForm(
  context: AppLoadContext,
  actor: Actor,
  form: FormData,
  screen: { fallback: string },
): Promise<PaymentOutcome> {
  const submission = parseForm(form, purchaseFormSchema);
  if (submission.status !== "success")
    return { ok: false, answer: answer(400, purchaseFormToast(submission.error)) };
  const { plan, ...info } = submission.value;
  try {
    await context.services.subscriptions.payWithCard(actor, plan, info);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return {
      ok: false,
      answer: answer(error.status, {
        title: "Payment Failed",
        description: error.message || screen.fallback,
        variant: "destructive",
      }),
    };
  }
  const chosen = await context.services.subscriptions.catalogue.get(plan);
  return { ok: true, planName: chosen.name };
}

/**
 * The plan buttons of /subscribe and /plan-management: change (upgrade now, downgrade at the period end),
 * cancel at the period end, resume. Answers the toast to show.
 */
export async function manageFromForm(context: AppLoadContext, actor: Actor, form: FormData) {
  const intent = form.get("intent");
  const service = context.services.subscriptions;
  try {
    if (intent === "cancel") {
      const mine = await service.cancel(actor);
      const end = mine.subscription?.currentPeriodEnd;
      return answer(200, {
        title: "Subscription Cancelled",
        description: `Your subscription has been cancelled successfully.${end ? ` Your plan stays active until ${formatDay(end)}.` : ""}`,
      });
    }
    if (intent === "resume") {
      await service.resume(actor);
      return answer(200, { title: "Subscription resumed", description: "Your plan renews as before." });
    }
    const choice = parseForm(form, planChoiceSchema);
    if (intent !== "change" || choice.status !== "success")
      return answer(400, {
        title: "Error",
        description: "Choose a plan to change to.",
        variant: "destructive",
      });
    const mine = await service.change(actor, choice.value.planId);
    const next = mine.subscription?.nextPlan;
    return answer(
      200,
      next
        ? {
            title: "Plan change scheduled",
            description: `You move to the ${next.name} on ${formatDay(mine.subscription!.currentPeriodEnd!)}.`,
          }
        : { title: "Plan changed", description: `You are on the ${mine.subscription?.plan.name} now.` },
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const fallback = intent === "cancel" ? "Failed to cancel subscription" : "Failed to change your plan";
    return answer(error.status, {
      title: "Error",
      description: error.message || fallback,
      variant: "destructive",
    });
  }
}
