import type { AppLoadContext } from "@remix-run/cloudflare";
import { TIME_ZONE_COOKIE, timeZoneFromCookie, type Clock } from "#lib/clock";
import { readCookie } from "#lib/cookies";
import { requireDealer } from "./guards.server";

/**
 * Data every dealer screen's shell needs before it renders: who is signed in, the unread counts (messages,
 * bell), the clock. The right column's activity loads in the browser after the first paint (GET /api/activity).
 */
export async function loadShell(context: AppLoadContext, request: Request) {
  const { currentUser } = requireDealer(context, request);
  // Page reads bring the counts with the session lookup (worker/http/session.ts); anything else reads them.
  const unread = await context.unreadCounts();
  // The times on the page are rendered from this clock, on the server and again in the browser's first render.
  const clock: Clock = {
    now: Date.now(),
    timeZone: timeZoneFromCookie(readCookie(request.headers.get("Cookie"), TIME_ZONE_COOKIE)),
  };
  return {
    currentUser,
    unreadMessages: unread.messages,
    unreadNotifications: unread.notifications,
    clock,
  };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;
