import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

export const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

type FieldProps = { label: string; error?: string; hint?: ReactNode; id?: string; className?: string };
type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string; className: string };

/** A labelled control with its error (or else its hint) under it, tied to it for screen readers. */
function Field({
  label,
  error,
  hint,
  id,
  className = "",
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const note = error ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="text-sm font-medium">
        {label}
      </label>
      {control({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": note,
        className: inputClass,
      })}
      {error ? (
        <p id={note} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={note} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  id,
  className,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field {...{ label, error, hint, id, className }} control={(props) => <input {...props} {...input} />} />
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  ...area
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      {...{ label, error, hint, id, className }}
      control={(props) => <textarea {...props} {...area} />}
    />
  );
}

type Option = { value: string; label: string };

/** A select's options from [value, label] pairs, or bare values that are their own label. */
export const choices = (...pairs: (string | readonly [value: string, label: string])[]): Option[] =>
  pairs.map((pair) =>
    typeof pair === "string" ? { value: pair, label: pair } : { value: pair[0], label: pair[1] },
  );

export function SelectField({
  label,
  error,
  options,
  id,
  className,
  ...select
}: FieldProps & { options: readonly Option[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      {...{ label, error, id, className }}
      control={(props) => (
        <select {...props} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function CheckboxField({
  label,
  className = "",
  ...input
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`}>
      <input type="checkbox" className="h-4 w-4" {...input} />
      {label}
    </label>
  );
}
