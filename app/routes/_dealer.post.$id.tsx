import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { ArrowLeft } from "~/components/ui/icons";
import { PostCard } from "~/components/post/post-card";
import { PostMatches } from "~/components/post/post-matches";
import { PostOwnerTools } from "~/components/post/post-owner-tools";
import { BuyOrderForm } from "~/components/post/buy-order-form";
import { buyOrderSchema } from "#lib/schemas/buy-order";
import { buttonClass } from "~/components/ui/button";
import { isAdmin } from "#lib/roles";
import { UNKNOWN_ACTION, byIntent } from "#lib/intents";
import { commentSchema, editPostFormSchema, type UpdatePost } from "#lib/schemas/inventory";
import { firstError, parseForm } from "#lib/forms";
import { readForm } from "~/utils/form-body.server";
import { requireDealer } from "~/utils/guards.server";
import {
  isDomainError,
  redirectWithFailure,
  redirectWithToast,
  routeFailure,
} from "~/utils/responses.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.post ? `${data.post.title} · DealerLane` : "Post not found · DealerLane" },
];

const MATCHES_SHOWN = 10;

/**
 * /post/{id}: the post full screen, counting the dealer's view once. Its author also gets their
 * tools (edit, sold, renew, delete) and the posts on the other side: matching listings for a request.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const { viewer, currentUser } = requireDealer(context, request);
  const card = { id: currentUser.id, name: currentUser.name, avatar: currentUser.avatar };
  try {
    // One wave: the post, and its matches when it is the dealer's own (read by the post id alone).
    const id = params.id ?? "";
    const [post, ownMatches, buyOrder] = await Promise.all([
      context.services.inventory.viewPost(id, viewer.dealer.id),
      context.services.dealAlerts.matchesOf(id, { limit: MATCHES_SHOWN }, viewer.dealer.id),
      // The author's wanted post only: anyone else's, or a listing, has none to show (404).
      context.services.dealAlerts.buyOrderOf(id, viewer.dealer.id).catch((error: unknown) => {
        if (isDomainError(error) && error.status === 404) return null;
        throw error;
      }),
    ]);
    const own = post.dealerId === viewer.dealer.id;
    const matches = own && post.status === "active" ? ownMatches : null;
    return { post, currentUser: card, own, canManage: own || isAdmin(viewer), matches, buyOrder };
  } catch (error) {
    if (isDomainError(error) && error.status === 404)
      return data(
        { post: null, currentUser: card, own: false, canManage: false, matches: null, buyOrder: null },
        { status: 404 },
      );
    throw error;
  }
}

/** The edit form through its one schema: the patch, or the first thing wrong with it. */
function editFromForm(form: FormData): UpdatePost | string {
  const edit = parseForm(form, editPostFormSchema);
  if (edit.status === "success") return edit.value;
  return firstError(edit.error, ["title", "description"]) ?? "Post not updated";
}

type Viewer = ReturnType<typeof requireDealer>["viewer"];
type PostInput = {
  id: string;
  form: FormData;
  request: Request;
  context: ActionFunctionArgs["context"];
  viewer: Viewer;
};
/** A form's toast on success (and where it lands, the post by default), or what is wrong with the form. */
type Outcome = { title: string; description?: string; to?: string } | { refused: string | undefined };

/** The post's address: the id comes back decoded, and encoded again a crafted one (%00, %0A) cannot break the Location header. */
const postPathOf = (id: string) => `/post/${encodeURIComponent(id)}`;

const actorOf = (viewer: Viewer) => ({ dealerId: viewer.dealer.id, isAdmin: isAdmin(viewer) });

/** One of the page's forms: a refused form, or a refusal of the domain, toasts on the post under `failed`. */
function postAction(
  failed: { title: string; fallback?: string },
  run: (input: PostInput) => Promise<Outcome>,
) {
  return async (input: PostInput) => {
    const here = postPathOf(input.id);
    try {
      const outcome = await run(input);
      if ("refused" in outcome)
        return redirectWithToast(here, { title: failed.title, description: outcome.refused }, input.request);
      const { to = here, ...toast } = outcome;
      return redirectWithToast(to, toast, input.request);
    } catch (error) {
      return redirectWithFailure(here, routeFailure(error, failed), input.request);
    }
  };
}

