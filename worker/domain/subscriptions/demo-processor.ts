import { cardBrandOf, digitsOf, expiryEnd, passesLuhn, type PaymentInfo } from "#lib/subscriptions";
import { newId } from "../shared/ids";
import type { CardOnFile, PaymentProcessor } from "./processor";

/** Stripe's own decline texts (stripe.com/docs/declines/codes), which the screens show as 'Payment Failed'. */
const DECLINE_MESSAGES = {
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  lost_card: "Your card was declined.",
  stolen_card: "Your card was declined.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: "An error occurred while processing your card. Try again in a little bit.",
  incorrect_number: "Your card number is incorrect.",
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  invalid_cvc: "Your card's security code is invalid.",
} as const;
type DeclineCode = keyof typeof DECLINE_MESSAGES;

/** Stripe's published failure test cards (stripe.com/docs/testing#declined-payments). */
const FAILURE_CARDS: Record<string, DeclineCode> = {
  "4000000000000002": "generic_decline",
  "4000000000009995": "insufficient_funds",
  "4000000000009987": "lost_card",
  "4000000000009979": "stolen_card",
  "4000000000000069": "expired_card",
  "4000000000000127": "incorrect_cvc",
  "4000000000000119": "processing_error",
  "4000000000000341": "generic_decline",
};

/** Stripe's published test cards that pay (stripe.com/docs/testing#cards). */
const PAYING_CARDS = new Set([
  "4242424242424242",
  "4000056655665556",
  "5555555555554444",
  "2223003122003222",
  "5200828282828210",
  "5105105105105100",
  "378282246310005",
  "371449635398431",
  "6011111111111117",
  "6011000990139424",
  "6011981111111113",
  "3056930009020004",
  "36227206271667",
  "3566002020360505",
  "6200000000000005",
  "4000000760000002",
  "4000001240000000",
]);

const NOT_A_TEST_CARD =
  "Your card was declined. This server takes payments in demo mode: use a test card such as 4242 4242 4242 4242.";

type DemoCharge =
  | { ok: true; card: CardOnFile; paymentRef: string }
  | { ok: false; code: DeclineCode | "not_a_test_card"; message: string };

/**
 * Checks a card the way Stripe would and answers with Stripe's messages: the Luhn digit, an MM/YY expiry that
 * has not passed, a 3–4 digit CVV, then the test card's own outcome. Nothing of the card is kept but the
 * brand and the last 4.
 */
export function chargeDemoCard(info: PaymentInfo, now = Date.now()): DemoCharge {
  const digits = digitsOf(info.cardNumber ?? "");
  const decline = (code: DeclineCode): DemoCharge => ({ ok: false, code, message: DECLINE_MESSAGES[code] });
  if (!passesLuhn(digits)) return decline("incorrect_number");
  const expiry = (info.expiryDate ?? "").trim();
  const end = expiryEnd(expiry);
  if (end === null) {
    const month = Number(expiry.slice(0, 2));
    return decline(month >= 1 && month <= 12 ? "invalid_expiry_year" : "invalid_expiry_month");
  }
  if (end < now) {
    const sameYear = new Date(end).getUTCFullYear() === new Date(now).getUTCFullYear();
    return decline(sameYear ? "invalid_expiry_month" : "invalid_expiry_year");
  }
  if (!/^\d{3,4}$/.test((info.cvv ?? "").trim())) return decline("invalid_cvc");
  const failure = FAILURE_CARDS[digits];
  if (failure) return decline(failure);
  if (!PAYING_CARDS.has(digits)) return { ok: false, code: "not_a_test_card", message: NOT_A_TEST_CARD };
  return {
    ok: true,
    card: { brand: cardBrandOf(digits), last4: digits.slice(-4) },
    paymentRef: `demo_ch_${newId()}`,
  };
}

/** The offline processor: nothing to call, so every step succeeds; the card itself is checked by chargeDemoCard. */
export function demoProcessor(): PaymentProcessor {
  return {
    name: "demo",
    async start() {
      const externalId = `demo_sub_${newId()}`;
      return { externalId, customerId: null, clientSecret: `${externalId}_secret` };
    },
    async pendingSecret(externalId) {
      return `${externalId}_secret`;
    },
    async setCancelAtPeriodEnd() {},
    async changePlan() {},
    async cancelNow() {},
    async refund() {
      return `demo_re_${newId()}`;
    },
  };
}
