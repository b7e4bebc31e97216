import { useState } from "react";
import { formatPriceCents, vehicleLabel } from "#lib/format";
import type { PostDetail } from "#lib/api-types";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

/** A long list (a post published from a spreadsheet holds up to 500) opens this many, then a search and "Show all". */
const VEHICLES_SHOWN = 24;

/** Every word of the search appears in the vehicle's VIN, year, make, model, trim or colour. */
function matches(v: PostDetail["vehicles"][number], text: string) {
  const said = [v.vin, v.year, v.make, v.model, v.trim, v.color].filter(Boolean).join(" ").toLowerCase();
  return text.split(/\s+/).every((word) => said.includes(word));
}
import { DisclosuresBadge } from "./disclosures-badge";

/** Every vehicle of an expanded post, with its price, mileage, VIN, colour and where it sits. */
export function VehicleList({ vehicles }: { vehicles: PostDetail["vehicles"] }) {
  const [all, setAll] = useState(false);
  const [search, setSearch] = useState("");
  if (vehicles.length === 0) return null;
  const long = vehicles.length > VEHICLES_SHOWN;
  const text = search.trim().toLowerCase();
  const found = text ? vehicles.filter((v) => matches(v, text)) : vehicles;
  const shown = all || text ? found : found.slice(0, VEHICLES_SHOWN);
  return (
    <section aria-label="Vehicles" className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">
        Vehicles{long ? <span className="font-normal text-muted"> ({vehicles.length})</span> : null}
      </h4>
      {long ? (
        <input
          type="search"
          aria-label="Find a vehicle in this post"
          placeholder="Find by VIN, year, make or model"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={inputClass}
        />
      ) : null}
      {text && found.length === 0 ? (
        <p className="text-sm text-muted">No vehicle of this post matches.</p>
      ) : null}
      <ul className="grid gap-2 sm:grid-cols-2">
        {shown.map((v) => (
          <li key={v.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
            <p className="flex items-start justify-between gap-2 font-semibold">
              <span>{vehicleLabel(v)}</span>
              <span
                className={`shrink-0 rounded px-1.5 text-xs font-semibold ${
                  v.status === "available"
                    ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
                    : "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200"
                }`}
              >
                {v.status}
              </span>
            </p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs text-muted">
              {v.price !== null ? (
                <>
                  <dt>Price</dt>
                  <dd className="font-semibold text-slate-900 dark:text-slate-100">
                    {formatPriceCents(v.priceCents)}
                  </dd>
                </>
              ) : null}
              {v.mileage !== null ? (
                <>
                  <dt>Mileage</dt>
                  <dd>{v.mileage.toLocaleString("en-US")} mi</dd>
                </>
              ) : null}
              {v.vin ? (
                <>
                  <dt>VIN</dt>
                  <dd className="font-mono break-all">{v.vin}</dd>
                </>
              ) : null}
              {v.color ? (
                <>
                  <dt>Color</dt>
                  <dd>{v.color}</dd>
                </>
              ) : null}
              {v.city || v.state ? (
                <>
                  <dt>Location</dt>
                  <dd>
                    {[v.location, [v.city, v.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}
                  </dd>
                </>
              ) : null}
              {v.atDealership !== null ? (
                <>
                  <dt>At dealership</dt>
                  <dd>{v.atDealership ? "Yes" : "No"}</dd>
                </>
              ) : null}
            </dl>
            {v.notes ? <p className="mt-1 text-xs wrap-anywhere whitespace-pre-line">{v.notes}</p> : null}
            {v.disclosures ? (
              <p className="mt-2">
                <DisclosuresBadge
                  disclosures={v.disclosures}
                  vehicleName={[v.year, v.make, v.model].filter(Boolean).join(" ")}
                />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {long && !all && !text ? (
        <Button variant="secondary" onClick={() => setAll(true)}>
          Show all {vehicles.length} vehicles
        </Button>
      ) : null}
    </section>
  );
}
