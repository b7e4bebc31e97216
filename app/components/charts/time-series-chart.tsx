import { useEffect, useMemo, useRef, useState } from "react";

export type TimeSeries = { label: string; points: { day: string /* YYYY-MM-DD */; value: number }[] };

const COLOURS = ["#3b82f6", "#10b981", "#f59e0b", "#ef4444", "#8b5cf6"];
const AXIS = "#94a3b8";
const GRID = "rgba(148, 163, 184, 0.2)";

/** Every day any series has, in order, and each series' value per day (null where it has none). */
function tableOf(series: TimeSeries[]) {
  const days = [...new Set(series.flatMap((s) => s.points.map((p) => p.day)))].sort();
  const values = series.map((s) => {
    const byDay = new Map(s.points.map((p) => [p.day, p.value]));
    return days.map((day) => byDay.get(day) ?? null);
  });
  return { days, values, labels: series.map((s) => s.label) };
}

/**
 * A daily line chart. The server renders an accessible table of the figures; in the browser uPlot
 * (loaded only where a chart is shown) draws over it and the table stays for screen readers.
 */
export function TimeSeriesChart({
  ariaLabel,
  series,
  height = 240,
}: {
  ariaLabel: string;
  series: TimeSeries[];
  height?: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  // Keyed by content, so a caller that builds `series` anew on each render does not redraw the chart.
  const key = JSON.stringify(series);
  const table = useMemo(() => tableOf(JSON.parse(key) as TimeSeries[]), [key]);

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    void (async () => {
      const [{ default: uPlot }] = await Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]);
      const element = container.current;
      if (cancelled || !element) return;
      const xs = table.days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
      const chart = new uPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height,
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          series: [
            {},
            ...table.labels.map((label, i) => ({ label, stroke: COLOURS[i % COLOURS.length], width: 2 })),
          ],
          axes: [
            { stroke: AXIS, grid: { stroke: GRID } },
            { stroke: AXIS, grid: { stroke: GRID } },
          ],
          scales: { x: { time: true } },
        },
        [xs, ...table.values],
        element,
      );
      const resize = new ResizeObserver(() =>
        chart.setSize({ width: Math.max(element.clientWidth, 200), height }),
      );
      resize.observe(element);
      destroy = () => {
        resize.disconnect();
        chart.destroy();
      };
      setDrawn(true);
    })();
    return () => {
      cancelled = true;
      destroy();
    };
  }, [table, height]);

  return (
    <figure className="w-full" data-testid="time-series-chart">
      <div ref={container} aria-hidden="true" className="w-full" />
      <div className={drawn ? "sr-only" : "max-h-72 overflow-auto"}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{ariaLabel}</caption>
          <thead>
            <tr className="text-slate-600 dark:text-slate-400">
              <th scope="col" className="py-1 pr-3 font-medium">
                Day
              </th>
              {table.labels.map((label) => (
                <th key={label} scope="col" className="py-1 pr-3 font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.days.map((day, row) => (
              <tr key={day} className="border-t border-slate-200 dark:border-slate-800">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {day}
                </th>
                {table.values.map((values, i) => (
                  <td key={table.labels[i] ?? i} className="py-1 pr-3 tabular-nums">
                    {values[row] ?? "—"}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className="sr-only">{ariaLabel}</figcaption>
    </figure>
  );
}
