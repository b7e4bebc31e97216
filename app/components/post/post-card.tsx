import { useNavigate } from "@remix-run/react";
import { AppLink } from "~/components/ui/app-link";
import {
  Car,
  CheckCircle2,
  ExternalLink,
  Eye,
  FileSpreadsheet,
  Gavel,
  MapPin,
  MessageCircle,
  Video,
} from "~/components/ui/icons";
import { useState, type MouseEvent } from "react";
import { MessagePopup } from "~/components/chat/on-demand";
import { DealerQuickView } from "~/components/dealer/on-demand";
import { VerifiedBadge } from "~/components/dealer/dealer-bits";
import type { InventoryView } from "#lib/constants";
import { Avatar } from "~/components/ui/avatar";
import { localLogoFor } from "#lib/dealer-logos";
import { RelativeTime } from "~/components/ui/clock";
import { isLiveAuction } from "#lib/schemas/inventory-constants";
import { toast } from "#lib/toast";
import type { FeedPost, PostComment, PostDetail } from "#lib/api-types";
import { toFeedPost } from "~/components/feed/feed-api";
import { AiSummary } from "./ai-summary";
import { AuctionPopup, LiveVideoPopup } from "./on-demand";
import { CommentsPanel } from "./comments-panel";
import { PhotoGallery } from "./photo-gallery";
import { PostActions } from "./post-actions";
import { PostStatusBadge, PostTypeLabel } from "./post-badges";
import { VehicleHeadline } from "./vehicle-headline";
import { VehicleList } from "./vehicle-list";

export type CardUser = { id: string | null; name: string; avatar: string | null };

/** Clicks on these never expand the post: buttons, links, images, the gallery, form fields. */
const INTERACTIVE =
  "button, a, img, input, textarea, select, label, summary, [data-gallery], [role='dialog']";

function DealerLogo({ name }: { name: string }) {
  const logo = localLogoFor(name);
  if (!logo) return null;
  return (
    <img
      src={logo}
      alt={`${name} logo`}
      width={28}
      height={28}
      className="h-7 w-7 shrink-0 rounded-md"
      loading="lazy"
    />
  );
}

/**
 * The inventory post card, vehicle first as dealers read a listing: the lead
 * photo with its count, then year make model trim with price and miles, then the dealer's headline, badges and
 * who, where and when; then the description, the live-auction panel, the AI summary in one line, the counts and
 * the actions Like / Comment / Message / Question / View Profile / Make a deal. Clicking the body expands the post
 * to /post/{id}; `expanded` renders that full-screen form with its gallery, vehicles and comments open.
 */
