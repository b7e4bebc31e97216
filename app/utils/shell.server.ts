import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireDealer } from "./guards.server";

/** Data every dealer screen's shell needs: who is signed in, unread count, right-column panels. */
export async function loadShell(context: AppLoadContext, request: Request) {
  const { viewer, currentUser } = requireDealer(context, request);
  const panels = await context.services.shell.panels(viewer.dealer.id);
  return { currentUser, panels };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;
