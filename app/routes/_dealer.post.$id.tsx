import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { ArrowLeft } from "~/components/ui/icons";
import { PostCard } from "~/components/post/post-card";
import { buttonClass } from "~/components/ui/button";
import { commentSchema } from "~/lib/schemas/inventory";
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

/** /post/{id}: the post full screen (core spec §2), counting the dealer's view once. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const { viewer, currentUser } = requireDealer(context, request);
  const card = { id: currentUser.id, name: currentUser.name, avatar: currentUser.avatar };
  try {
    const post = await context.services.inventory.viewPost(params.id ?? "", viewer.dealer.id);
    return { post, currentUser: card };
  } catch (error) {
    if (isDomainError(error) && error.status === 404) return { post: null, currentUser: card };
    throw error;
  }
}

/** The comment form before JavaScript has loaded (with it, the panel calls the API). */
export async function action({ params, context, request }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const id = params.id ?? "";
  const parsed = commentSchema.safeParse({ content: (await readForm(request)).get("content") });
  if (!parsed.success) {
    return redirectWithToast(
      `/post/${id}`,
      { title: "Comment not posted", description: parsed.error.issues[0]?.message },
      request,
    );
  }
  try {
    await context.services.inventory.addComment(id, viewer.dealer, parsed.data.content);
  } catch (error) {
    const failure = routeFailure(error, { title: "Comment not posted", fallback: "Please try again" });
    return redirectWithFailure(`/post/${id}`, failure, request);
  }
  return redirectWithToast(`/post/${id}`, { title: "Comment added successfully" }, request);
}

export default function PostScreen() {
  const { post, currentUser } = useLoaderData<typeof loader>();
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
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            It may have been removed, or the link is not complete.
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="px-4 sm:px-0">{back}</div>
      <h1 className="sr-only">{post.title}</h1>
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
