import { useEffect, useState } from "react";
import { useClock } from "~/components/ui/clock";

/** "4h 05m 09s" (days when there are any); "0s" once it has run out. */
export function timeLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (days > 0) return `${days}d ${hours}h ${pad(minutes)}m`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  return minutes > 0 ? `${minutes}m ${pad(seconds)}s` : `${seconds}s`;
}

/**
 * An open offer's clock counting down each second. The server and the first browser render read the shell's
 * clock (so hydration matches); then it ticks on its own. The last hour reads in amber, the last ten minutes red.
 */
export function Countdown({ until, label = "left" }: { until: string; label?: string }) {
  const clock = useClock();
  const [now, setNow] = useState(clock.now);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Date.parse(until) - now;
  const tone =
    left <= 10 * 60_000
      ? "text-red-600 dark:text-red-400"
      : left <= 60 * 60_000
        ? "text-amber-700 dark:text-amber-400"
        : "text-slate-700 dark:text-slate-300";
  return (
    <time
      dateTime={until}
      className={`font-mono text-sm font-semibold tabular-nums ${tone}`}
      data-testid="countdown"
    >
      {left > 0 ? `${timeLeft(left)} ${label}` : "Clock ran out"}
    </time>
  );
}
