/**
 * A failure the dealer can act on, with the HTTP status it maps to. Hono answers it as
 * `{ message, issues? }`; Remix actions turn it into a toast.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 429,
    message: string,
    readonly details?: {
      issues?: unknown[];
      retryAfterSeconds?: number;
      /** More fields of the JSON answer (the 402's `subscribeUrl`). */
      extra?: Record<string, string>;
    },
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const notFound = (message = "Not found") => new DomainError(404, message);
export const forbidden = (message = "You are not allowed to do that") => new DomainError(403, message);
export const conflict = (message: string) => new DomainError(409, message);
export const badRequest = (message: string, issues?: unknown[]) => new DomainError(400, message, { issues });

export function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return text.includes("UNIQUE constraint failed");
}
