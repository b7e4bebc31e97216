import type { ComponentProps } from "react";
import type { ChatDealTools as Tools } from "~/components/deal/chat-deal-tools";
import { Button } from "~/components/ui/button";
import { Loader2 } from "~/components/ui/icons";
import { lazyDialog } from "~/components/ui/lazy-dialog";

/**
 * The message popup where a page opens it itself (a post card, a suggested dealer), loaded on first open (see
 * lazyDialog): its attachments and uploads are not the feed's. With its own trigger it stays a plain import.
 */
export const MessagePopup = lazyDialog(() => import("./message-popup").then((m) => m.MessagePopup));

/**
 * A chat's deal tools, loaded when the Copilot panel first shows (see lazyDialog): reading a deal out of the
 * messages takes the whole make and model list, which a phone opening a chat to type does not need.
 */
export const ChatDealTools = lazyDialog<ComponentProps<typeof Tools> & { open?: boolean }>(
  () => import("~/components/deal/chat-deal-tools").then((m) => m.ChatDealTools),
  (_props, retry) =>
    retry ? (
      <div role="alert" className="flex flex-col gap-2 p-3 text-sm text-slate-600 dark:text-slate-400">
        <p>The deal tools could not be loaded: check the connection.</p>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </div>
    ) : (
      <p role="status" className="flex items-center gap-2 p-3 text-sm text-slate-600 dark:text-slate-400">
        <Loader2 size={16} className="animate-spin" aria-hidden="true" /> Loading deal tools…
      </p>
    ),
);
