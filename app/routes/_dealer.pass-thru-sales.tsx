import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { Download, Plus } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useInboxFrames } from "~/components/chat/inbox-context";
import { BillOfSaleStatusLine } from "~/components/deal/bill-of-sale-panel";
import { vehicleTitle } from "~/components/deal/deal-facts";
import { ClockChips } from "~/components/deal/deal-clocks";
import { PassThruDetail } from "~/components/deal/pass-thru-detail";
import { PendingList } from "~/components/deal/pending-list";
import { SaleStatusBadge } from "~/components/deal/sale-status";
import { VerifyDealDialog } from "~/components/deal/verify-deal-dialog";
import { Button, buttonClass } from "~/components/ui/button";
import { RelativeTime } from "~/components/ui/clock";
import type { Deal } from "#lib/api-types";
import { COMMISSION_PERCENT } from "#lib/deals/constants";
import { formatDollars } from "#lib/format";
import { requireDealer } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Pass Thru Sales · DealerLane" }];

const PAGE_SIZE = 50;

/** Pass Thru Sales: counters from the dealer's deals, the list, one page at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, currentUser } = requireDealer(context, request);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const deals = context.services.deals;
  // The page, the counters and the deals waiting for the dealer are read side by side (one D1 wait).
  const [page, summary, pending] = await Promise.all([
    deals
      .passThruSales(viewer.dealer.id, { cursor, limit: PAGE_SIZE })
      // A stale or mangled cursor in the address shows the first page rather than an error.
      .catch(() => deals.passThruSales(viewer.dealer.id, { limit: PAGE_SIZE })),
    deals.passThruSummary(viewer.dealer.id),
    deals.list(viewer.dealer.id, { status: "pending", limit: 20 }),
  ]);
  return {
    sales: page.items,
    nextCursor: page.nextCursor,
    summary,
    pending: pending.items,
    myEmail: currentUser.email,
  };
}

const OPENED_KEY = (id: string) => `dl-verify-opened:${id}`;

export default function PassThruSales() {
  const { sales, nextCursor, summary, pending, myEmail } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const [detail, setDetail] = useState<Deal | null>(null);
  const [verify, setVerify] = useState<{ deal: Deal | null } | null>(null);

  useInboxFrames((frame) => {
    if (frame.type !== "deal") return;
    if (detail?.id === frame.deal.id) setDetail(frame.deal);
    revalidator.revalidate();
  });

  // ?deal= (from a notification) opens that sale.
  const wanted = params.get("deal");
  useEffect(() => {
    if (!wanted) return;
    const found = sales.find((s) => s.id === wanted);
    if (found) setDetail(found);
    setParams(
      (p) => {
        p.delete("deal");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [wanted, sales, setParams]);

  // The first deal waiting for completion opens 'Verify Deal Details' on its own, once.
  useEffect(() => {
    const waiting = sales.find((s) => s.status === "confirmed");
    if (!waiting || localStorage.getItem(OPENED_KEY(waiting.id))) return;
    localStorage.setItem(OPENED_KEY(waiting.id), "1");
    setVerify({ deal: waiting });
  }, [sales]);

  const counters: [string, string][] = [
    ["Total Sales", String(summary.total)],
    ["This Month", String(summary.thisMonth)],
    ["Volume", formatDollars(summary.volumeCents)],
    [`Commission (${COMMISSION_PERCENT} %)`, formatDollars(summary.commissionCents)],
    ["Pending", String(summary.pending)],
  ];

  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Pass Thru Sales</h1>
          <p className="text-sm text-muted">Confirmed and completed deals, title to delivery.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a className={buttonClass("secondary")} href="/api/pass-thru-sales/export" download>
            <Download size={16} aria-hidden="true" /> Export Details
          </a>
          <Button onClick={() => setVerify({ deal: null })}>
            <Plus size={16} aria-hidden="true" /> New Pass Thru
          </Button>
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="pass-thru-counters">
        {counters.map(([label, value]) => (
          <div
            key={label}
            className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
          >
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>

      <PendingList deals={pending} onChanged={() => revalidator.revalidate()} />

      {sales.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          No pass-thru sales yet. Confirm a deal, or record one with New Pass Thru.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Pass-thru sales">
          {sales.map((sale) => (
            <li key={sale.id}>
              <button
                type="button"
                data-testid="pass-thru-sale"
                data-deal-id={sale.id}
                onClick={() => setDetail(sale)}
                className="flex w-full flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-left hover:border-brand-500/60 dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {vehicleTitle(sale)} {sale.trim ? <span className="text-muted">{sale.trim}</span> : null}
                  </p>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                    {sale.myRole === "seller"
                      ? `Sold to ${sale.buyer?.name ?? "a buyer"}`
                      : sale.myRole === "buyer"
                        ? `Bought from ${sale.sellerName}`
                        : `Recorded · ${sale.sellerName}`}{" "}
                    · <RelativeTime at={sale.completedAt ?? sale.confirmedAt ?? sale.createdAt} />
                    {sale.vin ? ` · ${sale.vin}` : ""}
                  </p>
                  <BillOfSaleStatusLine deal={sale} />
                  {sale.reviewStatus !== "unreviewed" ? (
                    <p
                      className={`mt-1 text-xs ${sale.reviewStatus === "approved" ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
                      data-testid="deal-review"
                    >
                      {sale.reviewStatus === "approved" ? "Approved by DealerLane" : "Rejected by DealerLane"}
                      {sale.reviewNotes ? `: ${sale.reviewNotes}` : ""}
                    </p>
                  ) : null}
                </div>
                <div className="ml-auto text-right sm:ml-0">
                  <p className="font-semibold">{formatDollars(sale.priceCents)}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {formatDollars(sale.commissionCents ?? sale.estimatedCommissionCents)} commission
                  </p>
                </div>
                <div className="flex basis-full flex-wrap items-center gap-1">
                  {sale.status === "unwound" ? null : <SaleStatusBadge status={sale.saleStatus} />}
                  <ClockChips deal={sale} />
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}
      {nextCursor ? (
        <Link
          className={buttonClass("ghost", "self-center")}
          to={`?cursor=${encodeURIComponent(nextCursor)}`}
        >
          Older sales
        </Link>
      ) : null}

      {detail ? (
        <PassThruDetail
          deal={detail}
          onOpenChange={(open) => (!open ? setDetail(null) : undefined)}
          onChanged={(deal) => {
            setDetail(deal);
            revalidator.revalidate();
          }}
          onComplete={(deal) => {
            setDetail(null);
            setVerify({ deal });
          }}
        />
      ) : null}
      <VerifyDealDialog
        open={verify !== null}
        onOpenChange={(open) => (!open ? setVerify(null) : undefined)}
        deal={verify?.deal ?? null}
        myEmail={myEmail}
        onCompleted={() => revalidator.revalidate()}
      />
    </div>
  );
}
