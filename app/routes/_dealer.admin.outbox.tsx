import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BellRing, Mail, MessageSquareText } from "~/components/ui/icons";
import { DateTime } from "~/components/ui/clock";
import { AdminPage, AdminPager, badgeClass } from "~/components/admin/admin-page";
import { OutboxEmail } from "~/components/admin/outbox-email";
import { cardClass } from "~/components/ui/panel";
import { requireAdmin } from "~/utils/guards.server";
import { SENT_BODY_KEEP_DAYS } from "#lib/retention";

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

const TEXT_KEPT = SENT_BODY_KEEP_DAYS === 1 ? "a day" : `${SENT_BODY_KEEP_DAYS} days`;
/** Shown for a message whose text the daily cron dropped after its delivery (SENT_BODY_KEEP_DAYS). */
const DELIVERED_BODY_GONE = `Delivered: its text is kept ${TEXT_KEPT} after delivery, then only who got what and when.`;

const STATUS_TONES = { queued: "amber", sending: "blue", sent: "green", failed: "red" } as const;

export default function AdminOutbox() {
  const { items: entries, nextCursor, paged } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Admin · Outbox"
      description={`Every e-mail and text message, newest first, as its recipient sees it (a delivered one's text for ${TEXT_KEPT}). Without a configured provider nothing leaves this machine: messages are marked sent by the local provider.`}
    >
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          The outbox is empty.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Outbox">
          {entries.map((e) => (
            <li key={e.id} data-testid="outbox-entry" className={cardClass}>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                {e.channel === "email" ? (
                  <Mail size={16} aria-label="E-mail" />
                ) : e.channel === "push" ? (
                  <BellRing size={16} aria-label="Push to a device" />
                ) : (
                  <MessageSquareText size={16} aria-label="Text message" />
                )}
                <span className="font-medium break-all">{e.recipient}</span>
                <span className={badgeClass(STATUS_TONES[e.status as keyof typeof STATUS_TONES] ?? "slate")}>
                  {e.status}
                </span>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {e.category} · {e.template} · <DateTime at={e.createdAt} />
                  {e.attempts > 0 ? ` · ${e.attempts} ${e.attempts === 1 ? "attempt" : "attempts"}` : ""}
                  {e.provider ? ` · via ${e.provider}` : ""}
                </span>
              </div>
              {e.subject ? <p className="mt-2 font-semibold wrap-anywhere">{e.subject}</p> : null}
              {e.lastError ? (
                <p className="mt-1 text-sm wrap-anywhere text-red-700 dark:text-red-400">
                  Last error: {e.lastError}
                </p>
              ) : null}
              {e.channel === "email" && e.bodyHtml ? (
                <OutboxEmail
                  recipient={e.recipient}
                  subject={e.subject}
                  html={e.bodyHtml}
                  text={e.bodyText}
                />
              ) : e.bodyText ? (
                <p className="mt-2 max-w-md rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm wrap-anywhere whitespace-pre-wrap dark:bg-slate-800">
                  {e.bodyText}
                </p>
              ) : (
                <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{DELIVERED_BODY_GONE}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <AdminPager
        paged={paged}
        nextCursor={nextCursor}
        to={(cursor) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : "/admin/outbox")}
      />
    </AdminPage>
  );
}
