import { DropdownMenu } from "radix-ui";
import { ProposeDealButton, useProposeDeal } from "~/components/deal/propose-deal-button";
import { MakeOfferButton, canOffer } from "~/components/offers/make-offer-button";
import {
  Ellipsis,
  Handshake,
  HelpCircle,
  MessageCircle,
  MessageSquare,
  ThumbsUp,
  User,
} from "~/components/ui/icons";
import type { FeedPost, PostDetail } from "#lib/api-types";

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

/**
 * Question and View Profile where the line has no room for them. Not modal: View Profile opens a dialog. Beside
 * Make offer (`kept`) it shows at every width and holds Make a deal too.
 */
function MoreActions({
  questioned,
  onQuestion,
  onViewProfile,
  onMakeDeal,
}: PostActionHandlers & { onMakeDeal?: () => void }) {
  const kept = onMakeDeal !== undefined;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={kept ? "post-action" : "post-action post-action-more"}>
        <Ellipsis size={18} aria-hidden="true" /> More
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="post-menu" data-testid="post-menu">
          <DropdownMenu.CheckboxItem
            checked={questioned}
            onCheckedChange={onQuestion}
            className="post-menu-item"
          >
            <HelpCircle size={16} aria-hidden="true" /> Question
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Item onSelect={onViewProfile} className="post-menu-item">
            <User size={16} aria-hidden="true" /> View Profile
          </DropdownMenu.Item>
          {onMakeDeal ? (
            <DropdownMenu.Item onSelect={onMakeDeal} className="post-menu-item">
              <Handshake size={16} aria-hidden="true" /> Make a deal
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
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
