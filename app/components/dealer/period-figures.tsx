import type { Figure, FigureKey, StatsView } from "../../../worker/domain/insights/figures";
import { TimeSeriesChart } from "~/components/charts/time-series-chart";
import { formatDollars } from "#lib/format";
import { PremiumUpsell, formatCount } from "./dealer-bits";

type Group = { title: string; items: { key: FigureKey; label: string; hint: string; money?: boolean }[] };

const GROUPS: Group[] = [
  {
    title: "Reach",
    items: [
      {
        key: "postViews",
        label: "Post views",
        hint: "Dealers who opened your posts (once per dealer and post)",
      },
      {
        key: "commentsReceived",
        label: "Comments received",
        hint: "Comments other dealers left on your posts",
      },
    ],
  },
  {
    title: "Messages",
    items: [
      { key: "messagesReceived", label: "Messages received", hint: "Messages other dealers sent you" },
      { key: "messagesAnswered", label: "Messages answered", hint: "Received messages you replied to" },
    ],
  },
  {
    title: "Network",
    items: [
      { key: "connections", label: "Connections made", hint: "Connections you made or accepted" },
      {
        key: "requestsAnswered",
        label: "Requests answered",
        hint: "Other dealers' Requesting posts you commented on",
      },
    ],
  },
  {
    title: "Deals",
    items: [
      { key: "dealsProposed", label: "Deals proposed", hint: "Deals you proposed" },
      { key: "dealsConfirmed", label: "Deals confirmed", hint: "Deals confirmed by either side" },
      { key: "dealsCompleted", label: "Deals completed", hint: "Deals completed with verified details" },
      { key: "volumeCents", label: "Volume", hint: "Prices of the deals completed", money: true },
      { key: "commissionCents", label: "Commission (2 %)", hint: "2 % of the completed deals", money: true },
    ],
  },
];

const LABELS = Object.fromEntries(GROUPS.flatMap((g) => g.items.map((i) => [i.key, i]))) as Record<
  FigureKey,
  Group["items"][number]
>;

/** "12 min", "3 h 5 min", "2 d 4 h". */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}

function Change({ figure, days }: { figure: Figure; days: number }) {
  const text =
    figure.changePercent === null
      ? figure.current > 0
        ? `new: none in the ${days} days before`
        : `none in the ${days} days before either`
      : figure.changePercent === 0
        ? `same as the ${days} days before`
        : `${figure.changePercent > 0 ? "▲" : "▼"} ${Math.abs(figure.changePercent)} % on the ${days} days before`;
  const tone =
    figure.changePercent === null || figure.changePercent === 0
      ? "text-muted"
      : figure.changePercent > 0
        ? "text-emerald-700 dark:text-emerald-400"
        : "text-red-700 dark:text-red-400";
  return <p className={`text-xs ${tone}`}>{text}</p>;
}

function FigureCard({ figureKey, view }: { figureKey: FigureKey; view: StatsView }) {
  const figure = view.figures[figureKey];
  if (!figure) return null;
  const item = LABELS[figureKey];
  const format = (n: number) => (item.money ? formatDollars(n) : formatCount(n));
  const values = view.series?.values[figureKey];
  const points =
    view.series && values
      ? view.series.days.map((day, i) => ({ day, value: item.money ? values[i]! / 100 : values[i]! }))
      : null;
  return (
    <div
      data-testid={`figure-${figureKey}`}
      className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
    >
      <dt className="text-xs text-muted" title={item.hint}>
        {item.label}
      </dt>
      <dd className="flex flex-col gap-1">
        <span className="text-2xl font-bold tabular-nums">{format(figure.current)}</span>
        <Change figure={figure} days={view.periodDays} />
        {points && points.length > 0 ? (
          <TimeSeriesChart
            ariaLabel={`${item.label} per day, last ${view.periodDays} days`}
            series={[{ label: item.money ? `${item.label} (USD)` : item.label, points }]}
            height={120}
          />
        ) : null}
      </dd>
    </div>
  );
}

/**
 * The dealer's figures over the chosen period. Premium sees every figure with its chart; Basic the
 * headline figures and the way to upgrade for the rest.
 */
export function PeriodFigures({ view }: { view: StatsView }) {
  if (!view.advanced) {
    return (
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {(Object.keys(view.figures) as FigureKey[]).map((key) => (
            <FigureCard key={key} figureKey={key} view={view} />
          ))}
        </dl>
        <PremiumUpsell id="stats-breakdowns" title="Breakdowns and charts: advanced analytics">
          Comments received, messages answered and your reply time, requests answered, every deal step and
          commission, each charted day by day, come with the Premium Plan.
        </PremiumUpsell>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {GROUPS.map((group) => (
        <section key={group.title} aria-labelledby={`period-${group.title}`}>
          <h2 id={`period-${group.title}`} className="mb-2 text-sm font-semibold text-muted">
            {group.title}
          </h2>
          <dl className="grid gap-2 sm:grid-cols-2">
            {group.items.map((item) => (
              <FigureCard key={item.key} figureKey={item.key} view={view} />
            ))}
            {group.title === "Messages" ? (
              <div
                data-testid="figure-medianReply"
                className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
              >
                <dt className="text-xs text-muted">Median first reply</dt>
                <dd className="flex flex-col gap-1">
                  <span className="text-2xl font-bold tabular-nums">
                    {view.medianReplyMs?.current == null ? "—" : formatDuration(view.medianReplyMs.current)}
                  </span>
                  <p className="text-xs text-muted">
                    {view.medianReplyMs?.previous == null
                      ? `No answered message in the ${view.periodDays} days before`
                      : `${formatDuration(view.medianReplyMs.previous)} in the ${view.periodDays} days before`}
                  </p>
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      ))}
    </div>
  );
}
