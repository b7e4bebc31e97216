import { useCallback, useState } from "react";
import { ProposeDealButton, useProposeDeal } from "~/components/deal/propose-deal-button";
import { MakeOfferButton, canOffer } from "~/components/offers/make-offer-button";
import { Ellipsis, HelpCircle, MessageCircle, MessageSquare, ThumbsUp, User } from "~/components/ui/icons";
import type { FeedPost, PostDetail } from "#lib/api-types";
import { DialogLoading, lazyDialog } from "~/components/ui/lazy-dialog";

export type PostActionHandlers = {
  liked: boolean;
  questioned: boolean;
  commentsOpen: boolean;
  onLike: () => void;
  onQuestion: () => void;
  onComment: () => void;
  onMessage: () => void;
  onViewProfile: () => void;
};

/**
 * The card's actions, on one line at any width (Like, Comment, Message, Question, View Profile and Make a deal).
 * Like, Comment, Message and Make a deal always show; on a card too narrow for all of them (a phone), Question and
 * View Profile move into the More menu. On another dealer's listing with a vehicle still available, Make offer
 * leads instead, and View Profile and Make a deal wait in the More menu at every width. Message, View Profile and
 * the deal actions are hidden on the dealer's own posts, and on a post that is no longer active.
 */
export function PostActions({
  post,
  own,
  commentsId,
  ...on
}: PostActionHandlers & { post: FeedPost | PostDetail; own: boolean; commentsId: string }) {
  // On a listing with a vehicle still available, an offer is the way in; a deal filled in by hand steps aside.
  const offering = canOffer(post, own);
  return (
    <div className="post-actions" role="group" aria-label="Post actions">
      <button type="button" aria-pressed={on.liked} className="post-action" onClick={on.onLike}>
        <ThumbsUp size={18} aria-hidden="true" /> Like
      </button>
      <button
        type="button"
        aria-expanded={on.commentsOpen}
        aria-controls={commentsId}
        className="post-action"
        onClick={on.onComment}
      >
        <MessageCircle size={18} aria-hidden="true" /> Comment
      </button>
      {own ? null : (
        <button type="button" className="post-action" onClick={on.onMessage}>
          <MessageSquare size={18} aria-hidden="true" /> Message
        </button>
      )}
      <button
        type="button"
        aria-pressed={on.questioned}
        className={own ? "post-action" : "post-action post-action-spare"}
        onClick={on.onQuestion}
      >
        <HelpCircle size={18} aria-hidden="true" /> Question
      </button>
      {own || offering ? null : (
        <button type="button" className="post-action post-action-spare" onClick={on.onViewProfile}>
          <User size={18} aria-hidden="true" /> View Profile
        </button>
      )}
      {!own && !offering && post.status === "active" ? (
        <ProposeDealButton
          dealer={{ id: post.dealerId, name: post.dealer.name }}
          post={post}
          className="post-action post-action-deal"
        />
      ) : null}
      {offering ? <MakeOfferButton post={post} className="post-action post-action-deal" /> : null}
      {own ? null : offering ? <OfferingMoreActions {...on} post={post} /> : <MoreActions {...on} />}
    </div>
  );
}

/** The More button as the page first draws it: plain, so Radix's menu and Floating UI wait for the first open. */
function MoreButton({ className, onOpen }: { className: string; onOpen?: (byKeyboard: boolean) => void }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={className}
      // A click comes from a pointer, or from Enter or Space (detail 0): the keyboard's first item takes focus.
      onClick={(event) => onOpen?.(event.detail === 0)}
      onKeyDown={(event) => {
        if (event.key !== "ArrowDown") return;
        event.preventDefault();
        onOpen?.(true);
      }}
    >
      <Ellipsis size={18} aria-hidden="true" /> More
    </button>
  );
}

/** The menu's code arrives on the first open; meanwhile its button stays in place and the page says "Opening…". */
const PostMenu = lazyDialog(
  () => import("./post-menu").then((m) => m.PostMenu),
  (props) => (
    <>
      <MoreButton className={props.className} />
      <DialogLoading />
    </>
  ),
);

/**
 * Question and View Profile where the line has no room for them. Beside Make offer (`kept`) it shows at every
 * width and holds Make a deal too.
 */
function MoreActions({
  questioned,
  onQuestion,
  onViewProfile,
  onMakeDeal,
}: PostActionHandlers & { onMakeDeal?: () => void }) {
  const kept = onMakeDeal !== undefined;
  const className = kept ? "post-action" : "post-action post-action-more";
  // null until the first open; then how it was opened (the menu, once loaded, keeps its own open state).
  const [opened, setOpened] = useState<{ byKeyboard: boolean } | null>(null);
  const onOpenChange = useCallback((open: boolean) => {
    if (!open) setOpened(null);
  }, []);
  if (!opened) return <MoreButton className={className} onOpen={(byKeyboard) => setOpened({ byKeyboard })} />;
  return (
    <PostMenu
      className={className}
      byKeyboard={opened.byKeyboard}
      questioned={questioned}
      onQuestion={onQuestion}
      onViewProfile={onViewProfile}
      onMakeDeal={onMakeDeal}
      onOpenChange={onOpenChange}
    />
  );
}

/** The More menu beside Make offer: a deal filled in by hand waits there (its dialog lives outside the menu). */
function OfferingMoreActions({ post, ...on }: PostActionHandlers & { post: FeedPost | PostDetail }) {
  const deal = useProposeDeal({ id: post.dealerId, name: post.dealer.name }, post);
  return (
    <>
      <MoreActions {...on} onMakeDeal={() => void deal.start()} />
      {deal.dialog}
    </>
  );
}
