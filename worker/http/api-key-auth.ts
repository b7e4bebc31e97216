import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { API_KEY_RATE } from "#lib/api-keys";
import type { PublicOperation } from "../api/openapi";
import { SESSION_COOKIE, readCookie } from "../auth/cookies";
import { DomainError, forbidden } from "../domain/shared/errors";
import { LIMITS, tooManyAttempts } from "../domain/rate-limits";
import type { AppEnv } from "./types";

const REALM = 'Bearer realm="DealerLane API"';

function unauthorized(c: Context<AppEnv>, message: string, error?: "invalid_request" | "invalid_token") {
  c.header("WWW-Authenticate", error ? `${REALM}, error="${error}"` : REALM);
  return new DomainError(401, message);
}

/**
 * Bearer API keys for every /api request. A key acts as its dealer on the operations the OpenAPI
 * document lists, within the key's scopes, at most 60 requests a minute (20 in 10 seconds); the answer
 * carries `RateLimit-*`. Refused: a key with a session cookie (400), a missing, wrong or revoked key on a
 * documented operation (401, `WWW-Authenticate: Bearer`), a suspended account, a scope the key lacks or an
 * operation outside the document (403), a lapsed trial or plan (402), a spent allowance (429).
 */
const ONLY_DOCUMENTED =
  "API keys can call the documented endpoints only (see /api-docs); this one takes the session cookie";

/**
 * For a session route whose path a documented operation's pattern also matches (GET /inventory/export reads
 * like GET /inventory/{id}): the key got past the guard as that operation, and is refused here.
 */
export const sessionOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.apiKeyId) throw forbidden(ONLY_DOCUMENTED);
  await next();
});

export const apiKeyAuth = (operations: () => PublicOperation[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const path = new URL(c.req.url).pathname;
    const operation = operations().find((o) => o.method === c.req.method && o.pattern.test(path));
    const authorization = c.req.header("Authorization");
    if (authorization === undefined) {
      // The web app's own 401 (the same operation answers both), with the challenge an API client reads.
      if (operation && !c.var.session) throw unauthorized(c, "Please sign in to continue");
      return next();
    }
    if (readCookie(c.req.header("Cookie") ?? null, SESSION_COOKIE) !== undefined)
      throw new DomainError(400, "Send either an API key or the session cookie, not both");
    const [scheme, key, ...rest] = authorization.trim().split(/\s+/);
    if (scheme?.toLowerCase() !== "bearer" || !key || rest.length > 0)
      throw unauthorized(c, "Send your API key as Authorization: Bearer dl_live_…", "invalid_request");
    const { services } = c.var;
    const holder = await services.apiKeys.authenticate(key);
    if (!holder) throw unauthorized(c, "This API key is wrong or has been revoked", "invalid_token");
    if (holder.suspended) throw forbidden(holder.suspended);
    await meter(c, holder.keyId);
    if (!operation) throw forbidden(ONLY_DOCUMENTED);
    if (!holder.scopes.includes(operation.scope))
      throw forbidden(`This API key lacks the ${operation.scope} scope`);
    const entitlement = await services.subscriptions.requireActivePlan({
      accountId: holder.viewer.accountId,
    });
    c.set("session", {
      viewer: holder.viewer,
      tokenHash: "",
      sessionId: `api-key:${holder.keyId}`,
      startedAt: Date.now(),
      refreshed: false,
      lastActiveDue: false,
      entitlement,
    });
    c.set("apiKeyId", holder.keyId);
    await next();
  });

/** Counts the request against the key's two windows and answers where it stands in `RateLimit-*`. */
async function meter(c: Context<AppEnv>, keyId: string) {
  const states = await c.var.services.rateLimits.count(
    [LIMITS.apiKeyPerMinute, keyId],
    [LIMITS.apiKeyBurst, keyId],
  );
  const tightest = states.reduce((a, b) => (b.limit.max - b.count < a.limit.max - a.count ? b : a));
  const over = states.find((s) => s.count > s.limit.max);
  const binding = over ?? tightest;
  c.header("RateLimit-Limit", String(API_KEY_RATE.perMinute));
  c.header("RateLimit-Remaining", String(Math.max(0, tightest.limit.max - tightest.count)));
  c.header("RateLimit-Reset", String(Math.max(1, Math.ceil((binding.windowEnd - binding.now) / 1000))));
  if (over) throw tooManyAttempts(over.limit, over.windowEnd, over.now);
}
