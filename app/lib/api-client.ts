import createClient from "openapi-fetch";
import { toast } from "#lib/toast";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "#lib/api-headers";
import type { paths } from "./api-schema";

/**
 * The browser's JSON client, typed by path and method from the full API document
 * (app/lib/api-schema.d.ts): credentials always, a JSON body only when there is one, and a failure becomes an
 * ApiError whose text is "{status}: {body text}" — with the server's `message` kept apart for the toast.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly serverMessage: string | undefined,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = "ApiError";
  }
}

export const api = createClient<paths>({
  credentials: "include",
  // Looked up per call, so a page that replaces fetch (tests, service workers) is heard.
  fetch: (request) => globalThis.fetch(request),
});

/** A failed answer as ApiError, its body text whole. */
async function failureOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let serverMessage: string | undefined;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === "string") serverMessage = parsed.message;
  } catch {
    // not JSON: the body text stands
  }
  return new ApiError(response.status, text || response.statusText, serverMessage);
}

api.use({
  async onResponse({ response }) {
    if (!response.ok) throw await failureOf(response);
    return undefined;
  },
});

type Answered<T> = Promise<{ data?: T; response: Response }>;

/** A call's body (a failure has thrown ApiError already). */
export async function answerOf<T>(call: Answered<T>): Promise<T> {
  return (await call).data as T;
}

/** A page of a list: the JSON array, the cursor of the next page (null at the end), the total when sent. */
type ListPage<T> = { items: T[]; nextCursor: string | null; total: number | null };

export async function pageOf<T>(call: Answered<T[]>): Promise<ListPage<T>> {
  const { data, response } = await call;
  const total = response.headers.get(TOTAL_COUNT_HEADER);
  return {
    items: data ?? [],
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER),
    total: total === null ? null : Number(total),
  };
}

/** The text a toast shows for a failure: the server's message, else the screen's fallback text. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

/** A failed call's toast: the screen's title over the server's message, else the screen's fallback. */
export const toastFailure = (title: string, error: unknown, fallback: string) =>
  toast({ title, description: failureText(error, fallback), variant: "destructive" });

/** The JSON body a path and method take, as the document describes it. */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;
