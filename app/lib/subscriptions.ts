import { z } from "zod";
import { pageQuery } from "#lib/schemas/paging";
import { PRODUCT_NAME } from "#lib/constants";
import type { FieldErrors } from "#lib/forms";
import type { ToastMessage } from "#lib/toast";
import { shortPlanName } from "#lib/subscription-constants";

/**
 * Plans and payments, shared by the worker and the screens. Pure: no I/O.
 */

/** The landing's 30-day money-back guarantee: a payment can be refunded this long after it was made. */
export const MONEY_BACK_DAYS = 30;
/** Where a lapsed dealer is sent (the 402 answer names it). */
export const SUBSCRIBE_URL = "/subscribe";
export const PLAN_REQUIRED_MESSAGE = `Your ${PRODUCT_NAME} trial or subscription has ended. Choose a plan to post, message and make deals again.`;
export const PREMIUM_REQUIRED_MESSAGE = "This is a Premium feature. Upgrade to Premium to use it.";

export const PLAN_IDS = ["basic", "premium"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Success toast: 'Payment Successful' / 'Welcome to DealerLane Premium!'. */
export const paymentSuccessToast = (planName: string) => ({
  title: "Payment Successful",
  description: `Welcome to ${PRODUCT_NAME} ${shortPlanName(planName)}!`,
});

// ---------------------------------------------------------------------------------------------------
// The card form

const text = z.string().trim().max(200).optional();

export const billingAddressSchema = z.object({
  address: text,
  city: text,
  state: text,
  zipCode: text,
  country: z.enum(["US", "CA"]).optional().default("US"),
});

/**
 * The card in its two shapes: the onboarding call's names the holder `cardholderName`; the purchase screens'
 * (/payment, /subscribe) `nameOnCard`, with a billing address. Missing fields get their "Please fill in" texts,
 * in the form's order.
 */
export const paymentInfoSchema = z
  .object({
    cardNumber: text,
    expiryDate: text,
    cvv: text,
    cardholderName: text,
    nameOnCard: text,
    billingAddress: billingAddressSchema.optional(),
  })
  .superRefine((info, ctx) => {
    const purchasePage = info.nameOnCard !== undefined || info.billingAddress !== undefined;
    const missing = (value: string | undefined) => !value;
    if (!purchasePage) {
      const fields = ["cardNumber", "expiryDate", "cvv", "cardholderName"] as const;
      const first = fields.find((f) => missing(info[f]));
      if (first)
        ctx.addIssue({ code: "custom", path: [first], message: "Please fill in all payment fields" });
      return;
    }
    const cardFields = [
      ["cardNumber", "card number"],
      ["expiryDate", "expiry date"],
      ["cvv", "CVV"],
      ["nameOnCard", "name on card"],
    ] as const;
    for (const [field, words] of cardFields) {
      if (missing(info[field])) {
        ctx.addIssue({ code: "custom", path: [field], message: `Please fill in ${words}` });
        return;
      }
    }
    const billing = info.billingAddress;
    const billingFields = [
      ["address", "address"],
      ["city", "city"],
      ["state", "state"],
      ["zipCode", "zip code"],
    ] as const;
    for (const [field, words] of billingFields) {
      if (missing(billing?.[field])) {
        ctx.addIssue({
          code: "custom",
          path: ["billingAddress", field],
          message: `Please fill in billing ${words}`,
        });
        return;
      }
    }
  });
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

export const planIdSchema = z.enum(PLAN_IDS, { error: "Choose the Basic or Premium plan" });

/** The purchase screens' form (/payment, /subscribe): the plan card chosen and the card, checked here and on the server. */
export const purchaseFormSchema = z.object({ plan: planIdSchema }).and(paymentInfoSchema);

/** What a refused purchase form toasts: no plan chosen first, then the first field missing, in the form's order. */
export function purchaseFormToast(error: FieldErrors | null | undefined): ToastMessage {
  if (error?.plan)
    return { title: "Choose a plan", description: "Pick Basic or Premium first.", variant: "destructive" };
  const [field, messages] = Object.entries(error ?? {}).find(([, list]) => list?.[0]) ?? [];
  return {
    title: field?.startsWith("billingAddress") ? "Missing Billing Information" : "Missing Information",
    description: messages?.[0],
    variant: "destructive",
  };
}

/** POST /api/auth/complete-subscription. */
export const completeSubscriptionSchema = z.object({
  plan: planIdSchema,
  paymentInfo: paymentInfoSchema,
});

/** POST /api/get-or-create-subscription and POST /api/change-subscription. */
export const planChoiceSchema = z.object({ planId: planIdSchema });

// ---------------------------------------------------------------------------------------------------
// Card numbers: what the demo processor checks before it answers like Stripe (no number is ever stored)

export const digitsOf = (cardNumber: string) => cardNumber.replace(/[\s-]/g, "");

/** The Luhn check digit of a card number. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand =
  "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";

export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^3(0[0-5]|[689])/.test(digits)) return "diners";
  if (/^35/.test(digits)) return "jcb";
  if (/^62/.test(digits)) return "unionpay";
  return "unknown";
}

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  unknown: "Card",
};

/** An MM/YY expiry as the last moment it is valid (end of that month, UTC); null when it is not MM/YY. */
export function expiryEnd(expiry: string): number | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return Date.UTC(2000 + Number(match[2]), month, 1) - 1;
}

export const INVOICES_PAGE_SIZE = 12;
/** GET /api/invoices. */
export const invoicesQuerySchema = pageQuery(INVOICES_PAGE_SIZE, { cursorMax: 200 });
