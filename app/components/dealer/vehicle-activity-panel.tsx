import { Link } from "@remix-run/react";
import { useClock } from "~/components/ui/clock";
import { monthName } from "~/lib/format";
import type { VehicleActivity } from "../../../worker/domain/profile";

/** Business spec §2: the spec's fixed sample lists, shown (and labelled) only while the dealer has no posts. */
const SAMPLE: VehicleActivity = {
  mostWanted: [
    { vehicle: "Toyota Camry", count: 8 },
    { vehicle: "Honda Accord", count: 6 },
    { vehicle: "Ford F-150", count: 5 },
  ],
  mostSold: [
    { vehicle: "Chevrolet Silverado", count: 9 },
    { vehicle: "Nissan Altima", count: 7 },
    { vehicle: "Jeep Grand Cherokee", count: 4 },
  ],
  mostSoldIsListed: false,
  month: { posts: 14, vehiclesListed: 22, vehiclesSold: 9, requests: 5 },
  hasPosts: false,
};

function VehicleList({
  title,
  hint,
  items,
  empty,
}: {
  title: string;
  hint: string;
  items: VehicleActivity["mostSold"];
  empty: string;
}) {
  return (
    <section>
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">{hint}</p>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm">
          {items.map((item) => (
            <li key={item.vehicle} className="flex justify-between gap-2">
              <span className="truncate">{item.vehicle}</span>
              <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">{item.count}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** My Vehicle Activity (business spec §2 Dealer Network): computed from the dealer's own posts when there are any. */
export function VehicleActivityPanel({ activity }: { activity: VehicleActivity }) {
  const sample = !activity.hasPosts;
  const shown = sample ? SAMPLE : activity;
  const clock = useClock();
  const month = monthName(clock.now, clock.timeZone);
  return (
    <aside
      aria-labelledby="vehicle-activity-title"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="vehicle-activity-title" className="font-semibold">
          My Vehicle Activity
        </h2>
        {sample ? (
          <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-800 dark:bg-amber-950 dark:text-amber-300">
            Sample
          </span>
        ) : null}
      </div>
      {sample ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Sample figures:{" "}
          <Link to="/" className="text-brand-600 underline dark:text-brand-400">
            post vehicles or a request
          </Link>{" "}
          and this panel shows your own.
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-3 2xl:grid-cols-1">
        <VehicleList
          title="Most Bought"
          hint="Makes and models you ask for in Requesting posts"
          items={shown.mostWanted}
          empty="No makes or models in your Requesting posts yet."
        />
        <VehicleList
          title="Most Sold"
          hint={
            shown.mostSoldIsListed
              ? "None marked sold yet — your most listed instead"
              : "Vehicles marked sold in your posts"
          }
          items={shown.mostSold}
          empty="No vehicles listed yet."
        />
        <section>
          <h3 className="mb-2 text-sm font-semibold">{month} summary</h3>
          <dl className="grid grid-cols-2 gap-2 text-center">
            {[
              ["Posts", shown.month.posts],
              ["Vehicles listed", shown.month.vehiclesListed],
              ["Vehicles sold", shown.month.vehiclesSold],
              ["Requests", shown.month.requests],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
                <dt className="text-[11px] text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </aside>
  );
}
