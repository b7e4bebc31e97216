import { useState } from "react";
import { Handshake } from "~/components/ui/icons";
import { ProposeDealDialog } from "./propose-deal-dialog";

/** "Make a deal" with a dealer (issue 13, from a dealer card): an empty proposal to that dealer. */
export function ProposeDealButton({
  dealer,
  className,
}: {
  dealer: { id: string; name: string };
  className: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <Handshake size={16} aria-hidden="true" /> Make a deal
      </button>
      {open ? <ProposeDealDialog open onOpenChange={setOpen} counterparty={dealer} draft={{}} /> : null}
    </>
  );
}
