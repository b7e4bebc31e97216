import type { ReactNode } from "react";
import { TextField } from "~/components/ui/field";
import { binder } from "~/components/ui/form";
import { DEAL_YEAR_MIN, dealYearMax } from "#lib/deals/constants";
import { filterVin, VIN_EXACT_MESSAGE } from "#lib/schemas/deals";
import { VIN_LENGTH } from "#lib/vin";

export type DealVehicleForm = Record<
  "vin" | "year" | "make" | "model" | "trim" | "miles" | "price" | "location",
  string
>;

/**
 * The vehicle and price of a deal as both deal forms ask for them (propose, verify and complete). `onVin`
 * hears each VIN as typed, already cleaned; `before` and `children` are the form's own fields around them.
 */
export function DealVehicleFields({
  form,
  set,
  onVin,
  before,
  children,
}: {
  form: DealVehicleForm;
  set: (patch: Partial<DealVehicleForm>) => void;
  onVin?: (vin: string) => void;
  before?: ReactNode;
  children?: ReactNode;
}) {
  const bind = binder(form, set);
  const number = { type: "number", inputMode: "numeric", min: 0 } as const;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {before}
      <TextField
        className="col-span-2 sm:col-span-3"
        label="VIN"
        value={form.vin}
        onChange={(e) => {
          const vin = filterVin(e.target.value).slice(0, VIN_LENGTH);
          set({ vin });
          onVin?.(vin);
        }}
        maxLength={VIN_LENGTH}
        autoCapitalize="characters"
        spellCheck={false}
        hint={
          <span className="flex justify-between">
            <span>{form.vin.length > 0 && form.vin.length < VIN_LENGTH ? VIN_EXACT_MESSAGE : " "}</span>
            <span data-testid="vin-counter">
              {form.vin.length}/{VIN_LENGTH}
            </span>
          </span>
        }
      />
      <TextField label="Year" {...number} min={DEAL_YEAR_MIN} max={dealYearMax()} {...bind("year")} />
      <TextField label="Make" {...bind("make")} required />
      <TextField label="Model" {...bind("model")} required />
      <TextField label="Trim" {...bind("trim")} />
      <TextField label="Miles" {...number} {...bind("miles")} />
      <TextField label="Price (USD)" {...number} {...bind("price")} required />
      <TextField
        className="col-span-2 sm:col-span-1"
        label="Location"
        placeholder="City, ST"
        {...bind("location")}
      />
      {children}
    </div>
  );
}
