/**
 * What the landing and the plan screens say about plans, apart from the card form's schemas
 * (app/lib/subscriptions.ts): the signed-out home reads these on its first load.
 */

/** The free trial every new account starts at sign-up, without a card (the landing's promise). */
export const TRIAL_DAYS = 14;
export const TRIAL_LABEL = `${TRIAL_DAYS}-day free trial`;

/** Dollars for a price in cents: 9900 → "$99", 4950 → "$49.50". */
export function formatCents(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

/** A plan's short name for toasts and headings ("Premium Plan" → "Premium"). */
export const shortPlanName = (name: string) => name.replace(/\s+Plan$/i, "");
