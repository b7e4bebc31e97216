import { useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { inputClass } from "~/components/ui/field";
import { binder } from "~/components/ui/form";
import { answerOf, api } from "#lib/api-client";
import { US_STATE_CODES } from "#lib/constants";
import { isCompleteVehicle, type CreatePostInput } from "#lib/schemas/inventory";
import { YEAR_MAX, YEAR_MIN } from "#lib/schemas/inventory-constants";
import { toast, toastError } from "#lib/toast";
import { autoFilledText, cleanVinInput, decodeVinOffline, VIN_LENGTH, vinLengthMessage } from "#lib/vin";
import {
  DisclosureFields,
  emptyDisclosures,
  toDisclosuresInput,
  type DisclosuresDraft,
} from "./disclosure-fields";

/** What a dealer types about a vehicle, held as typed; the shared schema parses it on the server. */
const TEXT_FIELDS = [
  "vin",
  "year",
  "make",
  "model",
  "trim",
  "mileage",
  "price",
  "city",
  "state",
  "color",
  "notes",
  "location",
] as const;
type VehicleText = Record<(typeof TEXT_FIELDS)[number], string>;
export type VehicleDraft = VehicleText & {
  key: string;
  atDealership: boolean | null;
  disclosures: DisclosuresDraft;
};
type VehicleInput = NonNullable<CreatePostInput["vehicles"]>[number];

export const emptyVehicle = (defaults: Partial<VehicleDraft> = {}): VehicleDraft => ({
  key: crypto.randomUUID(),
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ""])) as VehicleText),
  atDealership: null,
  disclosures: emptyDisclosures(),
  ...defaults,
});

/** The API's vehicle: blanks left out, numbers parsed by the shared schema on the server. */
export function toVehicleInput(v: VehicleDraft): VehicleInput {
  const typed = Object.fromEntries(TEXT_FIELDS.map((f) => [f, v[f].trim() || undefined]));
  return {
    ...typed,
    make: v.make.trim(),
    model: v.model.trim(),
    atDealership: v.atDealership ?? undefined,
    disclosures: toDisclosuresInput(v.disclosures),
  };
}

