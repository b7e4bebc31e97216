import { SESSION_DAYS } from "#lib/constants";
import { serializeCookie } from "#lib/cookies";

export { readCookie } from "#lib/cookies";

export const SESSION_COOKIE = "dl_session";

export const sessionCookie = (token: string, requestUrl: string) =>
  serializeCookie(SESSION_COOKIE, token, requestUrl, SESSION_DAYS * 24 * 60 * 60);

export const clearSessionCookie = (requestUrl: string) => serializeCookie(SESSION_COOKIE, "", requestUrl, 0);
