import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { KeyRound, Package } from "~/components/ui/icons";
import { PageIntro, PublicLayout } from "~/components/public/public-layout";
import { publicMeta } from "~/lib/seo";
import { publicPage, publicPageHeaders } from "~/utils/public-cache.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => publicPage(context, request);
export const headers = publicPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  publicMeta({
    title: "API Documentation",
    description:
      "The DealerLane API: list dealers, connect, read and send messages and list deals, authenticated with a bearer API key.",
    path: "/api-docs",
    origin: data?.origin,
  });

type Endpoint = {
  method: "GET" | "POST";
  path: string;
  summary: string;
  params?: Array<{ name: string; where: "query" | "body"; text: string }>;
  example: string;
};

/** Business spec §7 "Marketing-only documented API". */
const ENDPOINTS: Endpoint[] = [
  {
    method: "GET",
    path: "/api/dealers",
    summary: "List dealers on the network, optionally filtered.",
    params: [
      { name: "name", where: "query", text: "Part of a dealer's or dealership's name." },
      { name: "state", where: "query", text: "Two-letter state or province code, e.g. TX or ON." },
      { name: "dealershipType", where: "query", text: "independent, franchise or wholesaler." },
      { name: "buysCanadian", where: "query", text: "true or false." },
    ],
    example: `[
  {
    "id": "d7f3c2a0-…",
    "name": "Dana Whitfield",
    "dealershipName": "Whitfield Motors",
    "dealershipType": "independent",
    "city": "Austin",
    "state": "TX",
    "buysCanadianVehicles": false
  }
]`,
  },
  {
    method: "POST",
    path: "/api/dealers/connect",
    summary: "Connect your dealership with another dealer.",
    params: [{ name: "dealerId", where: "body", text: "The id of the dealer to connect with." }],
    example: `{ "message": "Connection Added!" }`,
  },
  {
    method: "GET",
    path: "/api/messages",
    summary: "Your dealership's recent messages, newest first.",
    params: [{ name: "chatId", where: "query", text: "Only the messages of one conversation." }],
    example: `[
  {
    "id": "5b1e…",
    "chatId": "c41a…",
    "senderId": "d7f3…",
    "content": "Is the F-150 still available?",
    "createdAt": "2026-11-20T15:04:05.000Z"
  }
]`,
  },
  {
    method: "POST",
    path: "/api/messages",
    summary: "Send a message to another dealer. The sender is always the dealership the key belongs to.",
    params: [
      { name: "receiverId", where: "body", text: "The dealer to write to." },
      { name: "content", where: "body", text: "The message text (not blank)." },
    ],
    example: `{ "id": "9a0d…", "chatId": "c41a…", "createdAt": "2026-11-20T15:05:00.000Z" }`,
  },
  {
    method: "GET",
    path: "/api/deals",
    summary: "Your dealership's deals with their status.",
    example: `[
  {
    "id": "e2c9…",
    "status": "confirmed",
    "vin": "1FTFW1E50MFA00000",
    "year": 2021, "make": "Ford", "model": "F-150",
    "price": 31500
  }
]`,
  },
];

const SDKS = [
  { name: "JavaScript", detail: "For Node.js and the browser, with TypeScript types." },
  { name: "Python", detail: "For scripts, data pipelines and back-office tools." },
  { name: "PHP", detail: "For PHP websites and dealer management add-ons." },
];

const codeClass =
  "mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-relaxed text-slate-100 dark:bg-black/60 [&_code]:font-mono";

