import { isTimeZone } from "#lib/format";

/** The cookie that tells the server the dealer's time zone, so its HTML shows the times the browser would. */
export const TIME_ZONE_COOKIE = "tz";

export type Clock = { now: number; timeZone: string };

/** The time zone the server should render in: the dealer's, from the cookie, or UTC. */
export function timeZoneFromCookie(value: string | undefined): string {
  let zone: string | undefined;
  try {
    zone = value ? decodeURIComponent(value) : undefined;
  } catch {
    zone = undefined;
  }
  return isTimeZone(zone) ? zone : "UTC";
}
