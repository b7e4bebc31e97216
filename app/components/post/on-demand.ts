import { lazyDialog } from "~/components/ui/lazy-dialog";

/** A post's auction and live-video popups, loaded on first open (see lazyDialog). */
export const AuctionPopup = lazyDialog(() => import("./auction-popups").then((m) => m.AuctionPopup));
export const LiveVideoPopup = lazyDialog(() => import("./auction-popups").then((m) => m.LiveVideoPopup));
