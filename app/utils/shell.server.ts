import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireDealer } from "./guards.server";

/** Data every dealer screen's shell needs: who is signed in, unread counts (messages, bell), right-column panels. */
export async function loadShell(context: AppLoadContext, request: Request) {
  const { viewer, currentUser } = requireDealer(context, request);
  const [panels, unreadNotifications] = await Promise.all([
    context.services.shell.panels(viewer.dealer.id),
    context.services.notifications.centre.unreadCount(viewer.dealer.id),
  ]);
  return { currentUser, panels, unreadNotifications };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;
