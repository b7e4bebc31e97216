import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { TIME_ZONE_COOKIE, type Clock } from "#lib/clock";
import { clockTime, dateTime, isTimeZone, timeAgo, toEpochMs } from "#lib/format";

/** Relative times ("5m") move on while the page stays open. */
export const CLOCK_TICK_MS = 30_000;

const ClockContext = createContext<Clock | null>(null);

/**
 * The one clock every signed-in screen reads times from. The server renders with its `now` and the time zone
 * from the `tz` cookie (UTC before the first visit); the browser's first render uses the very same values,
 * so hydration always matches. Once hydrated it switches to the browser's own clock and zone, remembers the
 * zone in the cookie for the next page, and ticks every 30 s.
 */
export function ClockProvider({ initial, children }: { initial: Clock; children: ReactNode }) {
  const [clock, setClock] = useState(initial);
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const timeZone = isTimeZone(zone) ? zone : "UTC";
    if (timeZone !== initial.timeZone)
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    const tick = () => setClock({ now: Date.now(), timeZone });
    tick();
    const timer = setInterval(tick, CLOCK_TICK_MS);
    return () => clearInterval(timer);
    // The server's values only seed the first render; after that the browser's clock is the truth.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

export function useClock(): Clock {
  const clock = useContext(ClockContext);
  if (!clock) throw new Error("useClock needs a ClockProvider (the dealer shell provides one)");
  return clock;
}

/** "5m" / "3h" / "Nov 12" with the full date and time on hover; the same text on the server and in the browser. */
export function RelativeTime({ at, className }: { at: number | string; className?: string }) {
  const { now, timeZone } = useClock();
  const ms = toEpochMs(at);
  if (!Number.isFinite(ms)) return null;
  return (
    <time dateTime={new Date(ms).toISOString()} title={dateTime(ms, timeZone)} className={className}>
      {timeAgo(ms, now, timeZone)}
    </time>
  );
}

/** "3:05 PM" in the dealer's time zone. */
export function ClockTime({ at, className }: { at: number | string; className?: string }) {
  const { timeZone } = useClock();
  const ms = toEpochMs(at);
  if (!Number.isFinite(ms)) return null;
  return (
    <time dateTime={new Date(ms).toISOString()} title={dateTime(ms, timeZone)} className={className}>
      {clockTime(ms, timeZone)}
    </time>
  );
}

/** "Nov 12, 2026, 3:05 PM" in the dealer's time zone. */
export function DateTime({ at, className }: { at: number | string; className?: string }) {
  const { timeZone } = useClock();
  const ms = toEpochMs(at);
  if (!Number.isFinite(ms)) return null;
  return (
    <time dateTime={new Date(ms).toISOString()} className={className}>
      {dateTime(ms, timeZone)}
    </time>
  );
}
