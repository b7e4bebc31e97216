import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { AdminPage } from "~/components/admin/admin-page";
import { cardClass, Panel } from "~/components/ui/panel";
import { TimeSeriesChart } from "~/components/charts/time-series-chart";
import { Button, buttonClass } from "~/components/ui/button";
import { choices, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import {
  BadgeDollarSign,
  Download,
  FileText,
  Handshake,
  Megaphone,
  ShieldCheck,
  Users,
  type IconComponent,
} from "~/components/ui/icons";
import { ADMIN_PAGES, type NavEntry } from "~/components/shell/nav";
import { formatDollars } from "#lib/format";
import { adminAction, adminForm } from "~/utils/admin.server";
import { announcementFormSchema } from "#lib/schemas/admin-forms";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · DealerLane" }];

/** The public status page, where an admin checks the services' health. */
const SYSTEM_HEALTH: NavEntry = { to: "/status", label: "System health", icon: ShieldCheck };

/** The console's address that plans the backup's parts and lists them for download. */
const BACKUP_PARAM = "backup";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const exports = context.services.admin.exports;
  // Planning the backup's parts reads every table's row ids (millions on a national network): only when the
  // admin asks for the backup, never on each visit of the console.
  const planned = new URL(request.url).searchParams.has(BACKUP_PARAM);
  const [figures, backupParts] = await Promise.all([
    context.services.admin.figures.figures(),
    planned ? exports.backupParts() : null,
  ]);
  return { figures, backupParts };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminAction(context, request, {
    announce: adminForm(announcementFormSchema, async (input, { actor, services }) => {
      const sent = await services.admin.broadcast.announce(actor, input);
      return `Announcement sent to ${sent.recipients} ${sent.recipients === 1 ? "dealer" : "dealers"}`;
    }),
  });
}

