import { Form, Link, useNavigation } from "@remix-run/react";
import { Loader2, PenSquare, Search, X } from "~/components/ui/icons";
import { Fragment, useCallback, useEffect, useRef, useState } from "react";
import { PostCard, type CardUser } from "~/components/post/post-card";
import { Button, buttonClass } from "~/components/ui/button";
import { toastFailure } from "#lib/api-client";
import { FEED_PAGE_SIZE_MAX, type InventoryView } from "#lib/constants";
import { FEED_SORTS, type FeedSort } from "#lib/schemas/inventory-constants";
import type { FeedPost, PostDetail } from "#lib/api-types";
import { useInbox, useInboxFrames } from "~/components/chat/inbox-context";
import { Composer, type ComposerHandle } from "./composer";
import { fetchFeedPage, fitsSort, mergeFresh, toFeedPost } from "./feed-api";
import { PromoBlock } from "./promo-block";
import type { Promotion } from "#lib/api-types";
import { SuggestedDealers } from "./suggested-dealers";

/** The feed's pacing: a short load delay, the next page at 80 % scrolled, a refresh every 30 s. */
export const FEED_LOAD_DELAY_MS = 300;
export const FEED_SCROLL_TRIGGER = 0.8;
export const FEED_REFRESH_MS = 30_000;
/** The promo block follows the 4th post (PROMO_AFTER) of each page: once a page, never every 4th post over again. */
export const PROMO_AFTER = 4;
/** The cards a phone's first screen shows (390 × 844 px): the feed's items after them draw as they near the screen. */
const FIRST_SCREEN_CARDS = 2;

const SORT_LABELS: Record<FeedSort, string> = {
  recent: "Recent",
  requests: "Requests",
  "for-sale": "For Sale",
  "auction-promo": "Auction Promos",
};

export type FeedData = {
  posts: FeedPost[];
  nextCursor: string | null;
  sort: FeedSort;
  search: string;
  /** 7, or the Items per page the dealer saved in /settings. */
  pageSize: number;
  /** The dealer's Inventory view setting: how much of each post the feed shows. */
  inventoryView: InventoryView;
  /** This page starts further down the feed (Load More followed without JavaScript). */
  olderPage?: boolean;
  /** The admins' promotions for this dealer's plan, in their window: they take the promo block in turn. */
  promotions?: Promotion[];
};

