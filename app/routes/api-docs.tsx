import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { KeyRound, Package } from "~/components/ui/icons";
import { PageIntro, PublicLayout } from "~/components/public/public-layout";
import { pageMeta } from "#lib/seo";
import { apiDocs, type DocEndpoint } from "~/utils/api-docs.server";
import { publicPage, publicPageHeaders } from "~/utils/public-cache.server";

/** The endpoints, parameters and answer shapes come from the API's OpenAPI document (app/utils/api-docs.server.ts). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  publicPage(context, request, {
    endpoints: apiDocs(context.apiDocument(new URL(request.url).origin) as Parameters<typeof apiDocs>[0]),
  });
export const headers = publicPageHeaders;
export const meta = pageMeta({
  title: "API Documentation",
  description:
    "The DealerLane API: the dealer directory, connections, messages, deals and the inventory feed, with bearer API keys, an OpenAPI document and a typed TypeScript client.",
  path: "/api-docs",
});

/** Code scrolls inside its own box, so a long line never widens a 360 px page. */
const codeClass =
  "mt-2 max-w-full overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-relaxed text-slate-100 dark:bg-black/60 [&_code]:font-mono";
const inlineCode = "rounded bg-slate-200 px-1 font-mono text-[0.9em] break-words dark:bg-slate-800";

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-emerald-700",
  POST: "bg-brand-600",
  PATCH: "bg-amber-700",
  PUT: "bg-violet-700",
  DELETE: "bg-red-700",
};

function groupsOf(endpoints: DocEndpoint[]) {
  const groups = new Map<string, DocEndpoint[]>();
  for (const e of endpoints) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  return [...groups];
}

