import { createRequestHandler } from "@remix-run/cloudflare";
import type { Context } from "hono";
import * as build from "remix-server-build";
import { apiDocument } from "./api";
import { toCurrentUser } from "./domain/dealers";
import type { AppEnv } from "./http/types";
import { TOAST_COOKIE, clearToastCookie, parseFlashToast } from "#lib/flash-toast";
import { readCookie } from "./auth/cookies";
import { clientIp } from "./auth/guards";
import { clientInfo } from "./http/client-info";
import type { RemixLoadContextFields } from "./remix-context";

const handleRemixRequest = createRequestHandler(build);

/** The Remix load context: bindings, the signed-in dealer and the domain services (app/ sees types only). */
export async function renderRemix(c: Context<AppEnv>) {
  const viewer = c.var.session?.viewer ?? null;
  const flashToast = rendersRoot(new URL(c.req.url)) ? readFlashToast(c.req.header("Cookie") ?? null) : null;
  const context: RemixLoadContextFields = {
    env: c.env,
    ctx: c.executionCtx as ExecutionContext,
    services: c.var.services,
    viewer,
    currentUser: viewer ? toCurrentUser(viewer) : null,
    sessionToken: c.var.sessionToken,
    clientIp: clientIp(c),
    client: clientInfo(c.req.raw),
    session: c.var.session,
    unreadCounts: () => unreadCountsOf(c),
    nonce: c.var.nonce,
    flashToast,
    apiDocument,
  };
  const started = performance.now();
  const response = await handleRemixRequest(c.req.raw, context);
  // Loaders and React together; the D1 part of it is in Server-Timing's d1 entry.
  c.set("renderMs", performance.now() - started);
  // A redirect carries its toast onward; any other answer has now shown it.
  if (flashToast && !(response.status >= 300 && response.status < 400)) {
    response.headers.append("Set-Cookie", clearToastCookie(c.req.url));
  }
  return response;
}

/**
 * Whether this request runs the root loader, the one that shows the one-shot toast (and so clears it): a page, or a
 * data request that asks for root; single fetch's `_routes` names the routes a data request wants, and none named
 * is all of them. Remix's route-manifest requests and a fetcher's data request for its one route (often on its way
 * beside the navigation after a form's redirect) must leave the toast for the request that shows it.
 */
function rendersRoot(url: URL): boolean {
  if (url.pathname.startsWith("/__manifest")) return false;
  if (!url.pathname.endsWith(".data")) return true;
  const routes = url.searchParams.get("_routes");
  return routes === null || routes.split(",").includes("root");
}

/** The counts that came with the session lookup (this request's, or the one still under way), else a read of them. */
async function unreadCountsOf(c: Context<AppEnv>) {
  const session = (await c.var.sessionLookup) ?? c.var.session;
  const dealerId = c.var.session?.viewer.dealer?.id;
  if (session?.unread) return session.unread;
  return dealerId ? c.var.services.activity.unreadCounts(dealerId) : { messages: 0, notifications: 0 };
}

function readFlashToast(cookieHeader: string | null) {
  return parseFlashToast(readCookie(cookieHeader, TOAST_COOKIE));
}
