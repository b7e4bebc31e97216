import type { OfferHistoryStep } from "../../db/schema.ts";
import type { OfferSide } from "#lib/schemas/offers";
import {
  MIN_CHATS_FOR_REPLY_TIME,
  MIN_CONFIRMED_DEALS_FOR_RATE,
  MIN_OFFER_STEPS_FOR_SHARE,
  MIN_REVIEWS_FOR_RATING,
  MIN_TITLES_FOR_MEDIAN,
} from "#lib/reputation/constants";

/**
 * The reputation's figures from the raw facts of one dealer, pure: each is null when its sample is below the
 * minimum named in #lib/reputation/constants.
 */

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const share = (part: number, whole: number) => Math.round((part / whole) * 1000) / 1000;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Mean of the revealed reviews' scores, to one decimal. */
export function ratingOf(scores: number[]): number | null {
  if (scores.length < MIN_REVIEWS_FOR_RATING || scores.length === 0) return null;
  return oneDecimal(scores.reduce((sum, s) => sum + s, 0) / scores.length);
}

export function completionRateOf(completed: number, confirmed: number): number | null {
  return confirmed < MIN_CONFIRMED_DEALS_FOR_RATE ? null : share(completed, confirmed);
}

/** Each chat's first message to the dealer, and the dealer's first answer after it (null: none yet). */
export type FirstReply = { askedAt: number; repliedAt: number | null };

/** Median minutes to a first reply; a chat still unanswered is not a reply time (its offers and calls aside). */
export function medianReplyMinutesOf(chats: FirstReply[]): number | null {
  const minutes = chats.flatMap((c) => (c.repliedAt === null ? [] : [(c.repliedAt - c.askedAt) / MINUTE]));
  if (minutes.length < MIN_CHATS_FOR_REPLY_TIME) return null;
  return Math.round(median(minutes)!);
}

export type OfferFacts = { side: OfferSide; clockHours: number; history: OfferHistoryStep[] };

/**
 * Steps put to the dealer (the other side moved and it became the dealer's turn): answered in time when the
 * dealer's next move came within the clock that move started; the clock running out on the dealer's turn (the
 * `expired` step, written as the side whose turn it was) is one missed. Still open on the dealer's turn: not
 * counted yet.
 */
export function offerStepsOf(offers: OfferFacts[]): { asked: number; inTime: number } {
  let asked = 0;
  let inTime = 0;
  for (const offer of offers) {
    const clock = offer.clockHours * 60 * MINUTE;
    for (let i = 1; i < offer.history.length; i++) {
      const before = offer.history[i - 1]!;
      const step = offer.history[i]!;
      if (before.by === offer.side || step.by !== offer.side) continue;
      asked += 1;
      if (step.action !== "expired" && step.at - before.at <= clock) inTime += 1;
    }
  }
  return { asked, inTime };
}

export function offersAnsweredInTimeOf(offers: OfferFacts[]): number | null {
  const { asked, inTime } = offerStepsOf(offers);
  return asked < MIN_OFFER_STEPS_FOR_SHARE ? null : share(inTime, asked);
}

/** Days from each completed sale to its title marked received, median to one decimal. */
export function medianTitleDaysOf(titles: { completedAt: number; receivedAt: number }[]): number | null {
  if (titles.length < MIN_TITLES_FOR_MEDIAN) return null;
  return oneDecimal(median(titles.map((t) => Math.max(0, t.receivedAt - t.completedAt) / DAY))!);
}
