import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { DomainError } from "../domain/shared/errors";
import type { AppEnv } from "./types";

/** The error contract: JSON `{ message, issues? }`; a 500 names an error id and nothing else. */
export const answerError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof DomainError) {
    if (error.details?.retryAfterSeconds) c.header("Retry-After", String(error.details.retryAfterSeconds));
    const issues = error.details?.issues;
    const body = { message: error.message, ...(issues ? { issues } : {}), ...error.details?.extra };
    return c.json(body, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const message = /malformed json/i.test(error.message)
      ? "Malformed JSON in request body"
      : error.message || "Bad request";
    return c.json({ message }, error.status);
  }
  const errorId = crypto.randomUUID();
  console.error(`[${errorId}] ${c.req.method} ${new URL(c.req.url).pathname}`, error);
  return c.json({ message: "Something went wrong on our side. Please try again.", errorId }, 500);
};
