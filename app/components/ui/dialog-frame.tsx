import { Dialog } from "radix-ui";
import type { ComponentProps, ReactNode, RefObject } from "react";
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

/**
 * A dialog's frame inside its `Dialog.Root`: the portal, the dimmed page behind (`overlay`: its layer and
 * tint) and the content. Centred unless `sheet`, where `className` alone places it (sheets, drawers, the
 * photo viewer). `returnFocus`: the button that opened it when that is not a `Dialog.Trigger` (a plain button
 * standing in until the dialog's code first loads), which Radix would not hand focus back to on close.
 */
export function DialogFrame({
  overlay = "z-40 bg-black/50",
  sheet = false,
  className = "",
  returnFocus,
  onPointerDownOutside,
  ...content
}: ComponentProps<typeof Dialog.Content> & {
  overlay?: string;
  sheet?: boolean;
  returnFocus?: RefObject<HTMLElement>;
}) {
  const onCloseAutoFocus = returnFocus
    ? (event: Event) => {
        event.preventDefault();
        returnFocus.current?.focus();
      }
    : undefined;
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={`fixed inset-0 ${overlay}`} />
      <Dialog.Content
        className={sheet ? className : `${CENTRED} ${className}`}
        onCloseAutoFocus={onCloseAutoFocus}
        onPointerDownOutside={(event) => {
          if (onToast(event)) event.preventDefault();
          else onPointerDownOutside?.(event);
        }}
        {...content}
      />
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
