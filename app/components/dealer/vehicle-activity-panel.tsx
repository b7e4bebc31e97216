import { Link } from "@remix-run/react";
import { useClock } from "~/components/ui/clock";
import { formatDollars, monthName } from "#lib/format";
import type { VehicleActivity, VehicleCount } from "../../../worker/domain/insights";
import { cardClass } from "~/components/ui/panel";

function VehicleList({
  title,
  hint,
  items,
  empty,
}: {
  title: string;
  hint: string;
  items: VehicleCount[];
  empty: string;
}) {
  return (
    <section>
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="mb-2 text-xs text-muted">{hint}</p>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm">
          {items.map((item) => (
            <li key={item.vehicle} className="flex justify-between gap-2">
              <span className="truncate">{item.vehicle}</span>
              <span className="shrink-0 tabular-nums text-muted">{item.count}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * My Vehicle Activity: the makes and models the dealer bought and sold most
 * in their completed deals, and this month's summary. With no deal yet it says how deals are made.
 */
export function VehicleActivityPanel({ activity }: { activity: VehicleActivity }) {
  const clock = useClock();
  const month = monthName(clock.now, clock.timeZone);
  return (
    <aside
      aria-labelledby="vehicle-activity-title"
      data-testid="vehicle-activity"
      className={`${cardClass} flex flex-col gap-4`}
    >
      <h2 id="vehicle-activity-title" className="font-semibold">
        My Vehicle Activity
      </h2>
      {activity.dealsClosed === 0 ? (
        <p className="text-sm text-muted">
          No completed deals yet. Open a chat with a dealer in{" "}
          <Link to="/messages" className="text-brand-600 underline dark:text-brand-400">
            Messages
          </Link>{" "}
          and press Propose deal, or record a deal you closed elsewhere on{" "}
          <Link to="/pass-thru-sales" className="text-brand-600 underline dark:text-brand-400">
            Pass Thru Sales
          </Link>
          : once it is completed, what you bought and sold shows here.
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-3 2xl:grid-cols-1">
          <VehicleList
            title="Most Bought"
            hint="Makes and models of the deals you completed as the buyer"
            items={activity.mostBought}
            empty="Nothing bought in a completed deal yet."
          />
          <VehicleList
            title="Most Sold"
            hint="Makes and models of the deals you completed as the seller"
            items={activity.mostSold}
            empty="Nothing sold in a completed deal yet."
          />
          <section>
            <h3 className="mb-2 text-sm font-semibold">{month} summary</h3>
            <dl className="grid grid-cols-3 gap-2 text-center 2xl:grid-cols-3">
              {[
                ["Bought", String(activity.month.bought)],
                ["Sold", String(activity.month.sold)],
                ["Volume", formatDollars(activity.month.volumeCents)],
              ].map(([label, value]) => (
                <div key={label} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
                  <dt className="text-[11px] text-muted">{label}</dt>
                  <dd className="font-semibold tabular-nums" data-testid={`activity-${label!.toLowerCase()}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      )}
    </aside>
  );
}
