/**
 * Formatters shared by the server render and the browser. Everything that depends on the clock or the time
 * zone takes them as arguments (see app/components/ui/clock.tsx), so the server's HTML and the browser's
 * first render agree to the character; the locale is always en-US.
 */

/** A time as the API gives it (epoch milliseconds or an ISO 8601 string) → epoch milliseconds. */
export const toEpochMs = (at: number | string): number => (typeof at === "number" ? at : Date.parse(at));

/** Whether `timeZone` is an IANA zone this runtime knows (a cookie could hold anything). */
export function isTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** One Intl formatter per style and zone: building one costs far more than using it, and a page shows many times. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: "day" | "clock" | "full" | "month", timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === "day"
        ? { month: "short", day: "numeric" }
        : style === "clock"
          ? { hour: "numeric", minute: "2-digit" }
          : style === "full"
            ? { dateStyle: "medium", timeStyle: "short" }
            : { month: "long" };
    format = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** "just now", "5m", "3h", "2d", then a short date in the dealer's time zone: compact enough for a phone. */
export function timeAgo(at: number | string, now: number, timeZone = "UTC"): string {
  const epochMs = toEpochMs(at);
  const seconds = Math.max(0, Math.round((now - epochMs) / 1000));
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days}d`;
  return formatter("day", timeZone).format(epochMs);
}

/** "3:05 PM" in the dealer's time zone. */
export const clockTime = (at: number | string, timeZone = "UTC") =>
  formatter("clock", timeZone).format(toEpochMs(at));

/** "Nov 21, 2026, 3:05 PM" in the dealer's time zone (tooltips). */
export const dateTime = (at: number | string, timeZone = "UTC") =>
  formatter("full", timeZone).format(toEpochMs(at));

/** The month's name ("November") in the dealer's time zone. */
export const monthName = (at: number, timeZone = "UTC") => formatter("month", timeZone).format(at);

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** The one money formatter: integer cents as whole US dollars with separators, 1850000 → "$18,500". */
export const formatDollars = (cents: number): string => usd.format(cents / 100);

/** A price that may be missing: "" when there is none. */
export function formatPriceCents(cents: number | null | undefined): string {
  return cents == null ? "" : formatDollars(cents);
}

const longDay = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
/** "December 23, 2026" for an ISO time (UTC, so server and browser render the same text). */
export const formatDay = (iso: string) => longDay.format(new Date(iso));

/** A vehicle as a dealer names it: "2020 Ford F-150 XLT", leaving out what is not known. */
export const vehicleLabel = (v: {
  year?: number | null;
  make?: string | null;
  model?: string | null;
  trim?: string | null;
}) => [v.year, v.make, v.model, v.trim].filter(Boolean).join(" ");
