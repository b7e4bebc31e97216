import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { ActionResult } from "#lib/action-result";
import { firstError, parseForm } from "#lib/forms";
import { UNKNOWN_ACTION, byIntent } from "#lib/intents";
import { readForm } from "./form-body.server";
import { requireAdmin } from "./guards.server";
import { actionFailure, routeFailure } from "./responses.server";

export type AdminActor = { accountId: string; email: string };

/** What an admin page action answers; `at` tells two equal answers apart, `apiKey` is shown once. */
export type AdminAnswer = ActionResult<{ at: number; apiKey?: string }>;

type Done = string | { title: string; apiKey: string };
type AdminForm = {
  schema: z.ZodType;
  run: (input: never, admin: { actor: AdminActor; services: AppLoadContext["services"] }) => Promise<Done>;
};

/** One admin form: its schema and what the checked values do (the toast's title, or a key shown once). */
export const adminForm = <Schema extends z.ZodType>(
  schema: Schema,
  run: (
    input: z.output<Schema>,
    admin: { actor: AdminActor; services: AppLoadContext["services"] },
  ) => Promise<Done>,
): AdminForm => ({ schema, run });

/**
 * Every admin page action: the admin guard, the form of its `intent` through that form's schema, then its
 * work. An invalid form or a DomainError is a "Not saved" toast with the matching status; anything else
 * goes to the error page.
 */
export async function adminAction(
  context: AppLoadContext,
  request: Request,
  forms: Record<string, AdminForm>,
) {
  const { viewer } = requireAdmin(context, request);
  const form = await readForm(request);
  const handler = byIntent(forms, form.get("intent"));
  if (!handler) throw data({ message: UNKNOWN_ACTION }, { status: 400 });
  const at = Date.now();
  const submission = parseForm(form, handler.schema);
  if (submission.status !== "success") {
    const message = firstError(submission.error, form.keys()) ?? "Invalid input";
    return data<AdminAnswer>(
      { ok: false, at, result: submission.reply(), toast: { ...NOT_SAVED, description: message } },
      { status: 400 },
    );
  }
  try {
    const done = await handler.run(submission.value as never, {
      actor: { accountId: viewer.accountId, email: viewer.email },
      services: context.services,
    });
    const { title, apiKey } = typeof done === "string" ? { title: done, apiKey: undefined } : done;
    return data<AdminAnswer>({ ok: true, at, toast: { title }, apiKey });
  } catch (error) {
    return actionFailure(routeFailure(error, NOT_SAVED), { at });
  }
}

const NOT_SAVED = { title: "Not saved", variant: "destructive" } as const;
