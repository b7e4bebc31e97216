import { Dialog } from "radix-ui";
import {
  useId,
  useRef,
  type ComponentProps,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { Button } from "~/components/ui/button";

/** The look of a dialog in the middle of the screen; a frame adds its own width, height, gap and padding. */
const CENTRED =
  "fixed top-1/2 left-1/2 z-50 flex -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl dark:bg-slate-900";

/**
 * The toast shows above an open dialog: a press on it (its Close, its link) is not a press outside the dialog.
 * Radix answers a mouse press outside at its click, when the Close just pressed may already have taken the toast
 * off the page: the toast's own element is asked, not the page around it.
 */
const onToast = (event: Event) =>
  event.target instanceof Element && event.target.closest("[data-toast]") !== null;

/** Marks each frame's content, so an Escape can tell which frame it was pressed in. */
const FRAME_ATTRIBUTE = "data-dialog-frame";
const frameOf = (target: EventTarget | null) =>
  target instanceof Element
    ? target.closest(`[${FRAME_ATTRIBUTE}]`)?.getAttribute(FRAME_ATTRIBUTE)
    : undefined;
/** Escapes a frame under the top one held back from Radix for the frame they were pressed in. */
const leftToTheirFrame = new WeakSet<Event>();

/**
 * A dialog's frame inside its `Dialog.Root`: the portal, the dimmed page behind (`overlay`: its layer and
 * tint) and the content. Centred unless `sheet`, where `className` alone places it (sheets, drawers, the
 * photo viewer). On close, focus goes back to `returnFocus` when given, else to what had focus when the dialog
 * opened: Radix hands it back only to a `Dialog.Trigger`, and a dialog opened from a plain button (a profile's
 * Make a deal, a button standing in until the dialog's code first loads) would leave it on the page, where a
 * keyboard cannot go on and an Escape meant for the dialog still open below may go unheard.
 *
 * Escape closes the top-most layer only, from the first frame a dialog shows. The first time a dialog's code
 * arrives, it shows with focus inside it a render or two before Radix counts it as the top layer and listens for
 * Escape. Until then the key goes unheard, or, with a dialog open under it, Radix closes the one under it (and the
 * new one with it). So a frame leaves an Escape from inside another frame to that frame, and a frame closes on an
 * Escape from inside it that no layer has handled.
 */
export function DialogFrame({
  overlay = "z-40 bg-black/50",
  sheet = false,
  className = "",
  returnFocus,
  onPointerDownOutside,
  onKeyDown,
  onEscapeKeyDown,
  onOpenAutoFocus,
  onCloseAutoFocus,
  children,
  ...content
}: ComponentProps<typeof Dialog.Content> & {
  overlay?: string;
  sheet?: boolean;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const openedFrom = useRef<HTMLElement | null>(null);
  // Radix asks just before it moves focus into the dialog: what has focus now is what opened it.
  const rememberOpener = (event: Event) => {
    const focused = document.activeElement;
    openedFrom.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    onOpenAutoFocus?.(event);
  };
  const giveFocusBack = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    const opener = openedFrom.current?.isConnected ? openedFrom.current : null;
    const target = returnFocus?.current ?? opener;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  const frame = useId();
  // Radix asks the layer it counts as the top one; the key belongs to the frame it was pressed in.
  const onEscapeToRadix = (event: KeyboardEvent) => {
    const pressedIn = frameOf(event.target);
    if (pressedIn && pressedIn !== frame) {
      leftToTheirFrame.add(event);
      event.preventDefault();
      return;
    }
    onEscapeKeyDown?.(event);
  };
  // The frame does not hold its dialog's open state: a Close it keeps out of sight closes it as any Close would.
  const close = useRef<HTMLButtonElement>(null);
  const onUnheardEscape = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.key !== "Escape" || frameOf(event.target) !== frame) return;
    const { nativeEvent } = event;
    if (nativeEvent.defaultPrevented && !leftToTheirFrame.delete(nativeEvent)) return;
    event.preventDefault();
    close.current?.click();
  };
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={`fixed inset-0 ${overlay}`} />
      <Dialog.Content
        className={sheet ? className : `${CENTRED} ${className}`}
        onOpenAutoFocus={rememberOpener}
        onCloseAutoFocus={giveFocusBack}
        onEscapeKeyDown={onEscapeToRadix}
        onKeyDown={onUnheardEscape}
        onPointerDownOutside={(event) => {
          if (onToast(event)) event.preventDefault();
          else onPointerDownOutside?.(event);
        }}
        {...content}
        {...{ [FRAME_ATTRIBUTE]: frame }}
      >
        <Dialog.Close ref={close} hidden tabIndex={-1} />
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** A dialog's closing row: Cancel (or `cancelLabel`), then the primary action given as `children`. */
export function DialogActions({
  className = "flex justify-end gap-2",
  cancelDisabled,
  cancelLabel = "Cancel",
  children,
}: {
  className?: string;
  cancelDisabled?: boolean;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Dialog.Close asChild>
        <Button variant="secondary" disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
      </Dialog.Close>
      {children}
    </div>
  );
}
