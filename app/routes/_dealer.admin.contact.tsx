import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { cardClass } from "~/components/ui/panel";
import { DateTime } from "~/components/ui/clock";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · Contact messages · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const messages = await context.services.contact.listRecent(100);
  return {
    messages: messages.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })),
  };
}

export default function AdminContact() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Admin · Contact messages" description="The newest 100 messages sent from /contact.">
      {messages.length === 0 ? (
        <p className={`${cardClass} text-center text-sm`}>No messages yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Contact messages">
          {messages.map((m) => (
            <li key={m.id} className={cardClass}>
              <p className="text-sm">
                <span className="font-semibold">{m.fullName}</span>{" "}
                <a
                  href={`mailto:${m.email}`}
                  className="break-all text-brand-600 hover:underline dark:text-brand-400"
                >
                  {m.email}
                </a>
                {m.dealershipName ? ` · ${m.dealershipName}` : ""}
                {m.dealershipType ? ` (${m.dealershipType})` : ""} · <DateTime at={m.createdAt} />
              </p>
              <p className="mt-2 text-sm wrap-anywhere whitespace-pre-wrap">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
