import { z } from "zod";
import { API_ENDPOINTS, endpointAnchor, type Access, type ApiEndpoint } from "~/lib/api-reference";

/**
 * /api-docs' data, made on the server from the same zod schemas the worker validates and answers with
 * (app/lib/api-reference.ts): the parameters of each endpoint and the shape of each answer, so the page can
 * never describe a field the API does not have. The browser receives plain text, not the schemas.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  additionalProperties?: JsonSchema | boolean;
  prefixItems?: JsonSchema[];
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

export type DocParam = {
  name: string;
  where: "path" | "query" | "body";
  type: string;
  required: boolean;
  text: string;
};
export type DocAnswer = {
  status: number;
  when: string | null;
  list: boolean;
  total: boolean;
  shape: string | null;
};
export type DocEndpoint = {
  anchor: string;
  method: ApiEndpoint["method"];
  path: string;
  group: string;
  summary: string;
  access: Access;
  alias: string | null;
  params: DocParam[];
  answers: DocAnswer[];
};

const toJson = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;

const INDENT = "  ";

/** A schema as a TypeScript-like type: readable by a person, exact about names, nulls and options. */
function typeOf(schema: JsonSchema, depth: number): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf) return [...new Set(schema.anyOf.map((s) => typeOf(s, depth)))].join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return types.map((type) => typeOf({ ...schema, type }, depth)).join(" | ");
  switch (types[0]) {
    case "object":
      return objectOf(schema, depth);
    case "array":
      if (schema.prefixItems) return `[${schema.prefixItems.map((s) => typeOf(s, depth)).join(", ")}]`;
      return schema.items ? `${wrap(typeOf(schema.items, depth))}[]` : "unknown[]";
    case "integer":
      return "integer";
    case "string":
    case "number":
    case "boolean":
    case "null":
      return types[0];
    default:
      return "any";
  }
}

const wrap = (type: string) => (type.includes(" | ") ? `(${type})` : type);

function objectOf(schema: JsonSchema, depth: number): string {
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) {
    const values = typeof schema.additionalProperties === "object" ? schema.additionalProperties : null;
    return values ? `{ [key: string]: ${typeOf(values, depth)} }` : "{}";
  }
  const pad = INDENT.repeat(depth + 1);
  const required = new Set(schema.required ?? []);
  const lines = entries.map(([key, value]) => {
    const note = value.description ? `  // ${value.description}` : "";
    return `${pad}${key}${required.has(key) ? "" : "?"}: ${typeOf(value, depth + 1)};${note}`;
  });
  return `{\n${lines.join("\n")}\n${INDENT.repeat(depth)}}`;
}

/** Lengths and ranges worth knowing before sending (the limits the schema enforces). */
function limitsOf(name: string, value: JsonSchema, text: string): string {
  const parts: string[] = [];
  if (value.maxLength !== undefined && name !== "cursor" && !text.includes("at most"))
    parts.push(`at most ${value.maxLength} characters`);
  if (value.minimum !== undefined && value.maximum !== undefined && value.maximum < Number.MAX_SAFE_INTEGER)
    parts.push(`${value.minimum} to ${value.maximum}`);
  if (value.default !== undefined) parts.push(`default ${JSON.stringify(value.default)}`);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

function paramsOf(
  schema: z.ZodType | undefined,
  where: "query" | "body",
  notes: Record<string, string>,
): DocParam[] {
  if (!schema) return [];
  const json = toJson(schema, "input");
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, value]) => {
    const text = notes[name] ?? value.description ?? "";
    return {
      name,
      where,
      type: typeOf({ ...value, description: undefined }, 0).replace(/\s+/g, " "),
      required: required.has(name),
      text: `${text}${limitsOf(name, value, text)}`.trim(),
    };
  });
}

export function apiDocs(): DocEndpoint[] {
  // The admin console's calls are not advertised on the public page (issue 15: the area is not revealed).
  return API_ENDPOINTS.filter((e) => e.access !== "admin").map((e) => ({
    anchor: endpointAnchor(e),
    method: e.method,
    path: e.path,
    group: e.group,
    summary: e.summary,
    access: e.access,
    alias: e.alias ?? null,
    params: [
      ...Object.entries(e.params ?? {}).map(([name, text]) => ({
        name,
        where: "path" as const,
        type: "string",
        required: true,
        text,
      })),
      ...paramsOf(e.query, "query", e.notes ?? {}),
      ...paramsOf(e.body, "body", e.notes ?? {}),
    ],
    answers: e.answers.map((a) => ({
      status: a.status,
      when: a.when ?? null,
      list: a.list === true,
      total: a.total === true,
      shape: a.schema
        ? a.list
          ? `${typeOf(toJson(a.schema, "output"), 0)}[]`
          : typeOf(toJson(a.schema, "output"), 0)
        : null,
    })),
  }));
}