const groupAnchor = (group: string) => `group-${group.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export default function ApiDocs() {
  const { endpoints, origin } = useLoaderData<typeof loader>();
  const groups = groupsOf(endpoints);
  return (
    <PublicLayout>
      <PageIntro eyebrow="Developers" title="API Documentation">
        <p>
          Connect your dealer management system to DealerLane: read the network, connect, message dealers and
          sync your inventory.
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="On this page" className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <ul className="flex flex-wrap gap-2 text-sm lg:flex-col lg:gap-1">
            {[
              ["authentication", "Authentication"],
              ["conventions", "Conventions"],
              ["clients", "Clients"],
              ...groups.map(([group]) => [groupAnchor(group), group]),
            ].map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="rounded px-2 py-1 hover:bg-slate-200 dark:hover:bg-slate-800">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <section id="authentication" aria-labelledby="auth-title" className="scroll-mt-24">
            <h2 id="auth-title" className="flex items-center gap-2 text-2xl font-bold">
              <KeyRound size={22} aria-hidden="true" className="text-brand-700 dark:text-brand-400" />{" "}
              Authentication
            </h2>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              Every call sends an API key as a bearer token:{" "}
              <code className={inlineCode}>Authorization: Bearer dl_live_…</code>. Premium dealers create keys
              in{" "}
              <Link to="/settings#api-keys" className="underline">
                Settings → API keys
              </Link>
              ; our sales team issues them too. A key is shown once, acts as its dealership, and can do only
              what its scopes allow: <code className={inlineCode}>read</code>,{" "}
              <code className={inlineCode}>messages:write</code> and{" "}
              <code className={inlineCode}>connections:write</code>. Revoke it in Settings and it stops at
              once.
            </p>
            <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-slate-700 dark:text-slate-300">
              <li>
                No key, or a wrong or revoked one: 401 with{" "}
                <code className={inlineCode}>WWW-Authenticate: Bearer</code>. A scope the key lacks: 403. A
                key sent together with a DealerLane session cookie: 400.
              </li>
              <li>
                The dealership&apos;s trial or plan has ended: 402. A suspended account&apos;s keys: 403.
              </li>
              <li>
                At most 60 requests a minute per key, 20 of them within 10 seconds. Every answer carries{" "}
                <code className={inlineCode}>RateLimit-Limit</code>,{" "}
                <code className={inlineCode}>RateLimit-Remaining</code> and{" "}
                <code className={inlineCode}>RateLimit-Reset</code>; past the limit, 429 with{" "}
                <code className={inlineCode}>Retry-After</code> (seconds).
              </li>
            </ul>
            <pre tabIndex={0} className={codeClass}>
              <code>{`curl "${origin}/api/dealers?state=TX" \\
  -H "Authorization: Bearer $DEALERLANE_API_KEY"`}</code>
            </pre>
          </section>

          <section id="conventions" aria-labelledby="conventions-title" className="mt-12 scroll-mt-24">
            <h2 id="conventions-title" className="text-2xl font-bold">
              Conventions
            </h2>
            <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-slate-700 dark:text-slate-300">
              <li>
                Requests and answers are JSON: send bodies with{" "}
                <code className={inlineCode}>Content-Type: application/json</code> (anything else is 415).
              </li>
              <li>
                A list is a JSON array. When more follows, the answer carries{" "}
                <code className={inlineCode}>X-Next-Cursor</code>: send it back as{" "}
                <code className={inlineCode}>cursor</code> for the next page. The last page has no cursor. A
                cursor only works for the list and order it came from; any other is 400.
              </li>
              <li>
                Creating something answers 201 with what was created; changing something answers 200 with it
                as it now is. A PATCH changes only the fields sent, and one that sends none is 400.
              </li>
              <li>Times are ISO 8601 strings in UTC, such as 2026-11-20T15:04:05.000Z.</li>
              <li>
                Every answer carries <code className={inlineCode}>Server-Timing</code>: the database round
                trips it made (<code className={inlineCode}>d1;desc=&quot;N&quot;</code>), how many waited in
                sequence (<code className={inlineCode}>d1-seq</code>) and its total time. Reads may come from
                a nearby copy of the database: to read your own writes at once, send back the{" "}
                <code className={inlineCode}>X-D1-Bookmark</code> header of your last answer (browsers keep it
                in a cookie by themselves).
              </li>
              <li>
                Errors answer <code className={inlineCode}>{`{ "message": "…", "issues": [ … ] }`}</code>: 400
                invalid input (each problem in issues), 401 no valid key (checked before anything else), 402
                plan ended, 403 not allowed, 404 not found, 415 not JSON, 429 too many requests (wait the
                seconds in Retry-After).
              </li>
            </ul>
          </section>

          {groups.map(([group, list]) => (
            <section
              key={group}
              id={groupAnchor(group)}
              aria-labelledby={`${groupAnchor(group)}-title`}
              className="mt-12 scroll-mt-24"
            >
              <h2 id={`${groupAnchor(group)}-title`} className="text-2xl font-bold">
                {group}
              </h2>
              <ul className="mt-6 flex flex-col gap-8">
                {list.map((e) => (
                  <EndpointCard key={e.anchor} endpoint={e} />
                ))}
              </ul>
            </section>
          ))}

          <section id="clients" aria-labelledby="clients-title" className="mt-12 scroll-mt-24">
            <h2 id="clients-title" className="flex items-center gap-2 text-2xl font-bold">
              <Package size={22} aria-hidden="true" className="text-brand-700 dark:text-brand-400" /> Clients
            </h2>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              Everything above comes from one OpenAPI 3.1 document:{" "}
              <a href="/api/openapi.json" download="dealerlane-openapi.json" className="underline">
                download openapi.json
              </a>
              . Our own tests call the API through the TypeScript client made from it.
            </p>
            <h3 className="mt-6 font-semibold">JavaScript and TypeScript</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              The typed client is <code className={inlineCode}>openapi-fetch</code> with our generated types (
              <a href="/sdk/dealerlane-api.d.ts" download className="underline">
                dealerlane-api.d.ts
              </a>
              ): every path, parameter and answer is checked by the TypeScript compiler.
            </p>
            <pre tabIndex={0} className={codeClass}>
              <code>{`npm install openapi-fetch
