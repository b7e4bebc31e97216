import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BellRing, Mail, MessageSquareText } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { DateTime } from "~/components/ui/clock";
import { AdminNav } from "~/components/admin/admin-page";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · Outbox · DealerLane" }];

const PAGE_SIZE = 25;

/** Every e-mail and text, newest first (admins only; the /admin layout shows a dealer 'Page Not Found'). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const outbox = context.services.outbox;
  const page = await outbox.list({ cursor, limit: PAGE_SIZE }).catch(() => outbox.list({ limit: PAGE_SIZE }));
  return { ...page, paged: Boolean(cursor) };
}

const STATUS_STYLES: Record<string, string> = {
  queued: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300",
  sending: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-300",
  sent: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
};

export default function AdminOutbox() {
  const { items: entries, nextCursor, paged } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-3 sm:px-0">
      <AdminNav />
      <header>
        <h1 className="text-2xl font-bold">Admin · Outbox</h1>
        <p className="text-sm text-muted">
          Every e-mail and text message, newest first, as its recipient sees it. Without a configured provider
          nothing leaves this machine: messages are marked sent by the local provider.
        </p>
      </header>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          The outbox is empty.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Outbox">
          {entries.map((e) => (
            <li
              key={e.id}
              data-testid="outbox-entry"
              className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex flex-wrap items-center gap-2 text-sm">
                {e.channel === "email" ? (
                  <Mail size={16} aria-label="E-mail" />
                ) : e.channel === "push" ? (
                  <BellRing size={16} aria-label="Push to a device" />
                ) : (
                  <MessageSquareText size={16} aria-label="Text message" />
                )}
                <span className="font-medium break-all">{e.recipient}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[e.status] ?? ""}`}
                >
                  {e.status}
                </span>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {e.category} · {e.template} · <DateTime at={e.createdAt} />
                  {e.attempts > 0 ? ` · ${e.attempts} ${e.attempts === 1 ? "attempt" : "attempts"}` : ""}
                  {e.provider ? ` · via ${e.provider}` : ""}
                </span>
              </div>
              {e.subject ? <p className="mt-2 font-semibold">{e.subject}</p> : null}
              {e.lastError ? (
                <p className="mt-1 text-sm text-red-700 dark:text-red-400">Last error: {e.lastError}</p>
              ) : null}
              {e.channel === "email" && e.bodyHtml ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-medium text-brand-600 dark:text-brand-400">
                    Show the e-mail
                  </summary>
                  {/* sandbox with no permissions: the HTML renders as mail, with no script and no access to this page. */}
                  <iframe
                    title={`E-mail to ${e.recipient}: ${e.subject ?? ""}`}
                    sandbox=""
                    srcDoc={e.bodyHtml}
                    className="mt-2 h-[520px] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
                  />
                  <pre className="mt-2 max-h-48 overflow-auto rounded-lg bg-slate-100 p-3 text-xs whitespace-pre-wrap dark:bg-slate-800">
                    {e.bodyText}
                  </pre>
                </details>
              ) : (
                <p className="mt-2 max-w-md rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm whitespace-pre-wrap dark:bg-slate-800">
                  {e.bodyText}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-center gap-3">
        {nextCursor ? (
          <Link to={`?cursor=${encodeURIComponent(nextCursor)}`} className={buttonClass("secondary")}>
            Older messages
          </Link>
        ) : null}
        {paged ? (
          <Link to="/admin/outbox" className={buttonClass("ghost")}>
            Back to the newest
          </Link>
        ) : null}
      </div>
    </div>
  );
}
