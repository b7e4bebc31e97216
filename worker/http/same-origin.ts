import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./types";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that a browser sent from another site, and a websocket upgrade from
 * another site's page (a GET, but it opens a live channel acting as the dealer whose cookie rides along).
 * Browsers always send Origin (or at least Sec-Fetch-Site) on both; API clients with bearer keys send neither.
 */
export const sameOriginMutations = createMiddleware<AppEnv>(async (c, next) => {
  const upgrade = c.req.header("Upgrade")?.toLowerCase() === "websocket";
  if (SAFE_METHODS.has(c.req.method) && !upgrade) return next();
  const origin = c.req.header("Origin");
  const ownOrigin = new URL(c.req.url).origin;
  const crossSite = origin ? origin !== ownOrigin : c.req.header("Sec-Fetch-Site") === "cross-site";
  if (crossSite) return c.json({ message: "Cross-site request refused" }, 403);
  return next();
});
