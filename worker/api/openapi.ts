import { OpenAPIHono, createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Hook } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { API_KEY_RATE, type ApiKeyScope } from "#lib/api-keys";
import { NEXT_CURSOR_HEADER } from "#lib/api-headers";
import { apiErrorSchema, planRequiredSchema } from "#lib/api-types";
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

const cursorHeader = {
  [NEXT_CURSOR_HEADER]: {
    description: "the next page's cursor: send it back as `cursor`; absent on the last page",
    schema: { type: "string" as const },
  },
};

const listHeaders = { ...rateHeaders, ...cursorHeader };

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

/** A route as `.openapi` takes it, its answers loose enough for handlers that answer a Response of their own. */
type Declared<C> = Omit<C, "scope" | "access" | "answers"> & {
  responses: Record<number, { description: string }>;
  security: Record<string, string[]>[];
};

/**
 * What every declared route shares: a JSON body is required as JSON (415 otherwise, after the route's guards,
 * so 401 comes first), invalid input is listed as 400, and the operation carries its own answers.
 */
function declare<C extends Omit<RouteConfig, "responses">>(
  config: C,
  answers: Record<number, ResponseConfig>,
  extra: Pick<RouteConfig, "security"> & Record<`x-${string}`, unknown>,
) {
  const jsonBody = config.request?.body !== undefined;
  const invalid: Record<number, ResponseConfig> = config.request
    ? { 400: error("invalid input: each problem in `issues`") }
    : {};
  const notJson: Record<number, ResponseConfig> = jsonBody
    ? { 415: error("the body is not sent as application/json") }
    : {};
  const middleware = [...[config.middleware ?? []].flat(), ...(jsonBody ? [requireJsonBody] : [])];
  return createRoute({
    ...config,
    ...extra,
    middleware,
    ...(config.request?.body
      ? { request: { ...config.request, body: { ...config.request.body, required: true } } }
      : {}),
    responses: { ...answers, ...invalid, ...notJson },
  });
}

/**
 * One documented operation: its scope goes into the document's security requirement (the one place the
 * key middleware reads it from), and every answer is listed, the key's own (401, 402, 403, 429) too.
 */
export function publicRoute<const C extends PublicRouteConfig>({ scope, answers, ...config }: C) {
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
  return declare(
    config,
    { ...responses, ...commonErrors },
    {
      security: [{ [BEARER_SCHEME]: [scope] }],
    },
  ) as unknown as Declared<C>;
}

export const SESSION_SCHEME = "session";
export const INTERNAL = "x-internal";

/** Who may call a session route: absent for anyone; the session's role name otherwise (401 signed out). */
export type Access = "signed-in" | "dealer" | "admin";

/** Each status's JSON body: a schema, `[schema]` for a list paged by X-Next-Cursor, null for none. */
type SessionAnswers = Record<number, z.ZodType | [z.ZodType] | null>;

type RequestParts = NonNullable<RouteConfig["request"]>;

/** What a session route reads (path parameters, query, a JSON body) and the guards of its own. */
type Inputs = {
  params?: RequestParts["params"];
  query?: RequestParts["query"];
  body?: z.ZodType;
  middleware?: MiddlewareHandler<AppEnv>[];
};

type Method = "get" | "post" | "put" | "patch" | "delete";

type Given<I, K extends keyof Inputs> = I extends Record<K, infer T> ? T : undefined;

/** A session route as `.openapi` takes it: the handler's input typed from the route's schemas. */
type SessionDeclared<M extends Method, P extends string, I extends Inputs> = Declared<{
  method: M;
  path: P;
  middleware: Given<I, "middleware">;
  request: {
    params: Given<I, "params">;
    query: Given<I, "query">;
    body: Given<I, "body"> extends z.ZodType ? ReturnType<typeof json<Given<I, "body">>> : undefined;
  };
}>;

/** A JSON request body. */
export const json = <S extends z.ZodType>(schema: S) => ({ content: { "application/json": { schema } } });

/**
 * A route of our own screens (the session cookie, never an API key): declared like a public one, and marked
 * internal so the public document and SDK leave it out while the full document keeps it.
 */
function sessionRoute(
  method: Method,
  path: string,
  access: Access | undefined,
  answers: SessionAnswers,
  { middleware, params, query, body }: Inputs,
) {
  const responses = Object.fromEntries(
    Object.entries(answers).map(([status, a]) => {
      const schema = Array.isArray(a) ? z.array(a[0]) : a;
      return [
        status,
        {
          description: STATUS_TEXT[status] ?? status,
          ...(Array.isArray(a) ? { headers: cursorHeader } : {}),
          ...(schema ? { content: { "application/json": { schema } } } : {}),
        },
      ];
    }),
  );
  const request =
    params || query || body
      ? { ...(params && { params }), ...(query && { query }), ...(body && { body: json(body) }) }
      : undefined;
  const unauthorized: Record<number, ResponseConfig> = access ? { 401: error("not signed in") } : {};
  return declare(
    { method, path, ...(middleware && { middleware }), ...(request && { request }) },
    { ...responses, ...unauthorized },
    {
      security: access ? [{ [SESSION_SCHEME]: [access] }] : [],
      [INTERNAL]: true,
    },
  );
}

/**
 * The session routes open to one kind of caller, by method: `dealerRoute.post(path, answers, inputs?)`.
 * `access` is absent for anyone, the session's role name otherwise (401 signed out).
 */
function sessionRoutes(access?: Access) {
  const at =
    <M extends Method>(method: M) =>
    <P extends string, I extends Inputs>(path: P, answers: SessionAnswers, inputs?: I) =>
      sessionRoute(method, path, access, answers, inputs ?? {}) as unknown as SessionDeclared<M, P, I>;
  return { get: at("get"), post: at("post"), put: at("put"), patch: at("patch"), delete: at("delete") };
}

export const anyoneRoute = sessionRoutes();
export const signedInRoute = sessionRoutes("signed-in");
export const dealerRoute = sessionRoutes("dealer");
export const adminRoute = sessionRoutes("admin");

const STATUS_TEXT: Record<string, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  302: "Found",
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  429: "Too Many Requests",
  503: "Service Unavailable",
};

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
