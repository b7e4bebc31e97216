import { Dialog } from "radix-ui";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/clock";
import { DialogHeader } from "~/components/ui/dialog-header";
import { toastFailure } from "#lib/api-client";
import type { Deal, PassThruStepState } from "#lib/api-types";
import { PASS_THRU_STEP_LABELS, TITLE_STATUSES, type TitleStatus } from "#lib/deals/constants";
import { formatDollars } from "#lib/format";
import { dealApi } from "./deal-api";
import { DealDisputes } from "./deal-disputes";
import { DealFacts, vehicleTitle } from "./deal-facts";
import { BillOfSalePanel } from "./bill-of-sale-panel";
import { SaleStatusBadge } from "./sale-status";
import { DealClocks } from "./deal-clocks";
import { DisclosureSummary } from "~/components/offers/disclosure-summary";
import { DealReviews } from "./deal-reviews";

const TITLE_LABELS: Record<TitleStatus, string> = { missing: "Missing", received: "Received", sent: "Sent" };

function StepWho({ step }: { step: PassThruStepState }) {
  if (!step.updatedAt) return <span className="text-xs text-slate-500 dark:text-slate-400">Not set yet</span>;
  return (
    <span className="text-xs text-slate-500 dark:text-slate-400">
      {step.updatedBy?.name ?? "A dealer"} · <DateTime at={step.updatedAt} />
    </span>
  );
}

/**
 * The transaction detail dialog of Pass Thru Sales: the deal, and the steps both dealers move —
 * sale complete, title missing → received → sent, gate pass issued, in transit, delivered — each with who and
 * when; the Bill of Sale both dealers sign, a dispute, and the two dealers' reviews once completed.
 */
export function PassThruDetail({
  deal,
  onOpenChange,
  onChanged,
  onComplete,
}: {
  deal: Deal;
  onOpenChange(open: boolean): void;
  onChanged(deal: Deal): void;
  onComplete(deal: Deal): void;
}) {
  const [saving, setSaving] = useState<string | null>(null);
  const save = async (step: string, value: boolean | string) => {
    setSaving(step);
    try {
      onChanged(await dealApi.updateSteps(deal.id, { [step]: value }));
    } catch (error) {
      toastFailure("Error", error, "Failed to update the step");
    } finally {
      setSaving(null);
    }
  };

  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <DialogFrame
        data-testid="pass-thru-detail"
        className="max-h-[94vh] w-[min(42rem,96vw)] gap-4 overflow-y-auto p-5"
      >
        <DialogHeader>{vehicleTitle(deal)}</DialogHeader>
        <Dialog.Description className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <SaleStatusBadge status={deal.saleStatus} />
          <span>
            {formatDollars(deal.priceCents)} · commission{" "}
            {formatDollars(deal.commissionCents ?? deal.estimatedCommissionCents)}
          </span>
        </Dialog.Description>
        <DealFacts deal={deal} />
        <DealClocks deal={deal} onChanged={onChanged} />
        {deal.disclosures ? (
          <DisclosureSummary disclosures={deal.disclosures} title="Disclosures agreed on" />
        ) : null}
        <section aria-label="Pass-thru steps">
          <h3 className="mb-2 font-semibold">Steps</h3>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {deal.steps.map((step) => (
              <li key={step.step} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="flex flex-col">
                  <span className="text-sm font-medium">{PASS_THRU_STEP_LABELS[step.step]}</span>
                  <StepWho step={step} />
                </div>
                {step.step === "titleStatus" ? (
                  <select
                    aria-label="Title status"
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
                    value={String(step.value)}
                    disabled={saving !== null}
                    onChange={(e) => void save("titleStatus", e.target.value)}
                  >
                    {TITLE_STATUSES.map((t) => (
                      <option key={t} value={t}>
                        {TITLE_LABELS[t]}
                      </option>
                    ))}
                  </select>
                ) : (
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={step.value === true}
                      disabled={saving !== null}
                      onChange={(e) => void save(step.step, e.target.checked)}
                    />
                    {step.value === true ? "Done" : "Not yet"}
                  </label>
                )}
              </li>
            ))}
          </ul>
        </section>
        <BillOfSalePanel deal={deal} onChanged={onChanged} />
        <DealDisputes deal={deal} />
        <DealReviews deal={deal} />
        {deal.status === "confirmed" ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={() => onComplete(deal)}>Verify &amp; complete</Button>
          </div>
        ) : null}
      </DialogFrame>
    </Dialog.Root>
  );
}
