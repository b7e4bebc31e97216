import { useState } from "react";
import { fetchPost } from "~/components/feed/feed-api";
import { Handshake } from "~/components/ui/icons";
import type { FeedPost, PostDetail } from "#lib/api-types";
import { toast } from "#lib/toast";
import type { DealDraft } from "./propose-deal-dialog";
import { ProposeDealDialog } from "./on-demand";

function draftOf(post: PostDetail): DealDraft {
  const vehicle = post.vehicles.find((v) => v.status === "available") ?? post.vehicles[0];
  const place = [vehicle?.city ?? post.dealer.city, vehicle?.state ?? post.dealer.state]
    .filter(Boolean)
    .join(", ");
  return {
    // On a Requesting post the viewer sells; on a listing the viewer buys.
    role: post.type === "request" ? "seller" : "buyer",
    postId: post.id,
    vin: vehicle?.vin,
    year: vehicle?.year,
    make: vehicle?.make,
    model: vehicle?.model,
    trim: vehicle?.trim,
    miles: vehicle?.mileage,
    color: vehicle?.color,
    price: vehicle?.priceCents ? Math.floor(vehicle.priceCents / 100) : null,
    location: place,
  };
}

/**
 * The "Make a deal" flow with a dealer: `start` opens the proposal, prefilled with the post's vehicle and price
 * when there is a post (read first when the feed has only its summary), empty from a dealer card or a chat;
 * `dialog` is the proposal to render.
 */
export function useProposeDeal(dealer: { id: string; name: string }, post?: FeedPost | PostDetail) {
  const [draft, setDraft] = useState<DealDraft | null>(null);
  const [loading, setLoading] = useState(false);

  const start = async () => {
    if (!post) return setDraft({});
    if ("vehicles" in post) return setDraft(draftOf(post));
    setLoading(true);
    try {
      setDraft(draftOf(await fetchPost(post.id)));
    } catch {
      toast({ title: "Post not found", variant: "destructive" });
    } finally {
      setLoading(false);
    }
  };

  const dialog = draft ? (
    <ProposeDealDialog
      open
      onOpenChange={(next) => (!next ? setDraft(null) : undefined)}
      counterparty={dealer}
      draft={draft}
      source={post ? `From “${post.title}”` : undefined}
    />
  ) : null;
  return { start, loading, dialog };
}

/** "Make a deal" as a button. */
export function ProposeDealButton({
  dealer,
  post,
  className,
  label = "Make a deal",
  compact = false,
}: {
  dealer: { id: string; name: string };
  post?: FeedPost | PostDetail;
  className: string;
  label?: string;
  /** On a narrow phone only the icon shows; the label stays for screen readers. */
  compact?: boolean;
}) {
  const deal = useProposeDeal(dealer, post);
  return (
    <>
      <button type="button" className={className} onClick={() => void deal.start()} disabled={deal.loading}>
        <Handshake size={16} aria-hidden="true" />{" "}
        <span className={compact ? "sr-only sm:not-sr-only" : undefined}>{label}</span>
      </button>
      {deal.dialog}
    </>
  );
}
