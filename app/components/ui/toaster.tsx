import { Link } from "@remix-run/react";
import { Toast } from "radix-ui";
import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "~/lib/constants";
import { dismissToast, toastStore } from "~/lib/toast";
import { placeToast, type Box } from "~/lib/toast-placement";

/** What a toast must not cover: the open dialog's controls, else the submit buttons of the page's forms. */
const DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';
const DIALOG_CONTROLS = 'button, a[href], input[type="submit"], [role="button"]';
const FORM_ACTIONS =
  'form button[type="submit"], form button:not([type]), form input[type="submit"], [data-toast-avoid]';
/** The bottom bar on phones (below lg) keeps its own 4rem. */
const LARGE_SCREEN = "(min-width: 1024px)";
const EDGE_PX = 16;
const BOTTOM_BAR_PX = 64;

function boxesToAvoid(): Box[] {
  const dialogs = [...document.querySelectorAll<HTMLElement>(DIALOG)];
  const elements = dialogs.length
    ? dialogs.flatMap((dialog) => [...dialog.querySelectorAll<HTMLElement>(DIALOG_CONTROLS)])
    : [...document.querySelectorAll<HTMLElement>(FORM_ACTIONS)];
  return elements
    .map((element) => element.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight);
}

/**
 * Radix Toast: 5000 ms, swipe right past 50 px, F8 focuses the viewport, at most 420 px wide. It sits at
 * the bottom (above the phone's bottom bar) unless that would cover a dialog's or a form's buttons; then it
 * moves to the nearest free place, and follows when the dialog scrolls or changes size.
 */
export function Toaster() {
  const shown = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.serverSnapshot);
  const viewport = useRef<HTMLOListElement>(null);
  const [top, setTop] = useState<number | null>(null);

  const place = useCallback(() => {
    const list = viewport.current;
    const toast = list?.firstElementChild as HTMLElement | null | undefined;
    if (!list || !toast) return;
    const { left, right } = list.getBoundingClientRect();
    const height = toast.offsetHeight;
    const bottomGap = window.matchMedia(LARGE_SCREEN).matches ? EDGE_PX : BOTTOM_BAR_PX + EDGE_PX;
    const lowest = window.innerHeight - bottomGap - height;
    const next = placeToast({
      left: left + EDGE_PX,
      right: right - EDGE_PX,
      height,
      preferredTop: lowest,
      minTop: EDGE_PX,
      maxTop: lowest,
      avoid: boxesToAvoid(),
    });
    setTop(next === lowest ? null : next - EDGE_PX);
  }, []);

  useLayoutEffect(() => {
    if (!shown) return;
    place();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const resized = new ResizeObserver(later);
    resized.observe(document.body);
    document.querySelectorAll(DIALOG).forEach((dialog) => resized.observe(dialog));
    const changed = new MutationObserver(later);
    changed.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["data-state"],
    });
    window.addEventListener("scroll", later, true);
    window.addEventListener("resize", later);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      changed.disconnect();
      window.removeEventListener("scroll", later, true);
      window.removeEventListener("resize", later);
    };
  }, [shown, place]);

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
      <Toast.Viewport
        ref={viewport}
        style={top === null ? undefined : { top, bottom: "auto" }}
        className="fixed right-0 bottom-16 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none lg:bottom-0"
      />
    </Toast.Provider>
  );
}
