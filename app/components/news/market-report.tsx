import type { MarketReport, RankedFigure } from "../../../worker/domain/news/market-figures";
import { formatDay, formatDollars } from "#lib/format";

const count = new Intl.NumberFormat("en-US");

function Change({ percent, what }: { percent: number | null; what: string }) {
  if (percent === null) return null;
  const tone =
    percent > 0
      ? "text-emerald-700 dark:text-emerald-400"
      : percent < 0
        ? "text-red-700 dark:text-red-400"
        : "text-muted";
  return (
    <span className={`text-xs ${tone}`}>
      {percent === 0 ? "unchanged" : `${percent > 0 ? "▲" : "▼"} ${Math.abs(percent)} %`} {what}
    </span>
  );
}

function Source({ children }: { children: React.ReactNode }) {
  return <p className="mt-2 text-xs text-muted">{children}</p>;
}

function TooFew({ minRecords }: { minRecords: number }) {
  return <p className="text-sm text-muted">Not enough records yet: a figure needs at least {minRecords}.</p>;
}

function RankedList({
  title,
  figure,
  source,
  minRecords,
  unit,
}: {
  title: string;
  figure: RankedFigure;
  source: string;
  minRecords: number;
  unit: string;
}) {
  return (
    <section className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
      <h3 className="text-sm font-semibold">{title}</h3>
      {figure.items.length === 0 ? (
        <TooFew minRecords={minRecords} />
      ) : (
        <ol className="mt-2 flex flex-col gap-1 text-sm">
          {figure.items.map((item, i) => (
            <li key={item.label} className="flex justify-between gap-2">
              <span className="truncate">
                {i + 1}. {item.label}
              </span>
              <span className="shrink-0 tabular-nums text-muted">
                {count.format(item.count)} {unit}
              </span>
            </li>
          ))}
        </ol>
      )}
      <Source>{`${source}: ${count.format(figure.records)} records.`}</Source>
    </section>
  );
}

/**
 * The Market Report at the top of /wholesale-news: what the network asked for, listed, asked and
 * closed in the last 30 days, computed daily from DealerLane's own posts and deals.
 */
export function MarketReportCard({ report }: { report: MarketReport }) {
  const min = report.minRecords;
  return (
    <section
      aria-labelledby="market-report-title"
      data-testid="market-report"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="market-report-title" className="text-lg font-bold">
          DealerLane Market Report
        </h2>
        <p className="text-xs text-muted">
          Last 30 days, {formatDay(report.from)} – {formatDay(report.to)} · updated daily · figures with fewer
          than {min} records are not shown
        </p>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <RankedList
          title="Most requested"
          figure={report.mostRequested}
          source="Vehicles in Requesting posts"
          minRecords={min}
          unit="wanted"
        />
        <RankedList
          title="Most listed"
          figure={report.mostListed}
          source="Vehicles in For Sale and inventory posts"
          minRecords={min}
          unit="listed"
        />
        <section className="rounded-lg bg-slate-50 p-3 md:col-span-2 dark:bg-slate-800/60">
          <h3 className="text-sm font-semibold">Median asking price and mileage, most listed models</h3>
          {report.prices.items.length === 0 ? (
            <TooFew minRecords={min} />
          ) : (
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-xs text-muted">
                  <tr>
                    {["Model", "Median price", "Median miles", "Records"].map((h) => (
                      <th key={h} scope="col" className="py-1 pr-3 font-medium">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="tabular-nums">
                  {report.prices.items.map((p) => (
                    <tr key={p.vehicle} className="border-t border-slate-200 align-top dark:border-slate-700">
                      <th scope="row" className="py-1.5 pr-3 font-medium">
                        {p.vehicle}
                      </th>
                      <td className="py-1.5 pr-3">
                        <span className="block">{formatDollars(p.medianPriceCents)}</span>
                        <Change percent={p.priceChangePercent} what="on the month before" />
                      </td>
                      <td className="py-1.5 pr-3">
                        <span className="block">
                          {p.medianMileage === null ? "—" : count.format(p.medianMileage)}
                        </span>
                        <Change percent={p.mileageChangePercent} what="on the month before" />
                      </td>
                      <td className="py-1.5 text-xs text-muted">
                        {p.records} priced
                        {p.previousRecords > 0 ? `, ${p.previousRecords} the month before` : ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Source>
            Asking prices and mileage of listed vehicles; the change compares with the 30 days before (shown
            when that month has {min} or more too).
          </Source>
        </section>
        <RankedList
          title="States with the most listings"
          figure={report.topStates}
          source="Listed vehicles by the vehicle's state, else the dealer's"
          minRecords={min}
          unit="listed"
        />
        <section className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          <h3 className="text-sm font-semibold">Completed-deal volume</h3>
          {report.deals.volumeCents === null ? (
            <TooFew minRecords={min} />
          ) : (
            <p className="mt-2 flex flex-col">
              <span className="text-2xl font-bold tabular-nums" data-testid="market-deal-volume">
                {formatDollars(report.deals.volumeCents)}
              </span>
              <Change percent={report.deals.changePercent} what="on the 30 days before" />
            </p>
          )}
          <Source>{`Deals completed on DealerLane: ${count.format(report.deals.records)} records.`}</Source>
        </section>
      </div>
    </section>
  );
}
