import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminPage, badgeClass } from "~/components/admin/admin-page";
import { cardClass } from "~/components/ui/panel";
import { Button, buttonClass } from "~/components/ui/button";
import { DateTime } from "~/components/ui/clock";
import { choices, SelectField, TextField } from "~/components/ui/field";
import { AUDIT_ACTIONS, auditQuerySchema } from "#lib/admin";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · Audit log · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : auditQuerySchema.parse({});
  const audit = context.services.admin.audit;
  const page = await audit.list(query).catch(() => audit.list({ ...query, cursor: undefined }));
  return { entries: page.items, nextCursor: page.nextCursor };
}

const json = (value: unknown) =>
  value === null || value === undefined ? "—" : JSON.stringify(value, null, 1);

export default function AdminAudit() {
  const { entries, nextCursor } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  if (nextCursor) next.set("cursor", nextCursor);
  return (
    <AdminPage
      title="Admin · Audit log"
      description="Every admin action: who, what, which record, before → after, when."
    >
      <Form method="get" className={`${cardClass} flex flex-wrap items-end gap-3`}>
        <SelectField
          label="Action"
          name="action"
          defaultValue={params.get("action") ?? "all"}
          options={choices(["all", "Every action"], ...AUDIT_ACTIONS)}
        />
        <TextField label="Admin (e-mail)" name="actor" defaultValue={params.get("actor") ?? ""} />
        <TextField label="Record id" name="recordId" defaultValue={params.get("recordId") ?? ""} />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      {entries.length === 0 ? (
        <p className={`${cardClass} text-center text-sm`}>No entries match.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Audit log">
          {entries.map((e) => (
            <li key={e.id} className={cardClass} data-testid="audit-entry">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className={badgeClass("blue")}>{e.action}</span>
                <span className="font-medium break-all">{e.actor.email}</span>
                <span className="text-muted">
                  {e.recordType}
                  {e.recordId ? ` ${e.recordId}` : ""} · <DateTime at={e.createdAt} />
                </span>
              </div>
              <div className="mt-2 grid grid-cols-1 gap-2 text-xs sm:grid-cols-2">
                <pre className="overflow-auto rounded bg-slate-100 p-2 whitespace-pre-wrap dark:bg-slate-800">
                  <span className="sr-only">Before: </span>
                  {json(e.before)}
                </pre>
                <pre className="overflow-auto rounded bg-slate-100 p-2 whitespace-pre-wrap dark:bg-slate-800">
                  <span className="sr-only">After: </span>
                  {json(e.after)}
                </pre>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="flex justify-center gap-3">
        {params.get("cursor") ? (
          <Link to="/admin/audit" className={buttonClass("ghost")}>
            Newest
          </Link>
        ) : null}
        {nextCursor ? (
          <Link to={`?${next.toString()}`} className={buttonClass("secondary")}>
            Older entries
          </Link>
        ) : null}
      </div>
    </AdminPage>
  );
}
