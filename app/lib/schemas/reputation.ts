/**
 * Reviews: the body of a review and of a reply, and the reviews list's query. One schema per call or form,
 * used by the worker and the screens alike. Pure code.
 */
import { z } from "zod";
import { pageQuery } from "#lib/schemas/paging";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_REPLY_MAX,
  REVIEW_SCORE_MAX,
  REVIEW_SCORE_MIN,
  REVIEW_SCORES,
  type ReviewScoreKey,
} from "#lib/reputation/constants";

const score = (label: string) =>
  z.coerce
    .number({ error: `Choose a score for ${label.toLowerCase()}` })
    .int(`${label} must be a whole number from ${REVIEW_SCORE_MIN} to ${REVIEW_SCORE_MAX}`)
    .min(REVIEW_SCORE_MIN, `Choose a score for ${label.toLowerCase()}`)
    .max(REVIEW_SCORE_MAX, `${label} must be at most ${REVIEW_SCORE_MAX}`);

const scores = Object.fromEntries(REVIEW_SCORES.map(([key, label]) => [key, score(label)])) as Record<
  ReviewScoreKey,
  ReturnType<typeof score>
>;

export const reviewBodySchema = z
  .object({
    ...scores,
    comment: z
      .string({ error: "Write a comment" })
      .trim()
      .min(REVIEW_COMMENT_MIN, `Write at least ${REVIEW_COMMENT_MIN} characters`)
      .max(REVIEW_COMMENT_MAX, `A comment must be at most ${REVIEW_COMMENT_MAX} characters`),
  })
  .strict();
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const reviewReplySchema = z
  .object({
    reply: z
      .string({ error: "Write a reply" })
      .trim()
      .min(1, "Write a reply")
      .max(REVIEW_REPLY_MAX, `A reply must be at most ${REVIEW_REPLY_MAX} characters`),
  })
  .strict();
export type ReviewReply = z.infer<typeof reviewReplySchema>;

export const REVIEWS_PAGE_SIZE = 10;
export const reviewsQuerySchema = pageQuery(REVIEWS_PAGE_SIZE, { max: 50 });
