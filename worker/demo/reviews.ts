/** The demo network's reviews of its completed deals: the seeded reputations are made of these, as real ones are. */
import { REVIEW_SCORES, REVIEW_WINDOW_MS } from "#lib/reputation/constants";
import { intBetween, pick, randomUuid, weighted, type Random } from "./random.ts";
import type { Row } from "./rows.ts";

const HOUR_MS = 60 * 60 * 1000;

const COMMENTS = [
  "Vehicle was exactly as described and the title showed up early. Would buy again.",
  "Easy to work with, answered every question the same day.",
  "Paid on time, picked up the unit within two days. Smooth deal.",
  "A couple of small things not on the condition report, but they made it right.",
  "Title took longer than promised, otherwise a good deal.",
  "Great communication from start to finish. Looking forward to the next one.",
  "Solid unit, fair price, paperwork in order.",
  "Fast payment and no back-and-forth. Exactly what you want in a wholesale partner.",
] as const;

/** Mostly good, sometimes middling: a wholesale network's honest spread. */
const SCORE_WEIGHTS = [
  [5, 6],
  [4, 4],
  [3, 1],
  [2, 0.3],
] as const;

/**
 * Both dealers of each completed deal review each other, and both reviews are revealed, except where the demo
 * dealer (`demoId`) is still inside a deal's review window: the other dealer has written theirs (hidden), so the
 * demo shows "Review this dealer".
 */
export function buildReviews(random: Random, deals: Row[], demoId: string, now: number): Row[] {
  const rows: Row[] = [];
  for (const deal of deals) {
    const completedAt = deal.completed_at as number;
    const parties = [deal.proposer_id as string, deal.counterparty_id as string];
    const demoStillOpen = parties.includes(demoId) && completedAt + REVIEW_WINDOW_MS > now;
    const writers = demoStillOpen ? parties.filter((id) => id !== demoId) : parties;
    const times = writers.map(() =>
      Math.min(now - HOUR_MS, completedAt + intBetween(random, 2, 96) * HOUR_MS),
    );
    const revealedAt = writers.length === 2 ? Math.max(...times) : null;
    writers.forEach((reviewerId, i) => {
      const scores = REVIEW_SCORES.map(() => weighted(random, SCORE_WEIGHTS));
      rows.push({
        id: randomUuid(random),
        deal_id: deal.id,
        reviewer_id: reviewerId,
        reviewed_id: parties.find((id) => id !== reviewerId)!,
        vehicle_as_described: scores[0],
        paperwork_on_time: scores[1],
        payment_on_time: scores[2],
        communication: scores[3],
        score: scores.reduce((sum, s) => sum + s, 0) / scores.length,
        comment: pick(random, COMMENTS),
        revealed_at: revealedAt,
        created_at: times[i],
      });
    });
  }
  return rows;
}
