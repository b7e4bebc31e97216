import type { ComponentProps } from "react";
import { Loader2 } from "~/components/ui/icons";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import type { ChatDealTools as Tools } from "./chat-deal-tools";

/** The deal form, loaded on first open (see lazyDialog): its fields, schemas and form library are not the page's. */
export const ProposeDealDialog = lazyDialog(() =>
  import("./propose-deal-dialog").then((m) => m.ProposeDealDialog),
);

/** A deal waiting for this dealer's answer: every signed-in page listens for one, few ever show it. */
export const PendingDealDialog = lazyDialog(() =>
  import("./pending-deal-dialog").then((m) => m.PendingDealDialog),
);

/**
 * A chat's deal tools, loaded when the Copilot panel first shows (see lazyDialog): reading a deal out of the
 * messages takes the whole make and model list, which a phone opening a chat to type does not need.
 */
export const ChatDealTools = lazyDialog<ComponentProps<typeof Tools> & { open?: boolean }>(
  () => import("./chat-deal-tools").then((m) => m.ChatDealTools),
  () => (
    <p role="status" className="flex items-center gap-2 p-3 text-sm text-slate-600 dark:text-slate-400">
      <Loader2 size={16} className="animate-spin" aria-hidden="true" /> Loading deal tools…
    </p>
  ),
);
