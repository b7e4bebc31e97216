import { Form, useNavigation } from "@remix-run/react";
import { CheckCircle2, Pencil, RefreshCw, Trash2 } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { useClock } from "~/components/ui/clock";
import { DialogHeader } from "~/components/ui/dialog-header";
import { inputClass } from "~/components/ui/field";
import { VEHICLE_STATUSES } from "#lib/schemas/inventory";
import type { PostDetail } from "../../../worker/domain/inventory/types";

const DAY_MS = 24 * 60 * 60 * 1000;

function EditDialog({
  post,
  open,
  onOpenChange,
}: {
  post: PostDetail;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const saving = useNavigation().formData?.get("intent") === "edit";
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[min(40rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl dark:bg-slate-900">
          <DialogHeader>Edit post</DialogHeader>
          <Dialog.Description className="text-sm text-muted">
            Change the text, prices and what is sold. Dealers who commented or are looking for a vehicle here
            hear about a lower price.
          </Dialog.Description>
          <Form method="post" className="flex flex-col gap-3" onSubmit={() => onOpenChange(false)}>
            <input type="hidden" name="intent" value="edit" />
            <label className="flex flex-col gap-1 text-sm font-medium">
              Title
              <input name="title" defaultValue={post.title} required maxLength={200} className={inputClass} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Description
              <textarea
                name="description"
                defaultValue={post.description}
                rows={4}
                maxLength={5000}
                className={inputClass}
              />
            </label>
            {post.vehicles.length > 0 ? (
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-semibold">Vehicles</legend>
                {post.vehicles.map((v, i) => (
                  <div
                    key={v.id}
                    className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_9rem_8rem] sm:items-end dark:border-slate-700"
                  >
                    <input type="hidden" name={`vehicles[${i}].id`} value={v.id} />
                    <p className="text-sm font-medium">
                      {[v.year, v.make, v.model, v.trim].filter(Boolean).join(" ")}
                    </p>
                    <label className="flex flex-col gap-1 text-xs font-medium">
                      Price ($)
                      <input
                        name={`vehicles[${i}].price`}
                        inputMode="decimal"
                        defaultValue={v.price ?? ""}
                        className={inputClass}
                      />
                    </label>
                    <label className="flex flex-col gap-1 text-xs font-medium">
                      Status
                      <select name={`vehicles[${i}].status`} defaultValue={v.status} className={inputClass}>
                        {VEHICLE_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </select>
                    </label>
                  </div>
                ))}
              </fieldset>
            ) : null}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass("secondary")}>Cancel</Dialog.Close>
              <button type="submit" className={buttonClass("primary")} disabled={saving}>
                Save changes
              </button>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DeleteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-5 shadow-xl dark:bg-slate-900">
          <DialogHeader>Delete this post?</DialogHeader>
          <Dialog.Description className="text-sm text-muted">
            The post, its vehicles and its comments are removed for everyone. This cannot be undone.
          </Dialog.Description>
          <Form method="post" className="flex justify-end gap-2">
            <input type="hidden" name="intent" value="delete" />
            <Dialog.Close className={buttonClass("secondary")}>Keep it</Dialog.Close>
            <button type="submit" className={buttonClass("danger")}>
              Delete post
            </button>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
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
          <Form method="post">
            <input type="hidden" name="intent" value="sold" />
            <button type="submit" className={buttonClass("secondary")}>
              <CheckCircle2 size={16} aria-hidden="true" /> Mark sold
            </button>
          </Form>
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
          <Form method="post">
            <input type="hidden" name="intent" value="renew" />
            <button type="submit" className={buttonClass("secondary")}>
              <RefreshCw size={16} aria-hidden="true" /> Renew for 30 days
            </button>
          </Form>
        ) : null}
        <Button variant="ghost" className="text-red-700 dark:text-red-400" onClick={() => setDeleting(true)}>
          <Trash2 size={16} aria-hidden="true" /> Delete
        </Button>
      </div>
      {editing ? <EditDialog post={post} open={editing} onOpenChange={setEditing} /> : null}
      {deleting ? <DeleteDialog open={deleting} onOpenChange={setDeleting} /> : null}
    </section>
  );
}
