import type { AppLoadContext } from "@remix-run/cloudflare";
import { FEED_PAGE_SIZE } from "#lib/constants";
import { createPostSchema, feedQuerySchema, quickPostSchema } from "#lib/schemas/inventory";
import { QUICK_POST_REQUIRED, quickPostToPost } from "#lib/schemas/inventory-constants";
import { dealerAction } from "./dealer-directory.server";
import { requireDealer } from "./guards.server";
import { parseForm } from "#lib/forms";
import { readForm } from "./form-body.server";
import { redirectWithFailure, redirectWithToast, routeFailure } from "./responses.server";

/**
 * The signed-in home page's data: the first 7 posts (or the dealer's saved Items per page) of the chosen tab
 * and search, read in the same request as the page so the first HTML already holds them (no
 * loading waterfall).
 */
export async function loadHomeFeed(context: AppLoadContext, request: Request) {
  const { viewer } = requireDealer(context, request);
  const url = new URL(request.url);
  const queryFor = (limit: number) => {
    const parsed = feedQuerySchema.safeParse({
      search: url.searchParams.get("search") ?? undefined,
      sort: url.searchParams.get("sort") ?? undefined,
      limit,
      // Load More without JavaScript is a link to the next page.
      cursor: url.searchParams.get("cursor") ?? undefined,
    });
    return parsed.success ? parsed.data : feedQuerySchema.parse({ limit });
  };
  const listFeed = (query: ReturnType<typeof queryFor>) =>
    context.services.inventory
      .listFeed(query)
      .catch(() => context.services.inventory.listFeed({ ...query, cursor: undefined }));
  // The dealer's page size and the usual first page are read side by side (one wait, not two); only a
  // dealer who saved another Items per page waits for a second read of that size.
  const [{ pageSize, inventoryView }, usualPage, promotions] = await Promise.all([
    context.services.settings.feedView(viewer.accountId),
    listFeed(queryFor(FEED_PAGE_SIZE)),
    context.services.admin.promotions.forDealer(viewer.dealer.id),
  ]);
  const query = queryFor(pageSize);
  const page = pageSize === FEED_PAGE_SIZE ? usualPage : await listFeed(query);
  return {
    posts: page.posts,
    nextCursor: page.nextCursor,
    sort: query.sort,
    search: query.search ?? "",
    pageSize,
    inventoryView,
    olderPage: Boolean(query.cursor),
    promotions,
  };
}

/**
 * The home page's form posts: the quick post before JavaScript has loaded (with JavaScript the composer
 * calls the API), and the Connect button of the suggested dealers.
 */
export async function homeFeedAction(context: AppLoadContext, request: Request) {
  const { viewer } = requireDealer(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "connect" || intent === "disconnect") return dealerAction(context, request, form);
  const quick = parseForm(form, quickPostSchema);
  if (quick.status !== "success") {
    return redirectWithToast(
      "/",
      { title: QUICK_POST_REQUIRED.title, description: QUICK_POST_REQUIRED.description },
      request,
    );
  }
  const post = createPostSchema.safeParse(quickPostToPost(quick.value));
  if (!post.success) {
    const description = post.error.issues[0]?.message;
    return redirectWithToast("/", { title: "Error creating post", description }, request);
  }
  try {
    // The session read the plan; only a lapsed one asks D1 again, for the 402 and its way to /subscribe.
    const plan = context.session?.entitlement;
    if (!plan?.active)
      await context.services.subscriptions.requireActivePlan({ accountId: viewer.accountId });
    await context.services.inventory.createPost(viewer.dealer, post.data, new URL(request.url).origin, {
      premium: plan?.premium ?? false,
    });
  } catch (error) {
    const failure = routeFailure(error, { title: "Error creating post", fallback: "Please try again" });
    return redirectWithFailure("/", failure, request);
  }
  return redirectWithToast("/", { title: "Post created successfully!" }, request);
}
