import { createMiddleware } from "hono/factory";
import { SESSION_COOKIE, readCookie, sessionCookie } from "../auth/cookies";
import { sessionKeyOf, type SessionLookup } from "../domain/accounts/sessions";
import {
  SessionChanged,
  markAnswerAgain,
  mayGuess,
  rememberSession,
  rememberedSession,
  sameSession,
} from "./remembered-sessions";
import type { AppEnv } from "./types";

/** What is not a page: the API, sockets and files, which show no shell. */
const NOT_A_PAGE = /^\/(?:api|parties|objects)(?:\/|$)/;

/**
 * Looks up the session behind the cookie once per request and slides its expiry. A page read (GET) takes the
 * shell's unread counts with it, in the same statement (app/utils/shell.server.ts).
 *
 * A page read whose session this isolate saw lately goes ahead on it while the lookup runs, so the lookup
 * travels in the same D1 batch as the page's own reads (one trip, not two; decision 0026). Its writes wait for
 * the lookup, and if the session is gone or changed (signed out elsewhere, a new plan, a renamed dealership) the
 * page is thrown away and the worker answers the request again from the lookup (worker/index.ts).
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = readCookie(c.req.header("Cookie") ?? null, SESSION_COOKIE);
  const page = (c.req.method === "GET" || c.req.method === "HEAD") && !NOT_A_PAGE.test(c.req.path);
  const key = await sessionKeyOf(token);
  const sessions = c.var.services.sessions;
  const guessed = key && page && mayGuess(c.req.raw) ? rememberedSession(key) : null;
  if (key && guessed) return goAheadOn(guessed, key);

  const session = key ? await sessions.lookUp(key, { withUnreadCounts: page }) : null;
  if (key) rememberSession(key, session);
  if (session) await sessions.touch(session);
  c.set("sessionToken", session ? token : undefined);
  c.set("session", session);
  await next();
  // A write may change what the session shows (a profile, a plan, a sign-out): the next page looks it up afresh
  // rather than render for the old one and throw it away.
  if (key && !(c.req.method === "GET" || c.req.method === "HEAD")) rememberSession(key, null);
  slideCookie(session);

  async function goAheadOn(guess: SessionLookup, tokenHash: string) {
    const lookup = sessions.lookUp(tokenHash, { withUnreadCounts: true });
    const confirmed = lookup.then((found) => {
      if (!sameSession(guess, found)) throw new SessionChanged();
    });
    // A refusal is read below; writes that were waiting fail with it.
    confirmed.catch(() => {});
    c.var.writeGate.holdWritesUntil(confirmed);
    c.set("sessionToken", token);
    c.set("session", guess);
    c.set("sessionLookup", lookup);
    await next();
    const found = await lookup;
    rememberSession(tokenHash, found);
    if (!sameSession(guess, found)) {
      // The page is dropped unread (its stream is never pulled) and answered again by worker/index.ts.
      c.res = new Response(null, { status: 503 });
      markAnswerAgain(c.req.raw);
      return;
    }
    await sessions.touch(found!);
    slideCookie(found);
  }

  function slideCookie(session: SessionLookup | null) {
    if (session?.refreshed && token && c.res.status !== 101 && !c.res.headers.has("Set-Cookie")) {
      c.res.headers.append("Set-Cookie", sessionCookie(token, c.req.url));
    }
  }
});
