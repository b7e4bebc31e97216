import { createMiddleware } from "hono/factory";
import { SESSION_COOKIE, readCookie, sessionCookie } from "../auth/cookies";
import type { AppEnv } from "./types";

/** Looks up the session behind the cookie once per request and slides its expiry. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = readCookie(c.req.header("Cookie") ?? null, SESSION_COOKIE);
  const session = await c.var.services.sessions.find(token);
  c.set("sessionToken", session ? token : undefined);
  c.set("session", session);
  await next();
  if (session?.refreshed && token && c.res.status !== 101 && !c.res.headers.has("Set-Cookie")) {
    c.res.headers.append("Set-Cookie", sessionCookie(token, c.req.url));
  }
});
