import { readCookie, serializeCookie } from "#lib/cookies";
import { planIdSchema, type PlanId } from "#lib/subscriptions";

/** The purchase screen's plan comes from `?plan=` or the stored selectedPlan (this cookie). */
const SELECTED_PLAN = "selectedPlan";
const DAY = 24 * 60 * 60;

export const rememberSelectedPlan = (plan: PlanId, requestUrl: string) =>
  serializeCookie(SELECTED_PLAN, plan, requestUrl, DAY);
export const clearSelectedPlan = (requestUrl: string) => serializeCookie(SELECTED_PLAN, "", requestUrl, 0);

export function selectedPlanOf(request: Request): PlanId | null {
  const fromQuery = planIdSchema.safeParse(new URL(request.url).searchParams.get("plan"));
  if (fromQuery.success) return fromQuery.data;
  const stored = planIdSchema.safeParse(readCookie(request.headers.get("Cookie"), SELECTED_PLAN));
  return stored.success ? stored.data : null;
}
