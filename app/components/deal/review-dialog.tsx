import { Dialog } from "radix-ui";
import { useState, type FormEvent } from "react";
import type { DealReviewState } from "#lib/api-types";
import { api, answerOf, toastFailure } from "#lib/api-client";
import { REVIEW_COMMENT_MAX, REVIEW_SCORE_MAX, REVIEW_SCORES } from "#lib/reputation/constants";
import { reviewBodySchema } from "#lib/schemas/reputation";
import { toast } from "#lib/toast";
import { Button } from "~/components/ui/button";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import { TextAreaField } from "~/components/ui/field";

const SCORES = Array.from({ length: REVIEW_SCORE_MAX }, (_, i) => i + 1);

/** One 1–5 score: a native radio group (arrow keys move, the legend names it), drawn as numbered buttons. */
function ScoreGroup({ name, label, error }: { name: string; label: string; error?: string }) {
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="flex gap-1.5">
        {SCORES.map((score) => (
          <label key={score} className="relative">
            <input
              type="radio"
              name={name}
              value={score}
              className="peer sr-only"
              aria-label={`${score} of 5`}
            />
            <span className="flex size-10 cursor-pointer items-center justify-center rounded-md border border-slate-300 text-sm font-semibold peer-checked:border-amber-500 peer-checked:bg-amber-400 peer-checked:text-slate-900 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 dark:border-slate-600">
              {score}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * "Review this dealer": the four 1–5 scores and a comment. The other dealer does not see it until they have
 * written theirs or the review window ends.
 */
export function ReviewDialog({
  state,
  onOpenChange,
  onReviewed,
}: {
  state: DealReviewState;
  onOpenChange(open: boolean): void;
  onReviewed(state: DealReviewState): void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = reviewBodySchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await answerOf(
        api.POST("/api/deals/{id}/review", { params: { path: { id: state.dealId } }, body: parsed.data }),
      );
      toast({
        title: "Review sent",
        description:
          answer.status === "revealed"
            ? "Both reviews now show on your profiles."
            : `It shows once ${state.otherDealer.name} has reviewed you too, or when the review window ends.`,
      });
      onReviewed(answer);
    } catch (error) {
      toastFailure("Not sent", error, "Your review could not be sent");
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <DialogFrame
        data-testid="review-dialog"
        className="max-h-[94vh] w-[min(32rem,96vw)] gap-4 overflow-y-auto p-5"
      >
        <DialogHeader>Review {state.otherDealer.name}</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          {state.otherDealer.dealershipName}. Your review stays hidden until they have written theirs or the
          review window ends; then both show on your profiles.
        </Dialog.Description>
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
          {REVIEW_SCORES.map(([key, label]) => (
            <ScoreGroup key={key} name={key} label={label} error={errors[key]} />
          ))}
          <TextAreaField
            label="Comment"
            name="comment"
            rows={4}
            maxLength={REVIEW_COMMENT_MAX}
            error={errors.comment}
            hint="What went well, what did not: other dealers read it."
          />
          <DialogActions cancelDisabled={sending}>
            <Button type="submit" disabled={sending}>
              {sending ? "Sending…" : "Send review"}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
