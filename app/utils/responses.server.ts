import { data, redirect, type HeadersFunction } from "@remix-run/cloudflare";
import type { DomainError } from "../../worker/domain/shared/errors";
import { toastCookie, type FlashToast } from "#lib/flash-toast";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionResult } from "#lib/action-result";
import type { ToastMessage } from "#lib/toast";

/** A redirect that shows a toast on the page it lands on, plus any other cookies to set. */
export function redirectWithToast(to: string, toast: FlashToast, request: Request, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of [...cookies, toastCookie(toast, request.url)]) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/** A DomainError from the services (app/ imports worker/ types only, so it is recognised by shape). */
export function isDomainError(error: unknown): error is DomainError {
  return (
    error instanceof Error &&
    error.name === "DomainError" &&
    typeof (error as { status?: unknown }).status === "number"
  );
}

/** What a route shows for a failure the dealer can act on: a toast, and the fields it names. */
export type RouteFailure = {
  status: DomainError["status"];
  toast: ToastMessage;
  fieldErrors: Record<string, string[]>;
  retryAfterSeconds?: number;
};

/**
 * The one way a Remix action turns a domain error into what the dealer sees (the JSON API's twin is
 * worker/http/errors.ts answerError): the screen's toast title with the server's message (or the
 * screen's own text where it has one), and field errors for the issues that name a field.
 * Anything that is not a DomainError is rethrown: the error page, logged with an id.
 */
export function routeFailure(
  error: unknown,
  toast: { title: string; fallback?: string; serverMessage?: boolean },
): RouteFailure {
  if (!isDomainError(error)) throw error;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.details?.issues ?? []) {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    const field = Array.isArray(path) ? path[0] : typeof path === "string" ? path.split(".")[0] : undefined;
    if ((typeof field === "string" || typeof field === "number") && typeof message === "string") {
      (fieldErrors[String(field)] ??= []).push(message);
    }
  }
  const useServer = toast.serverMessage ?? true;
  return {
    status: error.status,
    toast: {
      title: toast.title,
      description: (useServer ? error.message : undefined) || toast.fallback || error.message,
      variant: "destructive",
    },
    fieldErrors,
    retryAfterSeconds: error.details?.retryAfterSeconds,
  };
}

/**
 * A failure as the page action's answer, with its status (and `Retry-After` for a 429). Toasts only for what
 * the fields do not explain: a failure that names fields, answered with the form (`result`), raises none.
 */
export function actionFailure<Extra extends object = object>(
  failure: RouteFailure,
  extra = {} as Extra,
  headers: HeadersInit = {},
) {
  const all = new Headers(headers);
  if (failure.retryAfterSeconds) all.set("Retry-After", String(failure.retryAfterSeconds));
  const explainedByFields = "result" in extra && Object.keys(failure.fieldErrors).length > 0;
  return data<ActionResult<Extra>>(
    { ...extra, ok: false, toast: explainedByFields ? undefined : failure.toast },
    { status: failure.status, headers: all },
  );
}

/** A form its schema refused (400): conform's reply puts the errors and the typed values back on the fields. */
export function actionInvalid<Extra extends object = object>(
  result: SubmissionResult<string[]>,
  extra = {} as Extra,
  headers: HeadersInit = {},
) {
  return data<ActionResult<Extra>>({ ...extra, ok: false, result }, { status: 400, headers });
}

/** Route `headers` export of a page whose action answers `actionFailure`: the page itself keeps `Retry-After`. */
export const failureHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** A failure on a page that answers with a redirect (a form without JavaScript): the toast travels along. */
export function redirectWithFailure(to: string, failure: RouteFailure, request: Request) {
  return redirectWithToast(
    to,
    { title: failure.toast.title, description: failure.toast.description },
    request,
  );
}
