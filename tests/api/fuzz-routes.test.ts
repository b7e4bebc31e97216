import { SELF, env } from "cloudflare:test";
import * as build from "remix-server-build";
import { beforeAll, describe, expect, it } from "vitest";
import { api, apiDocument } from "../../worker/api";
import { publicOperationsOf } from "../../worker/api/openapi";
import { chatFileReadRoutes, objectRoutes } from "../../worker/api/objects";
import {
  CRAFTED_CURSORS,
  CRAFTED_IDS,
  CRAFTED_NUMBERS,
  CRAFTED_PAGE_QUERIES,
  CRAFTED_TEXTS,
  HUGE_TEXT,
  ODD_FORMS,
  ODD_INTENTS,
  UNICODE,
  WRONG_BODIES,
  WRONG_VALUES,
  everyString,
  fieldPaths,
  hugeBody,
  plausibleObject,
  summarize,
  tamperedCursors,
  withValueAt,
} from "./fuzz-inputs";
import { ORIGIN, call, sessionCookieOf, signUpDealer } from "./helpers";
import { OPERATIONS } from "./operations";

/**
 * No input finds a 500: every route the worker's routers declare, and every Remix page action, gets wrong
 * types, broken and huge bodies, hostile text, crafted ids, cursors and numbers — as a dealer (by session,
 * and by API key where the OpenAPI document offers the operation), as an admin where it is an admin's, and
 * signed out. The routes come from the routers themselves (`api.routes`, the
 * object routers' `.routes`, the server build's `routes`), so a new endpoint is fuzzed without anyone listing it.
 * Every 5xx is collected and reported at the end, with what was sent.
 */

type Actor = {
  label: string;
  role: "dealer" | "admin";
  /** An API key of the dealer's: sent as the bearer instead of the session cookie. */
  key?: string;
  email: string;
  password: string;
  cookie: string;
  dealerId: string;
};

type Probe = {
  method: string;
  url: string;
  label: string;
  body?: string | Uint8Array<ArrayBuffer> | FormData;
  /** undefined: JSON when there is a body; null: no Content-Type at all (or the one fetch makes for FormData). */
  type?: string | null;
  headers?: Record<string, string>;
  /** The form's fields, for matching known defects. */
  fields?: Record<string, string>;
  page?: boolean;
};

type Failure = { actor: string; probe: Probe; status: number; text: string };

const HOST = new URL(ORIGIN).host;
const BATCH = 24;
const DEALERS = 6;
const ADMINS = 2;
const KEYS_PER_DEALER = 3;

// Every /api handler, the signed photo and chat-file routes (mounted at /objects in worker/index.ts).
const ROUTER_ROUTES = [
  ...api.routes.map((r) => ({ method: r.method, path: `/api${r.path}` })),
  ...objectRoutes.routes.map((r) => ({ method: r.method, path: `/objects${r.path}` })),
  ...chatFileReadRoutes.routes.map((r) => ({ method: r.method, path: `/objects${r.path}` })),
];

/**
 * Skipped: `ALL /api/*`, the catch-all that answers 404 for an unknown endpoint (and the API-key middleware
 * registered at the same path) — every fuzzed /api request passes through both anyway.
 */
const SKIPPED = new Set(["ALL /api/*"]);

const ROUTES = [...new Map(ROUTER_ROUTES.map((r) => [`${r.method} ${r.path}`, r])).values()].filter(
  (r) => !SKIPPED.has(`${r.method} ${r.path}`),
);

const DOCUMENTED = new Map(OPERATIONS.map((o) => [`${o.method} ${o.path}`, o]));
const operationAt = (method: string, path: string) =>
  DOCUMENTED.get(`${method} ${path.replace(/:(\w+)/g, "{$1}")}`);

/** The operations an API key may call (the OpenAPI document's). */
const PUBLIC_OPERATIONS = publicOperationsOf(apiDocument(""));
const takesApiKey = (method: string, path: string) =>
  PUBLIC_OPERATIONS.some((o) => o.method === method && o.pattern.test(fill(path, () => "x")));

/** The route modules' source, to learn the intents and field names each page form sends. */
const SOURCES = import.meta.glob<string>(
  ["../../app/**/*.ts", "../../app/**/*.tsx", "!../../app/**/*.test.ts"],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);

