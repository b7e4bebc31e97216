import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { DealerReview } from "#lib/api-types";
import { api, failureText, pageOf } from "#lib/api-client";
import { REVIEW_REPLY_MAX } from "#lib/reputation/constants";
import { REVIEWS_PAGE_SIZE } from "#lib/schemas/reputation";
import { toastError } from "#lib/toast";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { ReviewCard } from "./review-card";

/** The reviewed dealer's one public reply, through the page's action (works before JavaScript loads). */
function ReplyForm({ reviewId }: { reviewId: string }) {
  const navigation = useNavigation();
  const sending =
    navigation.formData?.get("intent") === "reply" && navigation.formData.get("reviewId") === reviewId;
  return (
    <Form method="post" className="flex flex-col gap-2" preventScrollReset>
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <TextAreaField
        label="Your public reply"
        name="reply"
        rows={2}
        required
        maxLength={REVIEW_REPLY_MAX}
        hint="You can reply once; everyone who reads the review sees it."
      />
      <Button type="submit" className="self-end" disabled={sending}>
        {sending ? "Posting…" : "Post reply"}
      </Button>
    </Form>
  );
}

/**
 * A dealer's revealed reviews, newest first, each with its reply (and the reply form for the reviewed dealer):
 * the first page from the loader, more on demand.
 */
export function DealerReviews({
  dealerId,
  first,
}: {
  dealerId: string;
  first: { items: DealerReview[]; nextCursor: string | null };
}) {
  const [more, setMore] = useState<DealerReview[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const next = cursor === undefined ? first.nextCursor : cursor;
  const reviews = [...first.items, ...more];

  async function loadMore() {
    if (!next) return;
    setLoading(true);
    try {
      const page = await pageOf(
        api.GET("/api/dealers/{id}/reviews", {
          params: { path: { id: dealerId }, query: { cursor: next, limit: REVIEWS_PAGE_SIZE } },
        }),
      );
      setMore((held) => [...held, ...page.items]);
      setCursor(page.nextCursor);
    } catch (error) {
      toastError(failureText(error, "More reviews could not be loaded"));
    } finally {
      setLoading(false);
    }
  }

  if (reviews.length === 0)
    return (
      <p className="text-sm text-muted">
        No reviews yet. After a deal is completed, both dealers can review each other; reviews show here once
        both have written theirs or the review window ends.
      </p>
    );
  return (
    <div className="flex flex-col">
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review}>
            {review.canReply ? <ReplyForm reviewId={review.id} /> : null}
          </ReviewCard>
        ))}
      </div>
      {next ? (
        <Button
          variant="secondary"
          className="mt-2 self-center"
          disabled={loading}
          onClick={() => void loadMore()}
        >
          {loading ? "Loading…" : "More reviews"}
        </Button>
      ) : null}
    </div>
  );
}
