/** "just now", "5m", "3h", "2d", then a short date: compact enough for a phone. Takes the API's ISO times. */
export function timeAgo(at: string | number, now = Date.now()): string {
  const epochMs = typeof at === "string" ? Date.parse(at) : at;
  const seconds = Math.max(0, Math.round((now - epochMs) / 1000));
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days}d`;
  return new Date(epochMs).toLocaleDateString("en-US", { month: "short", day: "numeric" });
}

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
