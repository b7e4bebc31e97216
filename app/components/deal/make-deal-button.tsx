import { Handshake } from "~/components/ui/icons";
import { useState } from "react";
import { fetchPost } from "~/components/feed/feed-api";
import type { FeedPost, PostDetail, PostVehicle } from "#lib/api-types";
import { toast } from "#lib/toast";
import { ProposeDealDialog, type DealDraft } from "./propose-deal-dialog";

function draftOf(post: PostDetail): DealDraft {
  const vehicle: PostVehicle | undefined =
    post.vehicles.find((v) => v.status === "available") ?? post.vehicles[0];
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
 * The "Make a deal" flow on a post: `start` reads the post when the feed has only its summary and opens the
 * proposal with its vehicle and price prefilled; `dialog` is the proposal to render.
 */
export function useMakeDeal(post: FeedPost | PostDetail) {
  const [draft, setDraft] = useState<DealDraft | null>(null);
  const [loading, setLoading] = useState(false);

  const start = async () => {
    if ("vehicles" in post) {
      setDraft(draftOf(post));
      return;
    }
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
      counterparty={{ id: post.dealerId, name: post.dealer.name }}
      draft={draft}
      source={`From “${post.title}”`}
    />
  ) : null;
  return { start, loading, dialog };
}

/** "Make a deal" on a post card: the post's vehicle and price prefilled. */
export function MakeDealButton({ post, className }: { post: FeedPost | PostDetail; className: string }) {
  const deal = useMakeDeal(post);
  return (
    <>
      <button type="button" className={className} onClick={() => void deal.start()} disabled={deal.loading}>
        <Handshake size={16} aria-hidden="true" /> Make a deal
      </button>
      {deal.dialog}
    </>
  );
}
