import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminDialog, useWithParams } from "~/components/admin/admin-dialog";
import { AdminDisputes, DecideDisputeDialog } from "~/components/admin/deal-disputes";
import { AdminPage, AdminPager, AdminTable, badgeClass } from "~/components/admin/admin-page";
import { cardClass } from "~/components/ui/panel";
import { Button, buttonClass } from "~/components/ui/button";
import { DateTime } from "~/components/ui/clock";
import { choices, SelectField, TextAreaField } from "~/components/ui/field";
import { DEAL_NOTES_ROWS, adminDealsQuerySchema } from "#lib/admin";
import { decideDisputeFormSchema, processDealFormSchema } from "#lib/schemas/admin-forms";
import { adminDisputesQuerySchema } from "#lib/schemas/disputes";
import type { AdminDeal } from "#lib/api-types";
import { DEAL_STATUSES } from "#lib/deals/constants";
import { formatDollars } from "#lib/format";
import { adminAction, adminForm } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · Deals · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const parsed = adminDealsQuerySchema.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : adminDealsQuerySchema.parse({});
  const reviews = context.services.admin.deals;
  // The disputes view: undecided unless ?disputes= says otherwise, paged by its own cursor.
  const filter = params.get("disputes") ?? "undecided";
  const disputeQuery = adminDisputesQuerySchema.safeParse({
    status: filter === "all" ? undefined : filter,
    cursor: params.get("disputeCursor") ?? undefined,
  });
  const decisions = context.services.admin.disputes;
  const wanted = disputeQuery.success
    ? disputeQuery.data
    : adminDisputesQuerySchema.parse({ status: "undecided" });
  const [page, disputes, opened] = await Promise.all([
    reviews.list(query).catch(() => reviews.list({ ...query, cursor: undefined })),
    decisions.list(wanted).catch(() => decisions.list({ ...wanted, cursor: undefined })),
    params.get("dispute") ? decisions.get(params.get("dispute")!).catch(() => null) : null,
  ]);
  return {
    deals: page.items,
    nextCursor: page.nextCursor,
    paged: Boolean(query.cursor),
    disputes: {
      items: disputes.items,
      nextCursor: disputes.nextCursor,
      paged: Boolean(wanted.cursor),
      filter,
    },
    opened,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminAction(context, request, {
    process: adminForm(processDealFormSchema, async ({ dealId, ...input }, { actor, services }) => {
      const deal = await services.admin.deals.process(actor, dealId, input);
      return deal.reviewStatus === "approved" ? "Deal approved" : "Deal rejected";
    }),
    decide: adminForm(decideDisputeFormSchema, async ({ disputeId, ...input }, { actor, services }) => {
      const dispute = await services.admin.disputes.decide(actor, disputeId, input);
      return `Decided for the ${dispute.prevails}`;
    }),
  });
}

const REVIEW_TONES = { approved: "green", rejected: "red", unreviewed: "slate" } as const;

function ProcessDialog({ deal, close }: { deal: AdminDeal; close: string }) {
  return (
    <AdminDialog
      title="Process deal"
      close={close}
      detail={
        <>
          {deal.vehicle} · {formatDollars(deal.priceCents)} · {deal.sellerName} →{" "}
          {deal.buyer?.name ?? "buyer outside the network"}
        </>
      }
    >
      <Form method="post" action={close} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="process" />
        <input type="hidden" name="dealId" value={deal.id} />
        <TextAreaField
          label="Notes"
          name="notes"
          rows={DEAL_NOTES_ROWS}
          maxLength={2000}
          defaultValue={deal.reviewNotes ?? ""}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="decision" value="approved">
            Approve
          </Button>
          <Button type="submit" name="decision" value="rejected" variant="danger">
            Reject
          </Button>
        </div>
      </Form>
    </AdminDialog>
  );
}

export default function AdminDeals() {
  const { deals, nextCursor, paged, disputes, opened } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const withParams = useWithParams();
  const selected = deals.find((d) => d.id === params.get("deal"));
  return (
    <AdminPage
      title="Admin · Deals"
      description="Every deal between dealers. Approve or reject with a note: both dealers are told, and an approved deal shows as completed in their Pass Thru Sales."
    >
      <AdminDisputes
        disputes={disputes.items}
        nextCursor={disputes.nextCursor}
        paged={disputes.paged}
        filter={disputes.filter}
        withParams={withParams}
      />
      <h2 className="text-lg font-semibold">Deals</h2>
      <Form method="get" className={`${cardClass} flex flex-wrap items-end gap-3`}>
        <SelectField
          label="Status"
          name="status"
          defaultValue={params.get("status") ?? "all"}
          options={choices(["all", "All"], ...DEAL_STATUSES)}
        />
        <SelectField
          label="Review"
          name="review"
          defaultValue={params.get("review") ?? "all"}
          options={choices(
            ["all", "All"],
            ["unreviewed", "Not reviewed"],
            ["approved", "Approved"],
            ["rejected", "Rejected"],
          )}
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <AdminTable
        tableClass="stacked-table w-full text-left text-sm md:min-w-[720px]"
        headings={["Vehicle", "Seller → Buyer", "Price", "Status", "Submitted"]}
        rightAligned={["Price"]}
        empty={deals.length === 0 ? "No deal matches." : null}
      >
        {deals.map((deal) => (
          <tr
            key={deal.id}
            className="border-t border-slate-200 dark:border-slate-800"
            data-testid="admin-deal-row"
          >
            <td className="p-3">
              <span className="block font-medium">{deal.vehicle}</span>
              {deal.vin ? <span className="text-xs text-muted">{deal.vin}</span> : null}
            </td>
            <td className="p-3" data-label="Seller → Buyer">
              <span className="text-right md:text-left">
                {deal.sellerName} → {deal.buyer?.name ?? "outside the network"}
              </span>
            </td>
            <td className="p-3 text-right tabular-nums" data-label="Price">
              {formatDollars(deal.priceCents)}
            </td>
            <td className="p-3" data-label="Status">
              <div className="text-right md:text-left">
                <span className="flex flex-wrap justify-end gap-1 md:justify-start">
                  <span className={badgeClass("slate")}>{deal.status}</span>
                  <span className={badgeClass(REVIEW_TONES[deal.reviewStatus])}>{deal.reviewStatus}</span>
                </span>
                {deal.reviewNotes ? (
                  <span className="mt-1 block text-xs text-muted">{deal.reviewNotes}</span>
                ) : null}
              </div>
            </td>
            <td className="p-3 whitespace-nowrap" data-label="Submitted">
              <DateTime at={deal.createdAt} />
            </td>
            <td className="p-3 md:text-right">
              {deal.status === "declined" || deal.status === "withdrawn" ? null : (
                <Link to={withParams({ deal: deal.id })} className={buttonClass("secondary", "min-h-8 px-3")}>
                  Process
                </Link>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager paged={paged} nextCursor={nextCursor} to={(cursor) => withParams({ cursor, deal: null })} />
      {selected ? <ProcessDialog deal={selected} close={withParams({ deal: null })} /> : null}
      {opened ? <DecideDisputeDialog dispute={opened} close={withParams({ dispute: null })} /> : null}
    </AdminPage>
  );
}