export function PostCard({
  post: initialPost,
  currentUser,
  expanded = false,
  initialComments,
  view = "grid",
  first = false,
}: {
  post: FeedPost | PostDetail;
  currentUser: CardUser;
  expanded?: boolean;
  initialComments?: PostComment[];
  /** The dealer's Inventory view setting: grid (everything), list (no gallery, a thumbnail), compact (no media). */
  view?: InventoryView;
  /** The first card on the page: its photo loads at once. */
  first?: boolean;
}) {
  const [post, setPost] = useState<FeedPost | PostDetail>(initialPost);
  const [seen, setSeen] = useState(initialPost);
  if (seen !== initialPost) {
    // A fresher copy from the feed's refresh or the loader replaces ours.
    setSeen(initialPost);
    setPost(initialPost);
  }
  const [liked, setLiked] = useState(false);
  const [questioned, setQuestioned] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(expanded);
  const [messageOpen, setMessageOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [auctionOpen, setAuctionOpen] = useState(false);
  const [liveOpen, setLiveOpen] = useState(false);
  const navigate = useNavigate();
  const own = currentUser.id === post.dealerId;
  const live = isLiveAuction(post);
  const place = [post.dealer.city, post.dealer.state].filter(Boolean).join(", ");
  const layout: InventoryView = expanded ? "grid" : view;
  // A listing leads with its vehicle; a buy request's vehicles are wishes, so its own words lead.
  const vehicle = post.type === "request" ? null : post.leadVehicle;
  const titleId = `post-${post.id}-title`;
  const vehicleId = `post-${post.id}-vehicle`;

  const expand = (event: MouseEvent<HTMLElement>) => {
    if (expanded) return;
    // Clicks inside the card's popups bubble here through React portals: only the card's own DOM counts.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    navigate(`/post/${post.id}`);
  };

  const thumbnail =
    layout === "list" && post.photoUrls[0] ? (
      <img
        src={post.photoUrls[0]}
        alt={`${post.title}, photo 1 of ${post.photoUrls.length}`}
        width={160}
        height={120}
        loading="lazy"
        className="aspect-[4/3] w-28 shrink-0 rounded-md object-cover sm:w-40"
      />
    ) : null;

  return (
    <article
      aria-labelledby={vehicle ? `${vehicleId} ${titleId}` : titleId}
      data-testid="post-card"
      data-post-id={post.id}
      data-view={layout}
      onClick={expand}
      className={expanded ? "feed-card" : "feed-card cursor-pointer hover:border-brand-500/50"}
    >
      {layout === "grid" ? (
        <PhotoGallery photos={post.photoUrls} title={post.title} lead={!expanded} eager={first} />
      ) : null}

      <header className="flex gap-3">
        {thumbnail}
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <PostTypeLabel type={post.type} />
            <PostStatusBadge post={post} />
            {post.auctionFacilitator && !live ? (
              <span className="inline-flex items-center gap-1 text-xs text-muted">
                <Gavel size={12} aria-hidden="true" />
                <span className="sr-only">Auction facilitator:</span> {post.auctionFacilitator}
              </span>
            ) : null}
          </div>
          {vehicle ? (
            <VehicleHeadline vehicle={vehicle} vehicleCount={post.vehicleCount} id={vehicleId} />
          ) : null}
          <h3
            id={titleId}
            className={
              vehicle
                ? "text-sm leading-snug font-medium break-words text-slate-700 dark:text-slate-300"
                : "text-base leading-snug font-semibold break-words sm:text-lg"
            }
          >
            {expanded ? (
              post.title
            ) : (
              <AppLink to={`/post/${post.id}`} className="hover:underline" prefetch="intent">
                {post.title}
              </AppLink>
            )}
          </h3>
          <div className="flex items-center gap-2" data-testid="post-dealer">
            <Avatar name={post.dealer.name} src={post.dealer.avatar} size={32} />
            <div className="min-w-0 flex-1 text-sm leading-tight">
              <p className="truncate">
                <span className="font-medium">{post.dealer.name}</span>
                <span className="text-muted">{` · ${post.dealer.dealershipName}`}</span>
                {post.dealer.verified ? (
                  <>
                    {" "}
                    <VerifiedBadge />
                  </>
                ) : null}
              </p>
              <p className="flex items-center gap-1 text-xs text-muted">
                {place ? (
                  <>
                    <MapPin size={12} aria-hidden="true" />
                    {`${place} · `}
                  </>
                ) : null}
                <RelativeTime at={post.createdAt} />
              </p>
            </div>
            <DealerLogo name={post.dealer.dealershipName} />
          </div>
        </div>
      </header>

      {post.description && layout !== "compact" ? (
        <p
          className={`text-sm wrap-anywhere whitespace-pre-line ${expanded ? "" : layout === "list" ? "line-clamp-2" : "line-clamp-3"}`}
        >
          {post.description}
        </p>
      ) : null}

      {layout === "compact" || !live ? null : (
        <section
          aria-label="Live auction"
          className="flex flex-col gap-2 rounded-lg border border-red-500/40 bg-red-50 p-3 sm:flex-row sm:items-center dark:bg-red-950/40"
        >
          <p className="flex-1 text-sm">
            <span className="font-semibold text-red-700 dark:text-red-300">Live auction</span>
            {post.auctionFacilitator ? ` on ${post.auctionFacilitator}` : ""} · {post.availableCount} of{" "}
            {post.vehicleCount} vehicles available
          </p>
          <div className="flex gap-2">
            <button type="button" className="live-action" onClick={() => setAuctionOpen(true)}>
              <Gavel size={16} aria-hidden="true" /> Join Auction
            </button>
            <button type="button" className="live-action" onClick={() => setLiveOpen(true)}>
              <Video size={16} aria-hidden="true" /> Watch Live
            </button>
          </div>
        </section>
      )}

      {layout === "compact" ? null : <AiSummary text={post.aiSummary} open={expanded} />}

      {post.spreadsheetUrl ? (
        <a
          href={post.spreadsheetUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
        >
          <FileSpreadsheet size={16} aria-hidden="true" /> View Business Information{" "}
          <ExternalLink size={12} aria-hidden="true" />
        </a>
      ) : null}

      {expanded && "vehicles" in post ? <VehicleList vehicles={post.vehicles} /> : null}

      <dl className="post-facts">
        {(
          [
            [Car, "Vehicles", `${post.vehicleCount} ${post.vehicleCount === 1 ? "vehicle" : "vehicles"}`],
            [CheckCircle2, "Available", `${post.availableCount} available`],
            [Eye, "Views", `${post.viewCount} ${post.viewCount === 1 ? "view" : "views"}`],
            [
              MessageCircle,
              "Comments",
              `${post.commentCount} ${post.commentCount === 1 ? "comment" : "comments"}`,
            ],
          ] as const
        ).map(([Icon, label, value]) => (
          <div key={label}>
            <Icon size={14} aria-hidden="true" />
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <PostActions
        post={post}
        own={own}
        commentsId={`comments-${post.id}`}
        liked={liked}
        questioned={questioned}
        commentsOpen={commentsOpen}
        onLike={() => {
          setLiked(!liked);
          toast({ title: liked ? "Like removed" : "Post liked!" });
        }}
        onQuestion={() => {
          setQuestioned(!questioned);
          toast({ title: questioned ? "Question removed" : "Question added!" });
        }}
        onComment={() => setCommentsOpen(!commentsOpen)}
        onMessage={() => setMessageOpen(true)}
        onViewProfile={() => setProfileOpen(true)}
      />

      {commentsOpen ? (
        <div id={`comments-${post.id}`}>
          <CommentsPanel
            postId={post.id}
            currentUser={currentUser}
            initialComments={initialComments}
            onPostRefreshed={(fresh) =>
              setPost((current) => ("vehicles" in current ? fresh : toFeedPost(fresh)))
            }
          />
        </div>
      ) : null}

      {messageOpen ? (
        <MessagePopup
          dealer={{ id: post.dealerId, name: post.dealer.name }}
          postTitle={post.title}
          open={messageOpen}
          onOpenChange={setMessageOpen}
        />
      ) : null}
      {profileOpen ? (
        <DealerQuickView dealerId={post.dealerId} open={profileOpen} onOpenChange={setProfileOpen} />
      ) : null}
      {auctionOpen ? <AuctionPopup post={post} open={auctionOpen} onOpenChange={setAuctionOpen} /> : null}
      {liveOpen ? <LiveVideoPopup post={post} open={liveOpen} onOpenChange={setLiveOpen} /> : null}
    </article>
  );
}
