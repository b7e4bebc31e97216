import { useState } from "react";
import { Handshake } from "~/components/ui/icons";
import { ProposeDealDialog } from "./propose-deal-dialog";

/** "Make a deal" with a dealer (from a dealer card or a chat): an empty proposal to that dealer. */
export function ProposeDealButton({
  dealer,
  className,
  label = "Make a deal",
  compact = false,
}: {
  dealer: { id: string; name: string };
  className: string;
  label?: string;
  /** On a narrow phone only the icon shows; the label stays for screen readers. */
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <Handshake size={16} aria-hidden="true" />{" "}
        <span className={compact ? "sr-only sm:not-sr-only" : undefined}>{label}</span>
      </button>
      {open ? <ProposeDealDialog open onOpenChange={setOpen} counterparty={dealer} draft={{}} /> : null}
    </>
  );
}
