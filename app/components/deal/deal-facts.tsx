import type { ReactNode } from "react";
import { DateTime } from "~/components/ui/clock";
import { formatDollars } from "#lib/format";
import type { Deal } from "#lib/api-types";
import { auctionPlatformLabel } from "#lib/deals/constants";

export const vehicleTitle = (d: Pick<Deal, "year" | "make" | "model">) => `${d.year} ${d.make} ${d.model}`;

/** What the facts list shows of a deal. */
export type DealFactsShown = Pick<
  Deal,
  | "year"
  | "make"
  | "model"
  | "trim"
  | "vin"
  | "miles"
  | "color"
  | "priceCents"
  | "sellerName"
  | "location"
  | "auction"
  | "auctionLocation"
  | "createdAt"
>;

/** The facts of a deal as a definition list: year, make, model, trim, VIN, mileage, color, price, … */
export function DealFacts({ deal }: { deal: DealFactsShown }) {
  const rows: [string, ReactNode][] = [
    ["Year", String(deal.year)],
    ["Make", deal.make],
    ["Model", deal.model],
    ["Trim", deal.trim || "—"],
    ["VIN", deal.vin ?? "—"],
    ["Mileage", `${deal.miles.toLocaleString("en-US")} mi`],
    ["Color", deal.color || "—"],
    ["Price", formatDollars(deal.priceCents)],
    ["Seller", deal.sellerName],
    ["Location", deal.location || "—"],
    ...(deal.auction
      ? ([
          ["Auction", [auctionPlatformLabel(deal.auction), deal.auctionLocation].filter(Boolean).join(" · ")],
        ] as [string, string][])
      : []),
    ["Created", <DateTime key="created" at={deal.createdAt} />],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className={`font-medium wrap-anywhere ${label === "VIN" ? "font-mono text-xs leading-5" : ""}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Marks the Test Deal Popup's sample, which is never a deal of the dealer's. */
export function SampleBadge() {
  return (
    <span className="rounded-full bg-purple-600/15 px-2 py-0.5 text-xs font-medium text-purple-700 dark:text-purple-300">
      Sample
    </span>
  );
}