/** An author's tool that changes the post: the change it asks for from the form (or what is wrong), and its toast. */
const changePost = (patchOf: (form: FormData) => UpdatePost | string, done: string) =>
  postAction({ title: "Post not updated" }, async ({ id, form, context, viewer }) => {
    const patch = patchOf(form);
    if (typeof patch === "string") return { refused: patch };
    await context.services.inventory.updatePost(id, actorOf(viewer), patch);
    return { title: done };
  });

const syncSummary = (added: number, updated: number, removed: number) =>
  added + updated + removed === 0
    ? "Nothing changed since the last sync."
    : `${added} added, ${updated} updated, ${removed} marked sold.`;

const BUY_ORDER_FIELDS = ["vehicles", "years.from", "years.to", "maxMileage", "maxPrice", "states", "until"];

/** The page's forms by their `intent`: the comment form before JavaScript has loaded, and the author's tools. */
const POST_ACTIONS: Record<string, (input: PostInput) => Promise<Response>> = {
  comment: postAction(
    { title: "Comment not posted", fallback: "Please try again" },
    async ({ id, form, context, viewer }) => {
      const comment = parseForm(form, commentSchema);
      if (comment.status !== "success") return { refused: firstError(comment.error, ["content"]) };
      await context.services.inventory.addComment(id, viewer.dealer, comment.value.content);
      return { title: "Comment added successfully" };
    },
  ),
  "buy-order": postAction({ title: "Buy order not saved" }, async ({ id, form, context, viewer }) => {
    const order = parseForm(form, buyOrderSchema);
    if (order.status !== "success") return { refused: firstError(order.error, BUY_ORDER_FIELDS) };
    await context.services.dealAlerts.setBuyOrder(id, viewer.dealer.id, order.value);
    return { title: "Buy order saved" };
  }),
  edit: changePost(editFromForm, "Post updated"),
  sold: changePost(() => ({ status: "sold" }), "Marked sold"),
  renew: changePost(() => ({ renew: true }), "Post renewed for 30 days"),
  /** Sync now: the sheet the post was published from, read again. */
  sync: postAction({ title: "Sheet not synced" }, async ({ id, context, viewer }) => {
    const { added, updated, removed } = await context.services.imports.syncPost(viewer.dealer.id, id);
    return { title: "Synced with your sheet", description: syncSummary(added, updated, removed) };
  }),
  delete: postAction({ title: "Post not updated" }, async ({ id, context, viewer }) => {
    await context.services.inventory.deletePost(id, actorOf(viewer));
    return { title: "Post deleted", to: "/" };
  }),
};

export async function action({ params, context, request }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const form = await readForm(request);
  const handle = byIntent(POST_ACTIONS, form.get("intent"));
  if (!handle) throw data({ message: UNKNOWN_ACTION }, { status: 400 });
  return handle({ id: params.id ?? "", form, request, context, viewer });
}

export default function PostScreen() {
  const { post, currentUser, canManage, matches, buyOrder } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const back = (
    <Link
      to="/"
      onClick={(e) => {
        // Back to the feed where the dealer was, when they came from it.
        if (window.history.state?.idx > 0) {
          e.preventDefault();
          navigate(-1);
        }
      }}
      className={buttonClass("secondary", "self-start")}
      data-testid="back-to-feed"
    >
      <ArrowLeft size={16} aria-hidden="true" /> Back to Feed
    </Link>
  );
  if (!post) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 sm:px-0">
        {back}
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <h1 className="text-xl font-semibold">Post not found</h1>
          <p className="mt-1 text-sm text-muted">It may have been removed, or the link is not complete.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="px-4 sm:px-0">{back}</div>
      <h1 className="sr-only">{post.title}</h1>
      {canManage ? <PostOwnerTools post={post} /> : null}
      {buyOrder && post.status === "active" ? (
        <BuyOrderForm key={JSON.stringify(buyOrder)} buyOrder={buyOrder} />
      ) : null}
      {matches ? (
        <PostMatches
          kind={post.type === "request" ? "request" : "listing"}
          matches={matches.items}
          more={matches.nextCursor !== null}
        />
      ) : null}
      <PostCard
        key={post.id}
        post={post}
        currentUser={currentUser}
        expanded
        initialComments={post.comments}
      />
    </div>
  );
}
