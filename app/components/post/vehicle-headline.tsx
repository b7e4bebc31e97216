import type { LeadVehicle } from "#lib/api-types";
import { formatPriceCents, vehicleLabel } from "#lib/format";
import { DisclosuresBadge } from "./disclosures-badge";

/**
 * A listing's title line, the way dealers read a unit: year make model trim, then price and miles (and how many
 * more units the post lists), and whether the seller announced anything.
 */
export function VehicleHeadline({
  vehicle,
  vehicleCount,
  id,
}: {
  vehicle: LeadVehicle;
  vehicleCount: number;
  id: string;
}) {
  const more = vehicleCount - 1;
  return (
    <div className="flex flex-col gap-0.5" data-testid="vehicle-headline">
      <p id={id} className="text-lg leading-snug font-bold break-words sm:text-xl">
        {vehicleLabel(vehicle)}
      </p>
      <p className="flex flex-wrap items-baseline gap-x-3 text-sm text-muted">
        {vehicle.priceCents !== null ? (
          <span className="text-lg font-bold text-emerald-700 dark:text-emerald-400">
            {formatPriceCents(vehicle.priceCents)}
          </span>
        ) : null}
        {vehicle.mileage !== null ? (
          <span className="font-medium text-slate-700 dark:text-slate-300">
            {`${vehicle.mileage.toLocaleString("en-US")} mi`}
          </span>
        ) : null}
        {more > 0 ? <span>{`+ ${more} more ${more === 1 ? "unit" : "units"}`}</span> : null}
        <DisclosuresBadge disclosures={vehicle.disclosures} vehicleName={vehicleLabel(vehicle)} />
      </p>
    </div>
  );
}
