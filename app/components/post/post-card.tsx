import { useNavigate } from "@remix-run/react";
import { AppLink } from "~/components/ui/app-link";
import {
  Car,
  CheckCircle2,
  ExternalLink,
  Eye,
  FileSpreadsheet,
  Gavel,
  HelpCircle,
  MapPin,
  MessageCircle,
  MessageSquare,
  ThumbsUp,
  User,
  Video,
} from "~/components/ui/icons";
import { useState, type MouseEvent } from "react";
import { MessagePopup } from "~/components/chat/message-popup";
import { MakeDealButton } from "~/components/deal/make-deal-button";
import { DealerQuickView } from "~/components/dealer/dealer-quick-view";
import { VerifiedBadge } from "~/components/dealer/dealer-bits";
import type { InventoryView } from "~/lib/constants";
import { Avatar } from "~/components/ui/avatar";
import { localLogoFor } from "~/lib/dealer-logos";
import { RelativeTime } from "~/components/ui/clock";
import { formatPriceCents } from "~/lib/format";
import { isLiveAuction } from "~/lib/schemas/inventory";
import { toast } from "~/lib/toast";
import type { FeedPost, PostComment, PostDetail } from "~/lib/api-types";
import { AiSummary } from "./ai-summary";
import { AuctionPopup, LiveVideoPopup } from "./auction-popups";
import { CommentsPanel } from "./comments-panel";
import { PhotoGallery } from "./photo-gallery";
import { PostStatusBadge, PostTypeLabel } from "./post-badges";

export type CardUser = { id: string | null; name: string; avatar: string | null };

/** Clicks on these never expand the post (core spec §2): buttons, links, images, the gallery, form fields. */
const INTERACTIVE = "button, a, img, input, textarea, select, label, [data-gallery], [role='dialog']";

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