let dealers: Actor[] = [];
let keyHolders: Actor[] = [];
let admins: Actor[] = [];
const ids: Record<string, string> = {};
let realIds: string[] = [];
let sent = 0;
let healed = 0;
const failures: Failure[] = [];
const statuses = new Map<number, number>();
const covered = new Set<string>();
const suspects = new Set<Actor>();
let ipCounter = 0;
let rotation = 0;

/** Addresses of their own (not helpers.freshIp's), so per-address limits rarely stop a probe before the handler. */
const nextIp = () => {
  ipCounter += 1;
  return `198.${18 + ((ipCounter >> 16) & 1)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function newActor(role: Actor["role"], label: string): Promise<Actor> {
  const dealer = await signUpDealer();
  const now = Date.now();
  await env.DB.prepare(
    `insert into subscriptions (id, dealer_id, plan_id, status, processor, current_period_start, current_period_end)
     values (?, ?, 'premium', 'active', 'demo', ?, ?)`,
  )
    .bind(crypto.randomUUID(), dealer.dealerId, now - 86_400_000, now + 30 * 86_400_000)
    .run();
  if (role === "admin")
    await env.DB.prepare("update accounts set role = 'admin' where email = ?").bind(dealer.email).run();
  return { ...dealer, role, label };
}

/** A probe may sign its actor out, end its sessions, change its e-mail or get it suspended: carry on as a working one. */
async function keepWorking(actor: Actor) {
  const me = await call("GET", "/api/auth/me", { cookie: actor.cookie });
  if (me.status === 200 && me.json.id && me.json.role === actor.role) return;
  healed += 1;
  const login = await call("POST", "/api/auth/login", {
    body: { email: actor.email, password: actor.password },
    headers: { "CF-Connecting-IP": nextIp() },
  });
  if (login.status === 200) {
    actor.cookie = sessionCookieOf(login.headers);
    if (actor.role === "admin")
      await env.DB.prepare("update accounts set role = 'admin' where email = ?").bind(actor.email).run();
    const again = await call("GET", "/api/auth/me", { cookie: actor.cookie });
    if (again.status === 200 && again.json.id && again.json.role === actor.role) return;
  }
  Object.assign(actor, await newActor(actor.role, actor.label));
}

async function send(probe: Probe, actor: Actor | null) {
  const headers = new Headers({ Origin: ORIGIN, Host: HOST, "CF-Connecting-IP": nextIp() });
  if (actor?.key) headers.set("Authorization", `Bearer ${actor.key}`);
  else if (actor) headers.set("Cookie", actor.cookie);
  if (probe.page) headers.set("Accept", "text/html");
  const type = probe.type === undefined ? (probe.body === undefined ? null : "application/json") : probe.type;
  if (type) headers.set("Content-Type", type);
  for (const [name, value] of Object.entries(probe.headers ?? {})) headers.set(name, value);
  const body = typeof probe.body === "string" ? new TextEncoder().encode(probe.body) : probe.body;
  sent += 1;
  let status: number;
  let text: string;
  try {
    const response = await SELF.fetch(`${ORIGIN}${probe.url}`, {
      method: probe.method,
      headers,
      body,
      redirect: "manual",
    });
    status = response.status;
    // A `.data` answer carries its redirect in the body (202).
    text = status >= 500 || status === 202 ? await response.text() : "";
    if (!text) await response.body?.cancel();
    const toLogin = response.headers.get("Location")?.startsWith("/login") || text.includes('"/login');
    const demoted = status === 403 && actor?.role === "admin" && /^\/(api\/)?admin/.test(probe.url);
    if (actor && !actor.key && (status === 401 || toLogin || demoted)) suspects.add(actor);
  } catch (error) {
    status = 599;
    text = `the request itself failed: ${String(error)}`;
  }
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (status >= 500) failures.push({ actor: actor?.label ?? "signed out", probe, status, text });
}

/**
 * Each probe goes to the next actor in turn (spreading per-dealer limits), in moderate batches; then the
 * actors that were answered as if signed out (or, for an admin, refused) are healed.
 */
const spread = (probes: Probe[], actors: Array<Actor | null>): Array<[Probe, Actor | null]> =>
  actors.length ? probes.map((probe, i) => [probe, actors[i % actors.length]!]) : [];

async function run(pairs: Array<[Probe, Actor | null]>) {
  for (let start = 0; start < pairs.length; start += BATCH)
    await Promise.all(pairs.slice(start, start + BATCH).map(([probe, actor]) => send(probe, actor)));
  await Promise.all([...suspects].map(keepWorking));
  suspects.clear();
}

/**
 * `n` items of a shared list, where the last call left off: the machinery every route shares (limits, cursors,
 * query texts) meets every value over the run without each route paying for all of them.
 */
const rotating = <T>(list: T[], n: number): T[] =>
  Array.from({ length: Math.min(n, list.length) }, () => list[rotation++ % list.length]!);

const every = <T>(list: T[], n: number) => list.filter((_, i) => i % n === 0);

const fill = (path: string, value: (param: string) => string) =>
  path.replace(/:(\w+)/g, (_, param: string) => value(param));

// ——— the API routes ———

/** A real next-page cursor of a list (the route's params filled with real ids), to tamper with. */
async function realCursorOf(path: string, actor: Actor): Promise<string | null> {
  const candidates = path.includes(":") ? realIds.map((id) => fill(path, () => id)) : [path];
  for (const candidate of candidates) {
    const res = await call("GET", `${candidate}?limit=1`, { cookie: actor.cookie });
    const cursor = res.headers.get("X-Next-Cursor");
    if (cursor) return cursor;
  }
  return null;
}

const ODD_HEADERS: Array<Record<string, string>> = [
  { Authorization: "Bearer garbage" },
  { Authorization: `Bearer dl_live_${"A".repeat(5000)}` },
  { Authorization: "Bearer " },
  { Authorization: "Basic Zm9vOmJhcg==" },
  { Cookie: "dl_session=%" },
  { Cookie: `dl_session=${"x".repeat(5000)}` },
  { Cookie: ";;;=;dl_session" },
  { "CF-Connecting-IP": "not-an-ip" },
  { "Stripe-Signature": "t=abc,v1=zz" },
  { "If-None-Match": "*" },
  { Origin: "null" },
];

function apiProbes(method: string, path: string, cursor: string | null): Probe[] {
  const operation = operationAt(method, path);
  const bodySchema = operation?.body;
  const querySchema = operation?.query;
  const base = bodySchema ? plausibleObject(bodySchema, ids) : {};
  const hasBody = method !== "GET" && method !== "HEAD";
  const plainPath = fill(path, () => encodeURIComponent(realIds[0] ?? "x"));
  const plainBody = hasBody ? JSON.stringify(base) : undefined;
  const probes: Probe[] = [{ method, url: plainPath, body: plainBody, label: "plausible" }];
  const at = (url: string, label: string, body = plainBody, type?: string | null): Probe => ({
    method,
    url,
    label,
    body,
    type,
  });

  if (hasBody) {
    for (const [label, text] of WRONG_BODIES) probes.push(at(plainPath, label, text));
    probes.push(at(plainPath, "1 MB string field", hugeBody(base)));
    probes.push(at(plainPath, "unicode in every string", JSON.stringify(everyString(base, UNICODE))));
    probes.push(at(plainPath, "JSON as text/plain", plainBody, "text/plain"));
    probes.push(at(plainPath, "a form", "a=1&b=2", "application/x-www-form-urlencoded"));
    probes.push(at(plainPath, "no content type", plainBody, null));
    probes.push(at(plainPath, "JSON as UTF-16", plainBody, "application/json; charset=utf-16"));
    const paths = bodySchema ? fieldPaths(bodySchema) : [["content"], ["id"], ["name"]];
    // About 12 per route; the values rotate across fields and routes, so every kind meets every route's fields.
    const perField = Math.max(2, Math.floor(12 / paths.length));
    for (const fieldPath of paths) {
      for (let k = 0; k < perField; k++) {
        const [label, value] = WRONG_VALUES[rotation++ % WRONG_VALUES.length]!;
        const body = JSON.stringify(withValueAt(base, fieldPath, value));
        probes.push(at(plainPath, `${fieldPath.join(".")} = ${label}`, body));
      }
    }
  }

  for (const param of [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!)) {
    for (const id of [...CRAFTED_IDS, ...rotating(realIds, 3).map(encodeURIComponent)]) {
      const url = fill(path, (p) => (p === param ? id : encodeURIComponent(realIds[0] ?? "x")));
      probes.push(at(url, `:${param} = ${id.slice(0, 40)}${id.length > 40 ? `… (${id.length})` : ""}`));
    }
  }

  const keys = Object.keys(querySchema?.properties ?? {}).filter((k) => k !== "limit" && k !== "cursor");
  if (method === "GET" || keys.length) {
    const queries = [
      ...rotating(CRAFTED_NUMBERS, 5).map((n) => `limit=${n}`),
      "limit=1&limit=2",
      ...[...rotating(CRAFTED_CURSORS, 5), ...rotating(cursor ? tamperedCursors(cursor) : [], 6)].map(
        (c) => `cursor=${c}`,
      ),
      // Every text key gets the likeliest troublemakers (control characters, the 49-byte text, a long one).
      ...keys.flatMap((key) => [
        ...[...CRAFTED_TEXTS.slice(0, 4), ...rotating(CRAFTED_TEXTS.slice(4), 2)].map((t) => `${key}=${t}`),
        `${key}=a&${key}=b`,
      ]),
      "__proto__=1&constructor=x&toString=y",
    ];
    for (const query of queries) {
      const label = `?${query.length > 80 ? `${query.slice(0, 60)}… (${query.length})` : query}`;
      probes.push(at(`${plainPath}?${query}`, label));
    }
  }
  return probes;
}

/** `ALL /api/x/*` is a router's guard: probe it with a path under it that no handler has. */
function guardProbes(path: string): Probe[] {
  const segments = ["no-such-endpoint", "%00", "x".repeat(5000), "..%2F"];
  return ["GET", "POST", "PATCH", "DELETE"].map((method) => ({
    method,
    url: path.replace(/\*$/, rotating(segments, 1)[0]!),
    label: `${method} under the guard`,
    body: method === "GET" ? undefined : "{}",
  }));
}

/** The signed PUTs: the address comes from another endpoint, so fetch fresh ones to get past the signature. */
const SIGNED_BY: Record<string, string> = {
  "PUT /objects/uploads/:id": "/api/objects/upload",
  "PUT /objects/chat-files/:id": "/api/objects/chat-upload",
};

async function signedProbes(method: string, path: string, actor: Actor): Promise<Probe[]> {
  const issuer = SIGNED_BY[`${method} ${path}`];
  if (!issuer) return [];
  const fresh = async () => {
    const res = await call("POST", issuer, { cookie: actor.cookie });
    const url = new URL(String(res.json?.uploadURL ?? `${ORIGIN}/objects/none`));
    return url.pathname + url.search;
  };
  const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const bodies: Array<[string, Uint8Array<ArrayBuffer>, string | null]> = [
    ["empty", new Uint8Array(), "image/png"],
    ["text as png", new TextEncoder().encode("not an image"), "image/png"],
    ["png magic and garbage", Uint8Array.from([...PNG_MAGIC, 1, 2, 3]), "image/png"],
    ["png as html", Uint8Array.from([...PNG_MAGIC, 0]), "text/html"],
    ["no content type", Uint8Array.from(PNG_MAGIC), null],
    ["odd content type", Uint8Array.from(PNG_MAGIC), 'image/png;;; x="'],
    ["11 MB", new Uint8Array(11 * 1024 * 1024).fill(0xff, 0, 3), "image/jpeg"],
  ];
  const probes: Probe[] = [];
  for (const [label, body, type] of bodies) probes.push({ method, url: await fresh(), label, body, type });
  const signed = new URL(`${ORIGIN}${await fresh()}`);
  for (const key of [...signed.searchParams.keys()]) {
    for (const value of ["", "-1", "1e309", "abc", "%00", "x".repeat(5000)]) {
      const copy = new URL(signed);
      copy.searchParams.set(key, value);
      probes.push({
        method,
        url: copy.pathname + copy.search,
        label: `signed, ${key}=${value.slice(0, 20)}`,
      });
    }
  }
  return probes;
}

// ——— the page actions ———

type PageAction = { id: string; path: string; index: boolean };

function pagePathOf(routeId: string): string {
  const segments: string[] = [];
  let route: (typeof build.routes)[string] | undefined = build.routes[routeId];
  for (; route; route = route.parentId ? build.routes[route.parentId] : undefined)
    if (route.path) segments.unshift(route.path);
  return `/${segments.join("/")}`;
}

const PAGE_ACTIONS: PageAction[] = Object.values(build.routes)
  .filter((route) => route?.module.action)
  .map((route) => ({ id: route!.id, path: pagePathOf(route!.id), index: Boolean(route!.index) }));

/** The route module's source and the app modules it imports (its forms often live in components). */
function sourcesOf(routeId: string): string {
  const own = SOURCES[`../../app/${routeId}.tsx`] ?? SOURCES[`../../app/${routeId}.ts`] ?? "";
  const imported = [...own.matchAll(/from "~\/([^"]+)"/g)].map(
    (m) =>
      SOURCES[`../../app/${m[1]}.tsx`] ??
      SOURCES[`../../app/${m[1]}.ts`] ??
      SOURCES[`../../app/${m[1]}/index.ts`] ??
      "",
  );
  return [own, ...imported].join("\n");
}

