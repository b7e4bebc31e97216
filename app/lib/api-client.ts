/**
 * The browser's JSON client (core spec §7, §8): credentials always, a JSON body only when there is one,
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

export async function apiFetch<T>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
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
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The text a toast shows for a failure: the server's message, else the fallback the spec names. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
