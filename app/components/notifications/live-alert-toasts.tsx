import { useInboxFrames } from "~/components/chat/inbox-context";
import { toast } from "#lib/toast";

/** The notification kinds that interrupt with a toast: deals waiting to be made. */
const TOASTED = new Set(["deal-alert", "price-drop"]);

/**
 * A deal alert or a price drop arrives live as a toast with a link to its post, wherever the dealer is in the
 * app; everything else only moves the bell.
 */
export function LiveAlertToasts() {
  useInboxFrames((frame) => {
    if (frame.type !== "notification" || !TOASTED.has(frame.notification.type)) return;
    const { title, body, link } = frame.notification;
    toast({
      title,
      description: body,
      action: link ? { label: link.startsWith("/post/") ? "View post" : "Open", to: link } : undefined,
    });
  });
  return null;
}
