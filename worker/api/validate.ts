import type { Context } from "hono";
import { createMiddleware } from "hono/factory";

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export const NOT_JSON = "Send the body as JSON with Content-Type: application/json";
export const NOTHING_TO_UPDATE = "Nothing to update: send at least one field";

/** An update that names no field (every value absent once the schema has dropped what it does not know). */
const isEmptyUpdate = (data: unknown) =>
  typeof data === "object" &&
  data !== null &&
  !Array.isArray(data) &&
  Object.values(data).every((value) => value === undefined);

/** The answer to input a schema refused (and to a PATCH that changes nothing); undefined lets it through. */
export const answerInvalid = (
  result:
    | { success: true; data: unknown; target?: string }
    | {
        success: false;
        data?: unknown;
        error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
      },
  c: Context,
) => {
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({
      path: i.path.map(String).join("."),
      message: i.message,
    }));
    return c.json({ message: issues[0]?.message ?? "Invalid input", issues }, 400);
  }
  if (c.req.method === "PATCH" && result.target === "json" && isEmptyUpdate(result.data)) {
    return c.json({ message: NOTHING_TO_UPDATE }, 400);
  }
};

/** A JSON body under any other content type is 415 (Hono's validator would read it as `{}`). */
export const requireJsonBody = createMiddleware(async (c, next) => {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  if (!JSON_MEDIA_TYPE.test(mediaType)) return c.json({ message: NOT_JSON }, 415);
  await next();
});