const uniq = (list: string[]) => [...new Set(list)];

function formsOf(routeId: string) {
  const source = sourcesOf(routeId);
  const intents = uniq(
    [
      ...source.matchAll(/name="intent"\s+value="([^"]+)"/g),
      ...source.matchAll(/value="([^"]+)"\s+name="intent"/g),
      ...source.matchAll(/intent === "([^"]+)"/g),
      ...source.matchAll(/case "([\w-]+)":/g),
    ].map((m) => m[1]!),
  );
  const fields = uniq(
    [...source.matchAll(/name="([\w.[\]-]+)"/g), ...source.matchAll(/\.get(?:All)?\("([\w.[\]-]+)"\)/g)]
      .map((m) => m[1]!)
      .filter((name) => name !== "intent"),
  ).slice(0, 40);
  const queries = uniq(
    [...source.matchAll(/(?:searchParams|params)\.get\("([\w-]+)"\)/g)].map((m) => m[1]!),
  ).slice(0, 6);
  return { intents, fields, queries };
}

const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const URLENCODED = "application/x-www-form-urlencoded";

/** Query keys the list and sign-in pages read, besides those their source names. */
const PAGE_QUERY_KEYS = ["name", "q", "search", "cursor", "redirectTo", "token"];

/**
 * A few posts go to the page itself (the action, then its loaders and render); the many intent × field
 * variations go to the action alone, as the browser's `.data` request does.
 */
