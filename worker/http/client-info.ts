import type { ClientInfo } from "../domain/accounts/sessions";

type Cf = { city?: unknown; regionCode?: unknown; region?: unknown; country?: unknown } | undefined;

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The browser behind a request: its user agent, and the approximate place Cloudflare gives in `request.cf`. */
export function clientInfo(request: Request): ClientInfo {
  const cf = (request as Request & { cf?: Cf }).cf;
  const parts = [text(cf?.city), text(cf?.regionCode) ?? text(cf?.region), text(cf?.country)].filter(
    (p): p is string => p !== null,
  );
  return {
    userAgent: request.headers.get("User-Agent"),
    place: parts.length > 0 ? parts.join(", ") : null,
  };
}
