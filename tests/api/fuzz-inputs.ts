/**
 * The inputs tests/api/fuzz-routes.test.ts throws at every route: fixed lists, so every run sends the same
 * requests and a failure can be replayed. Nothing here knows a particular endpoint; the route's own schema
 * (from the full API document) only says which fields to aim at.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

const ONE_MB = 1024 * 1024;

export const UNICODE =
  "🚗💨 👨‍👩‍👧‍👦 \u202eevil\u202c مرحبا שלום a\u0000b \u0007\u001b[31m\r\n\t\b\f Z͑ͫ̓ͪ̂ͫ̽͏̴̙ \ud800 x\udfffy";

/** Values of the wrong type or shape for a field, each with a label for the report. */
export const WRONG_VALUES: Array<[label: string, value: unknown]> = [
  ["number", 12345],
  ["negative", -1],
  ["fraction", 0.5],
  ["1e308", 1e308],
  ["2^64", 18446744073709551616],
  ["zero", 0],
  ["array", ["a", 1, null]],
  ["empty array", []],
  ["string", "fuzz"],
  ["empty string", ""],
  ["blank", "   "],
  ["null", null],
  ["true", true],
  ["false", false],
  ["nested object", { a: { b: { c: [1, { d: null }] } } }],
  ["empty object", {}],
  ["10k string", "x".repeat(10_000)],
  ["emoji", "🚗💨👨‍👩‍👧‍👦"],
  ["rtl", "\u202eevil\u202c مرحبا"],
  ["nul", "a\u0000b"],
  ["control", "\u0007\u001b[31m\r\n\t\b\f"],
  ["lone surrogate", "\ud800"],
  ["lone low surrogate", "x\udfffy"],
  ["sql", "' or 1=1 --"],
  ["like wildcards", "%_%_\\%"],
  ["path", "../../etc/passwd"],
  ["html", "<script>alert(1)</script>"],
  ["numeric text", "1e309"],
  ["bad date", "2024-02-30T25:61:00Z"],
  ["javascript url", "javascript:alert(1)"],
  ["header injection", "a\r\nSet-Cookie: x=y"],
  ["49-byte text", "a".repeat(49)],
  ["unicode mix", UNICODE],
];