# save dealerlane-api.d.ts beside your code, then:
import createClient from "openapi-fetch";
import type { paths } from "./dealerlane-api";

const api = createClient<paths>({
  baseUrl: "${origin}",
  headers: { Authorization: \`Bearer \${process.env.DEALERLANE_API_KEY}\` },
});
const { data: dealers, response } = await api.GET("/api/dealers", { params: { query: { state: "TX" } } });
const next = response.headers.get("X-Next-Cursor"); // absent on the last page`}</code>
            </pre>
            <h3 className="mt-6 font-semibold">Python and PHP</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              Generate a client from the same document with the usual OpenAPI generators:
            </p>
            <pre tabIndex={0} className={codeClass}>
              <code>{`# Python
pipx run openapi-python-client generate --url ${origin}/api/openapi.json
# PHP
npx @openapitools/openapi-generator-cli generate -g php -i ${origin}/api/openapi.json -o dealerlane-php`}</code>
            </pre>
          </section>

          <section className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-brand-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-xl font-bold">Ready to build?</h2>
              <p className="mt-1 text-brand-50">
                Tell us what you want to connect and we will set you up with a key.
              </p>
            </div>
            <Link
              to="/contact"
              className="inline-flex min-h-10 items-center rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              Request API Access
            </Link>
          </section>
        </div>
      </div>
    </PublicLayout>
  );
}

function EndpointCard({ endpoint: e }: { endpoint: DocEndpoint }) {
  const errors = e.answers.filter((a) => a.status >= 400);
  return (
    <li
      id={e.anchor}
      className="min-w-0 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-base font-semibold break-all">
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold text-white ${METHOD_COLOURS[e.method] ?? ""}`}
        >
          {e.method}
        </span>
        {e.path}
      </h3>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{e.summary}.</p>
      {e.description ? <p className="mt-1 text-slate-700 dark:text-slate-300">{e.description}</p> : null}
      <p className="mt-1 text-sm text-muted">
        Scope: <code className={inlineCode}>{e.scope}</code>
      </p>
      {e.params.length > 0 ? (
        <div className="mt-3 max-w-full overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Parameters of {`${e.method} ${e.path}`}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                {["Parameter", "In", "Type", "Meaning"].map((heading) => (
                  <th key={heading} scope="col" className="py-1.5 pr-3 font-semibold last:pr-0">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {e.params.map((p) => (
                <tr
                  key={`${p.where}-${p.name}`}
                  className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                >
                  <td className="py-1.5 pr-3 font-mono">
                    {p.name}
                    {p.required ? "" : "?"}
                  </td>
                  <td className="py-1.5 pr-3 text-muted">{p.where}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs break-words text-slate-700 dark:text-slate-300">
                    {p.type}
                  </td>
                  <td className="py-1.5 text-slate-700 dark:text-slate-300">{p.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="mt-4 text-sm font-medium">curl</p>
      <pre tabIndex={0} className={codeClass}>
        <code>{e.curl}</code>
      </pre>
      <p className="mt-3 text-sm font-medium">TypeScript (the typed client below)</p>
      <pre tabIndex={0} className={codeClass}>
        <code>{e.typescript}</code>
      </pre>
      {e.answers
        .filter((a) => a.status < 400)
        .map((a) => (
          <div key={a.status} className="mt-3">
            <p className="text-sm font-medium">
              {a.status} · {a.when}
            </p>
            {a.shape ? (
              <pre tabIndex={0} className={codeClass}>
                <code>{a.shape}</code>
              </pre>
            ) : null}
          </div>
        ))}
      <p className="mt-3 text-sm text-muted">
        Errors: {errors.map((a) => `${a.status} ${a.when}`).join(" · ")}
      </p>
    </li>
  );
}