export default function ApiDocs() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Developers" title="API Documentation">
        <p>
          Connect your dealer management system to DealerLane: read the network, send messages and sync deals.
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <ul className="flex flex-wrap gap-2 text-sm lg:flex-col lg:gap-1">
            <li>
              <a
                href="#authentication"
                className="rounded px-2 py-1 hover:bg-slate-200 dark:hover:bg-slate-800"
              >
                Authentication
              </a>
            </li>
            {ENDPOINTS.map((e) => (
              <li key={e.method + e.path}>
                <a
                  href={`#${e.method.toLowerCase()}-${e.path.replace(/\W+/g, "-")}`}
                  className="rounded px-2 py-1 font-mono text-xs hover:bg-slate-200 dark:hover:bg-slate-800"
                >
                  {e.method} {e.path}
                </a>
              </li>
            ))}
            <li>
              <a href="#sdks" className="rounded px-2 py-1 hover:bg-slate-200 dark:hover:bg-slate-800">
                SDKs
              </a>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">
          <section id="authentication" aria-labelledby="auth-title" className="scroll-mt-24">
            <h2 id="auth-title" className="flex items-center gap-2 text-2xl font-bold">
              <KeyRound size={22} aria-hidden="true" className="text-brand-700 dark:text-brand-400" />{" "}
              Authentication
            </h2>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              Every call is authenticated with an API key sent as a bearer token. Keys are issued by our sales
              team to dealerships and partners in our API early-access programme; each key acts as one
              dealership.
            </p>
            <pre tabIndex={0} className={codeClass}>
              <code>{`curl https://dealerlane.app/api/dealers?state=TX \\
  -H "Authorization: Bearer YOUR_API_KEY"`}</code>
            </pre>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              Requests and responses are JSON. Errors answer{" "}
              <code className="rounded bg-slate-200 px-1 font-mono dark:bg-slate-800">{`{ "message": "…", "issues": [ … ] }`}</code>{" "}
              with 400 for invalid input, 401 for a missing or unknown key, 403 when not allowed, 404 when not
              found and 429 when you are sending too fast (wait for the number of seconds in Retry-After).
            </p>
          </section>

          <section aria-labelledby="endpoints-title" className="mt-12">
            <h2 id="endpoints-title" className="text-2xl font-bold">
              Endpoints
            </h2>
            <ul className="mt-6 flex flex-col gap-8">
              {ENDPOINTS.map((e) => (
                <li
                  key={e.method + e.path}
                  id={`${e.method.toLowerCase()}-${e.path.replace(/\W+/g, "-")}`}
                  className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
                >
                  <h3 className="flex flex-wrap items-center gap-2 font-mono text-base font-semibold">
                    <span
                      className={`rounded px-2 py-0.5 text-xs font-bold text-white ${e.method === "GET" ? "bg-emerald-700" : "bg-brand-600"}`}
                    >
                      {e.method}
                    </span>
                    {e.path}
                  </h3>
                  <p className="mt-2 text-slate-700 dark:text-slate-300">{e.summary}</p>
                  {e.params ? (
                    <table className="mt-3 w-full text-left text-sm">
                      <caption className="sr-only">Parameters of {e.method + " " + e.path}</caption>
                      <thead>
                        <tr className="border-b border-slate-200 dark:border-slate-700">
                          <th scope="col" className="py-1.5 pr-3 font-semibold">
                            Parameter
                          </th>
                          <th scope="col" className="py-1.5 pr-3 font-semibold">
                            In
                          </th>
                          <th scope="col" className="py-1.5 font-semibold">
                            Meaning
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {e.params.map((p) => (
                          <tr
                            key={p.name}
                            className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                          >
                            <td className="py-1.5 pr-3 font-mono">{p.name}</td>
                            <td className="py-1.5 pr-3 text-slate-600 dark:text-slate-400">{p.where}</td>
                            <td className="py-1.5 text-slate-700 dark:text-slate-300">{p.text}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  ) : null}
                  <p className="mt-3 text-sm font-medium">Example response</p>
                  <pre tabIndex={0} className={codeClass}>
                    <code>{e.example}</code>
                  </pre>
                </li>
              ))}
            </ul>
          </section>

          <section id="sdks" aria-labelledby="sdks-title" className="mt-12 scroll-mt-24">
            <h2 id="sdks-title" className="flex items-center gap-2 text-2xl font-bold">
              <Package size={22} aria-hidden="true" className="text-brand-700 dark:text-brand-400" /> SDKs
            </h2>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              Client libraries for JavaScript, Python and PHP are shared with early-access customers together
              with their API key.
            </p>
            <ul className="mt-4 grid gap-4 md:grid-cols-3">
              {SDKS.map((sdk) => (
                <li
                  key={sdk.name}
                  className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
                >
                  <h3 className="font-semibold">{sdk.name}</h3>
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{sdk.detail}</p>
                  <Link
                    to="/contact?topic=api-access"
                    className="mt-3 inline-block text-sm font-medium text-brand-700 underline dark:text-brand-400"
                  >
                    Request the {sdk.name} SDK
                  </Link>
                </li>
              ))}
            </ul>
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
