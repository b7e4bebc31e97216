import { useForm, type DefaultValue, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import type { ChangeEvent, FormEvent } from "react";
import type { z } from "zod";
import { firstError, parseForm, type FieldErrors } from "#lib/forms";

export type { FieldMetadata, SubmissionResult };

/**
 * A page form on its one zod schema (conform): checked in the browser on submit, then on blur and input,
 * with the server's answer (`lastResult`) shown on the same fields. Before JavaScript loads the form posts
 * as usual and the action checks it with the same schema. `onInvalid` hears the first problem of a
 * refused submit (for the screens that name a toast).
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<Schema>>;
    onInvalid?: (message: string, refused: { errors: FieldErrors; values: FormData }) => void;
  } = {},
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    // Conform refuses an invalid form by preventing the submit; Remix's Form submits only after this.
    if (!event.defaultPrevented || !options.onInvalid) return;
    const element = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    const values = new FormData(element, submitter);
    const checked = parseForm(values, schema);
    if (checked.status === "success" || !checked.error) return;
    const names = Array.from(element.elements, (e) => (e as HTMLInputElement).name).filter(Boolean);
    const message = firstError(checked.error, names);
    if (message) options.onInvalid(message, { errors: checked.error, values });
  }

  return {
    form,
    fields,
    formProps: { id: form.id, noValidate: true, onSubmit },
  };
}

/** The value and error of one field, for the ui/field inputs. */
export function fieldProps(field: FieldMetadata<unknown>) {
  return {
    id: field.id,
    name: field.name,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
    error: field.errors?.[0],
  };
}

type Input = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The names of a state's text fields (a select's union of words is text too). */
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** For a plain controlled form (a dialog's own state): an input's value and its change, by name. */
export function binder<T extends object>(values: T, set: (patch: Partial<T>) => void) {
  return (name: TextKey<T>) => ({
    value: values[name] as string,
    onChange: (e: ChangeEvent<Input>) => set({ [name]: e.target.value } as Partial<T>),
  });
}
