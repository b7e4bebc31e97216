import { lazyDialog } from "~/components/ui/lazy-dialog";

/** The dealer area's dialogs, loaded on first open (see lazyDialog): a page that never opens one never downloads it. */
export const DealerQuickView = lazyDialog(() => import("./dealer-quick-view").then((m) => m.DealerQuickView));
