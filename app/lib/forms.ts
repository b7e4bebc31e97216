import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

/**
 * A form's values checked against its one schema (conform + zod), the same in the action and in the
 * browser. The schemas read a form's text and JSON alike, so conform's own coercion (empty text becomes
 * absent) stays off: emptying an optional field clears it.
 */
export function parseForm<Schema extends $ZodType>(formData: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

export type FieldErrors = Record<string, string[] | null>;

/** The first message of a failed check, in the order of `names` (a form's fields as they appear). */
export function firstError(
  errors: FieldErrors | null | undefined,
  names: Iterable<string>,
): string | undefined {
  if (!errors) return undefined;
  for (const name of names) {
    const message = errors[name]?.[0];
    if (message) return message;
  }
  return Object.values(errors).find((list) => list?.[0])?.[0];
}
