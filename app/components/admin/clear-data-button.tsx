import { Button } from "~/components/ui/button";
import { Trash2 } from "~/components/ui/icons";
import { useDialogButton } from "~/components/ui/dialog-button";
import { lazyDialog } from "~/components/ui/lazy-dialog";

/** The confirmation's code (Radix's dialog, focus trap and scroll lock) arrives on its first open. */
const ClearDataDialog = lazyDialog(() => import("./clear-data-dialog").then((m) => m.ClearDataDialog));

/** The Clear All Data button, for admins only: a plain button until its dialog's code first loads. */
export function ClearDataButton() {
  const { trigger, dialog } = useDialogButton();
  return (
    <>
      <Button variant="ghost" {...trigger}>
        <Trash2 size={16} /> Clear All Data
      </Button>
      <ClearDataDialog {...dialog} />
    </>
  );
}
