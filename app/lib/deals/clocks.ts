/**
 * Title and payment clocks on a confirmed deal: the business constants, the date arithmetic and the words a
 * status chip shows. Pure code, shared by the worker, the screens and the tests.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A title the seller holds at the sale is due at the buyer this many business days after it ("title present"). */
export const TITLE_IN_HAND_BUSINESS_DAYS = 5;
/** A title the seller does not hold yet is due this many calendar days after the sale ("title absent"). */
export const TITLE_ABSENT_DAYS = 21;
/** The buyer's funds are due this many business days after the sale, unless the two dealers agree otherwise. */
export const PAYMENT_DUE_BUSINESS_DAYS = 2;
/** The buyer may ask to unwind a deal once the title is this many days past its due date and still not received. */
export const UNWIND_AFTER_LATE_DAYS = 30;
/** A due date the two dealers agree on lies at most this many days ahead. */
export const DUE_DATE_MAX_DAYS_AHEAD = 120;

export const CLOCKS = ["title", "payment"] as const;
export type ClockName = (typeof CLOCKS)[number];

export const TITLE_CLOCK_STATUSES = ["due", "late", "received"] as const;
export type TitleClockStatus = (typeof TITLE_CLOCK_STATUSES)[number];
/** `sent`: the buyer says the funds left, the seller has not confirmed them yet (and the date has not passed). */
export const PAYMENT_CLOCK_STATUSES = ["due", "sent", "late", "received"] as const;
export type PaymentClockStatus = (typeof PAYMENT_CLOCK_STATUSES)[number];

export const UNWIND_STATUSES = ["asked", "agreed", "declined"] as const;
export type UnwindStatus = (typeof UNWIND_STATUSES)[number];

const isWeekend = (epochMs: number) => {
  const day = new Date(epochMs).getUTCDay();
  return day === 0 || day === 6;
};

/**
 * `days` business days after `from`, at the same time of day: Saturdays and Sundays (by UTC date) are skipped,
 * holidays are not.
 */
export function addBusinessDays(from: number, days: number): number {
  let at = from;
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (!isWeekend(at)) left -= 1;
  }
  return at;
}

export const addDays = (from: number, days: number) => from + days * DAY_MS;

/** When the title is due at the buyer, before any date the dealers agree on. */
export const defaultTitleDueAt = (soldAt: number, inHand: boolean) =>
  inHand ? addBusinessDays(soldAt, TITLE_IN_HAND_BUSINESS_DAYS) : addDays(soldAt, TITLE_ABSENT_DAYS);

export const defaultPaymentDueAt = (soldAt: number) => addBusinessDays(soldAt, PAYMENT_DUE_BUSINESS_DAYS);

/** Whole days a clock is late by (at least 1 once it is late at all), 0 while it is not. */
export const lateDays = (dueAt: number, now: number) =>
  now > dueAt ? Math.max(1, Math.floor((now - dueAt) / DAY_MS)) : 0;

/** The first moment the buyer may ask to unwind. */
export const unwindOpensAt = (titleDueAt: number) => addDays(titleDueAt, UNWIND_AFTER_LATE_DAYS);

/** The day a clock's alerts are keyed by: one alert per deal, clock and UTC day. */
export const alertDay = (now: number) => new Date(now).toISOString().slice(0, 10);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "Dec 3" in the viewer's time zone. */
export const shortDate = (epochMs: number, timeZone = "UTC") =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone }).format(epochMs);

export type ClockTone = "done" | "waiting" | "late";

/** What a status chip says of one clock: "Title due Dec 3", "Payment late by 2 days", "Title received". */
export function clockChip(
  clock: ClockName,
  state: { status: string; dueAt: string; lateDays: number },
  timeZone = "UTC",
): { text: string; tone: ClockTone } {
  const noun = clock === "title" ? "Title" : "Payment";
  if (state.status === "received") return { text: `${noun} received`, tone: "done" };
  if (state.status === "late")
    return { text: `${noun} late by ${plural(state.lateDays, "day")}`, tone: "late" };
  const due = shortDate(Date.parse(state.dueAt), timeZone);
  if (state.status === "sent") return { text: `Payment sent · confirm by ${due}`, tone: "waiting" };
  return { text: `${noun} due ${due}`, tone: "waiting" };
}

/** The screens' texts. */
export const CLOCK_TEXTS = {
  dueDateProposed: "New date proposed",
  dueDateAgreed: "Due date agreed",
  paymentSent: "Payment marked sent",
  paymentReceived: "Payment confirmed",
  titleInHand: "Title in hand recorded",
  unwindAsked: "Unwind asked",
  unwindAgreed: "Deal unwound",
  unwindDeclined: "Unwind declined",
} as const;