function pageProbes(action: PageAction): Probe[] {
  const path = fill(action.path, () => encodeURIComponent(ids.post ?? "x"));
  const withQuery = (url: string, query: string) =>
    query ? `${url}${action.index ? "&" : "?"}${query}` : url;
  const documentUrl = `${path}${action.index ? "?index" : ""}`;
  const dataUrl = (p: string, query = "") =>
    withQuery(`${p === "/" ? "/_root" : p}.data${action.index ? "?index" : ""}`, query);
  const { intents, fields, queries } = formsOf(action.id);
  const firstField = fields.find((f) => !/id$/i.test(f)) ?? "content";
  const intent = intents[0] ?? "";
  const post = (url: string, label: string, form: Record<string, string>): Probe => ({
    method: "POST",
    url,
    label,
    body: formBody(form),
    type: URLENCODED,
    fields: form,
    page: true,
  });

  const probes: Probe[] = [
    // The page itself for a form it cannot read, and for the query values (its loaders run after the action).
    { method: "POST", url: documentUrl, label: "JSON", body: '{"intent":"x"}', page: true },
    post(documentUrl, "empty form", {}),
    ...CRAFTED_PAGE_QUERIES.slice(0, 4).map((value) =>
      post(
        withQuery(
          documentUrl,
          uniq([...PAGE_QUERY_KEYS, ...queries])
            .map((k) => `${k}=${value}`)
            .join("&"),
        ),
        `page query = ${value.slice(0, 30)}`,
        { intent },
      ),
    ),
    // The rest to the action alone.
    ...ODD_FORMS.map(([label, body]): Probe => {
      const form = Object.fromEntries(new URLSearchParams(body));
      return { method: "POST", url: dataUrl(path), label, body, type: URLENCODED, fields: form, page: true };
    }),
    {
      method: "POST",
      url: dataUrl(path),
      label: "no content type",
      body: "intent=x",
      type: null,
      page: true,
    },
    {
      method: "POST",
      url: dataUrl(path),
      label: "broken multipart",
      body: '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx',
      type: "multipart/form-data; boundary=b",
      page: true,
    },
    post(dataUrl(path), `1 MB ${firstField}`, { intent, [firstField]: HUGE_TEXT }),
    ...ODD_INTENTS.map((odd) => post(dataUrl(path), `intent=${odd.slice(0, 20)}`, { intent: odd })),
  ];
  const multipart = new FormData();
  multipart.set("intent", intent);
  for (const field of fields) multipart.set(field, new File([new Uint8Array([0, 1, 2, 255])], "x.bin"));
  probes.push({
    method: "POST",
    url: dataUrl(path),
    label: "every field a file",
    body: multipart,
    type: null,
  });

  const isId = (field: string) => /id$/i.test(field) || field === "id";
  intents.forEach((known, i) => {
    const all = (value: string) => Object.fromEntries(fields.map((f) => [f, value]));
    const url = dataUrl(path);
    probes.push(
      post(url, `${known}, no fields`, { intent: known }),
      post(url, `${known}, every field 20 kB`, { ...all("x".repeat(20_000)), intent: known }),
      post(url, `${known}, every field unicode`, { ...all(UNICODE), intent: known }),
      post(url, `${known}, every field a path with line breaks`, { ...all("/a\r\n\tb"), intent: known }),
      ...rotating(["' or 1=1 --", "-1e309", "%00"], 1).map((odd) =>
        post(url, `${known}, every field ${odd}`, { ...all(odd), intent: known }),
      ),
      post(url, `${known}, real ids`, {
        ...Object.fromEntries(fields.map((f) => [f, isId(f) ? realIds[i % realIds.length]! : "1"])),
        intent: known,
      }),
    );
  });
  for (const key of uniq([...PAGE_QUERY_KEYS, ...queries]))
    for (const value of rotating(CRAFTED_PAGE_QUERIES, 1))
      probes.push(post(dataUrl(path, `${key}=${value}`), `?${key}=${value.slice(0, 30)}`, { intent }));
  if (action.path.includes(":")) {
    for (const id of CRAFTED_IDS) {
      const url = dataUrl(fill(action.path, () => id));
      probes.push(post(url, `:param = ${id.slice(0, 30)}`, { intent }));
    }
  }
  return probes;
}

