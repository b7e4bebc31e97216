import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { fieldProps, type FieldMetadata } from "~/components/ui/form";
import { COUNTRIES, DEALERSHIP_TYPES, STATE_CODES } from "#lib/constants";
import type { DealerFieldName } from "#lib/schemas/dealer-fields";
import { typeLabel } from "./dealer-bits";

type Perspective = "self" | "other";

type FieldUi =
  | {
      kind: "text";
      label: string;
      type?: "text" | "email" | "tel" | "url";
      autoComplete?: string;
      placeholder?: string;
      required?: boolean;
      wide?: boolean;
    }
  | {
      kind: "select";
      label: string | Record<Perspective, string>;
      options: (p: Perspective) => Option[];
      required?: boolean;
    }
  | { kind: "textarea"; label: string }
  | { kind: "checkbox"; label: Record<Perspective, string> };
type Option = { value: string; label: string };

/** How each dealer field looks, wherever it is asked (one label per field, the same on every form). */
const UI: Record<DealerFieldName, FieldUi> = {
  firstName: { kind: "text", label: "First Name", autoComplete: "given-name", required: true },
  lastName: { kind: "text", label: "Last Name", autoComplete: "family-name", required: true },
  name: { kind: "text", label: "Full Name", autoComplete: "name", required: true },
  email: { kind: "text", label: "Email", type: "email", autoComplete: "email", required: true },
  phone: { kind: "text", label: "Phone", type: "tel", autoComplete: "tel", required: true },
  dealershipName: { kind: "text", label: "Dealership Name", required: true },
  dealershipType: {
    kind: "select",
    label: "Dealership Type",
    options: () => DEALERSHIP_TYPES.map((t) => ({ value: t, label: typeLabel(t) })),
  },
  profileType: {
    kind: "select",
    label: { self: "I mostly…", other: "Profile Type" },
    options: (p) =>
      p === "self"
        ? [
            { value: "seller", label: "Sell wholesale (seller)" },
            { value: "buyer", label: "Buy wholesale (buyer)" },
          ]
        : [
            { value: "seller", label: "Seller" },
            { value: "buyer", label: "Buyer" },
          ],
  },
  buysCanadianVehicles: {
    kind: "checkbox",
    label: { self: "I buy Canadian vehicles", other: "Buys Canadian vehicles" },
  },
  address: { kind: "text", label: "Address", autoComplete: "street-address", required: true, wide: true },
  city: { kind: "text", label: "City", autoComplete: "address-level2", required: true },
  state: {
    kind: "select",
    label: "State / Province",
    required: true,
    options: () => [{ value: "", label: "Choose…" }, ...STATE_CODES.map((s) => ({ value: s, label: s }))],
  },
  zipCode: { kind: "text", label: "ZIP Code", autoComplete: "postal-code", required: true },
  country: {
    kind: "select",
    label: "Country",
    options: () => COUNTRIES.map((c) => ({ value: c, label: c === "US" ? "United States" : "Canada" })),
  },
  licenseNumber: { kind: "text", label: "License Number" },
  website: { kind: "text", label: "Website", type: "url", placeholder: "https://" },
  description: { kind: "textarea", label: "Business Description" },
  auctionAccessNumber: { kind: "text", label: "Auction Access Number", required: true },
  dealership5MilNumber: { kind: "text", label: "Dealership 5 Million Number", required: true },
  vehiclesNeeded: { kind: "textarea", label: "Vehicles needed" },
  vehiclesSold: { kind: "textarea", label: "Vehicles sold" },
};

/**
 * The dealer's fields, one component for onboarding step 1, the create and edit dealer dialogs and Edit
 * Profile. Each form names the fields it asks for, in its order, and passes conform's field metadata
 * (value and error of each); `perspective` words the fields about oneself or about another dealer.
 */
export function DealerFields({
  fields,
  names,
  perspective,
  markRequired = false,
}: {
  fields: Partial<Record<DealerFieldName, FieldMetadata<unknown>>>;
  names: readonly DealerFieldName[];
  perspective: Perspective;
  markRequired?: boolean;
}) {
  return (
    <>
      {names.map((name) => {
        const field = fields[name];
        if (!field) return null;
        const ui = UI[name];
        const props = fieldProps(field);
        // The dialogs mark what is required ('Fields marked * are required').
        const star = markRequired && "required" in ui && ui.required ? " *" : "";
        switch (ui.kind) {
          case "text":
            return (
              <TextField
                key={name}
                {...props}
                label={`${ui.label}${star}`}
                type={ui.type ?? "text"}
                autoComplete={ui.autoComplete}
                placeholder={ui.placeholder}
                className={ui.wide ? "sm:col-span-2" : ""}
              />
            );
          case "select":
            return (
              <SelectField
                key={name}
                {...props}
                defaultValue={props.defaultValue ?? ""}
                label={`${typeof ui.label === "string" ? ui.label : ui.label[perspective]}${star}`}
                options={ui.options(perspective)}
              />
            );
          case "textarea":
            return (
              <TextAreaField key={name} {...props} label={ui.label} rows={3} className="sm:col-span-2" />
            );
          case "checkbox":
            return (
              <CheckboxField
                key={name}
                id={field.id}
                name={field.name}
                defaultChecked={field.initialValue === "on" || field.initialValue === "true"}
                label={ui.label[perspective]}
                className="self-end sm:col-span-2"
              />
            );
        }
      })}
    </>
  );
}
