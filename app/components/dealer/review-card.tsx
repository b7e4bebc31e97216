import type { ReactNode } from "react";
import type { DealerReview } from "#lib/api-types";
import { REVIEW_SCORES } from "#lib/reputation/constants";
import { DateTime } from "~/components/ui/clock";
import { Star } from "~/components/ui/icons";

/** One review as everyone sees it once revealed: who, the deal's vehicle, the four scores, the comment, the reply. */
export function ReviewCard({ review, children }: { review: DealerReview; children?: ReactNode }) {
  return (
    <article className="flex flex-col gap-2 py-3" data-testid="review">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">
          {review.reviewer.name}
          <span className="font-normal text-muted"> · {review.reviewer.dealershipName}</span>
        </span>
        <span className="text-xs text-muted">
          {review.vehicle} · <DateTime at={review.createdAt} />
        </span>
      </header>
      <p
        className="inline-flex items-center gap-1 text-sm"
        aria-label={`Scored ${review.score.toFixed(1)} out of 5`}
      >
        <Star size={14} className="fill-amber-400 text-amber-400" aria-hidden="true" />
        <span className="font-semibold">{review.score.toFixed(1)}</span>
      </p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-0.5 text-xs sm:grid-cols-2">
        {REVIEW_SCORES.map(([key, label]) => (
          <div key={key} className="flex justify-between gap-2">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium">{review[key]} / 5</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm wrap-anywhere whitespace-pre-line">{review.comment}</p>
      {review.reply ? (
        <div className="rounded-md border-l-4 border-brand-500 bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/60">
          <p className="text-xs font-semibold text-muted">Reply from the dealer</p>
          <p className="wrap-anywhere whitespace-pre-line">{review.reply}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