// ——— the run ———

beforeAll(async () => {
  dealers = [];
  for (let i = 0; i < DEALERS; i++) dealers.push(await newActor("dealer", `dealer ${i + 1}`));
  admins = [];
  for (let i = 0; i < ADMINS; i++) admins.push(await newActor("admin", `admin ${i + 1}`));
  // Keys with every scope, several a dealer: each key may make 20 requests in 10 seconds.
  keyHolders = [];
  for (const dealer of dealers) {
    for (let i = 0; i < KEYS_PER_DEALER; i++) {
      const res = await call("POST", "/api/api-keys", {
        cookie: dealer.cookie,
        body: { name: `fuzz ${i}`, scopes: ["read", "messages:write", "connections:write"] },
      });
      const key = String(res.json?.key ?? "");
      if (key) keyHolders.push({ ...dealer, key, label: `${dealer.label}'s API key ${i + 1}` });
    }
  }
  expect(keyHolders, "no API key could be made for the fuzz").toHaveLength(DEALERS * KEYS_PER_DEALER);

  // Another dealer's things, for the "real id that is not yours" probes.
  const [owner, other] = [await newActor("dealer", "owner"), await newActor("dealer", "other")];
  ids.dealer = owner.dealerId;
  ids.account = (await env.DB.prepare("select id from accounts where email = ?")
    .bind(owner.email)
    .first<{ id: string }>())!.id;
  const post = await call("POST", "/api/inventory", {
    cookie: owner.cookie,
    body: { title: "2019 Ford F-150 XLT", type: "single", vehicles: [{ make: "Ford", model: "F-150" }] },
  });
  ids.post = String(post.json?.id ?? "");
  await call("POST", `/api/inventory/${ids.post}/comments`, {
    cookie: other.cookie,
    body: { content: "Hi" },
  });
  const chat = await call("POST", "/api/chats", {
    cookie: owner.cookie,
    body: { participantId: other.dealerId },
  });
  ids.chat = String(chat.json?.id ?? "");
  const message = await call("POST", "/api/messages", {
    cookie: owner.cookie,
    body: { receiverId: other.dealerId, content: "Still available?" },
  });
  ids.message = String(message.json?.id ?? "");
  const deal = await call("POST", "/api/deals", {
    cookie: owner.cookie,
    body: {
      counterpartyId: other.dealerId,
      role: "seller",
      vehicle: { vin: "1FTEW1E50KFA12345", year: 2019, make: "Ford", model: "F-150" },
      price: 28500,
      location: "Dallas, TX",
    },
  });
  ids.deal = String(deal.json?.id ?? "");
  await call("POST", "/api/dealers/connect", { cookie: owner.cookie, body: { receiverId: other.dealerId } });
  realIds = Object.values(ids).filter(Boolean);
  expect(realIds, `some of another dealer's things were not made: ${JSON.stringify(ids)}`).toHaveLength(6);
}, 60_000);

