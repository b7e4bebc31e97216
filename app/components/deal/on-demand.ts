import { lazyDialog } from "~/components/ui/lazy-dialog";

/** The deal form, loaded on first open (see lazyDialog): its fields, schemas and form library are not the page's. */
export const ProposeDealDialog = lazyDialog(() =>
  import("./propose-deal-dialog").then((m) => m.ProposeDealDialog),
);

/** A deal waiting for this dealer's answer: every signed-in page listens for one, few ever show it. */
export const PendingDealDialog = lazyDialog(() =>
  import("./pending-deal-dialog").then((m) => m.PendingDealDialog),
);