/** The bar above the feed: a search box, or a post-title box. */
function FeedTopBar({
  search,
  sort,
  onPostTitle,
}: {
  search: string;
  sort: FeedSort;
  onPostTitle: (title: string) => void;
}) {
  const [mode, setMode] = useState<"search" | "post">("search");
  const [title, setTitle] = useState("");
  const navigation = useNavigation();
  const searching =
    navigation.state === "loading" &&
    navigation.location.pathname === "/" &&
    navigation.location.search.includes("search=");
  return (
    <div className="flex items-center gap-2 border-y border-slate-200 bg-white p-3 sm:rounded-xl sm:border dark:border-slate-800 dark:bg-slate-900">
      <div
        role="tablist"
        aria-label="Top bar mode"
        className="flex shrink-0 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
      >
        {(
          [
            ["search", "Search"],
            ["post", "Post"],
          ] as const
        ).map(([m, label]) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${mode === m ? "bg-white text-slate-900 shadow dark:bg-slate-950 dark:text-white" : "text-slate-600 dark:text-slate-300"}`}
            onClick={() => setMode(m)}
          >
            {label}
          </button>
        ))}
      </div>
      {mode === "search" ? (
        <Form method="get" action="/" role="search" className="flex min-w-0 flex-1 items-center gap-2">
          {sort !== "recent" ? <input type="hidden" name="sort" value={sort} /> : null}
          <label htmlFor="feed-search" className="sr-only">
            Search posts, dealers, makes, models or VINs
          </label>
          <div className="relative min-w-0 flex-1">
            <Search
              size={16}
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400"
            />
            <input
              id="feed-search"
              name="search"
              type="search"
              defaultValue={search}
              key={search}
              maxLength={200}
              placeholder="Search posts, dealers, makes, models, VINs…"
              className="w-full rounded-full border border-slate-300 bg-slate-50 py-2 pr-3 pl-9 text-sm dark:border-slate-700 dark:bg-slate-950"
            />
          </div>
          <Button type="submit" variant="secondary" aria-label="Search">
            {searching ? (
              <Loader2 size={16} className="animate-spin" aria-hidden="true" />
            ) : (
              <Search size={16} aria-hidden="true" />
            )}
          </Button>
          {search ? (
            <Link
              to={feedHref({ sort, search: "" })}
              className="inline-flex min-h-10 items-center gap-1 rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
              aria-label="Clear search"
            >
              <X size={16} aria-hidden="true" />
            </Link>
          ) : null}
        </Form>
      ) : (
        <form
          className="flex min-w-0 flex-1 items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            onPostTitle(title);
            setTitle("");
          }}
        >
          <label htmlFor="feed-post-title" className="sr-only">
            Post title
          </label>
          <input
            id="feed-post-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            placeholder="Post title, e.g. 3 clean Tahoes available"
            className="min-w-0 flex-1 rounded-full border border-slate-300 bg-slate-50 px-4 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
          <Button type="submit">
            <PenSquare size={16} aria-hidden="true" />
            <span className="max-sm:sr-only">Create Post</span>
          </Button>
        </form>
      )}
    </div>
  );
}

/**
 * The home feed: composer, sort tabs, the first 7 posts from the page's
 * loader (so the first HTML already holds them), then 7 more by Load More or when scrolling past 80 %,
 * after 300 ms; a promo block after the 4th post of each page, a different one each page; a refresh every 30 s.
 * A dealer who saved an Items per page in /settings gets pages of that size instead of 7.
 */
export function HomeFeed({ currentUser, feed }: { currentUser: CardUser; feed: FeedData }) {
  const [posts, setPosts] = useState<FeedPost[]>(feed.posts);
  const [nextCursor, setNextCursor] = useState<string | null>(feed.nextCursor);
  const [loadingMore, setLoadingMore] = useState(false);
  const busy = useRef(false);
  const composer = useRef<ComposerHandle>(null);
  const { sort, search, pageSize } = feed;
  const state = useRef({ posts, nextCursor });
  state.current = { posts, nextCursor };

  const loadMore = useCallback(async () => {
    const cursor = state.current.nextCursor;
    if (!cursor || busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    try {
      await new Promise((r) => setTimeout(r, FEED_LOAD_DELAY_MS));
      const page = await fetchFeedPage({ sort, search, limit: pageSize, cursor });
      setPosts((shown) => {
        const ids = new Set(shown.map((p) => p.id));
        return [...shown, ...page.posts.filter((p) => !ids.has(p.id))];
      });
      setNextCursor(page.nextCursor);
    } catch (error) {
      toastFailure("Could not load more posts", error, "Please try again");
    } finally {
      busy.current = false;
      setLoadingMore(false);
    }
  }, [sort, search, pageSize]);

  // Scrolling past 80 % of the page loads the next 7.
  useEffect(() => {
    const onScroll = () => {
      const { scrollHeight } = document.documentElement;
      const seen = (window.scrollY + window.innerHeight) / scrollHeight;
      if (seen > FEED_SCROLL_TRIGGER && state.current.nextCursor && !busy.current) void loadMore();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [loadMore]);

  /** New posts on top and fresh counts for the posts shown. */
  const refresh = useCallback(async () => {
    const shown = state.current.posts.length;
    const limit = Math.min(Math.max(shown, pageSize), FEED_PAGE_SIZE_MAX);
    const page = await fetchFeedPage({ sort, search, limit });
    setPosts((current) => mergeFresh(page.posts, current));
    if (state.current.posts.length <= limit) setNextCursor(page.nextCursor);
  }, [sort, search, pageSize]);

  // Live: the inbox socket announces posts from the network; they wait behind an 'N new posts' button.
  const { connected } = useInbox();
  const [announced, setAnnounced] = useState<string[]>([]);
  useInboxFrames((frame) => {
    if (frame.type !== "new-post" || frame.dealerId === currentUser.id) return;
    if (state.current.posts.some((p) => p.id === frame.postId)) return;
    setAnnounced((ids) => (ids.includes(frame.postId) ? ids : [...ids, frame.postId]));
  });
  const showAnnounced = () => {
    refresh()
      .then(() => {
        setAnnounced([]);
        window.scrollTo({ top: 0, behavior: "smooth" });
      })
      .catch((error) => toastFailure("Error", error, "Failed to load new posts"));
  };

  // Only while the live socket is down, the refresh every 30 s takes over (tab visible only).
  useEffect(() => {
    if (connected) return;
    const timer = setInterval(() => {
      if (document.hidden || busy.current) return;
      refresh().catch(() => undefined);
    }, FEED_REFRESH_MS);
    return () => clearInterval(timer);
  }, [connected, refresh]);

  const onCreated = (post: PostDetail) => {
    const feedPost = toFeedPost(post);
    if (!search && fitsSort(feedPost, sort))
      setPosts((shown) => [feedPost, ...shown.filter((p) => p.id !== feedPost.id)]);
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="sr-only">Home</h1>
      <FeedTopBar
        search={search}
        sort={sort}
        onPostTitle={(title) => composer.current?.openPostForm(title)}
      />
      <Composer ref={composer} currentUser={currentUser} onCreated={onCreated} />
      {feed.olderPage ? (
        <Link
          to={feedHref({ sort, search })}
          className="self-center text-sm font-medium text-brand-600 underline dark:text-brand-400"
        >
          ← Back to the newest posts
        </Link>
      ) : null}
      {announced.length > 0 ? (
        <button
          type="button"
          onClick={showAnnounced}
          data-testid="new-posts"
          className="sticky top-20 z-10 self-center rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-brand-700"
        >
          {announced.length} new {announced.length === 1 ? "post" : "posts"}
        </button>
      ) : null}

      <nav
        aria-label="Sort the feed"
        className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 sm:px-0 dark:border-slate-800"
      >
        {FEED_SORTS.map((s) => (
          <Link
            key={s}
            to={feedHref({ sort: s, search })}
            preventScrollReset
            aria-current={s === sort ? "page" : undefined}
            className={`shrink-0 border-b-2 px-3 py-2 text-sm font-medium ${
              s === sort
                ? "border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-400"
                : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
            }`}
          >
            {SORT_LABELS[s]}
          </Link>
        ))}
      </nav>

      {search ? (
        <p className="px-4 text-sm text-slate-600 sm:px-0 dark:text-slate-400">
          Results for <span className="font-semibold text-slate-900 dark:text-slate-100">“{search}”</span>
        </p>
      ) : null}

      {posts.length === 0 ? (
        <>
          <p
            className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400"
            data-testid="feed-empty"
          >
            {search ? "No matching dealers found" : "No dealer posts available"}
          </p>
          {/* A young network has few posts: the dealers to connect with still show. */}
          {search ? null : <SuggestedDealers />}
        </>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Dealer posts" data-testid="feed">
          {posts.map((post, i) => (
            <Fragment key={post.id}>
              <li
                className={i >= FIRST_SCREEN_CARDS ? belowFirstScreen(post, feed.inventoryView) : undefined}
              >
                <PostCard post={post} currentUser={currentUser} view={feed.inventoryView} first={i === 0} />
              </li>
              {i === Math.min(1, posts.length - 1) && !search ? (
                <li
                  className={
                    i + 1 >= FIRST_SCREEN_CARDS
                      ? "below-first-screen [--below-first-screen-height:25rem] sm:[--below-first-screen-height:21.5rem]"
                      : undefined
                  }
                >
                  <SuggestedDealers />
                </li>
              ) : null}
              {i % pageSize === PROMO_AFTER - 1 ? (
                <li className="below-first-screen [--below-first-screen-height:10rem] sm:[--below-first-screen-height:9rem]">
                  <PromoBlock page={Math.floor(i / pageSize)} promotions={feed.promotions ?? []} />
                </li>
              ) : null}
            </Fragment>
          ))}
        </ol>
      )}

      {nextCursor ? (
        <div className="flex justify-center pb-4">
          <a
            href={feedHref({ sort, search, cursor: nextCursor })}
            onClick={(event) => {
              event.preventDefault();
              if (!loadingMore) void loadMore();
            }}
            aria-disabled={loadingMore || undefined}
            className={buttonClass("secondary")}
            data-testid="load-more"
          >
            {loadingMore ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : null}
            {loadingMore ? "Loading…" : "Load More"}
          </a>
        </div>
      ) : posts.length > 0 ? (
        <p className="pb-6 text-center text-sm text-muted" data-testid="feed-end">
          You&apos;ve reached the end of the feed
        </p>
      ) : null}
    </div>
  );
}

/** The stand-in of a card below the first screen: taller when the card leads with its photo. */
function belowFirstScreen(post: FeedPost, view: InventoryView) {
  return view === "grid" && post.photoUrls.length > 0
    ? "below-first-screen below-first-screen-photo"
    : "below-first-screen";
}

/** The feed's address for a tab, a search and (for Load More without JavaScript) a cursor. */
function feedHref({ sort, search, cursor }: { sort: FeedSort; search: string; cursor?: string }) {
  const params = new URLSearchParams();
  if (sort !== "recent") params.set("sort", sort);
  if (search) params.set("search", search);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `/?${query}` : "/";
}
