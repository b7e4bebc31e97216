/**
 * /api-docs' data, made on the server from the public API's OpenAPI 3.1 document (GET /api/openapi.json),
 * which @hono/zod-openapi makes from the zod schemas the handlers validate with: the page can never describe
 * a parameter or a field the API does not have. The browser receives plain text, not the document.
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
  $ref?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

type Parameter = {
  name: string;
  in: "path" | "query";
  required?: boolean;
  description?: string;
  schema: JsonSchema;
};
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: Record<
    string,
    { description: string; content?: { "application/json": { schema: JsonSchema } } }
  >;
};
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type DocParam = {
  name: string;
  where: "path" | "query" | "body";
  type: string;
  required: boolean;
  text: string;
};
export type DocAnswer = { status: number; when: string; shape: string | null };
export type DocEndpoint = {
  anchor: string;
  method: string;
  path: string;
  group: string;
  summary: string;
  description: string | null;
  scope: string;
  params: DocParam[];
  answers: DocAnswer[];
  curl: string;
  typescript: string;
};

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

function paramOf(name: string, where: DocParam["where"], value: JsonSchema, required = false): DocParam {
  const text = value.description ?? "";
  const type = typeOf({ ...value, description: undefined }, 0).replace(/\s+/g, " ");
  return { name, where, type, required, text: `${text}${limitsOf(name, value, text)}`.trim() };
}

/** A body that passes the schema's required fields, for the examples. */
function exampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return exampleOf(schema.anyOf[0] ?? {});
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object") {
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => required.has(name) || name === "content")
        .map(([name, value]) => [name, exampleOf(value)]),
    );
  }
  if (type === "array") return [];
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "boolean") return true;
  return schema.minLength && schema.minLength > 8 ? "x".repeat(schema.minLength) : "…";
}

const exampleIds: Record<string, string> = { id: "POST_ID" };
const concretePath = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => exampleIds[name] ?? name);

function examples(origin: string, method: string, path: string, body: unknown) {
  const url = `${origin}${concretePath(path)}`;
  const json = body === undefined ? null : JSON.stringify(body);
  const curl = [
    `curl${method === "GET" ? "" : ` -X ${method}`} "${url}"`,
    '  -H "Authorization: Bearer $DEALERLANE_API_KEY"',
    ...(json ? ['  -H "Content-Type: application/json"', `  -d '${json}'`] : []),
  ].join(" \\\n");
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
  const options = [
    pathParams.length > 0
      ? `params: { path: { ${pathParams.map((p) => `${p}: "${exampleIds[p] ?? p}"`).join(", ")} } }`
      : null,
    json ? `body: ${json}` : null,
  ].filter(Boolean);
  const typescript = `const { data, error, response } = await api.${method}("${path}"${
    options.length > 0 ? `, { ${options.join(", ")} }` : ""
  });`;
  return { curl, typescript };
}

/** `value` with each `$ref` to a named schema replaced by that schema (the named answers do not nest themselves). */
function inlined<T>(value: T, named: Record<string, JsonSchema>): T {
  if (Array.isArray(value)) return value.map((item: unknown) => inlined(item, named)) as T;
  if (value === null || typeof value !== "object") return value;
  const { $ref, ...own } = value as JsonSchema;
  const target = $ref ? named[$ref.replace("#/components/schemas/", "")] : undefined;
  return Object.fromEntries(
    Object.entries({ ...target, ...own }).map(([key, inner]) => [key, inlined(inner, named)]),
  ) as T;
}

export function apiDocs(document: Document): DocEndpoint[] {
  const origin = document.servers?.[0]?.url ?? "";
  const paths = inlined(document.paths, document.components?.schemas ?? {});
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([verb, o]) => {
      const method = verb.toUpperCase();
      const body = o.requestBody?.content["application/json"].schema;
      const bodyRequired = new Set(body?.required ?? []);
      return {
        anchor: o.operationId,
        method,
        path,
        group: o.tags?.[0] ?? "API",
        summary: o.summary,
        description: o.description ?? null,
        scope: Object.values(o.security?.[0] ?? {})[0]?.[0] ?? "read",
        params: [
          ...(o.parameters ?? []).map((p) =>
            paramOf(
              p.name,
              p.in,
              { ...p.schema, description: p.description ?? p.schema.description },
              p.required,
            ),
          ),
          ...Object.entries(body?.properties ?? {}).map(([name, value]) =>
            paramOf(name, "body", value, bodyRequired.has(name)),
          ),
        ],
        answers: Object.entries(o.responses).map(([status, answer]) => {
          const schema = answer.content?.["application/json"].schema;
          return {
            status: Number(status),
            when: answer.description,
            shape: schema ? typeOf(schema, 0) : null,
          };
        }),
        ...examples(origin, method, path, body ? exampleOf(body) : undefined),
      };
    }),
  );
}
