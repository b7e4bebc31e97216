import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { AdminActionResult } from "~/components/admin/admin-page";
import { UNKNOWN_ACTION, byIntent } from "#lib/intents";
import { readForm } from "./form-body.server";
import { requireAdmin } from "./guards.server";
import { isDomainError } from "./responses.server";
import type { z } from "zod";

export type AdminActor = { accountId: string; email: string };

/**
 * Every admin page action: the admin guard, the form, then the handler for its `intent`. A DomainError or an
 * invalid form becomes a toast with the matching status; anything else goes to the error page.
 */
export async function adminAction(
  context: AppLoadContext,
  request: Request,
  handlers: Record<
    string,
    (input: {
      form: FormData;
      actor: AdminActor;
      services: AppLoadContext["services"];
    }) => Promise<string | { title: string; apiKey: string }>
  >,
) {
  const { viewer } = requireAdmin(context, request);
  const form = await readForm(request);
  const handler = byIntent(handlers, form.get("intent"));
  const at = Date.now();
  if (!handler) throw data({ message: UNKNOWN_ACTION }, { status: 400 });
  try {
    const done = await handler({
      form,
      actor: { accountId: viewer.accountId, email: viewer.email },
      services: context.services,
    });
    const result = typeof done === "string" ? { title: done } : done;
    return { ok: true, ...result, at } satisfies AdminActionResult;
  } catch (error) {
    if (error instanceof FormProblem)
      return data({ ok: false, title: "Not saved", message: error.message, at } satisfies AdminActionResult, {
        status: 400,
      });
    if (!isDomainError(error)) throw error;
    return data({ ok: false, title: "Not saved", message: error.message, at } satisfies AdminActionResult, {
      status: error.status,
    });
  }
}

class FormProblem extends Error {}

/** A form the page refuses (a missing typed confirmation): toasted like an invalid field. */
export const formProblem = (message: string) => new FormProblem(message);

/** The form's fields through a zod schema; the first problem is the toast's message. */
export function parseForm<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new FormProblem(parsed.error.issues[0]?.message ?? "Invalid input");
  return parsed.data;
}

/** A form's text fields, blank ones left out (so optional schema fields stay undefined). */
export const fieldsOf = (form: FormData, names: string[]) =>
  Object.fromEntries(
    names.flatMap((name) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() !== "" ? [[name, value]] : [];
    }),
  );
