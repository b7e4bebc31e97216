import { Link, useNavigate } from "@remix-run/react";
import { DialogHeader } from "~/components/ui/dialog-header";
import { Dialog } from "radix-ui";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { answerOf, api, failureText } from "#lib/api-client";
import { toast, toastError } from "#lib/toast";
import { Phone, Video } from "~/components/ui/icons";
import { AttachButtons, AttachmentTray } from "./attachment-tray";
import { useChatUploads } from "./use-chat-uploads";

/**
 * The message popup of a post card, a dealer card or a dealer popup: send is disabled
 * while the text is blank; the post's title travels as context; success goes to the conversation.
 */
export function MessagePopup({
  dealer,
  postTitle,
  trigger,
  open,
  onOpenChange,
}: {
  dealer: { id: string; name: string };
  postTitle?: string;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();
  const uploads = useChatUploads();
  const canSend =
    (text.trim() !== "" || uploads.attachments.length > 0) && !uploads.busy && !uploads.failed && !sending;

  async function send() {
    if (!canSend) return;
    setSending(true);
    try {
      await answerOf(
        api.POST("/api/messages", {
          body: {
            receiverId: dealer.id,
            content: text,
            isRead: false,
            clientId: crypto.randomUUID(),
            context: postTitle ? { postTitle: postTitle.slice(0, 200) } : undefined,
            attachments: uploads.attachments.length ? uploads.attachments : undefined,
          },
        }),
      );
      toast({ title: "Message Sent!", description: `Your message has been sent to ${dealer.name}` });
      setText("");
      uploads.clear();
      onOpenChange?.(false);
      navigate(`/messages?chat=${dealer.id}`);
    } catch (error) {
      toastError(failureText(error, "Failed to send message"));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <DialogFrame className="w-[min(28rem,92vw)] gap-3 p-4">
        <DialogHeader>Message {dealer.name}</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          {postTitle ? `About: ${postTitle}` : "Your message opens a private conversation."}
        </Dialog.Description>
        <label htmlFor="popup-message" className="sr-only">
          Your message
        </label>
        <textarea
          id="popup-message"
          rows={4}
          maxLength={4000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Write your message…"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950"
        />
        <AttachmentTray uploads={uploads} />
        <div className="flex items-center gap-2">
          <AttachButtons uploads={uploads} />
          <Button onClick={send} disabled={!canSend} className="flex-1">
            {sending ? "Sending…" : "Send Message"}
          </Button>
        </div>
        {/* Calls happen on /messages, the one page allowed the camera and microphone: a new document there. */}
        <div className="flex gap-2 text-sm">
          <Link
            reloadDocument
            to={`/messages?chat=${dealer.id}&call=video`}
            className="inline-flex flex-1 items-center justify-center gap-1.5 rounded-md border border-slate-300 px-3 py-2 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            <Video size={16} /> Video call
          </Link>
          <Link
            reloadDocument
            to={`/messages?chat=${dealer.id}&call=voice`}
            className="inline-flex flex-1 items-center justify-center gap-1.5 rounded-md border border-slate-300 px-3 py-2 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            <Phone size={16} /> Voice call
          </Link>
        </div>
      </DialogFrame>
    </Dialog.Root>
  );
}
