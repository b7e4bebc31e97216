import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "#lib/api-types";

/**
 * The browser's JSON client: credentials always, a JSON body only when there is one,
 * and a failure becomes an ApiError whose text is "{status}: {body text}" — with the server's `message`
 * kept apart for the toast.
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

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

/** The answer with its status and headers (a create tells 201 from 200; a list carries its cursor). */
export async function apiRequest<T>(
  path: string,
  options: Options = {},
): Promise<{ data: T; status: number; headers: Headers }> {
  const init: RequestInit = {
    method: options.method ?? "GET",
    credentials: "include",
    signal: options.signal,
  };
  if (options.body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  if (!response.ok) {
    let serverMessage: string | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === "string") serverMessage = parsed.message;
    } catch {
      // not JSON: the body text stands
    }
    throw new ApiError(response.status, text || response.statusText, serverMessage);
  }
  return {
    data: (text ? JSON.parse(text) : undefined) as T,
    status: response.status,
    headers: response.headers,
  };
}

export async function apiFetch<T>(path: string, options: Options = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** A page of a list: the JSON array, the cursor of the next page (null at the end), the total when sent. */
export type ListPage<T> = { items: T[]; nextCursor: string | null; total: number | null };

export async function apiList<T>(path: string, options: Options = {}): Promise<ListPage<T>> {
  const { data, headers } = await apiRequest<T[]>(path, options);
  const total = headers.get(TOTAL_COUNT_HEADER);
  return {
    items: data,
    nextCursor: headers.get(NEXT_CURSOR_HEADER),
    total: total === null ? null : Number(total),
  };
}

/** `path` with `cursor` added to its query. */
export const withCursor = (path: string, cursor: string | null | undefined) =>
  cursor ? `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}` : path;

/** The text a toast shows for a failure: the server's message, else the screen's fallback text. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
