import { lazyDialog } from "~/components/ui/lazy-dialog";

/** The offer form, loaded on first open (see lazyDialog). */
export const MakeOfferDialog = lazyDialog(() => import("./make-offer-dialog").then((m) => m.MakeOfferDialog));
