import { createMiddleware } from "hono/factory";
import { SESSION_COOKIE, readCookie } from "../auth/cookies";
import type { AppEnv } from "./types";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that a browser sent from another site, and a websocket upgrade from
 * another site's page (a GET, but it opens a live channel acting as the dealer whose cookie rides along).
 * Browsers always send Origin (or at least Sec-Fetch-Site) on both; API clients with bearer keys send neither
 * and no cookie (a key with the session cookie is refused in worker/http/api-key-auth.ts).
 */
export const sameOriginMutations = createMiddleware<AppEnv>(async (c, next) => {
  // A bearer key is sent by code, never by a browser on its own: no cookie rides along, so nothing to forge.
  const sessionCookie = readCookie(c.req.header("Cookie") ?? null, SESSION_COOKIE);
  if (c.req.header("Authorization") !== undefined && sessionCookie === undefined) return next();
  const upgrade = c.req.header("Upgrade")?.toLowerCase() === "websocket";
  if (SAFE_METHODS.has(c.req.method) && !upgrade) return next();
  const origin = c.req.header("Origin");
  const ownOrigin = new URL(c.req.url).origin;
  const crossSite = origin ? origin !== ownOrigin : c.req.header("Sec-Fetch-Site") === "cross-site";
  if (crossSite) return c.json({ message: "Cross-site request refused" }, 403);
  return next();
});
