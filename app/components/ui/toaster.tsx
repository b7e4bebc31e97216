import { Link } from "@remix-run/react";
import { Toast } from "radix-ui";
import { useSyncExternalStore } from "react";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "~/lib/constants";
import { dismissToast, toastStore } from "~/lib/toast";

/** Radix Toast: 5000 ms, swipe right past 50 px, F8 focuses the viewport, at most 420 px wide. */
export function Toaster() {
  const shown = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.serverSnapshot);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {shown ? (
        <Toast.Root
          key={shown.id}
          onOpenChange={(open) => !open && dismissToast()}
          data-testid="toast"
          className={`toast-root grid grid-cols-[1fr_auto] gap-x-3 rounded-lg border p-4 shadow-lg ${
            shown.variant === "destructive"
              ? "border-red-700 bg-red-900 text-red-50"
              : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-50"
          }`}
        >
          <Toast.Title className="font-semibold">{shown.title}</Toast.Title>
          {shown.description ? (
            <Toast.Description className="col-start-1 text-sm opacity-90">
              {shown.description}
            </Toast.Description>
          ) : null}
          {shown.action ? (
            <Toast.Action altText={`${shown.action.label}: ${shown.action.to}`} asChild>
              <Link
                to={shown.action.to}
                onClick={() => dismissToast()}
                className="col-start-1 mt-2 justify-self-start rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {shown.action.label}
              </Link>
            </Toast.Action>
          ) : null}
          <Toast.Close
            aria-label="Close"
            className="col-start-2 row-span-2 row-start-1 self-start rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport className="fixed right-0 bottom-16 z-[100] lg:bottom-0 m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
