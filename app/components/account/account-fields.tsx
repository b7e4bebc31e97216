import { TextField } from "~/components/ui/field";
import { fieldProps, type FieldMetadata } from "~/components/ui/form";
import { PASSWORD_MIN_LENGTH } from "#lib/constants";

type Field = FieldMetadata<unknown>;

/** The address a dealer signs in with, on its conform field. */
export function EmailField({ field }: { field: Field }) {
  return (
    <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...fieldProps(field)} />
  );
}

/** `current`: the browser fills the saved one; `new`: it may suggest one, the length rule shows; `confirm`: a new one again. */
type Kind = "current" | "new" | "confirm";

export function PasswordField({ label, field, kind }: { label: string; field: Field; kind: Kind }) {
  const rule = kind === "new" ? `At least ${PASSWORD_MIN_LENGTH} characters` : undefined;
  const autoComplete = kind === "current" ? "current-password" : "new-password";
  return (
    <TextField label={label} type="password" autoComplete={autoComplete} hint={rule} {...fieldProps(field)} />
  );
}

/** A new password typed twice (reset, change). */
export function NewPasswordFields({ password, confirm }: { password: Field; confirm: Field }) {
  return (
    <>
      <PasswordField label="New password" field={password} kind="new" />
      <PasswordField label="Confirm new password" field={confirm} kind="confirm" />
    </>
  );
}
