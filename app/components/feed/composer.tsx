import { Form } from "@remix-run/react";
import { Car, ImagePlus, Send } from "~/components/ui/icons";
import { forwardRef, useCallback, useImperativeHandle, useState } from "react";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import type { ComposerFormRequest } from "./composer-forms";
import type { QuickPostType } from "./quick-post-dialog";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { answerOf, api, toastFailure } from "#lib/api-client";
import { QUICK_POST_REQUIRED, quickPostToPost } from "#lib/schemas/inventory-constants";
import { toast } from "#lib/toast";
import type { PostDetail } from "#lib/api-types";

const ComposerForms = lazyDialog(() => import("./composer-forms").then((m) => m.ComposerForms));
const QuickPostDialog = lazyDialog(() => import("./quick-post-dialog").then((m) => m.QuickPostDialog));

export type ComposerHandle = { openPostForm: (title?: string) => void };

/**
 * The post composer: type, then Post or Enter → For Sale or Requesting
 * (default For Sale) → Confirm & Post. Add Photos and Add Vehicle open the full post form. Before JavaScript
 * loads, the text posts as a For Sale quick post through the home page's action.
 */
export const Composer = forwardRef<
  ComposerHandle,
  {
    currentUser: { name: string; avatar: string | null };
    onCreated: (post: PostDetail, message: string) => void;
  }
>(function Composer({ currentUser, onCreated }, ref) {
  const [text, setText] = useState("");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [type, setType] = useState<QuickPostType>("for-sale");
  const [sending, setSending] = useState(false);
  // Null until the full post form or Add Vehicle is first asked for: a page that never opens them never loads them.
  const [formRequest, setFormRequest] = useState<ComposerFormRequest | null>(null);
  const closeForms = useCallback(() => setFormRequest(null), []);

  const openPostForm = (title?: string, photos = false) => setFormRequest({ form: "post", title, photos });
  useImperativeHandle(ref, () => ({ openPostForm: (title?: string) => openPostForm(title) }));

  const ask = (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (!text.trim()) {
      toast({ ...QUICK_POST_REQUIRED, variant: "destructive" });
      return;
    }
    setType("for-sale");
    setConfirmOpen(true);
  };

  async function confirm() {
    setSending(true);
    try {
      const post = await answerOf(
        api.POST("/api/inventory", { body: quickPostToPost({ content: text, type }) }),
      );
      setText("");
      setConfirmOpen(false);
      toast({ title: "Post created successfully!" });
      onCreated(post, "Post created successfully!");
    } catch (error) {
      toastFailure("Error creating post", error, error instanceof Error ? error.message : "Please try again");
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-label="Create a post" className="feed-card">
      <Form method="post" onSubmit={ask} className="flex items-start gap-3">
        <input type="hidden" name="intent" value="quick-post" />
        <input type="hidden" name="type" value="for-sale" />
        <Avatar name={currentUser.name} src={currentUser.avatar} size={40} />
        <label htmlFor="quick-post" className="sr-only">
          What do you have or need?
        </label>
        <textarea
          id="quick-post"
          name="content"
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) ask(e);
          }}
          placeholder="Share inventory or tell the network what you're looking for…"
          className="min-h-11 flex-1 resize-y rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          maxLength={5000}
        />
        <Button type="submit" aria-label="Post" data-testid="quick-post-submit">
          <Send size={16} aria-hidden="true" />
          <span className="hidden sm:inline">Post</span>
        </Button>
      </Form>
      {/* One line on a phone too: there "Add" is left for the screen reader, so the feed starts higher. */}
      <div className="flex flex-wrap gap-x-1 gap-y-2 sm:gap-2">
        <Button
          variant="ghost"
          onClick={() => openPostForm(text, true)}
          data-testid="add-photos"
          className="max-sm:px-2"
        >
          <ImagePlus size={18} aria-hidden="true" className="text-emerald-600 dark:text-emerald-400" />
          <span>
            <span className="max-sm:sr-only">Add </span>Photos
          </span>
        </Button>
        <Button
          variant="ghost"
          onClick={() => setFormRequest({ form: "vehicle" })}
          data-testid="add-vehicle-open"
          className="max-sm:px-2"
        >
          <Car size={18} aria-hidden="true" className="text-brand-600 dark:text-brand-400" />
          <span>
            <span className="max-sm:sr-only">Add </span>Vehicle
          </span>
        </Button>
        <Button variant="ghost" onClick={() => openPostForm(text)} className="ml-auto max-sm:px-2">
          Post Inventory
        </Button>
      </div>

      {/* The dialogs exist only while open: the page's first HTML (and its hydration) skips them. */}
      {confirmOpen ? (
        <QuickPostDialog
          text={text}
          type={type}
          onTypeChange={setType}
          sending={sending}
          onConfirm={() => void confirm()}
          onOpenChange={(o) => !sending && setConfirmOpen(o)}
        />
      ) : null}

      {formRequest ? (
        <ComposerForms
          request={formRequest}
          onOpenChange={closeForms}
          onCreated={(post) => {
            setText("");
            onCreated(post, "Inventory posted successfully!");
          }}
        />
      ) : null}
    </section>
  );
});
