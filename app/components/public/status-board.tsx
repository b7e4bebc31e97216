import { RefreshCw } from "~/components/ui/icons";
import { useCallback, useEffect, useState } from "react";
import { STATUS_REFRESH_MS, serviceRows, worst, type HealthReport } from "#lib/system-status";
import { StatusBadge } from "./status-badge";

const SUMMARY = {
  operational: { text: "All Systems Operational", className: "bg-emerald-700 text-white" },
  degraded: { text: "Some Systems Degraded", className: "bg-amber-400 text-amber-950" },
  down: { text: "Service Disruption", className: "bg-red-700 text-white" },
} as const;

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-US", {
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZone: "America/New_York",
  });

/**
 * The five services, from the health report the server measured while rendering the page, then from
 * `GET /api/health` every 30 seconds in the browser.
 */
export function StatusBoard({ initial }: { initial: HealthReport }) {
  const [report, setReport] = useState<HealthReport | null>(initial);
  const [offline, setOffline] = useState(false);
  const [checking, setChecking] = useState(false);

  const refresh = useCallback(async () => {
    if (!navigator.onLine) {
      setOffline(true);
      return;
    }
    setChecking(true);
    try {
      const res = await fetch("/api/health", { cache: "no-store", headers: { Accept: "application/json" } });
      setReport((await res.json()) as HealthReport);
      setOffline(false);
    } catch {
      // Online but no answer: the platform is down for this visitor. Offline: keep the last check.
      if (navigator.onLine) setReport(null);
      else setOffline(true);
    } finally {
      setChecking(false);
    }
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!document.hidden) void refresh();
    }, STATUS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  const rows = serviceRows(report);
  const overall = SUMMARY[worst(...rows.map((r) => r.status))];
  return (
    <div>
      <div
        className={`flex flex-col gap-2 rounded-2xl p-5 sm:flex-row sm:items-center sm:justify-between ${overall.className}`}
      >
        <p className="text-xl font-bold" data-testid="status-summary">
          {overall.text}
        </p>
        <p className="text-sm" aria-live="polite">
          {offline
            ? "You are offline: showing the last check."
            : report
              ? `Checked at ${time(report.checkedAt)} ET · refreshes every 30 seconds`
              : "DealerLane did not answer the last check"}
        </p>
      </div>
      <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {rows.map((row) => (
          <li
            key={row.name}
            className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between"
            data-testid="status-service"
          >
            <div className="min-w-0">
              <h3 className="font-semibold">{row.name}</h3>
              <p className="text-sm text-muted">{row.description}</p>
              <p className="mt-1 text-xs text-muted">
                {row.uptime} uptime (last 90 days){row.measured ? ` · ${row.measured}` : ""}
              </p>
            </div>
            <div className="shrink-0">
              <StatusBadge status={row.status} />
            </div>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => void refresh()}
        disabled={checking}
        className="mt-3 inline-flex min-h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-200 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <RefreshCw size={16} className={checking ? "motion-safe:animate-spin" : ""} />
        {checking ? "Checking…" : "Check now"}
      </button>
    </div>
  );
}
