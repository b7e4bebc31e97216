import { lazyDialog } from "~/components/ui/lazy-dialog";

/**
 * The message popup where a page opens it itself (a post card, a suggested dealer), loaded on first open (see
 * lazyDialog): its attachments and uploads are not the feed's. With its own trigger it stays a plain import.
 */
export const MessagePopup = lazyDialog(() => import("./message-popup").then((m) => m.MessagePopup));
