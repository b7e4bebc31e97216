import { createMiddleware } from "hono/factory";
import { contentSecurityPolicy } from "./security-headers";
import type { AppEnv } from "./types";

const PERSONAL_COOKIE = /(?:^|;\s*)(?:dl_session|dl_toast)=/;

/**
 * Public pages rendered for signed-out visitors are the same for everyone: keep them in the data centre's
 * cache for as long as their `s-maxage` says, so the next visitor gets the page at the speed of a static file.
 * Requests with a session or a toast cookie, and answers that set cookies or are not public, never touch it.
 * The cached page keeps its own Content-Security-Policy, whose nonce matches the scripts in its HTML.
 */
export const edgeCache = createMiddleware<AppEnv>(async (c, next) => {
  const cacheable = c.req.method === "GET" && !PERSONAL_COOKIE.test(c.req.header("Cookie") ?? "");
  if (!cacheable) return next();
  const key = new Request(c.req.url, { method: "GET" });
  // DOM typings know no default cache; workerd has one per data centre.
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await cache.match(key);
  if (hit) {
    // The stored copy has no Vary (the edge keys it by address alone, and only cookie-less requests reach it);
    // browsers must still keep it apart from the signed-in page at the same address.
    const response = new Response(hit.body, hit);
    response.headers.set("Vary", "Cookie");
    c.res = response;
    return;
  }
  await next();
  const cacheControl = c.res.headers.get("Cache-Control") ?? "";
  if (
    c.res.status !== 200 ||
    !/\bpublic\b/.test(cacheControl) ||
    !/s-maxage=\d+/.test(cacheControl) ||
    c.res.headers.has("Set-Cookie")
  ) {
    return;
  }
  const stored = new Response(c.res.clone().body, c.res);
  stored.headers.set("Content-Security-Policy", contentSecurityPolicy(c.var.nonce));
  stored.headers.delete("Vary");
  c.executionCtx.waitUntil(cache.put(key, stored));
  c.res.headers.set("Content-Security-Policy", contentSecurityPolicy(c.var.nonce));
});
