import { Form, Link } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminPager, AdminTable, badgeClass } from "~/components/admin/admin-page";
import { DisputeFileList } from "~/components/deal/dispute-files";
import { Button, buttonClass } from "~/components/ui/button";
import { DateTime, RelativeTime } from "~/components/ui/clock";
import { TextAreaField } from "~/components/ui/field";
import { DEAL_NOTES_ROWS } from "#lib/admin";
import { formatDollars } from "#lib/format";
import { DISPUTE_REASON_LABELS, disputeEvidencePath, type AdminDispute } from "#lib/schemas/disputes";

const STATUS_TONES = { open: "amber", answered: "blue", decided: "slate" } as const;

const statusOf = (d: AdminDispute) =>
  d.status === "decided"
    ? `decided for the ${d.prevails}`
    : d.status === "open"
      ? "waiting for the seller"
      : "answered";

/** The disputes view of /admin/deals: undecided first by default, each opened as a dialog with its evidence. */
export function AdminDisputes({
  disputes,
  nextCursor,
  paged,
  filter,
  withParams,
}: {
  disputes: AdminDispute[];
  nextCursor: string | null;
  paged: boolean;
  filter: string;
  withParams: (changes: Record<string, string | null>) => string;
}) {
  return (
    <section aria-labelledby="admin-disputes-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-disputes-heading" className="text-lg font-semibold">
          Disputes
        </h2>
        <nav aria-label="Disputes shown" className="flex flex-wrap gap-1">
          {(
            [
              ["undecided", "Waiting"],
              ["decided", "Decided"],
              ["all", "All"],
            ] as const
          ).map(([value, label]) => (
            <Link
              key={value}
              to={withParams({
                disputes: value === "undecided" ? null : value,
                disputeCursor: null,
                dispute: null,
              })}
              aria-current={filter === value ? "page" : undefined}
              className={buttonClass(filter === value ? "secondary" : "ghost", "min-h-8 px-3")}
            >
              {label}
            </Link>
          ))}
        </nav>
      </div>
      <AdminTable
        tableClass="stacked-table w-full text-left text-sm"
        headings={["Vehicle", "Buyer → Seller", "Reason", "Opened"]}
        empty={disputes.length === 0 ? "No dispute here." : null}
      >
        {disputes.map((d) => (
          <tr
            key={d.id}
            className="border-t border-slate-200 dark:border-slate-800"
            data-testid="admin-dispute-row"
          >
            <td className="p-3">
              <span className="block font-medium">{d.vehicle}</span>
              <span className="text-xs text-muted">{formatDollars(d.priceCents)}</span>
            </td>
            <td className="p-3" data-label="Buyer → Seller">
              <span className="text-right md:text-left">
                {d.buyer?.name ?? "buyer"} → {d.seller?.name ?? "seller"}
              </span>
            </td>
            <td className="p-3" data-label="Reason">
              <div className="text-right md:text-left">
                <span className="block">{DISPUTE_REASON_LABELS[d.reason]}</span>
                <span className={badgeClass(STATUS_TONES[d.status])}>{statusOf(d)}</span>
              </div>
            </td>
            <td className="p-3" data-label="Opened">
              <RelativeTime at={d.createdAt} />
            </td>
            <td className="p-3 md:text-right">
              <Link to={withParams({ dispute: d.id })} className={buttonClass("secondary", "min-h-8 px-3")}>
                {d.status === "decided" ? "View" : "Review"}
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager
        paged={paged}
        nextCursor={nextCursor}
        to={(cursor) => withParams({ disputeCursor: cursor, dispute: null })}
      />
    </section>
  );
}

/** One dispute: both sides and their files, then "Decide for buyer / for seller" with notes (once). */
export function DecideDisputeDialog({ dispute, close }: { dispute: AdminDispute; close: string }) {
  const evidence = (file: { url: string }) => disputeEvidencePath(dispute.id, file.url);
  return (
    <AdminDialog
      title="Dispute"
      wide
      close={close}
      detail={
        <>
          {dispute.vehicle}
          {dispute.vin ? ` · ${dispute.vin}` : ""} · {formatDollars(dispute.priceCents)}
          {dispute.completedAt ? (
            <>
              {" "}
              · completed <DateTime at={dispute.completedAt} />
            </>
          ) : null}
        </>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        <section aria-label="The buyer's side" className="flex flex-col gap-2">
          <h3 className="font-semibold">
            {dispute.buyer?.name ?? "The buyer"}
            {dispute.buyer?.dealershipName ? `, ${dispute.buyer.dealershipName}` : ""} (buyer) ·{" "}
            {DISPUTE_REASON_LABELS[dispute.reason]}
          </h3>
          <p className="text-xs text-muted">
            Opened <DateTime at={dispute.createdAt} />
          </p>
          <p className="whitespace-pre-wrap wrap-anywhere">{dispute.description}</p>
          <DisputeFileList
            files={dispute.attachments}
            label="The buyer's photos and files"
            hrefOf={evidence}
          />
        </section>
        <section aria-label="The seller's side" className="flex flex-col gap-2">
          <h3 className="font-semibold">
            {dispute.seller?.name ?? "The seller"}
            {dispute.seller?.dealershipName ? `, ${dispute.seller.dealershipName}` : ""} (seller)
          </h3>
          {dispute.answer ? (
            <>
              {dispute.answeredAt ? (
                <p className="text-xs text-muted">
                  Answered <DateTime at={dispute.answeredAt} />
                </p>
              ) : null}
              <p className="whitespace-pre-wrap wrap-anywhere">{dispute.answer}</p>
              <DisputeFileList
                files={dispute.answerAttachments}
                label="The seller's photos and files"
                hrefOf={evidence}
              />
            </>
          ) : (
            <p className="text-muted">No answer yet.</p>
          )}
        </section>
        {dispute.status === "decided" ? (
          <p className="rounded-md bg-slate-100 p-3 dark:bg-slate-800" data-testid="dispute-decision">
            Decided for the {dispute.prevails} by {dispute.decidedBy ?? "an admin"}
            {dispute.decidedAt ? (
              <>
                {" "}
                · <DateTime at={dispute.decidedAt} />
              </>
            ) : null}
            {dispute.decisionNotes ? `: ${dispute.decisionNotes}` : ""}
          </p>
        ) : (
          <Form method="post" action={close} className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="decide" />
            <input type="hidden" name="disputeId" value={dispute.id} />
            <TextAreaField
              label="Notes (both dealers read them)"
              name="notes"
              rows={DEAL_NOTES_ROWS}
              maxLength={2000}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="prevails" value="buyer">
                Decide for buyer
              </Button>
              <Button type="submit" name="prevails" value="seller" variant="secondary">
                Decide for seller
              </Button>
            </div>
          </Form>
        )}
      </div>
    </AdminDialog>
  );
}
