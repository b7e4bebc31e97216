import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { dismissToast, toastStore } from "#lib/toast";
import { besideDialog, placeToast, type Box } from "#lib/toast-placement";
import { ToastCard } from "./toast-card";
import { giveRoomBack, makeRoomAbove } from "./toast-room";

const DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';
const FIELDS = 'input:not([type="hidden"]), select, textarea, [contenteditable="true"]';
/** What a dealer uses in a dialog: all of it, and the labels that say what each field is. */
const DIALOG_CONTROLS = `button, a[href], [role="button"], label, ${FIELDS}`;
const SEND_BUTTONS = 'form button[type="submit"], form button:not([type]), form input[type="submit"]';
/** What a dealer uses in a form on the page: its fields with their labels, and its buttons. */
const FORM_CONTROLS = `${FIELDS}, label, button, input[type="submit"]`;
/** Below 640 px a dialog fills the screen: its toasts take the top of the screen, the dialog moves below. */
const PHONE = "(max-width: 639px)";
/** The phone's bottom bar, which a toast sits above, and the sticky top bar, which hides what scrolls under it. */
const BOTTOM_BAR = "[data-bottom-bar]";
const TOP_BAR = "[data-top-bar]";
const EDGE_PX = 16;
const PHONE_EDGE_PX = 8;
/** The toast's usual width with its margins (the list's `max-w-[420px]`). */
const LIST_WIDTH_PX = 420;

const boxOf = (element: Element): Box => element.getBoundingClientRect();
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The list's place across the window: its usual one at the right edge, or `span` (beside a dialog). */
function setSpan(list: HTMLElement, span: { left: number; right: number } | null) {
  list.style.left = span ? `${span.left}px` : "";
  list.style.right = span ? "auto" : "";
  list.style.width = span ? `${span.right - span.left}px` : "";
}
const shown = (r: Box) => r.right > r.left && r.bottom > r.top && r.bottom > 0 && r.top < window.innerHeight;

function topDialog(): HTMLElement | null {
  const open = [...document.querySelectorAll<HTMLElement>(DIALOG)].filter((d) =>
    shown(d.getBoundingClientRect()),
  );
  return open.at(-1) ?? null;
}

/**
 * The controls a toast must leave clear: the open dialog's; on the page, the fields and buttons of the form the
 * dealer is in (else of every form of the page but the top bar's search), every form's send button, and whatever
 * is marked `data-toast-avoid`.
 */
function boxesToAvoid(dialog: HTMLElement | null): Box[] {
  if (dialog)
    return [...dialog.querySelectorAll(DIALOG_CONTROLS)].map((control) => boxOf(control)).filter(shown);
  const using = document.activeElement?.closest("form");
  const forms = using
    ? [using]
    : [...document.forms].filter(
        (form) => form.getAttribute("role") !== "search" && form.querySelector(FIELDS),
      );
  return visibleBoxes([
    ...forms.flatMap((form) => [...form.querySelectorAll<HTMLElement>(FORM_CONTROLS)]),
    ...document.querySelectorAll<HTMLElement>(SEND_BUTTONS),
    ...document.querySelectorAll<HTMLElement>("[data-toast-avoid]"),
  ]);
}

/** The part of each page element the dealer can see: what has scrolled under the sticky top bar is hidden. */
function visibleBoxes(elements: Iterable<Element>): Box[] {
  const bar = document.querySelector(TOP_BAR);
  const barBottom =
    bar && getComputedStyle(bar).position !== "static" ? bar.getBoundingClientRect().bottom : 0;
  return [...elements]
    .map((element) => {
      const box = element.getBoundingClientRect();
      if (bar?.contains(element) || box.top >= barBottom) return box;
      return new DOMRect(box.x, barBottom, box.width, Math.max(0, box.bottom - barBottom));
    })
    .filter(shown);
}

function focusedField(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.matches(FIELDS) ? active : null;
}

