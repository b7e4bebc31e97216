import { OpenAPIHono, createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Hook } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { API_KEY_RATE, type ApiKeyScope } from "#lib/api-keys";
import { NEXT_CURSOR_HEADER, apiErrorSchema, planRequiredSchema } from "#lib/api-types";
import type { AppEnv } from "../http/types";
import { answerInvalid, requireJsonBody } from "./validate";

/**
 * The public API's description (docs/decisions/0022-public-api.md): its operations are declared
 * with `publicRoute` on the resource routers themselves, so the OpenAPI document is made from the very zod
 * schemas the handlers validate with. An API key can call these operations and nothing else.
 */

type ResponseConfig = RouteConfig["responses"][string];

export const BEARER_SCHEME = "apiKey";

/**
 * A router whose public operations go into the document; invalid input answers like every other route.
 * Router-wide guards are given here (`use` would type the router as a plain Hono); `.openapi` routes first.
 */
export function openApiRouter(...guards: MiddlewareHandler<AppEnv>[]) {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: answerInvalid as Hook<unknown, AppEnv, string, Response>,
  });
  for (const guard of guards) router.use(guard);
  return router;
}

const error = (description: string, schema: z.ZodType = apiErrorSchema) => ({
  description,
  content: { "application/json": { schema } },
});

const rateHeaders = {
  "RateLimit-Limit": { description: "requests allowed a minute", schema: { type: "integer" as const } },
  "RateLimit-Remaining": {
    description: "requests left before a 429 (the burst window counts too)",
    schema: { type: "integer" as const },
  },
  "RateLimit-Reset": {
    description: "seconds until that window resets",
    schema: { type: "integer" as const },
  },
};

const listHeaders = {
  ...rateHeaders,
  [NEXT_CURSOR_HEADER]: {
    description: "the next page's cursor: send it back as `cursor`; absent on the last page",
    schema: { type: "string" as const },
  },
};

/** The answers every public operation may give besides its own. */
const commonErrors = {
  401: {
    ...error("no API key, or a wrong or revoked one (`WWW-Authenticate: Bearer`)"),
    headers: { "WWW-Authenticate": { schema: { type: "string" as const } } },
  },
  402: error("the dealer's trial or plan has ended", planRequiredSchema),
  403: error("the key lacks this operation's scope, or the account is suspended"),
  429: {
    ...error(
      `more than ${API_KEY_RATE.perMinute} requests a minute or ${API_KEY_RATE.burst} in ${API_KEY_RATE.burstSeconds} seconds on this key`,
    ),
    headers: { ...rateHeaders, "Retry-After": { schema: { type: "integer" as const } } },
  },
};

type PublicRouteConfig = Omit<RouteConfig, "security" | "responses"> & {
  scope: ApiKeyScope;
  /** The operation's own answers; JSON ones as `{status: {description, schema, list?}}`. */
  answers: Record<number, { description: string; schema?: z.ZodType; list?: boolean }>;
};

/**
 * One documented operation: its scope goes into the document's security requirement (the one place the
 * key middleware reads it from), JSON bodies are required as JSON (415 otherwise), and every answer is listed.
 */
export function publicRoute<const C extends PublicRouteConfig>({ scope, answers, ...config }: C) {
  const jsonBody = config.request?.body !== undefined;
  const responses = Object.fromEntries(
    Object.entries(answers).map(([status, a]) => [
      status,
      {
        description: a.description,
        headers: a.list ? listHeaders : rateHeaders,
        ...(a.schema
          ? { content: { "application/json": { schema: a.list ? z.array(a.schema) : a.schema } } }
          : {}),
      },
    ]),
  );
  const invalid: Record<number, ResponseConfig> = config.request
    ? { 400: error("invalid input: each problem in `issues`") }
    : {};
  const notJson: Record<number, ResponseConfig> = jsonBody
    ? { 415: error("the body is not sent as application/json") }
    : {};
  // The route's guards (the session, 401) come before the body's content type (415).
  const middleware = [...[config.middleware ?? []].flat(), ...(jsonBody ? [requireJsonBody] : [])];
  return createRoute({
    ...config,
    middleware,
    ...(config.request?.body
      ? { request: { ...config.request, body: { ...config.request.body, required: true } } }
      : {}),
    security: [{ [BEARER_SCHEME]: [scope] }],
    responses: { ...responses, ...invalid, ...commonErrors, ...notJson },
  }) as unknown as Omit<C, "scope" | "answers"> & {
    responses: Record<number, { description: string }>;
    security: Record<string, string[]>[];
  };
}

export type PublicOperation = { method: string; pattern: RegExp; path: string; scope: ApiKeyScope };

type Document = { paths?: object };
type Operation = { security?: Record<string, string[]>[] };

/** The operations a key may call, read from the document: method, path pattern and the scope it needs. */
export function publicOperationsOf(document: Document): PublicOperation[] {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const scope = operation.security?.[0]?.[BEARER_SCHEME]?.[0] as ApiKeyScope | undefined;
      if (!scope) throw new Error(`${method.toUpperCase()} ${path} is documented without a scope`);
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`);
      return { method: method.toUpperCase(), pattern, path, scope };
    }),
  );
}
