import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import type { Disclosures } from "#lib/schemas/disclosures";
import { DISCLOSURE_KEYS, DISCLOSURE_QUESTIONS } from "#lib/schemas/disclosure-constants";

const ANSWER_TEXT = { yes: "Yes", no: "No", unknown: "Unknown" } as const;

/** Every answer the seller gave about a vehicle, the keys and the notes (opened from DisclosuresBadge). */
export function DisclosuresDialog({
  onOpenChange,
  returnFocus,
  disclosures,
  vehicleName,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLButtonElement>;
  disclosures: Disclosures;
  vehicleName: string;
}) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <DialogFrame
        className="max-h-[90dvh] w-[min(28rem,calc(100vw-1.5rem))] gap-3 overflow-y-auto p-5"
        returnFocus={returnFocus}
      >
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
        {disclosures.notes ? (
          <p className="text-sm wrap-anywhere whitespace-pre-line">{disclosures.notes}</p>
        ) : null}
      </DialogFrame>
    </Dialog.Root>
  );
}