export function CompleteLabel({ vehicle }: { vehicle: VehicleDraft }) {
  const complete = isCompleteVehicle(vehicle);
  return (
    <span
      data-testid="vehicle-completeness"
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        complete
          ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
          : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300"
      }`}
    >
      {complete ? "Complete" : "Incomplete"}
    </span>
  );
}

/** A labelled field; `required` marks the label with a red star. */
export function Field({
  id,
  label,
  required,
  children,
  hint,
}: {
  id: string;
  label: string;
  required?: boolean;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? (
          <span className="text-red-600 dark:text-red-400" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint}
    </div>
  );
}

/**
 * The per-vehicle fields: VIN, year, make, model, trim, mileage, price, city, state, color, then the
 * seller's disclosures (folded).
 * Labels mark year, make, model, mileage, price, city, state and VIN as required; only make and model gate
 * submission. The VIN is forced upper case and capped at 17; at 17 it is decoded in the browser and the
 * form is filled ('VIN Decoded!'), then NHTSA's richer answer (model, trim) fills what is still blank.
 */
export function VehicleFields({
  vehicle,
  onChange,
  idPrefix,
  vinStrict = false,
  children,
}: {
  vehicle: VehicleDraft;
  onChange: (update: (v: VehicleDraft) => VehicleDraft) => void;
  idPrefix: string;
  /** The vehicle-detail form: the VIN must be exactly 17 (red text once the field has been left short). */
  vinStrict?: boolean;
  children?: ReactNode;
}) {
  const decoded = useRef<string | null>(null);
  // Nothing is wrong with a field nobody has touched yet: the red error waits until the VIN field is left.
  const [vinTouched, setVinTouched] = useState(false);
  const bind = binder(vehicle, (patch) => onChange((v) => ({ ...v, ...patch })));
  const id = (field: string) => `${idPrefix}-${field}`;
  // A call, not a component: a component made here would be new on every render and drop the focus.
  const textField = (
    name: Parameters<typeof bind>[0],
    label: string,
    required: boolean,
    input: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <Field id={id(name)} label={label} required={required}>
      <input id={id(name)} {...bind(name)} {...input} className={inputClass} />
    </Field>
  );

  function changeVin(raw: string) {
    const vin = cleanVinInput(raw);
    onChange((v) => ({ ...v, vin }));
    if (vin.length !== VIN_LENGTH || decoded.current === vin) return;
    decoded.current = vin;
    const offline = decodeVinOffline(vin);
    if (!offline.recognized) {
      toastError("Could not decode this VIN automatically", "VIN Not Recognized");
    } else {
      onChange((v) => ({
        ...v,
        year: offline.year ? String(offline.year) : v.year,
        make: offline.make ?? v.make,
        model: offline.model ?? v.model,
      }));
      toast({ title: "VIN Decoded!", description: autoFilledText(offline) });
    }
    // NHTSA vPIC (when the server has it) adds model and trim.
    answerOf(api.GET("/api/vin/{vin}", { params: { path: { vin } } }))
      .then((full) => {
        if (full.source !== "vpic" || decoded.current !== vin) return;
        onChange((v) => ({
          ...v,
          year: v.year || (full.year ? String(full.year) : ""),
          make: v.make || (full.make ?? ""),
          model: full.model && (!v.model || v.model === offline.model) ? full.model : v.model,
          trim: v.trim || (full.trim ?? ""),
        }));
        toast({ title: "VIN Decoded!", description: autoFilledText(full) });
      })
      .catch(() => undefined);
  }

  const vinMessage =
    vehicle.vin.length > 0 || (vinStrict && vinTouched) ? vinLengthMessage(vehicle.vin) : null;
  const vinInvalid = vinStrict && vinTouched && vinMessage !== null;
  const checkDigitWarning =
    vehicle.vin.length === VIN_LENGTH && !decodeVinOffline(vehicle.vin).checkDigitValid
      ? "The check digit (9th character) does not match: please double-check this VIN."
      : null;

  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <div className="col-span-2 sm:col-span-3">
        <Field
          id={id("vin")}
          label="VIN"
          required
          hint={
            vinMessage ? (
              <p
                id={`${id("vin")}-hint`}
                className={`text-xs ${vinInvalid ? "text-red-700 dark:text-red-400" : "text-muted"}`}
              >
                {vinMessage}
              </p>
            ) : checkDigitWarning ? (
              <p id={`${id("vin")}-hint`} className="text-xs text-amber-700 dark:text-amber-300">
                {checkDigitWarning}
              </p>
            ) : null
          }
        >
          <input
            id={id("vin")}
            value={vehicle.vin}
            onChange={(e) => changeVin(e.target.value)}
            onBlur={() => setVinTouched(true)}
            aria-invalid={vinInvalid || undefined}
            maxLength={VIN_LENGTH}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={vinMessage || checkDigitWarning ? `${id("vin")}-hint` : undefined}
            className={`${inputClass} font-mono uppercase`}
            placeholder="17 characters"
          />
        </Field>
      </div>
      {textField("year", "Year", true, {
        type: "number",
        inputMode: "numeric",
        min: YEAR_MIN,
        max: YEAR_MAX,
        step: 1,
      })}
      {textField("make", "Make", true, { maxLength: 60 })}
      {textField("model", "Model", true, { maxLength: 60 })}
      {textField("trim", "Trim", false, { maxLength: 60 })}
      {textField("mileage", "Mileage", true, {
        inputMode: "numeric",
        pattern: "[0-9]*",
        onChange: (e) => onChange((v) => ({ ...v, mileage: e.target.value.replace(/\D/g, "") })),
      })}
      {textField("price", "Price", true, { type: "number", inputMode: "decimal", min: 0, step: 0.01 })}
      {textField("city", "City", true, { maxLength: 80 })}
      <Field id={id("state")} label="State" required>
        <select id={id("state")} {...bind("state")} className={inputClass}>
          <option value="">Select…</option>
          {US_STATE_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </Field>
      {textField("color", "Color", false, { maxLength: 40 })}
      {children}
      <DisclosureFields
        value={vehicle.disclosures}
        onChange={(update) => onChange((v) => ({ ...v, disclosures: update(v.disclosures) }))}
        idPrefix={idPrefix}
      />
    </div>
  );
}
