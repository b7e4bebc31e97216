/**
 * Reputation: the rules both the worker and the screens read. Pure code.
 */

/** After a deal is completed, each of its two dealers has this long to review the other. */
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** The four scores of a review, in the order the dialog asks them, with the dealer's words for each. */
export const REVIEW_SCORES = [
  ["vehicleAsDescribed", "Vehicle as described"],
  ["paperworkOnTime", "Title and paperwork on time"],
  ["paymentOnTime", "Payment on time"],
  ["communication", "Communication"],
] as const;
export type ReviewScoreKey = (typeof REVIEW_SCORES)[number][0];

export const REVIEW_SCORE_MIN = 1;
export const REVIEW_SCORE_MAX = 5;
export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;

/**
 * The smallest samples a figure is shown from; below them the figure is null and the screen says
 * "new on DealerLane" instead of a number that one deal could swing.
 */
export const MIN_REVIEWS_FOR_RATING = 1;
export const MIN_CONFIRMED_DEALS_FOR_RATE = 3;
export const MIN_CHATS_FOR_REPLY_TIME = 3;
export const MIN_OFFER_STEPS_FOR_SHARE = 3;
export const MIN_TITLES_FOR_MEDIAN = 3;

/** Reply times are measured over this many days back. */
export const REPLY_TIME_WINDOW_DAYS = 90;

/** What a screen says where a figure has too small a sample. */
export const NEW_ON_DEALERLANE = "new on DealerLane";

/** "4.6 · 12 reviews" */
export function ratingLine(rating: number, reviewCount: number): string {
  return `${rating.toFixed(1)} · ${reviewCount} ${reviewCount === 1 ? "review" : "reviews"}`;
}
