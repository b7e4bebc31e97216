import { useRef, useState } from "react";

/**
 * The plain button that opens a lazy dialog (lazy-dialog.tsx; a Radix trigger would bring Radix with the page):
 * spread `trigger` on it, and `dialog` on the dialog, whose close hands focus back to the button.
 */
export function useDialogButton() {
  const [open, onOpenChange] = useState(false);
  const returnFocus = useRef<HTMLButtonElement>(null);
  const trigger = {
    ref: returnFocus,
    "aria-haspopup": "dialog" as const,
    "aria-expanded": open,
    onClick: () => onOpenChange(true),
  };
  return { trigger, dialog: { open, onOpenChange, returnFocus } };
}
