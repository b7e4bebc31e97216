import { Dialog } from "radix-ui";
import { AlertTriangle, CheckCircle2 } from "~/components/ui/icons";
import { DialogHeader } from "~/components/ui/dialog-header";
import { DialogFrame } from "~/components/ui/dialog-frame";
import type { Disclosures } from "#lib/schemas/disclosures";
import {
  announcementsLabel,
  announcementsOf,
  DISCLOSURE_KEYS,
  DISCLOSURE_QUESTIONS,
} from "#lib/schemas/disclosure-constants";

const ANSWER_TEXT = { yes: "Yes", no: "No", unknown: "Unknown" } as const;

/**
 * At a glance whether the seller announced anything ("No announcements", "2 announcements"); a tap opens every
 * answer, the keys and the notes. Nothing at all while the seller has not answered.
 */
export function DisclosuresBadge({
  disclosures,
  vehicleName,
}: {
  disclosures: Disclosures | null;
  vehicleName: string;
}) {
  if (!disclosures) return null;
  const announced = announcementsOf(disclosures).length > 0;
  const label = announcementsLabel(disclosures);
  return (
    <Dialog.Root>
      <Dialog.Trigger
        data-testid="disclosures-badge"
        className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${
          announced
            ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300"
            : "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
        }`}
      >
        {announced ? (
          <AlertTriangle size={12} aria-hidden="true" />
        ) : (
          <CheckCircle2 size={12} aria-hidden="true" />
        )}
        {label}
      </Dialog.Trigger>
      <DialogFrame className="max-h-[90dvh] w-[min(28rem,calc(100vw-1.5rem))] gap-3 overflow-y-auto p-5">
        <DialogHeader>Disclosures</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          What the seller announced about the {vehicleName}.
        </Dialog.Description>
        <dl className="flex flex-col divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {DISCLOSURE_KEYS.map((k) => (
            <div key={k} className="flex items-start justify-between gap-3 py-1.5">
              <dt>{DISCLOSURE_QUESTIONS[k]}</dt>
              <dd
                className={`shrink-0 font-semibold ${disclosures[k] === "yes" ? "text-amber-700 dark:text-amber-400" : disclosures[k] === "unknown" ? "text-muted" : ""}`}
              >
                {ANSWER_TEXT[disclosures[k]]}
              </dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 py-1.5">
            <dt>Keys</dt>
            <dd className="font-semibold">{disclosures.keys ?? "Not said"}</dd>
          </div>
        </dl>
        {disclosures.notes ? <p className="text-sm whitespace-pre-line">{disclosures.notes}</p> : null}
      </DialogFrame>
    </Dialog.Root>
  );
}