function VehicleList({ vehicles }: { vehicles: PostDetail["vehicles"] }) {
  if (vehicles.length === 0) return null;
  return (
    <section aria-label="Vehicles" className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">Vehicles</h4>
      <ul className="grid gap-2 sm:grid-cols-2">
        {vehicles.map((v) => (
          <li key={v.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
            <p className="flex items-start justify-between gap-2 font-semibold">
              <span>{[v.year, v.make, v.model, v.trim].filter(Boolean).join(" ")}</span>
              <span
                className={`shrink-0 rounded px-1.5 text-xs font-semibold ${
                  v.status === "available"
                    ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
                    : "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200"
                }`}
              >
                {v.status}
              </span>
            </p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs text-muted">
              {v.price !== null ? (
                <>
                  <dt>Price</dt>
                  <dd className="font-semibold text-slate-900 dark:text-slate-100">
                    {formatPriceCents(v.priceCents)}
                  </dd>
                </>
              ) : null}
              {v.mileage !== null ? (
                <>
                  <dt>Mileage</dt>
                  <dd>{v.mileage.toLocaleString("en-US")} mi</dd>
                </>
              ) : null}
              {v.vin ? (
                <>
                  <dt>VIN</dt>
                  <dd className="font-mono break-all">{v.vin}</dd>
                </>
              ) : null}
              {v.color ? (
                <>
                  <dt>Color</dt>
                  <dd>{v.color}</dd>
                </>
              ) : null}
              {v.city || v.state ? (
                <>
                  <dt>Location</dt>
                  <dd>
                    {[v.location, [v.city, v.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}
                  </dd>
                </>
              ) : null}
              {v.atDealership !== null ? (
                <>
                  <dt>At dealership</dt>
                  <dd>{v.atDealership ? "Yes" : "No"}</dd>
                </>
              ) : null}
            </dl>
            {v.notes ? <p className="mt-1 text-xs whitespace-pre-line">{v.notes}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The inventory post card (core spec §2 "Inventory post card"): every field, LIVE badge, AI summary,
 * counts, and the actions Like / Comment / Message / Question / View Profile. Clicking the body expands
 * the post to /post/{id}; `expanded` renders that full-screen form with its vehicles and comments open.
 */
export function PostCard({
  post: initialPost,
  currentUser,
  expanded = false,
  initialComments,
  view = "grid",
}: {
  post: FeedPost | PostDetail;
  currentUser: CardUser;
  expanded?: boolean;
  initialComments?: PostComment[];
  /** The dealer's Inventory view setting: grid (everything), list (no gallery, a thumbnail), compact (no media). */
  view?: InventoryView;
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

  const expand = (event: MouseEvent<HTMLElement>) => {
    if (expanded) return;
    // Clicks inside the card's popups bubble here through React portals: only the card's own DOM counts.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    navigate(`/post/${post.id}`);
  };

  return (
    <article
      aria-labelledby={`post-${post.id}-title`}
      data-testid="post-card"
      data-post-id={post.id}
      data-view={layout}
      onClick={expand}
      className={expanded ? "feed-card" : "feed-card cursor-pointer hover:border-brand-500/50"}
    >
      <header className="flex items-start gap-3">
        <Avatar name={post.dealer.name} src={post.dealer.avatar} size={44} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <PostTypeLabel type={post.type} />
            <PostStatusBadge post={post} />
            <RelativeTime at={post.createdAt} className="text-xs text-muted" />
          </div>
          <h3
            id={`post-${post.id}-title`}
            className="mt-1 text-base leading-snug font-semibold break-words sm:text-lg"
          >
            {expanded ? (
              post.title
            ) : (
              <AppLink to={`/post/${post.id}`} className="hover:underline" prefetch="intent">
                {post.title}
              </AppLink>
            )}
          </h3>
          <p className="text-sm text-muted">
            <span className="font-medium text-slate-800 dark:text-slate-200">{post.dealer.name}</span>
            {` · ${post.dealer.dealershipName}`}
            {post.dealer.verified ? (
              <>
                {" "}
                <VerifiedBadge />
              </>
            ) : null}
          </p>
          {place ? (
            <p className="flex items-center gap-1 text-xs text-muted">
              <MapPin size={12} aria-hidden="true" />
              {` ${place}`}
            </p>
          ) : null}
        </div>
        <DealerLogo name={post.dealer.dealershipName} />
      </header>

      {post.description && layout !== "compact" ? (
        <p
          className={`text-sm break-words whitespace-pre-line ${expanded ? "" : layout === "list" ? "line-clamp-2" : "line-clamp-4"}`}
        >
          {post.description}
        </p>
      ) : null}

      {layout === "grid" ? (
        <PhotoGallery photos={post.photoUrls} title={post.title} />
      ) : layout === "list" && post.photoUrls[0] ? (
        <img
          src={post.photoUrls[0]}
          alt={`${post.title}, photo 1 of ${post.photoUrls.length}`}
          width={160}
          height={120}
          loading="lazy"
          className="h-[120px] w-[160px] rounded-md object-cover"
        />
      ) : null}

      {layout === "compact" ? null : live ? (
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
            <button type="button" className="post-action" onClick={() => setAuctionOpen(true)}>
              <Gavel size={16} aria-hidden="true" /> Join Auction
            </button>
            <button type="button" className="post-action" onClick={() => setLiveOpen(true)}>
              <Video size={16} aria-hidden="true" /> Watch Live
            </button>
          </div>
        </section>
      ) : post.auctionFacilitator ? (
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <Gavel size={14} aria-hidden="true" /> Auction facilitator:{" "}
          <span className="font-medium">{post.auctionFacilitator}</span>
        </p>
      ) : null}

      {layout === "compact" ? null : <AiSummary text={post.aiSummary} />}

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
        <div>
          <Car size={14} aria-hidden="true" />
          <dt>Vehicles</dt>
          <dd>{`${post.vehicleCount} ${post.vehicleCount === 1 ? "vehicle" : "vehicles"}`}</dd>
        </div>
        <div>
          <CheckCircle2 size={14} aria-hidden="true" />
          <dt>Available</dt>
          <dd>{`${post.availableCount} available`}</dd>
        </div>
        <div>
          <Eye size={14} aria-hidden="true" />
          <dt>Views</dt>
          <dd>{`${post.viewCount} ${post.viewCount === 1 ? "view" : "views"}`}</dd>
        </div>
        <div>
          <MessageCircle size={14} aria-hidden="true" />
          <dt>Comments</dt>
          <dd>{`${post.commentCount} ${post.commentCount === 1 ? "comment" : "comments"}`}</dd>
        </div>
      </dl>

      <div
        className="flex flex-wrap gap-1 border-t border-slate-200 pt-2 dark:border-slate-800"
        role="group"
        aria-label="Post actions"
      >
        <button
          type="button"
          aria-pressed={liked}
          className="post-action"
          onClick={() => {
            setLiked(!liked);
            toast({ title: liked ? "Like removed" : "Post liked!" });
          }}
        >
          <ThumbsUp size={16} aria-hidden="true" /> Like
        </button>
        <button
          type="button"
          aria-expanded={commentsOpen}
          aria-controls={`comments-${post.id}`}
          className="post-action"
          onClick={() => setCommentsOpen(!commentsOpen)}
        >
          <MessageCircle size={16} aria-hidden="true" /> Comment
        </button>
        {!own ? (
          <button type="button" className="post-action" onClick={() => setMessageOpen(true)}>
            <MessageSquare size={16} aria-hidden="true" /> Message
          </button>
        ) : null}
        <button
          type="button"
          aria-pressed={questioned}
          className="post-action"
          onClick={() => {
            setQuestioned(!questioned);
            toast({ title: questioned ? "Question removed" : "Question added!" });
          }}
        >
          <HelpCircle size={16} aria-hidden="true" /> Question
        </button>
        {!own && post.status === "active" ? <MakeDealButton post={post} className="post-action" /> : null}
        {!own ? (
          <button type="button" className="post-action" onClick={() => setProfileOpen(true)}>
            <User size={16} aria-hidden="true" /> View Profile
          </button>
        ) : null}
      </div>

      {commentsOpen ? (
        <div id={`comments-${post.id}`}>
          <CommentsPanel
            postId={post.id}
            currentUser={currentUser}
            initialComments={initialComments}
            onPostRefreshed={(fresh) =>
              setPost((current) => {
                if ("vehicles" in current) return fresh;
                const { vehicles: _vehicles, comments: _comments, ...feedPost } = fresh;
                return feedPost;
              })
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