function report(kind: string) {
  const line = (f: Failure) =>
    `${f.status} ${f.probe.method} ${f.probe.url.slice(0, 140)} as ${f.actor} [${f.probe.label}] body ${summarize(
      typeof f.probe.body === "string" ? f.probe.body : undefined,
    )} → ${f.text.slice(0, 300)}`;
  const guards = [...covered].filter((route) => route.startsWith("ALL ")).length;
  const which = guards ? ` (${covered.size - guards} handlers, ${guards} router guards)` : "";
  console.log(
    `${kind}: ${covered.size} routes covered${which}, ${sent} requests sent, ${failures.length} 5xx found, ${healed} actors healed`,
  );
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.log(`${kind} answers: ${byStatus.join(" ")}`);
  return failures.map(line);
}

describe("no input finds a 500", () => {
  it("on any route of the API and object routers", { timeout: 300_000 }, async () => {
    const started = performance.now();
    // Admin routes last: their probes suspend and delete the owner of the real ids the others aim at.
    const ordered = [...ROUTES].sort(
      (a, b) => Number(a.path.startsWith("/api/admin")) - Number(b.path.startsWith("/api/admin")),
    );
    for (const { method, path } of ordered) {
      covered.add(`${method} ${path}`);
      if (method === "ALL") {
        await run(spread(guardProbes(path), [...dealers, null]));
        continue;
      }
      const adminRoute = path.startsWith("/api/admin");
      const cursor =
        method === "GET" ? await realCursorOf(path, adminRoute ? admins[0]! : dealers[0]!) : null;
      const probes = apiProbes(method, path, cursor);
      // Each signed address is good for one PUT: these go once, as the dealer they were made for.
      const signed = await signedProbes(method, path, dealers[0]!);
      const isPublic = (operationAt(method, path)?.access ?? "public") === "public";
      const headerProbes = rotating(ODD_HEADERS, 2).map((headers) => ({
        ...probes[0]!,
        headers,
        label: `header ${Object.entries(headers)[0]!.join(": ").slice(0, 40)}`,
      }));
      await run([
        ...spread(probes, adminRoute ? admins : dealers),
        ...spread(signed, [dealers[0]!]),
        ...(takesApiKey(method, path) ? spread(every(probes, 3), keyHolders) : []),
        ...(adminRoute ? spread(every(probes, 6), dealers) : []),
        ...spread(every(probes, isPublic ? 2 : 12), [null]),
        ...spread(headerProbes, [null]),
      ]);
    }
    const unknown = report("API");
    console.log(`API run took ${Math.round(performance.now() - started)} ms`);
    expect(unknown, unknown.join("\n")).toEqual([]);
  });

  it("on any page action", { timeout: 300_000 }, async () => {
    const started = performance.now();
    failures.length = 0;
    statuses.clear();
    covered.clear();
    sent = 0;
    for (const action of PAGE_ACTIONS) {
      covered.add(action.id);
      const probes = pageProbes(action);
      const adminPage = action.path === "/admin" || action.path.startsWith("/admin/");
      const dealerPage = action.id.startsWith("routes/_dealer");
      await run([
        ...spread(probes, adminPage ? admins : dealers),
        ...(adminPage ? spread(every(probes, 4), dealers) : []),
        ...spread(every(probes, dealerPage ? 6 : 3), [null]),
      ]);
    }
    const unknown = report("page actions");
    console.log(`page actions run took ${Math.round(performance.now() - started)} ms`);
    expect(unknown, unknown.join("\n")).toEqual([]);
  });
});
