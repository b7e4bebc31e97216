import { useRef, useState } from "react";
import { AlertTriangle, CheckCircle2 } from "~/components/ui/icons";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import type { Disclosures } from "#lib/schemas/disclosures";
import { announcementsLabel, announcementsOf } from "#lib/schemas/disclosure-constants";

/** Every answer's dialog arrives on the first tap on a badge, not with every card. */
const DisclosuresDialog = lazyDialog(() => import("./disclosures-dialog").then((m) => m.DisclosuresDialog));

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
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!disclosures) return null;
  const announced = announcementsOf(disclosures).length > 0;
  const label = announcementsLabel(disclosures);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
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
      </button>
      {open ? (
        <DisclosuresDialog
          open
          onOpenChange={setOpen}
          returnFocus={button}
          disclosures={disclosures}
          vehicleName={vehicleName}
        />
      ) : null}
    </>
  );
}
