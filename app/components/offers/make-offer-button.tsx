import { useState } from "react";
import { fetchPost } from "~/components/feed/feed-api";
import { BadgeDollarSign } from "~/components/ui/icons";
import type { FeedPost, PostDetail } from "#lib/api-types";
import { toast } from "#lib/toast";
import { MakeOfferDialog } from "./on-demand";

/** Whether the viewer can offer on a post: another dealer's active listing with a vehicle still available. */
export const canOffer = (post: Pick<FeedPost, "type" | "status" | "availableCount">, own: boolean) =>
  !own && post.type !== "request" && post.status === "active" && post.availableCount > 0;

/** **Make offer**: opens the offer form on the post's vehicles (read first when the feed has only the summary). */
export function MakeOfferButton({
  post,
  postId,
  className,
}: {
  post?: FeedPost | PostDetail;
  /** A post known by id alone (a deal alert). */
  postId?: string;
  className: string;
}) {
  const [detail, setDetail] = useState<PostDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const open = async () => {
    if (post && "vehicles" in post) return setDetail(post);
    setLoading(true);
    try {
      const fetched = await fetchPost(post?.id ?? postId ?? "");
      if (fetched.type === "request" || fetched.status !== "active" || fetched.availableCount === 0)
        toast({
          title: "Nothing on this post takes offers now",
          description: "Its vehicles are sold or pending, or it asks for vehicles rather than lists them.",
        });
      else setDetail(fetched);
    } catch {
      toast({ title: "Post not found", variant: "destructive" });
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <button type="button" className={className} onClick={() => void open()} disabled={loading}>
        <BadgeDollarSign size={16} aria-hidden="true" /> Make offer
      </button>
      {detail ? (
        <MakeOfferDialog post={detail} open onOpenChange={(next) => (!next ? setDetail(null) : undefined)} />
      ) : null}
    </>
  );
}
