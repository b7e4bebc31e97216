import { SESSION_DAYS } from "../../app/lib/constants";

export const SESSION_COOKIE = "dl_session";

/** Secure cookies everywhere but plain-http localhost, where browsers would drop them. */
function isLocalHttp(requestUrl: string): boolean {
  const url = new URL(requestUrl);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

function serialize(name: string, value: string, requestUrl: string, maxAgeSeconds: number, httpOnly = true) {
  const parts = [`${name}=${value}`, "Path=/", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (httpOnly) parts.push("HttpOnly");
  if (!isLocalHttp(requestUrl)) parts.push("Secure");
  return parts.join("; ");
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export const sessionCookie = (token: string, requestUrl: string) =>
  serialize(SESSION_COOKIE, token, requestUrl, SESSION_DAYS * 24 * 60 * 60);

export const clearSessionCookie = (requestUrl: string) => serialize(SESSION_COOKIE, "", requestUrl, 0);
