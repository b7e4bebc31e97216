import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Trash2 } from "~/components/ui/icons";
import { lazyDialog } from "~/components/ui/lazy-dialog";

/** The confirmation's code (Radix's dialog, focus trap and scroll lock) arrives on its first open. */
const ClearDataDialog = lazyDialog(() => import("./clear-data-dialog").then((m) => m.ClearDataDialog));

/** The Clear All Data button, for admins only: a plain button until its dialog's code first loads. */
export function ClearDataButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Trash2 size={16} /> Clear All Data
      </Button>
      <ClearDataDialog open={open} onOpenChange={setOpen} returnFocus={button} />
    </>
  );
}
