import type { z } from "zod";
import { api, fullApiDocument } from "../../worker/api";
import { BEARER_SCHEME, SESSION_SCHEME, type Access } from "../../worker/api/openapi";
import type { JsonSchema } from "./fuzz-inputs";

/**
 * The API's operations as the tests walk them, read from the full OpenAPI document (the public operations and
 * the screens' internal ones); each answer's zod schema is the one the document was made from.
 */
export type Operation = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path parameters in braces: /api/dealers/{id}. */
  path: string;
  /** An API key's operation needs a dealer behind a session too. */
  access: "public" | Access;
  query?: JsonSchema;
  body?: JsonSchema;
  answers: { status: number; schema?: z.ZodType; list: boolean }[];
};

type DocOperation = {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { headers?: Record<string, unknown> }>;
};

type Declared = {
  method: string;
  path: string;
  responses: Record<string, { content?: Record<string, { schema: z.ZodType }> }>;
};

const declared = new Map(
  api.openAPIRegistry.definitions.flatMap((d) =>
    d.type === "route" ? [[`${d.route.method} /api${d.route.path}`, d.route as unknown as Declared]] : [],
  ),
);

function accessOf(security: DocOperation["security"]): Operation["access"] {
  const requirement = security?.[0];
  if (!requirement) return "public";
  if (requirement[BEARER_SCHEME]) return "dealer";
  return requirement[SESSION_SCHEME]?.[0] as Access;
}

export const OPERATIONS: Operation[] = Object.entries(
  fullApiDocument().paths as Record<string, Record<string, DocOperation>>,
).flatMap(([path, item]) =>
  Object.entries(item).map(([method, o]) => {
    const queries = (o.parameters ?? []).filter((p) => p.in === "query");
    const responses = declared.get(`${method} ${path}`)?.responses ?? {};
    return {
      method: method.toUpperCase() as Operation["method"],
      path,
      access: accessOf(o.security),
      query: queries.length
        ? { type: "object", properties: Object.fromEntries(queries.map((p) => [p.name, p.schema])) }
        : undefined,
      body: o.requestBody?.content["application/json"]?.schema,
      answers: Object.entries(o.responses).map(([status, answer]) => ({
        status: Number(status),
        schema: responses[status]?.content?.["application/json"]?.schema,
        list: Boolean(answer.headers?.["X-Next-Cursor"]),
      })),
    };
  }),
);

export const operationOf = (method: string, path: string) => {
  const found = OPERATIONS.find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the API document`);
  return found;
};
