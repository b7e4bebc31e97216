import { Form } from "@remix-run/react";
import { CheckCircle2, Pencil, RefreshCw, Trash2 } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { Button, buttonClass, type ButtonVariant } from "~/components/ui/button";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { useClock } from "~/components/ui/clock";
import { DialogHeader } from "~/components/ui/dialog-header";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import type { PostDetail } from "../../../worker/domain/inventory/types";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The edit form loads on its first open: another dealer's post, the page's usual visit, never needs it. */
const EditDialog = lazyDialog(() => import("./post-edit-dialog").then((m) => m.EditDialog));

/** One of the post page's plain-form intents as a button, so it works before JavaScript loads. */
function IntentButton({
  intent,
  children,
  variant = "secondary",
}: {
  intent: string;
  children: ReactNode;
  variant?: ButtonVariant;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant}>
        {children}
      </Button>
    </Form>
  );
}

function DeleteDialog({ onOpenChange }: { onOpenChange: (o: boolean) => void }) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <DialogFrame className="w-[min(28rem,calc(100vw-1.5rem))] gap-4 p-5">
        <DialogHeader>Delete this post?</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          The post, its vehicles and its comments are removed for everyone. This cannot be undone.
        </Dialog.Description>
        <div className="flex justify-end gap-2">
          <Dialog.Close className={buttonClass("secondary")}>Keep it</Dialog.Close>
          <IntentButton intent="delete" variant="danger">
            Delete post
          </IntentButton>
        </div>
      </DialogFrame>
    </Dialog.Root>
  );
}

/**
 * The author's tools on their post: edit text and prices, mark sold, renew for another 30 days,
 * delete. Plain forms to the post page's action, so they work before JavaScript loads.
 */
export function PostOwnerTools({ post }: { post: PostDetail }) {
  // The page's one clock: the server and the browser's first render count the same days.
  const { now } = useClock();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const daysLeft = post.expiresAt ? Math.ceil((Date.parse(post.expiresAt) - now) / DAY_MS) : 0;
  const status =
    post.status === "expired"
      ? "This post has expired. Renew it to show it as active again for 30 days."
      : post.status === "sold"
        ? "Marked sold."
        : daysLeft <= 1
          ? "Expires within a day unless you renew it."
          : `Active for ${daysLeft} more days.`;
  return (
    <section
      aria-label="Your post"
      className="flex flex-col gap-3 border-y border-slate-200 bg-white px-4 py-3 sm:rounded-xl sm:border dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="text-sm text-muted" data-testid="post-lifetime">
        <span className="font-semibold text-slate-900 dark:text-slate-100">Your post.</span> {status}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setEditing(true)}>
          <Pencil size={16} aria-hidden="true" /> Edit
        </Button>
        {post.status === "active" ? (
          <IntentButton intent="sold">
            <CheckCircle2 size={16} aria-hidden="true" /> Mark sold
          </IntentButton>
        ) : null}
        {post.type === "spreadsheet" && post.spreadsheetUrl && post.vehicles.length > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="sync" />
            <button type="submit" className={buttonClass("secondary")} data-testid="sync-now">
              <RefreshCw size={16} aria-hidden="true" /> Sync now
            </button>
          </Form>
        ) : null}
        {post.status !== "active" || daysLeft <= 7 ? (
          <IntentButton intent="renew">
            <RefreshCw size={16} aria-hidden="true" /> Renew for 30 days
          </IntentButton>
        ) : null}
        <Button variant="ghost" className="text-red-700 dark:text-red-400" onClick={() => setDeleting(true)}>
          <Trash2 size={16} aria-hidden="true" /> Delete
        </Button>
      </div>
      {editing ? <EditDialog post={post} onOpenChange={setEditing} /> : null}
      {deleting ? <DeleteDialog onOpenChange={setDeleting} /> : null}
    </section>
  );
}
