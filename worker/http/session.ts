import { createMiddleware } from "hono/factory";
import { SESSION_COOKIE, readCookie, sessionCookie } from "../auth/cookies";
import type { AppEnv } from "./types";

/** What is not a page: the API, sockets and files, which show no shell. */
const NOT_A_PAGE = /^\/(?:api|parties|objects)(?:\/|$)/;

/**
 * Looks up the session behind the cookie once per request and slides its expiry. A page read (GET) takes the
 * shell's unread counts with it, in the same statement (app/utils/shell.server.ts).
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = readCookie(c.req.header("Cookie") ?? null, SESSION_COOKIE);
  const page = (c.req.method === "GET" || c.req.method === "HEAD") && !NOT_A_PAGE.test(c.req.path);
  const session = await c.var.services.sessions.find(token, { withUnreadCounts: page });
  c.set("sessionToken", session ? token : undefined);
  c.set("session", session);
  await next();
  if (session?.refreshed && token && c.res.status !== 101 && !c.res.headers.has("Set-Cookie")) {
    c.res.headers.append("Set-Cookie", sessionCookie(token, c.req.url));
  }
});
