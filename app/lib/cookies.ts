/** Cookie helpers shared by the worker (session) and the Remix side (flash toast). Pure: no I/O. */

const LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** Local development hosts: no HSTS, and cookies without Secure (browsers drop them on plain http). */
export const isLocalHost = (hostname: string) => LOCAL_HOSTS.includes(hostname);

/** `name=value` with our attributes: site-wide, SameSite=Lax, HttpOnly, Secure everywhere but plain-http localhost. */
export function serializeCookie(
  name: string,
  value: string,
  requestUrl: string,
  maxAgeSeconds: number,
): string {
  const url = new URL(requestUrl);
  const parts = [`${name}=${value}`, "Path=/", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`, "HttpOnly"];
  if (!(url.protocol === "http:" && isLocalHost(url.hostname))) parts.push("Secure");
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
