import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isAdmin } from "#lib/roles";
import { DomainError } from "../domain/shared/errors";
import { planRequired } from "../domain/subscriptions/entitlement";
import type { AppEnv } from "../http/types";

/** Signed in, with or without a dealer profile yet (onboarding). Throws 401 otherwise. */
export function requireViewer(c: Context<AppEnv>) {
  const viewer = c.var.session?.viewer;
  if (!viewer) throw new DomainError(401, "Please sign in to continue");
  return viewer;
}

/** Signed in with a completed dealer profile: the actor of every dealer action. */
export function requireDealer(c: Context<AppEnv>) {
  const viewer = requireViewer(c);
  if (!viewer.dealer) throw new DomainError(403, "Please complete your dealer profile first");
  return { ...viewer, dealer: viewer.dealer };
}

/** Signed in as an admin (401 signed out, 403 for anyone else): the guard of every /api/admin call. */
export function requireAdmin(c: Context<AppEnv>) {
  const viewer = requireViewer(c);
  if (!isAdmin(viewer)) throw new DomainError(403, "Admins only");
  return viewer;
}

export const clientIp = (c: Context<AppEnv>) => c.req.header("CF-Connecting-IP") ?? "local";

/** Router-wide guard: signed-in dealers only, checked before any input is validated. */
export const dealersOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireDealer(c);
  await next();
});

/** Router-wide guard: signed in (a dealer profile or not), checked before any input is validated. */
export const viewersOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireViewer(c);
  await next();
});

/** Router-wide guard of /api/admin: admins only, checked before anything else, so no endpoint is revealed. */
export const adminsOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireAdmin(c);
  await next();
});

/**
 * Router guard for what a lapsed dealer may not do (posting, sending messages, deals): 402 with
 * `{message, subscribeUrl}` unless the trial or a plan is active (worker/domain/subscriptions/entitlement.ts).
 * Runs after the session guard (401 first) and before the body is read.
 */
export const activePlanRequired = createMiddleware<AppEnv>(async (c, next) => {
  requireViewer(c);
  // Read with the session (worker/domain/accounts/sessions.ts): no round trip of its own.
  if (!c.var.session?.entitlement.active) throw planRequired();
  await next();
});
