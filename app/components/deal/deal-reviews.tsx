import { useEffect, useState } from "react";
import type { Deal, DealReviewState } from "#lib/api-types";
import { api, answerOf, failureText } from "#lib/api-client";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/clock";
import { ReviewCard } from "~/components/dealer/review-card";
import { ReviewDialog } from "./review-dialog";

/**
 * The reviews of a completed deal, for one of its dealers: "Review this dealer" until written or the window
 * ends, then "Waiting for their review", then both reviews once revealed.
 */
export function DealReviews({ deal }: { deal: Deal }) {
  const [state, setState] = useState<DealReviewState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const completed = deal.status === "completed";

  useEffect(() => {
    if (!completed) return;
    let live = true;
    answerOf(api.GET("/api/deals/{id}/review", { params: { path: { id: deal.id } } })).then(
      (answer) => live && setState(answer),
      (error: unknown) => live && setFailure(failureText(error, "Reviews could not be loaded")),
    );
    return () => {
      live = false;
    };
  }, [completed, deal.id]);

  if (!completed) return null;
  if (failure) return <p className="text-sm text-muted">{failure}</p>;
  if (!state) return <p className="text-sm text-muted">Loading reviews…</p>;
  if (state.status === "not-completed") return null;
  const other = state.otherDealer.name;
  return (
    <section
      aria-labelledby="deal-reviews-heading"
      className="flex flex-col gap-2"
      data-testid="deal-reviews"
    >
      <h3 id="deal-reviews-heading" className="font-semibold">
        Reviews
      </h3>
      {state.status === "open" ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-400/50 bg-amber-50 p-3 text-sm dark:bg-amber-950/30">
          <span>
            How was dealing with {other}? You can review them until{" "}
            {state.reviewDueAt ? <DateTime at={state.reviewDueAt} /> : null}.
          </span>
          <Button onClick={() => setWriting(true)}>Review this dealer</Button>
        </div>
      ) : state.status === "waiting" ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60" data-testid="review-waiting">
          Waiting for their review. Yours shows once {other} has written theirs
          {state.reviewDueAt ? (
            <>
              {" "}
              or on <DateTime at={state.reviewDueAt} />
            </>
          ) : null}
          .
        </p>
      ) : state.status === "closed" ? (
        <p className="text-sm text-muted">The review window for this deal has closed.</p>
      ) : null}
      {state.status === "revealed" ? (
        <div className="divide-y divide-slate-200 dark:divide-slate-800">
          {state.theirs ? (
            <ReviewCard review={state.theirs} />
          ) : (
            <p className="py-2 text-sm text-muted">{other} did not review this deal.</p>
          )}
          {state.mine ? <ReviewCard review={state.mine} /> : null}
        </div>
      ) : null}
      {writing ? (
        <ReviewDialog
          state={state}
          onOpenChange={setWriting}
          onReviewed={(next) => {
            setState(next);
            setWriting(false);
          }}
        />
      ) : null}
    </section>
  );
}
