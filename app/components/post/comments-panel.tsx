import { Form } from "@remix-run/react";
import { Loader2 } from "~/components/ui/icons";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Avatar } from "~/components/ui/avatar";
import { answerOf, api, failureText, toastFailure } from "#lib/api-client";
import { fetchPost } from "~/components/feed/feed-api";
import { RelativeTime } from "~/components/ui/clock";
import { COMMENT_MAX } from "#lib/schemas/inventory-constants";
import { toast } from "#lib/toast";
import type { PostComment, PostDetail } from "#lib/api-types";

type Shown = PostComment & { pending?: boolean };

/**
 * The comment section of a post: fetched when opened, 'POST COMMENT' disabled while
 * the text is blank or a comment is in flight ('POSTING...'). A new comment shows at once; the post is then
 * refreshed; if the server refuses it, it is taken back, the text restored and the reason toasted.
 * The form posts to /post/{id} before JavaScript has loaded.
 */
export function CommentsPanel({
  postId,
  currentUser,
  initialComments,
  onPostRefreshed,
}: {
  postId: string;
  currentUser: { id: string | null; name: string; avatar: string | null };
  /** Already loaded (the /post/{id} page): no fetch on open. */
  initialComments?: PostComment[];
  onPostRefreshed?: (post: PostDetail) => void;
}) {
  const [comments, setComments] = useState<Shown[] | null>(initialComments ?? null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [content, setContent] = useState("");
  const [posting, setPosting] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const refreshed = useRef(onPostRefreshed);
  refreshed.current = onPostRefreshed;

  const reload = (signal?: AbortSignal) =>
    fetchPost(postId, signal).then((post) => {
      setComments(post.comments);
      refreshed.current?.(post);
    });

  useEffect(() => {
    if (initialComments) return;
    const controller = new AbortController();
    reload(controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) setLoadError(failureText(error, "Could not load the comments"));
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload reads only postId
  }, [postId, initialComments]);

  useEffect(() => {
    if (initialComments) setComments(initialComments);
  }, [initialComments]);

  const trimmed = content.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || posting) return;
    const text = trimmed;
    const temporary: Shown = {
      id: `pending-${crypto.randomUUID()}`,
      postId,
      content: text,
      createdAt: new Date().toISOString(),
      attachmentUrl: null,
      dealer: { id: currentUser.id ?? "", name: currentUser.name, avatar: currentUser.avatar },
      pending: true,
    };
    setComments((list) => [...(list ?? []), temporary]);
    setContent("");
    setPosting(true);
    try {
      const saved = await answerOf(
        api.POST("/api/inventory/{id}/comments", {
          params: { path: { id: postId } },
          body: { content: text },
        }),
      );
      setComments((list) => (list ?? []).map((c) => (c.id === temporary.id ? saved : c)));
      toast({ title: "Comment added successfully" });
      reload().catch(() => undefined);
    } catch (error) {
      setComments((list) => (list ?? []).filter((c) => c.id !== temporary.id));
      setContent((current) => current || text);
      toastFailure("Comment not posted", error, "Failed to add comment");
      input.current?.focus();
    } finally {
      setPosting(false);
    }
  }

  return (
    <section
      aria-label="Comments"
      className="flex flex-col gap-3 border-t border-slate-200 pt-3 dark:border-slate-800"
    >
      <Form
        method="post"
        action={`/post/${postId}`}
        onSubmit={submit}
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
      >
        <input type="hidden" name="intent" value="comment" />
        <label htmlFor={`comment-${postId}`} className="sr-only">
          Write a comment
        </label>
        <textarea
          ref={input}
          id={`comment-${postId}`}
          name="content"
          rows={2}
          maxLength={COMMENT_MAX}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit(e);
            }
          }}
          placeholder="Write a comment…"
          className="min-h-10 flex-1 resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
        <button
          type="submit"
          disabled={!trimmed || posting}
          className="inline-flex min-h-10 items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-xs font-bold tracking-wide text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {posting ? "POSTING..." : "POST COMMENT"}
        </button>
      </Form>

      {comments === null ? (
        <p className="flex items-center gap-2 text-sm text-muted" aria-live="polite">
          {loadError ?? (
            <>
              <Loader2 size={14} className="animate-spin" aria-hidden="true" /> Loading comments…
            </>
          )}
        </p>
      ) : comments.length === 0 ? (
        <p className="text-sm text-muted">No comments yet. Be the first to comment!</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-live="polite">
          {comments.map((c) => (
            <li key={c.id} className={`flex gap-2 ${c.pending ? "opacity-60" : ""}`} data-testid="comment">
              <Avatar name={c.dealer.name} src={c.dealer.avatar} size={28} />
              <div className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800">
                <p className="flex items-baseline gap-2 text-xs">
                  <span className="font-semibold">{c.dealer.name}</span>
                  {c.pending ? (
                    <span className="text-muted">posting…</span>
                  ) : (
                    <RelativeTime at={c.createdAt} className="text-muted" />
                  )}
                </p>
                <p className="text-sm wrap-anywhere whitespace-pre-line">{c.content}</p>
                {c.attachmentUrl ? (
                  <a
                    href={c.attachmentUrl}
                    className="text-xs text-brand-600 underline dark:text-brand-400"
                    target="_blank"
                    rel="noreferrer"
                  >
                    Attachment
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