/**
 * The one toast, in a polite live region every page has from its first paint, so a toast raised at once, or with
 * no network, shows and is read without fetching anything. F8 takes the keyboard to it. A toast never covers
 * what the dealer is using. It sits at the bottom (above the phone's bottom bar) unless that would cover the
 * fields and buttons of the page's form; then it moves to the nearest free place, and follows when the page
 * scrolls, changes size, or the dealer moves to another field. With a dialog open it covers none of the dialog:
 * beside it where there is room (narrower if it must), else above or below it, else at the bottom clear of its
 * controls. Its place is set before it first paints. On a phone with a dialog open it takes the top of the screen
 * and the dialog moves down below it.
 */
export function Toaster() {
  const current = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.serverSnapshot);
  const viewport = useRef<HTMLOListElement>(null);

  // The place is written straight onto the list, before the browser paints, and measured at the width it gets.
  const place = useCallback(() => {
    const list = viewport.current;
    const toast = list?.firstElementChild as HTMLElement | null | undefined;
    if (!list || !toast) return;
    const dialog = topDialog();
    const phone = window.matchMedia(PHONE).matches;
    const edge = phone ? PHONE_EDGE_PX : EDGE_PX;
    const field = focusedField();
    const setTop = (top: number) => {
      list.style.top = `${top}px`;
      list.style.bottom = "auto";
    };
    if (dialog && phone) {
      setSpan(list, null);
      // The field being typed in stays in sight in the dialog made shorter.
      if (makeRoomAbove(dialog, edge + toast.offsetHeight + edge, edge))
        field?.scrollIntoView({ block: "nearest" });
      setTop(0);
      return;
    }
    giveRoomBack();
    const dialogBox = dialog ? boxOf(dialog) : null;
    const beside = dialogBox
      ? besideDialog({
          dialog: dialogBox,
          windowWidth: document.documentElement.clientWidth,
          maxWidth: LIST_WIDTH_PX,
          edge,
        })
      : null;
    setSpan(list, beside);
    const { left, right } = list.getBoundingClientRect();
    const height = toast.offsetHeight;
    const bar = document.querySelector(BOTTOM_BAR);
    const barRect = bar?.getBoundingClientRect();
    const floor = barRect && shown(barRect) ? barRect.top : window.innerHeight;
    const lowest = floor - edge - height;
    const at = (avoid: Box[], keepClear: Box[] = []) =>
      placeToast({
        left: left + edge,
        right: right - edge,
        height,
        preferredTop: lowest,
        // A phone's toast may sit over the top bar, the one place a long form leaves.
        minTop: phone ? 0 : edge,
        maxTop: lowest,
        avoid,
        keepClear,
      });
    if (!dialogBox) return setTop(at(boxesToAvoid(null), field ? [boxOf(field)] : []) - edge);
    if (beside) return setTop(lowest - edge);
    // Above or below the dialog when either has room; else clear of its controls and the field in use.
    const clearOfDialog = at([dialogBox]);
    const toastBox = {
      left: left + edge,
      right: right - edge,
      top: clearOfDialog,
      bottom: clearOfDialog + height,
    };
    setTop(
      (overlaps(toastBox, dialogBox)
        ? at(boxesToAvoid(dialog), field ? [boxOf(field)] : [])
        : clearOfDialog) - edge,
    );
  }, []);

  useLayoutEffect(() => {
    if (!current) {
      giveRoomBack();
      if (viewport.current) setSpan(viewport.current, null);
      return;
    }
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
    document.addEventListener("focusin", later);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      changed.disconnect();
      window.removeEventListener("scroll", later, true);
      window.removeEventListener("resize", later);
      document.removeEventListener("focusin", later);
    };
  }, [current, place]);

  useEffect(() => {
    const toViewport = (event: KeyboardEvent) => {
      if (event.key === "F8") viewport.current?.focus();
    };
    document.addEventListener("keydown", toViewport);
    return () => document.removeEventListener("keydown", toViewport);
  }, []);

  const close = useCallback(() => {
    // Focus in the toast that closes goes to its region, not to the top of the page.
    if (viewport.current?.contains(document.activeElement)) viewport.current.focus();
    dismissToast();
  }, []);

  return (
    <ol
      ref={viewport}
      aria-label="Notifications (F8)"
      aria-live="polite"
      tabIndex={-1}
      className="fixed right-0 bottom-16 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-2 outline-none sm:p-4 lg:bottom-0"
    >
      {current ? <ToastCard key={current.id} toast={current} onClose={close} /> : null}
    </ol>
  );
}