/** Whole bodies, sent as JSON text with a JSON content type (each is the entire body). */
export const WRONG_BODIES: Array<[label: string, text: string]> = [
  ["number body", "42"],
  ["array body", '[1,"a",null]'],
  ["string body", '"text"'],
  ["null body", "null"],
  ["boolean body", "true"],
  ["nested body", '{"a":{"b":[{"c":null}]}}'],
  ["empty object", "{}"],
  ["empty body", ""],
  ["truncated JSON", '{"a":'],
  ["not JSON", "not json at all"],
  ["lone surrogate escape", '{"a":"\\ud800","b":"\\udc00x"}'],
  ["prototype keys", '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  ["deep nesting", `${"[".repeat(5000)}${"]".repeat(5000)}`],
];

/** Path segments for `:id`-like parameters; written as they travel in a URL (some deliberately ill-formed). */
export const CRAFTED_IDS = [
  "%20",
  "%09",
  "0",
  "-1",
  "1e309",
  "__proto__",
  "constructor",
  "x".repeat(10_000),
  "..%2F..%2Fadmin",
  "%2e%2e",
  "%00",
  "a%00b",
  "%",
  "%ED%A0%80",
  "%27%20or%201%3D1%20--",
  "%F0%9F%9A%97",
];

/** Query values for `limit` and other numbers. */
export const CRAFTED_NUMBERS = [
  "1000000000",
  "99999999999999999999999",
  "-1",
  "0",
  "1.5",
  "abc",
  "",
  "Infinity",
  "NaN",
  "0x10",
  "%00",
];

/** Every byte of the text's UTF-8 percent-encoded (a lone surrogate becomes U+FFFD, as a browser sends it). */
function percentEncoded(text: string) {
  return [...new TextEncoder().encode(text)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
}

/** Query values for text parameters (search, name, status…); the first four go to every one. */
export const CRAFTED_TEXTS = [
  percentEncoded(UNICODE),
  "a".repeat(49),
  "é".repeat(30),
  "x".repeat(10_000),
  "%ED%A0%80",
  "%",
  "%25_%5C",
  "%27%20or%201%3D1%20--",
  "%00",
  "-1",
];

/**
 * Values for a page's query parameters: redirect targets that break a header or leave the site, then texts
 * (the first four also go to the pages themselves, all keys at once).
 */
export const CRAFTED_PAGE_QUERIES = [
  "%2F%0D%0ALocation:%20evil",
  "%2Fa%09b",
  "a".repeat(49),
  "x".repeat(10_000),
  "%2F%2Fevil.example",
  "%2F%5Cevil.example",
  "javascript%3Aalert(1)",
  ...CRAFTED_TEXTS.filter((text) => text.length < 1000 && !/^a+$/.test(text)),
];

export const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** Cursors that are not ones the server made: garbage, well-formed base64url of the wrong JSON, huge. */
export const CRAFTED_CURSORS = [
  "!!!",
  "AAAA",
  "%00",
  "%",
  base64url("[]"),
  base64url("{}"),
  base64url('"x"'),
  base64url('["feed"]'),
  base64url('["x",1e308,"y"]'),
  base64url("[".repeat(500) + "]".repeat(500)),
  "x".repeat(10_000),
  "A".repeat(60_000),
];

/** Variations of a real cursor: each value replaced, the kind changed, values added or dropped, a flipped byte. */
export function tamperedCursors(cursor: string): string[] {
  const out = new Set<string>();
  const flipped = cursor.slice(0, -1) + (cursor.endsWith("A") ? "B" : "A");
  out.add(flipped);
  out.add(`${cursor}=`);
  out.add(cursor.replace(/-/g, "+").replace(/_/g, "/"));
  let decoded: unknown;
  try {
    const binary = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    decoded = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return [...out];
  }
  if (!Array.isArray(decoded)) return [...out];
  out.add(base64url(JSON.stringify(["other-kind", ...decoded.slice(1)])));
  out.add(base64url(JSON.stringify([...decoded, "extra"])));
  out.add(base64url(JSON.stringify(decoded.slice(0, -1))));
  out.add(base64url(JSON.stringify(decoded[0])));
  const replacements: unknown[] = [1e300, -5, "x", null, {}, "a".repeat(400)];
  for (const value of replacements) {
    for (let i = 1; i < decoded.length; i++) {
      const copy = [...decoded];
      copy[i] = value;
      out.add(base64url(JSON.stringify(copy)));
    }
  }
  return [...out].slice(0, 14);
}

/** Intents a page action is unlikely to expect: Object.prototype's names first (a handler map looked up by name). */
export const ODD_INTENTS = [
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "prototype",
  "",
  "x".repeat(10_000),
  UNICODE,
];

/** Raw form bodies that are not well-formed forms, or pick at the parser. */
export const ODD_FORMS: Array<[label: string, body: string]> = [
  ["empty form", ""],
  ["empty names", "=&=&&"],
  ["bad percent escapes", "%zz=%&a=%E0%A4%A"],
  ["prototype keys", "__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x"],
  ["intent twice", "intent=a&intent=b"],
];

/** A plausible value for a field, from its schema and its name: enough to get past the schema to the handler. */
export function plausible(
  schema: JsonSchema | undefined,
  name: string,
  ids: Record<string, string>,
): unknown {
  if (!schema) return "fuzz";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return plausible(variant, name, ids);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const lower = name.toLowerCase();
  switch (type) {
    case "boolean":
      return true;
    case "integer":
    case "number": {
      if (/year/.test(lower)) return 2019;
      const min = schema.minimum ?? 1;
      return Math.min(Math.max(min, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "array":
      return schema.items ? [plausible(schema.items, name, ids)] : [];
    case "object":
      return plausibleObject(schema, ids);
    case "string":
      return plausibleText(lower, schema, ids);
    default:
      return plausibleText(lower, schema, ids);
  }
}

function plausibleText(lower: string, schema: JsonSchema, ids: Record<string, string>): string {
  if (/email/.test(lower)) return "fuzz.dealer@example.com";
  if (/phone/.test(lower)) return "(512) 555-0142";
  if (/vin/.test(lower)) return "1FTEW1E50KFA12345";
  if (/zip/.test(lower)) return "78756";
  if (lower === "state") return "TX";
  if (/post/.test(lower) && /id$/.test(lower)) return ids.post ?? "fuzz";
  if (/deal/.test(lower) && /id$/.test(lower)) return ids.deal ?? "fuzz";
  if (/chat/.test(lower) && /id$/.test(lower)) return ids.chat ?? "fuzz";
  if (/id$/.test(lower)) return ids.dealer ?? "fuzz";
  if (/url/.test(lower)) return "https://example.com/";
  if (/password/.test(lower)) return "fuzz-password-1";
  return "Fuzz".padEnd(Math.max(schema.minLength ?? 1, 4), "z");
}

export function plausibleObject(schema: JsonSchema, ids: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, field]) => [key, plausible(field, key, ids)]),
  );
}

/** The fields worth aiming at: every property, and one level into objects and the first item of arrays. */
export function fieldPaths(schema: JsonSchema, depth = 0): Array<Array<string | number>> {
  const paths: Array<Array<string | number>> = [];
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    paths.push([key]);
    if (depth > 0) continue;
    if (field.properties) for (const inner of fieldPaths(field, depth + 1)) paths.push([key, ...inner]);
    if (field.items?.properties)
      for (const inner of fieldPaths(field.items, depth + 1)) paths.push([key, 0, ...inner]);
  }
  return paths;
}

/** A copy of `value` with the thing at `path` replaced (objects and arrays made along the way). */
export function withValueAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const list: unknown[] = Array.isArray(value) ? [...value] : [];
    list[head] = withValueAt(list[head], rest, replacement);
    return list;
  }
  const record: Record<string, unknown> =
    value && typeof value === "object" && !Array.isArray(value)
      ? { ...(value as Record<string, unknown>) }
      : {};
  record[head!] = withValueAt(record[head!], rest, replacement);
  return record;
}

/** Every string in a value replaced by `text`. */
export function everyString(value: unknown, text: string): unknown {
  if (typeof value === "string") return text;
  if (Array.isArray(value)) return value.map((v) => everyString(v, text));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, everyString(v, text)]));
  return value;
}

/** The JSON Schema of a zod input schema; undefined when zod cannot say. */
/** A body with one string field of about 1 MB (the first string field, or `content`). */
export function hugeBody(base: Record<string, unknown>): string {
  const key = Object.keys(base).find((k) => typeof base[k] === "string") ?? "content";
  return JSON.stringify({ ...base, [key]: "x".repeat(ONE_MB) });
}

export const HUGE_TEXT = "x".repeat(ONE_MB);

/** A short, printable description of a body for the report. */
export function summarize(body: string | undefined): string {
  if (body === undefined) return "(no body)";
  const text = body.length > 160 ? `${body.slice(0, 120)}… (${body.length} chars)` : body;
  return JSON.stringify(text);
}
