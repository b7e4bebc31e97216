import { lazyDialog } from "~/components/ui/lazy-dialog";

/** A post's auction and live-video popups and its full-screen photos, loaded on first open (see lazyDialog). */
export const AuctionPopup = lazyDialog(() => import("./auction-popups").then((m) => m.AuctionPopup));
export const LiveVideoPopup = lazyDialog(() => import("./auction-popups").then((m) => m.LiveVideoPopup));
export const PhotoViewer = lazyDialog(() => import("./photo-viewer").then((m) => m.PhotoViewer));
