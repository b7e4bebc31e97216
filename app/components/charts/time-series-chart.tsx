import { useEffect, useRef, useState } from "react";

export type TimeSeries = {
  label: string;
  points: { day: string /* YYYY-MM-DD */; value: number }[];
};

const COLORS = ["#2f7ff5", "#10b981", "#f59e0b", "#ef4444", "#8b5cf6", "#64748b"];

/** The next 1, 2 or 5 × 10ⁿ at or above `value` (1 for an empty series). */
export function roundUp(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

const epochSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * A daily time series drawn with uPlot (charts on the admin and stats routes only). The server
 * renders the days that have a value as a table; in the browser uPlot and its stylesheet are loaded on demand
 * and draw the chart, while the table stays for screen readers.
 */
export function TimeSeriesChart({
  ariaLabel,
  series,
  height = 180,
}: {
  ariaLabel: string;
  series: TimeSeries[];
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const days = Array.from(new Set(series.flatMap((s) => s.points.map((p) => p.day)))).sort();
  // The table lists the days with a value; a long run of empty days says nothing a reader needs to hear.
  const activeDays = days.filter((day) =>
    series.some((s) => s.points.some((p) => p.day === day && p.value !== 0)),
  );

  useEffect(() => {
    const element = box.current;
    if (!element || days.length === 0) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const data = [
        days.map(epochSeconds),
        ...series.map((s) => {
          const byDay = new Map(s.points.map((p) => [p.day, p.value]));
          return days.map((d) => byDay.get(d) ?? 0);
        }),
      ];
      const dark = document.documentElement.classList.contains("dark");
      const axis = { stroke: dark ? "#94a3b8" : "#475569", grid: { stroke: dark ? "#1e293b" : "#e2e8f0" } };
      plot = new UPlot(
        {
          width: element.clientWidth || 320,
          height,
          legend: { show: series.length > 1 },
          cursor: { drag: { x: false, y: false } },
          // Counts start at zero and end on a round number, so the top of the axis is always labelled.
          scales: {
            x: { time: true },
            y: { range: (_plot: unknown, _min: number, max: number) => [0, roundUp(max)] },
          },
          axes: [axis, { ...axis, size: 56 }],
          series: [
            {},
            ...series.map((s, i) => ({
              label: s.label,
              stroke: COLORS[i % COLORS.length],
              width: 2,
              fill: series.length === 1 ? `${COLORS[0]}22` : undefined,
            })),
          ],
        },
        data as [number[], ...number[][]],
        element,
      );
      observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height }));
      observer.observe(element);
      setDrawn(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
    // The series arrive as new arrays on each render: redraw only when their content changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(series), height]);

  return (
    <figure aria-label={ariaLabel} className="flex flex-col gap-2">
      <div
        ref={box}
        aria-hidden="true"
        className="w-full overflow-hidden"
        style={{ minHeight: drawn ? height : 0 }}
      />
      {activeDays.length === 0 ? (
        <p className={drawn ? "sr-only" : "text-xs text-muted"}>
          {`Nothing on any day from ${days[0] ?? ""} to ${days.at(-1) ?? ""}.`}
        </p>
      ) : (
        <div className={drawn ? "sr-only" : "max-h-48 overflow-auto"}>
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{`${ariaLabel}: the days with a value (every other day is 0)`}</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Day
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="py-1 pr-3 font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {activeDays.map((day) => (
                <tr key={day} className="border-t border-slate-200 dark:border-slate-800">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {day}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="py-1 pr-3">
                      {s.points.find((p) => p.day === day)?.value ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