/** A part's download: the first part alone has no cursor when the backup is one download. */
const backupHref = (cursor?: string) =>
  `/api/admin/export/backup${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;

/**
 * The backup's later parts, each as much as one request may read: the admin downloads every one to hold the
 * whole backup, each table's rows joined in the parts' order.
 */
function BackupParts({ cursors }: { cursors: string[] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer py-1 text-muted">
        The backup comes in {cursors.length} parts: download{" "}
        {cursors.length === 2 ? "part 2" : `parts 2 to ${cursors.length}`} as well
      </summary>
      <ul className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-2">
        {cursors.slice(1).map((cursor, i) => (
          <li key={cursor}>
            <a
              href={backupHref(cursor)}
              download
              aria-label={`Download the backup, part ${i + 2} of ${cursors.length}`}
              className={buttonClass("secondary", "w-full whitespace-nowrap")}
            >
              Part {i + 2}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  declined: "Declined",
  withdrawn: "Withdrawn",
  approved: "Approved by admin",
  rejected: "Rejected by admin",
};

function Figure({
  label,
  value,
  detail,
  to,
  icon: Icon,
  className = "",
  ...rest
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  to?: string;
  icon: IconComponent;
} & ComponentProps<"div">) {
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm text-muted">
        <Icon size={16} aria-hidden="true" /> {label}
      </span>
      <span className="mt-1 block text-2xl font-bold tabular-nums">{value}</span>
      {detail ? <span className="text-xs text-muted">{detail}</span> : null}
    </>
  );
  return to ? (
    <Link to={to} className={`${cardClass} block hover:border-brand-500`}>
      {body}
    </Link>
  ) : (
    <div className={`${cardClass} ${className}`} {...rest}>
      {body}
    </div>
  );
}

function Counts({
  counts,
  className,
}: {
  counts: ReadonlyArray<readonly [string, number]>;
  className: string;
}) {
  return (
    <dl className={`grid gap-2 text-sm ${className}`}>
      {counts.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
          <dt className="text-muted">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value.toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A small table of figures (`[label, right-aligned]` columns), or the line saying there is nothing yet. */
function FigureTable({ empty, columns, children }: FigureTableProps) {
  if (empty) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-muted">
        <tr>
          {columns.map(([label, right]) => (
            <th key={label} className={right ? "py-1 text-right font-medium" : "py-1 font-medium"}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
type FigureTableProps = { empty: string | false; columns: [string, true?][]; children: ReactNode };

export default function Admin() {
  const { figures, backupParts } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "announce";
  const { revenue, dealers, thisWeek, deals } = figures;
  const completed = deals.byStatus.find((d) => d.status === "completed");
  return (
    <AdminPage
      isIndex
      title="Admin"
      description="The business at a glance: figures from the database, refreshed on every visit."
    >
      <section aria-label="Key figures" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          icon={Users}
          label="Dealers"
          value={dealers.total.toLocaleString("en-US")}
          detail={`${dealers.newThisWeek} new this week`}
          to="/admin/users"
        />
        <Figure
          icon={BadgeDollarSign}
          label="Monthly recurring revenue"
          value={formatDollars(revenue.mrrCents)}
          detail={`${revenue.payingDealers} paying · ${formatDollars(revenue.annualRunRateCents)} a year`}
          to="/admin/pricing"
        />
        <Figure
          icon={BadgeDollarSign}
          label="Estimate (not revenue)"
          value={formatDollars(revenue.estimate.monthlyCents)}
          detail={`${revenue.estimate.users} users × $99, ${revenue.estimate.premiumUsers} counted Premium at +$50 · ${formatDollars(revenue.estimate.annualCents)} a year`}
          className="border-dashed"
          data-testid="revenue-estimate"
        />
        <Figure
          icon={Handshake}
          label="Completed deals"
          value={(completed?.count ?? 0).toLocaleString("en-US")}
          detail={`${formatDollars(completed?.volumeCents ?? 0)} volume · ${formatDollars(
            completed?.commissionCents ?? 0,
          )} commission`}
          to="/admin/deals"
        />
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Panel headingId="chart-heading" title="Sign-ups and deals, last 30 days" className="lg:col-span-2">
          <TimeSeriesChart
            ariaLabel="Sign-ups and deals per day over the last 30 days"
            height={240}
            series={[
              { label: "Sign-ups", points: figures.daily.map((d) => ({ day: d.day, value: d.signups })) },
              { label: "Deals", points: figures.daily.map((d) => ({ day: d.day, value: d.deals })) },
            ]}
          />
        </Panel>
        <Panel headingId="week-heading" title="This week">
          <Counts
            className="grid-cols-2"
            counts={[
              ["Posts", thisWeek.posts],
              ["Messages", thisWeek.messages],
              ["Deal alerts", thisWeek.alerts],
              ["Sign-ups", thisWeek.signups],
              ["Deals", thisWeek.deals],
            ]}
          />
        </Panel>
      </div>

      <Panel
        headingId="demo-heading"
        title="Demo network"
        intro={
          <>
            Seeded dealers and throwaway demo accounts: no customers, so none of the figures above counts
            them.
          </>
        }
        className="flex flex-col gap-2 border-dashed"
        data-testid="demo-network-figures"
      >
        <Counts
          className="grid-cols-2 sm:grid-cols-4"
          counts={[
            ["Demo dealers", figures.demoNetwork.dealers],
            ["Throwaway accounts", figures.demoNetwork.throwawayAccounts],
            ["Demo posts", figures.demoNetwork.posts],
            ["Demo posts this week", figures.demoNetwork.postsThisWeek],
          ]}
        />
      </Panel>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Panel headingId="subs-heading" title="Subscriptions by plan and status">
          <FigureTable
            empty={figures.subscriptions.length === 0 && "No subscriptions yet."}
            columns={[["Plan"], ["Status"], ["Dealers", true]]}
          >
            {figures.subscriptions.map((s) => (
              <tr key={`${s.planId}-${s.status}`} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-1">{s.planName}</td>
                <td className="py-1">{s.status.replace("_", " ")}</td>
                <td className="py-1 text-right tabular-nums">{s.count}</td>
              </tr>
            ))}
          </FigureTable>
        </Panel>
        <Panel headingId="deals-heading" title="Deals by status">
          <FigureTable
            empty={deals.byStatus.length === 0 && "No deals yet."}
            columns={[["Status"], ["Deals", true], ["Volume", true], ["Commission", true]]}
          >
            {[
              ...deals.byStatus.map((d) => ({ ...d, key: d.status })),
              ...deals.byReview.map((d) => ({ ...d, key: d.review })),
            ].map((d) => (
              <tr key={d.key} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-1">
                  <Link
                    to={`/admin/deals?${d.key === "approved" || d.key === "rejected" ? "review" : "status"}=${d.key}`}
                    className="hover:underline"
                  >
                    {STATUS_LABELS[d.key] ?? d.key}
                  </Link>
                </td>
                <td className="py-1 text-right tabular-nums">{d.count}</td>
                <td className="py-1 text-right tabular-nums">{formatDollars(d.volumeCents)}</td>
                <td className="py-1 text-right tabular-nums">{formatDollars(d.commissionCents)}</td>
              </tr>
            ))}
          </FigureTable>
        </Panel>
      </div>

      <Panel headingId="manage-heading" title="Manage">
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {[...ADMIN_PAGES, SYSTEM_HEALTH].map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} className={buttonClass("secondary", "justify-start")}>
              <Icon size={16} aria-hidden="true" /> {label}
            </Link>
          ))}
        </div>
      </Panel>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Panel
          headingId="exports-heading"
          title="Quick actions"
          intro={
            <>
              Downloads are written to the audit log. The backup holds every table this console shows, never
              passwords, sessions or links.
            </>
          }
        >
          <div className="flex flex-wrap gap-2">
            <a href="/api/admin/export/users" download className={buttonClass("secondary")}>
              <Download size={16} aria-hidden="true" /> Export users (CSV)
            </a>
            {backupParts ? (
              <a href={backupHref(backupParts[0])} download className={buttonClass("secondary")}>
                <Download size={16} aria-hidden="true" /> Download the backup
                {backupParts.length > 0 ? `, part 1 of ${backupParts.length}` : ""} (JSON)
              </a>
            ) : (
              <Link to={`?${BACKUP_PARAM}`} preventScrollReset className={buttonClass("secondary")}>
                <FileText size={16} aria-hidden="true" /> Back up data (JSON)
              </Link>
            )}
            <Link to="/status" className={buttonClass("secondary")}>
              <ShieldCheck size={16} aria-hidden="true" /> System health
            </Link>
          </div>
          {backupParts && backupParts.length > 0 ? <BackupParts cursors={backupParts} /> : null}
        </Panel>
        <Panel
          headingId="announce-heading"
          title={
            <span className="flex items-center gap-2">
              <Megaphone size={16} aria-hidden="true" /> Send an announcement
            </span>
          }
          intro="Arrives in each dealer's notifications, live in every open tab."
        >
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="announce" />
            <TextField label="Title" name="title" required maxLength={120} />
            <TextAreaField label="Message" name="message" required maxLength={1000} rows={3} />
            <SelectField
              label="Send to"
              name="audience"
              defaultValue="all"
              options={choices(
                ["all", "All dealers"],
                ["basic", "Basic plan dealers"],
                ["premium", "Premium plan dealers"],
              )}
            />
            <Button type="submit" disabled={sending} className="self-start">
              <Megaphone size={16} aria-hidden="true" /> {sending ? "Sending…" : "Send announcement"}
            </Button>
          </Form>
        </Panel>
      </div>
    </AdminPage>
  );
}
